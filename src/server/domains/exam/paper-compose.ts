import { EXAM_NOTICE_JOB } from './exam-notices';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Call } from '../../http/actions';
import { invalid, notFound, type ValidationError } from '../../http/errors';
import { actingOrgan, isInSubtree, pathChain, subtreeRange } from '../../scope';
import { platformInstant } from '../../platform-day';
import { readableBanks } from './bank-access';
import { QUESTION_TYPE_LABEL } from './question-rules';
import { PAPER_MSG, PAPER_TYPE, SCORE_FIELDS, SET_COUNTS, type PaperInput, type QuestionPick, type RandomSet } from './paper-rules';
import { paperTotal, papers } from './paper-access';

/**
 * Composing a paper: its settings, its questions (ordinary) or random sets, and who sits it
 * (organisations' subtrees, members added one by one) — each checked against the caller's reach
 * before one transaction writes them.
 */

export const targetIds = (t: PaperInput['teachTarget']) =>
  [...new Set((Array.isArray(t) ? t : String(t ?? '').split(/[,，\s]+/)).map((x) => Number(x)).filter((n) => Number.isInteger(n) && n > 0))];

/** The checked questions of an ordinary paper: each from a bank the caller may read. */
export async function checkedQuestions(call: Call<unknown>, list: QuestionPick[]) {
  const picks = list.map((x) => (typeof x === 'number' ? { questionId: x, score: null } : { questionId: x.questionId ?? x.id ?? 0, score: x.score ?? null }));
  const ids = [...new Set(picks.map((p) => p.questionId))];
  if (!ids.length) throw invalid([{ message: PAPER_MSG.noQuestions, members: ['questionList'] }]);
  const found = await call.ctx.db
    .selectFrom('examQuestions as q')
    .innerJoin('examLibraries as l', 'l.id', 'q.libaryId')
    .select(['q.id', 'q.type'])
    .where('q.id', 'in', ids)
    .where('q.isDeleted', '=', false)
    .where('l.isDeleted', '=', false)
    .where(readableBanks(call.user.organPath))
    .execute();
  if (found.length !== ids.length) throw invalid([{ message: PAPER_MSG.questionMissing, members: ['questionList'] }]);
  const seen = new Set<number>();
  return picks.filter((p) => !seen.has(p.questionId) && seen.add(p.questionId)).map((p, i) => ({ ...p, sort: i + 1, type: found.find((f) => f.id === p.questionId)!.type }));
}

/** The checked random sets: readable banks holding enough questions for every count. */
export async function checkedSets(call: Call<unknown>, sets: RandomSet[]) {
  const useful = sets.filter((s) => SET_COUNTS.some(([k]) => Number(s[k] ?? 0) > 0));
  if (!useful.length) throw invalid([{ message: PAPER_MSG.noRandom, members: ['randomExamPaperSet'] }]);
  const errors: ValidationError[] = [];
  const above = pathChain(call.user.organPath);
  for (const s of useful) {
    const lib = await call.ctx.db.selectFrom('examLibraries as l').select(['l.id', 'l.libaryName', 'l.organPath']).where('l.id', '=', s.libaryId).where('l.isDeleted', '=', false).executeTakeFirst();
    if (!lib || !(isInSubtree(lib.organPath, call.user.organPath) || above.includes(lib.organPath))) throw notFound('题库不存在或已删除');
    for (const [k, type] of SET_COUNTS) {
      const want = Number(s[k] ?? 0);
      if (!want) continue;
      let q = call.ctx.db.selectFrom('examQuestions').select(sql<number>`count(*)::int`.as('n')).where('libaryId', '=', s.libaryId).where('type', '=', type).where('isDeleted', '=', false);
      if (s.difficulty) q = q.where('difficulty', '=', s.difficulty);
      const have = Number((await q.executeTakeFirstOrThrow()).n);
      if (have < want) errors.push({ message: PAPER_MSG.poolShort(lib.libaryName, `${s.difficulty ? ['', '容易', '中等', '困难'][s.difficulty] : ''}${QUESTION_TYPE_LABEL[type]}`, have, want), members: ['randomExamPaperSet'] });
    }
  }
  if (errors.length) throw invalid(errors);
  return useful;
}

/** The organisations a paper is assigned to: each in the caller's subtree. */
export async function checkedOrgans(call: Call<unknown>, ids: number[]) {
  if (!ids.length) return [];
  const rows = await call.ctx.db.selectFrom('organizations').select(['id', 'organPath as path']).where('id', 'in', ids).where('isDeleted', '=', false).execute();
  if (rows.length !== ids.length || rows.some((r) => !isInSubtree(r.path, call.user.organPath))) throw invalid([{ message: PAPER_MSG.organNotFound, members: ['teachTarget'] }]);
  return rows;
}

/** Party members (by user id) in the caller's subtree; any other is refused. */
export async function checkedMembers(call: Call<unknown>, userIds: number[]) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return [];
  const rows = await call.ctx.db
    .selectFrom('partyMembers as m')
    .select('m.userId')
    .where('m.userId', 'in', ids)
    .where('m.isDeleted', '=', false)
    .where('m.status', '=', 1)
    .where(subtreeRange('m.organPath', call.user.organPath))
    .execute();
  if (new Set(rows.map((r) => r.userId)).size !== ids.length) throw invalid([{ message: PAPER_MSG.memberNotFound, members: ['userIds'] }]);
  return ids;
}

export function paperValues(call: Call<unknown>, input: PaperInput) {
  const begin = platformInstant(call.ctx, input.beginTitme);
  const end = platformInstant(call.ctx, input.endTime, { endOfDay: true });
  const errors: ValidationError[] = [];
  if (!begin) errors.push({ message: '开始时间格式不正确', members: ['beginTitme'] });
  if (!end) errors.push({ message: '结束时间格式不正确', members: ['endTime'] });
  if (begin && end && end <= begin) errors.push({ message: PAPER_MSG.endBeforeBegin, members: ['endTime'] });
  if (errors.length) throw invalid(errors);
  const scores = Object.fromEntries(SCORE_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]!]));
  return {
    paperName: input.paperName.trim(),
    description: input.description?.trim() || null,
    beginTime: begin!,
    endTime: end!,
    ...(input.testTime !== undefined ? { testTime: input.testTime } : {}),
    ...(input.testCount !== undefined ? { testCount: input.testCount } : {}),
    ...(input.passScore !== undefined ? { passScore: input.passScore } : {}),
    ...(input.showAnswer !== undefined ? { showAnswer: input.showAnswer } : {}),
    ...scores,
  };
}

export async function checkPass(db: Database, paperId: number) {
  const p = await papers(db).where('p.id', '=', paperId).executeTakeFirstOrThrow();
  const { total } = await paperTotal(db, p);
  if (Number(p.passScore) > total) throw invalid([{ message: PAPER_MSG.passOverTotal(total), members: ['passScore'] }]);
}

export async function writeQuestions(db: Database, paperId: number, picks: Awaited<ReturnType<typeof checkedQuestions>>) {
  await db.deleteFrom('examPaperQuestions').where('paperId', '=', paperId).execute();
  await db.insertInto('examPaperQuestions').values(picks.map((p) => ({ paperId, questionId: p.questionId, sort: p.sort, score: p.score }))).execute();
}

export async function writeSets(db: Database, paperId: number, sets: RandomSet[]) {
  await db.deleteFrom('examPaperRandomSets').where('paperId', '=', paperId).execute();
  await db
    .insertInto('examPaperRandomSets')
    .values(sets.map((s) => ({ paperId, libaryId: s.libaryId, difficulty: s.difficulty ?? null, singleChoiceCount: s.singleChoiceCount ?? 0, multiChoiceCount: s.multiChoiceCount ?? 0, jugeCount: s.jugeCount ?? 0, blankCount: s.blankCount ?? 0, shortCount: s.shortCount ?? 0 })))
    .execute();
}

export async function writeOrgans(db: Database, paperId: number, organs: { id: number; path: string }[]) {
  await db.deleteFrom('examPaperOrgans').where('paperId', '=', paperId).execute();
  if (organs.length) await db.insertInto('examPaperOrgans').values(organs.map((o) => ({ paperId, organId: o.id, organPath: o.path }))).execute();
}

export async function includeUsers(db: Database, paperId: number, userIds: number[]) {
  if (!userIds.length) return;
  await db
    .insertInto('examPaperUsers')
    .values(userIds.map((userId) => ({ paperId, userId, excluded: false })))
    .onConflict((oc) => oc.columns(['paperId', 'userId']).doUpdateSet({ excluded: false }))
    .execute();
}

/** Creates a paper of any kind: ordinary (questionList) or random (randomExamPaperSet). */
export async function createPaper(call: Call<PaperInput>, kind: 'any' | 'ordinary' | 'course') {
  const { ctx, input, user } = call;
  const paperType = kind === 'ordinary' ? PAPER_TYPE.ordinary : (input.paperType ?? (input.randomExamPaperSet?.length && !input.questionList?.length ? PAPER_TYPE.random : PAPER_TYPE.ordinary));
  if (kind === 'course' && !input.trainClassId) throw invalid([{ message: PAPER_MSG.noTrainClass, members: ['trainClassId'] }]);
  const values = paperValues(call, input);
  const picks = paperType === PAPER_TYPE.ordinary ? await checkedQuestions(call, input.questionList ?? []) : null;
  const sets = paperType === PAPER_TYPE.random ? await checkedSets(call, input.randomExamPaperSet ?? []) : null;
  const organs = await checkedOrgans(call, targetIds(input.teachTarget));
  const users = await checkedMembers(call, input.userIds ?? []);
  const organ = actingOrgan(user);
  const created = await ctx.db.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto('examPapers')
      .values({ ...values, paperType, trainClassId: input.trainClassId ?? null, organId: organ.id, organPath: organ.path, creatorUserId: user.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (picks) await writeQuestions(trx, made.id, picks);
    if (sets) await writeSets(trx, made.id, sets);
    await writeOrgans(trx, made.id, organs);
    await includeUsers(trx, made.id, users);
    await checkPass(trx, made.id);
    return { id: made.id };
  });
  // its members hear of it (a site message), once, by whichever process takes the job
  await ctx.jobs.enqueue(EXAM_NOTICE_JOB.published, String(created.id), { paperId: created.id });
  return created;
}
