import { sql } from 'kysely';
import { containsPattern } from '../../services/query-helpers';
import type { Database } from '../../db/database';
import { action, defineService, type Call } from '../../http/actions';
import { badRequest, forbidden, invalid, notFound, type ValidationError } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { isInSubtree, subtreeRange, actingOrgan, pathChain } from '../../scope';
import { platformInstant } from '../../platform-day';
import { QUESTION_TYPE_LABEL } from './exam-library';
import { LETTERS, checkAnswer, questionForMember, rightAnswer, round1, type Answer, type SheetQuestion } from './scoring';
import { assignedMembers, paperTotals, trainNames } from './papers';
import { ANSWER_GRACE_MS, CLOSED_BY, RESULT_STATUS, RESULT_STATUS_LABEL, closeAttempt, closeExpired, countAttempts, saveAnswers, sheetFor, sheetOwner, sheetTotal, typeScore } from './sitting';
import { PAPER_STATE_LABEL, assignedCount, assignedTo, memberResults, paperResults, paperState, partyMemberOf } from '.';

/**
 * 考试管理 and taking a paper (issue 13, ExamPaperService). Field names follow the original client
 * (`beginTitme`, `jugeScore`, `randomExamPaperSet`, `errorQuestionCout`), spelling included.
 *
 * Administrators (permission Pages.ExamLibaryService, its Create/Update/Delete buttons for writes)
 * manage the papers of their subtree: ordinary papers with chosen questions, random papers drawn per
 * member from banks they may read, course papers of a special topic; who sits them (organisations'
 * subtrees, members added or taken off one by one); results and statistics.
 *
 * Members (any signed-in party member) see the papers assigned to them inside their window, take
 * them — every answer saved as given, the deadline the server's — and review them as far as the
 * paper's `showAnswer` allows. Answers and 解析 never leave the server before that.
 */
export const PAPER_PERMISSION = {
  read: 'Pages.ExamLibaryService',
  create: 'Pages.ExamLibaryService.Create',
  update: 'Pages.ExamLibaryService.Update',
  delete: 'Pages.ExamLibaryService.Delete',
};

export const PAPER_TYPE = { ordinary: 1, random: 2 } as const;
export const PAPER_TYPE_LABEL: Record<number, string> = { 1: '普通试卷', 2: '随机试卷' };
export const SHOW_ANSWER = { afterSubmit: 1, afterEnd: 2, never: 3 } as const;

export const PAPER_MSG = {
  paperNotFound: '试卷不存在或已删除',
  resultNotFound: '考试记录不存在',
  notMember: '只有党员才能参加考试',
  notStarted: '考试尚未开始',
  ended: '考试已结束',
  noAttempts: '考试次数已用完',
  submitted: '本次考试已交卷',
  late: '已超过交卷时间，答案未保存，试卷已自动交卷',
  answerShape: (n: number) => `第${n}题的答案格式不正确`,
  notOnSheet: '试题不在本试卷中',
  endBeforeBegin: '结束时间须晚于开始时间',
  noQuestions: '请为试卷选择试题',
  noRandom: '请设置随机抽题规则',
  poolShort: (libary: string, label: string, have: number, want: number) => `题库“${libary}”中符合条件的${label}只有${have}道，不足${want}道`,
  questionMissing: '所选试题不存在或不在可选题库中',
  started: '已有党员开始答题，不能再修改试题和分值',
  passOverTotal: (total: number) => `及格分不能高于试卷总分（${total}分）`,
  memberNotFound: '党员不存在或不在管理范围内',
  organNotFound: '组织不存在或不在管理范围内',
  notShort: '只有简答题需要阅卷',
  markRange: (max: number) => `得分须在0到${max}分之间`,
  notMarking: '该考试记录无需阅卷',
  noTrainClass: '请选择所属专题',
} as const;

const PAPER = '试卷 {id, paperName, paperType, paperTypeName, trainClassId, trainName, description, beginTitme, endTime, testTime(分钟), testCount(0 不限), passScore, singleChoiceScore, multipleChoiceScore, jugeScore, blankScore, shortScore, showAnswer(1 交卷后 2 考试结束后 3 不公布), totalScore, questionCount, organId, organName, teachTarget(组织编号，逗号分隔), teachTargetNames, userCount(单独添加的人数), userIds, users: [{userId, name}], joinCount, passCount, stateName(未开始/进行中/已结束), canEdit, locked(已有人答题), creationTime}';

const num = (title: string, min: number, max: number) => ({ type: 'number', minimum: min, maximum: max, title });
const paperProps = {
  paperName: { type: 'string', minLength: 1, maxLength: 100, title: '试卷名称', 'x-required-message': '请输入试卷名称' },
  paperType: { type: 'integer', enum: [1, 2], title: '试卷类型' },
  trainClassId: { type: ['integer', 'null'], minimum: 1, title: '所属专题' },
  description: { type: ['string', 'null'], maxLength: 1000, title: '考试说明' },
  beginTitme: { type: 'string', minLength: 1, maxLength: 40, title: '开始时间', 'x-required-message': '请选择开始时间' },
  endTime: { type: 'string', minLength: 1, maxLength: 40, title: '结束时间', 'x-required-message': '请选择结束时间' },
  testTime: { type: 'integer', minimum: 1, maximum: 600, title: '考试时长', default: 60 },
  testCount: { type: 'integer', minimum: 0, maximum: 100, title: '考试次数', default: 1 },
  passScore: num('及格分', 0, 10000),
  singleChoiceScore: num('单选题分值', 0, 100),
  multipleChoiceScore: num('多选题分值', 0, 100),
  jugeScore: num('判断题分值', 0, 100),
  blankScore: num('填空题分值', 0, 100),
  shortScore: num('简答题分值', 0, 100),
  showAnswer: { type: 'integer', enum: [1, 2, 3], title: '答案公布', default: 1 },
  teachTarget: { type: ['string', 'array', 'null'], maxLength: 2000, maxItems: 200, items: { type: 'integer', minimum: 1 }, title: '参考组织' },
  userIds: { type: ['array', 'null'], maxItems: 5000, items: { type: 'integer', minimum: 1 }, title: '参考人员' },
  questionList: {
    type: ['array', 'null'],
    maxItems: 300,
    title: '试题',
    items: {
      anyOf: [
        { type: 'integer', minimum: 1 },
        { type: 'object', properties: { questionId: { type: 'integer', minimum: 1, title: '试题' }, id: { type: 'integer', minimum: 1 }, score: { type: ['number', 'null'], minimum: 0, maximum: 100, title: '分值' } } },
      ],
    },
  },
  randomExamPaperSet: {
    type: ['array', 'null'],
    maxItems: 20,
    title: '随机抽题规则',
    items: {
      type: 'object',
      required: ['libaryId'],
      properties: {
        libaryId: { type: 'integer', minimum: 1, title: '题库' },
        difficulty: { type: ['integer', 'null'], enum: [1, 2, 3, null], title: '难度' },
        singleChoiceCount: { type: 'integer', minimum: 0, maximum: 200, title: '单选题数量' },
        multiChoiceCount: { type: 'integer', minimum: 0, maximum: 200, title: '多选题数量' },
        jugeCount: { type: 'integer', minimum: 0, maximum: 200, title: '判断题数量' },
        blankCount: { type: 'integer', minimum: 0, maximum: 200, title: '填空题数量' },
        shortCount: { type: 'integer', minimum: 0, maximum: 200, title: '简答题数量' },
      },
    },
  },
};

type RandomSet = { libaryId: number; difficulty?: number | null; singleChoiceCount?: number; multiChoiceCount?: number; jugeCount?: number; blankCount?: number; shortCount?: number };
type QuestionPick = number | { questionId?: number; id?: number; score?: number | null };
type PaperInput = {
  id?: number;
  paperName: string;
  paperType?: number;
  trainClassId?: number | null;
  description?: string | null;
  beginTitme: string;
  endTime: string;
  testTime?: number;
  testCount?: number;
  passScore?: number;
  singleChoiceScore?: number;
  multipleChoiceScore?: number;
  jugeScore?: number;
  blankScore?: number;
  shortScore?: number;
  showAnswer?: number;
  teachTarget?: string | number[] | null;
  userIds?: number[] | null;
  questionList?: QuestionPick[] | null;
  randomExamPaperSet?: RandomSet[] | null;
};

const SCORE_FIELDS = ['singleChoiceScore', 'multipleChoiceScore', 'jugeScore', 'blankScore', 'shortScore'] as const;
const SET_COUNTS: [keyof RandomSet, number][] = [['singleChoiceCount', 1], ['multiChoiceCount', 2], ['jugeCount', 3], ['blankCount', 4], ['shortCount', 5]];

const papers = (db: Database) =>
  db
    .selectFrom('examPapers as p')
    .innerJoin('organizations as o', 'o.id', 'p.organId')
    .selectAll('p')
    .select('o.organName')
    .where('p.isDeleted', '=', false);
type PaperFull = Awaited<ReturnType<ReturnType<typeof papers>['executeTakeFirstOrThrow']>>;

/** A paper of the caller's subtree by id; any other answers as missing. */
async function paperFor(call: Call<unknown>, id: number) {
  const row = await papers(call.ctx.db).where('p.id', '=', id).executeTakeFirst();
  call.requireVisible(row?.organPath, PAPER_MSG.paperNotFound);
  return row!;
}

/** Has anyone started the paper (its sheet written, its questions fixed)? Then questions, sets and scores are locked. */
const hasStarted = async (db: Database, paperId: number) =>
  !!(await db.selectFrom('examSheets').select('paperId').where('paperId', '=', paperId).limit(1).executeTakeFirst()) ||
  !!(await db.selectFrom('examResults').select('id').where('paperId', '=', paperId).limit(1).executeTakeFirst());


const targetIds = (t: PaperInput['teachTarget']) =>
  [...new Set((Array.isArray(t) ? t : String(t ?? '').split(/[,，\s]+/)).map((x) => Number(x)).filter((n) => Number.isInteger(n) && n > 0))];

// ---------------------------------------------------------------- composing

/** The checked questions of an ordinary paper: each from a bank the caller may read. */
async function checkedQuestions(call: Call<unknown>, list: QuestionPick[]) {
  const picks = list.map((x) => (typeof x === 'number' ? { questionId: x, score: null } : { questionId: x.questionId ?? x.id ?? 0, score: x.score ?? null }));
  const ids = [...new Set(picks.map((p) => p.questionId))];
  if (!ids.length) throw invalid([{ message: PAPER_MSG.noQuestions, members: ['questionList'] }]);
  const above = pathChain(call.user.organPath);
  const found = await call.ctx.db
    .selectFrom('examQuestions as q')
    .innerJoin('examLibraries as l', 'l.id', 'q.libaryId')
    .select(['q.id', 'q.type'])
    .where('q.id', 'in', ids)
    .where('q.isDeleted', '=', false)
    .where('l.isDeleted', '=', false)
    .where((eb) => eb.or([subtreeRange('l.organPath', call.user.organPath), ...(above.length ? [eb('l.organPath', 'in', above)] : [])]))
    .execute();
  if (found.length !== ids.length) throw invalid([{ message: PAPER_MSG.questionMissing, members: ['questionList'] }]);
  const seen = new Set<number>();
  return picks.filter((p) => !seen.has(p.questionId) && seen.add(p.questionId)).map((p, i) => ({ ...p, sort: i + 1, type: found.find((f) => f.id === p.questionId)!.type }));
}

/** The checked random sets: readable banks holding enough questions for every count. */
async function checkedSets(call: Call<unknown>, sets: RandomSet[]) {
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
async function checkedOrgans(call: Call<unknown>, ids: number[]) {
  if (!ids.length) return [];
  const rows = await call.ctx.db.selectFrom('organizations').select(['id', 'organPath as path']).where('id', 'in', ids).where('isDeleted', '=', false).execute();
  if (rows.length !== ids.length || rows.some((r) => !isInSubtree(r.path, call.user.organPath))) throw invalid([{ message: PAPER_MSG.organNotFound, members: ['teachTarget'] }]);
  return rows;
}

/** Party members (by user id) in the caller's subtree; any other is refused. */
async function checkedMembers(call: Call<unknown>, userIds: number[]) {
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

function paperValues(call: Call<unknown>, input: PaperInput) {
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

/** One paper's total score and question count (paperTotals for a page of them). */
const paperTotal = async (db: Database, p: PaperFull) => (await paperTotals(db, [p])).get(p.id)!;

async function checkPass(db: Database, paperId: number) {
  const p = await papers(db).where('p.id', '=', paperId).executeTakeFirstOrThrow();
  const { total } = await paperTotal(db, p);
  if (Number(p.passScore) > total) throw invalid([{ message: PAPER_MSG.passOverTotal(total), members: ['passScore'] }]);
}

async function writeQuestions(db: Database, paperId: number, picks: Awaited<ReturnType<typeof checkedQuestions>>) {
  await db.deleteFrom('examPaperQuestions').where('paperId', '=', paperId).execute();
  await db.insertInto('examPaperQuestions').values(picks.map((p) => ({ paperId, questionId: p.questionId, sort: p.sort, score: p.score }))).execute();
}

async function writeSets(db: Database, paperId: number, sets: RandomSet[]) {
  await db.deleteFrom('examPaperRandomSets').where('paperId', '=', paperId).execute();
  await db
    .insertInto('examPaperRandomSets')
    .values(sets.map((s) => ({ paperId, libaryId: s.libaryId, difficulty: s.difficulty ?? null, singleChoiceCount: s.singleChoiceCount ?? 0, multiChoiceCount: s.multiChoiceCount ?? 0, jugeCount: s.jugeCount ?? 0, blankCount: s.blankCount ?? 0, shortCount: s.shortCount ?? 0 })))
    .execute();
}

async function writeOrgans(db: Database, paperId: number, organs: { id: number; path: string }[]) {
  await db.deleteFrom('examPaperOrgans').where('paperId', '=', paperId).execute();
  if (organs.length) await db.insertInto('examPaperOrgans').values(organs.map((o) => ({ paperId, organId: o.id, organPath: o.path }))).execute();
}

async function includeUsers(db: Database, paperId: number, userIds: number[]) {
  if (!userIds.length) return;
  await db
    .insertInto('examPaperUsers')
    .values(userIds.map((userId) => ({ paperId, userId, excluded: false })))
    .onConflict((oc) => oc.columns(['paperId', 'userId']).doUpdateSet({ excluded: false }))
    .execute();
}

/** Creates a paper of any kind: ordinary (questionList) or random (randomExamPaperSet). */
async function createPaper(call: Call<PaperInput>, kind: 'any' | 'ordinary' | 'course') {
  const { ctx, input, user } = call;
  const paperType = kind === 'ordinary' ? PAPER_TYPE.ordinary : (input.paperType ?? (input.randomExamPaperSet?.length && !input.questionList?.length ? PAPER_TYPE.random : PAPER_TYPE.ordinary));
  if (kind === 'course' && !input.trainClassId) throw invalid([{ message: PAPER_MSG.noTrainClass, members: ['trainClassId'] }]);
  const values = paperValues(call, input);
  const picks = paperType === PAPER_TYPE.ordinary ? await checkedQuestions(call, input.questionList ?? []) : null;
  const sets = paperType === PAPER_TYPE.random ? await checkedSets(call, input.randomExamPaperSet ?? []) : null;
  const organs = await checkedOrgans(call, targetIds(input.teachTarget));
  const users = await checkedMembers(call, input.userIds ?? []);
  const organ = actingOrgan(user);
  return ctx.db.transaction().execute(async (trx) => {
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
}

// ---------------------------------------------------------------- who sits a paper

/** The signed-in member's party record, for the papers he sits. */
async function memberOf(call: Call<unknown>) {
  const m = await partyMemberOf(call.ctx.db, call.user.userId);
  if (!m) throw forbidden(PAPER_MSG.notMember);
  return m;
}

/** A paper the member sits, by id; any other answers as missing. */
async function myPaper(call: Call<unknown>, id: number) {
  const m = await memberOf(call);
  const p = await papers(call.ctx.db).where('p.id', '=', id).where(assignedTo(m)).executeTakeFirst();
  if (!p) throw notFound(PAPER_MSG.paperNotFound);
  return { m, p };
}

// ---------------------------------------------------------------- reviews

/** May the member see the right answers and 解析 of an attempt now? */
const answersShown = (p: { showAnswer: number; endTime: Date }, r: { status: number }, now: Date) =>
  r.status !== RESULT_STATUS.answering && (p.showAnswer === SHOW_ANSWER.afterSubmit || (p.showAnswer === SHOW_ANSWER.afterEnd && now > p.endTime));

const resultSummary = (r: any, p: { passScore: unknown }) => ({
  resultId: r.id,
  paperId: r.paperId,
  attemptNo: r.attemptNo,
  status: r.status,
  statusName: RESULT_STATUS_LABEL[r.status],
  createTime: r.startTime,
  submitTime: r.submitTime,
  examTime: r.submitTime ? Math.max(0, Math.round((new Date(r.submitTime).getTime() - new Date(r.startTime).getTime()) / 1000)) : null,
  score: r.score != null ? Number(r.score) : null,
  passScore: Number(p.passScore),
  passed: r.passed,
  errorQuestionCout: r.errorCount,
  closedByDeadline: r.closedBy === CLOSED_BY.deadline,
});

/** One attempt's questions with the member's answers; the right ones and 解析 only when `reveal`. */
async function reviewOf(db: Database, r: { id: number; paperId: number; userId: number }, p: PaperFull, reveal: boolean, onlyError: boolean) {
  const sheet = await sheetFor(db, p, r.userId);
  const answers = new Map((await db.selectFrom('examAnswers').selectAll().where('resultId', '=', r.id).execute()).map((a) => [a.questionId, a]));
  return sheet
    .map((q, i) => {
      const a = answers.get(q.id);
      return {
        ...questionForMember(q),
        sort: i + 1,
        typeName: QUESTION_TYPE_LABEL[q.type],
        myAnswer: (a?.answer ?? null) as Answer,
        isRight: a ? a.isRight : null,
        myScore: a?.score != null ? Number(a.score) : null,
        ...(reveal ? { rightAnswer: rightAnswer(q), analysis: q.analysis, options: q.options.map((o, j) => ({ key: LETTERS[j], content: o.content, isRight: o.isRight })) } : {}),
      };
    })
    .filter((x) => !onlyError || x.isRight === false || (x.type === 5 && x.myScore != null && x.myScore < x.score));
}

// ---------------------------------------------------------------- statistics

async function statisticsOf(db: Database, p: PaperFull) {
  const assigned = await assignedCount(db, p.id);
  const best = await db
    .selectFrom('examResults')
    .select(['userId', sql<number>`max(score)`.as('best'), sql<boolean>`bool_or(coalesce(passed, false))`.as('passed')])
    .where('paperId', '=', p.id)
    .where('status', '!=', RESULT_STATUS.answering)
    .groupBy('userId')
    .execute();
  const pending = Number((await db.selectFrom('examResults').select(sql<number>`count(*)::int`.as('n')).where('paperId', '=', p.id).where('status', '=', RESULT_STATUS.marking).executeTakeFirstOrThrow()).n);
  const { total } = await paperTotal(db, p);
  const scores = best.map((b) => Number(b.best ?? 0));
  const bands = [
    { range: '60%以下', from: 0, to: 0.6 },
    { range: '60%–70%', from: 0.6, to: 0.7 },
    { range: '70%–80%', from: 0.7, to: 0.8 },
    { range: '80%–90%', from: 0.8, to: 0.9 },
    { range: '90%及以上', from: 0.9, to: Infinity },
  ];
  const ratio = (s: number) => (total > 0 ? s / total : 0);
  const perQuestion = await db
    .selectFrom('examAnswers as a')
    .innerJoin('examResults as r', 'r.id', 'a.resultId')
    .select(['a.questionId', sql<number>`count(*)::int`.as('answerCount'), sql<number>`count(*) filter (where a.is_right)::int`.as('rightCount')])
    .where('r.paperId', '=', p.id)
    .where('r.status', '!=', RESULT_STATUS.answering)
    .groupBy('a.questionId')
    .execute();
  const titles = new Map(
    (await db.selectFrom('examQuestions').select(['id', 'title', 'type']).where('id', 'in', perQuestion.length ? perQuestion.map((q) => q.questionId) : [0]).execute()).map((q) => [q.id, q]),
  );
  const joinCount = best.length;
  const passCount = best.filter((b) => b.passed).length;
  const pct = (a: number, b: number) => (b ? round1((a * 100) / b) : 0);
  return {
    totalScore: total,
    passScore: Number(p.passScore),
    assignedCount: assigned,
    joinCount,
    participationRate: pct(joinCount, assigned),
    passCount,
    passRate: pct(passCount, joinCount),
    pendingMarkCount: pending,
    averageScore: scores.length ? round1(scores.reduce((a, b) => a + b, 0) / scores.length) : 0,
    maxScore: scores.length ? Math.max(...scores) : 0,
    minScore: scores.length ? Math.min(...scores) : 0,
    distribution: bands.map((b) => ({ range: b.range, count: scores.filter((s) => ratio(s) >= b.from && ratio(s) < b.to).length })),
    questions: perQuestion
      .map((q) => ({ questionId: q.questionId, title: titles.get(q.questionId)?.title ?? '', type: titles.get(q.questionId)?.type ?? 0, typeName: QUESTION_TYPE_LABEL[titles.get(q.questionId)?.type ?? 0] ?? '', answerCount: q.answerCount, rightCount: q.rightCount, rightRate: pct(q.rightCount, q.answerCount) }))
      .sort((a, b) => a.rightRate - b.rightRate || a.questionId - b.questionId),
  };
}

// ---------------------------------------------------------------- the paper as read

async function paperView(call: Call<unknown>, p: PaperFull) {
  const db = call.ctx.db;
  const organs = await db.selectFrom('examPaperOrgans as po').innerJoin('organizations as o', 'o.id', 'po.organId').select(['po.organId', 'o.organName']).where('po.paperId', '=', p.id).orderBy('po.organId').execute();
  const users = await db
    .selectFrom('examPaperUsers as u')
    .leftJoin('partyMembers as m', (j) => j.onRef('m.userId', '=', 'u.userId').on('m.isDeleted', '=', false))
    .select(['u.userId', 'm.name'])
    .where('u.paperId', '=', p.id)
    .where('u.excluded', '=', false)
    .orderBy('u.creationTime')
    .limit(5000)
    .execute();
  const userCount = users.length;
  const { total, count } = await paperTotal(db, p);
  const sets = p.paperType === PAPER_TYPE.random ? await db.selectFrom('examPaperRandomSets as s').innerJoin('examLibraries as l', 'l.id', 's.libaryId').selectAll('s').select('l.libaryName').where('s.paperId', '=', p.id).orderBy('s.id').execute() : [];
  return {
    ...listItem(p, call.ctx.now(), isInSubtree(p.organPath, call.user.organPath)),
    trainName: (await trainNames(db, [p.trainClassId])).get(p.trainClassId ?? 0) ?? null,
    totalScore: total,
    questionCount: count,
    teachTarget: organs.map((o) => o.organId).join(','),
    teachTargetNames: organs.map((o) => o.organName),
    userCount,
    userIds: users.map((u) => u.userId),
    users,
    locked: await hasStarted(db, p.id),
    randomExamPaperSet: sets.map((s) => ({ id: s.id, libaryId: s.libaryId, libaryName: s.libaryName, difficulty: s.difficulty, singleChoiceCount: s.singleChoiceCount, multiChoiceCount: s.multiChoiceCount, jugeCount: s.jugeCount, blankCount: s.blankCount, shortCount: s.shortCount })),
  };
}

const listItem = (p: PaperFull, now: Date, canEdit: boolean) => ({
  id: p.id,
  paperName: p.paperName,
  paperType: p.paperType,
  paperTypeName: PAPER_TYPE_LABEL[p.paperType],
  trainClassId: p.trainClassId,
  description: p.description,
  beginTitme: p.beginTime,
  endTime: p.endTime,
  testTime: p.testTime,
  testCount: p.testCount,
  passScore: Number(p.passScore),
  singleChoiceScore: Number(p.singleChoiceScore),
  multipleChoiceScore: Number(p.multipleChoiceScore),
  jugeScore: Number(p.jugeScore),
  blankScore: Number(p.blankScore),
  shortScore: Number(p.shortScore),
  showAnswer: p.showAnswer,
  organId: p.organId,
  organName: p.organName,
  stateName: PAPER_STATE_LABEL[paperState(p, now)],
  canEdit,
  creationTime: p.creationTime,
});

const paperIdInput = objectInput({ paperId: { type: 'integer', minimum: 1, title: '试卷' } }, ['paperId']);
const usersInput = objectInput({ paperId: { type: 'integer', minimum: 1, title: '试卷' }, userIds: { type: 'array', minItems: 1, maxItems: 5000, items: { type: 'integer', minimum: 1 }, title: '参考人员', 'x-required-message': '请选择党员' } }, ['paperId', 'userIds']);

export const examPaperService = defineService('ExamPaperService', {
  // ------------------------------------------------------------ administrators
  GetPagedAdminPaperList: action<PagingInput & { paperName?: string; paperType?: number; trainClassId?: number; state?: number }>({
    method: 'GET',
    summary: '试卷分页列表（本组织及下级组织的试卷）；可按名称、类型、所属专题、状态（1 未开始 2 进行中 3 已结束）筛选',
    access: { permission: PAPER_PERMISSION.read },
    returns: `{totalCount, items: ${PAPER}[]}`,
    input: pagedInput({
      paperName: { type: 'string', maxLength: 100, title: '试卷名称' },
      paperType: { type: 'integer', enum: [1, 2], title: '试卷类型' },
      trainClassId: { type: 'integer', minimum: 1, title: '所属专题' },
      state: { type: 'integer', enum: [1, 2, 3], title: '状态' },
    }),
    async handler(call) {
      const { ctx, input } = call;
      const now = ctx.now();
      let q = papers(ctx.db).where(subtreeRange('p.organPath', call.user.organPath));
      if (input.paperName?.trim()) q = q.where('p.paperName', 'like', containsPattern(input.paperName));
      if (input.paperType) q = q.where('p.paperType', '=', input.paperType);
      if (input.trainClassId) q = q.where('p.trainClassId', '=', input.trainClassId);
      if (input.state === 1) q = q.where('p.beginTime', '>', now);
      if (input.state === 2) q = q.where('p.beginTime', '<=', now).where('p.endTime', '>=', now);
      if (input.state === 3) q = q.where('p.endTime', '<', now);
      const page = await pageQuery<PaperFull>(q, input, (x) => x.orderBy('p.id', 'desc'));
      const ids = page.items.map((p) => p.id);
      const [totals, results, names] = await Promise.all([paperTotals(ctx.db, page.items), paperResults(ctx.db, ids), trainNames(ctx.db, page.items.map((p) => p.trainClassId))]);
      const items = page.items.map((p) => ({
        ...listItem(p, now, true),
        trainName: names.get(p.trainClassId ?? 0) ?? null,
        totalScore: totals.get(p.id)!.total,
        questionCount: totals.get(p.id)!.count,
        joinCount: results.get(p.id)?.joinCount ?? 0,
        passCount: results.get(p.id)?.passCount ?? 0,
      }));
      return { totalCount: page.totalCount, items };
    },
  }),

  GetExamPaperInfoById: action<{ id: number }>({
    method: 'GET',
    summary: '试卷详情：管理员看到设置、参考组织和随机抽题规则；参考党员看到考试须知（时间、时长、次数、及格分、总分、已用次数），不含试题',
    access: 'self',
    returns: PAPER,
    input: idInput,
    async handler(call) {
      const { ctx, input, user } = call;
      if (user.permissions.has(PAPER_PERMISSION.read)) {
        const p = await papers(ctx.db).where('p.id', '=', input.id).executeTakeFirst();
        if (p && isInSubtree(p.organPath, user.organPath)) return paperView(call, p);
      }
      const { m, p } = await myPaper(call, input.id);
      await closeExpired(ctx, { userId: m.userId!, paperId: p.id });
      const { total, count } = await paperTotal(ctx.db, p);
      const used = await countAttempts(ctx.db, p.id, m.userId!);
      const open = await ctx.db.selectFrom('examResults').select(['id', 'deadline']).where('paperId', '=', p.id).where('userId', '=', m.userId!).where('status', '=', RESULT_STATUS.answering).executeTakeFirst();
      const { canEdit, ...item } = listItem(p, ctx.now(), false);
      return { ...item, trainName: (await trainNames(ctx.db, [p.trainClassId])).get(p.trainClassId ?? 0) ?? null, totalScore: total, questionCount: count, usedCount: used, openResultId: open?.id ?? null, serverTime: ctx.now() };
    },
  }),

  CreateExamPaper: action<PaperInput>({
    method: 'POST',
    summary: '新建试卷：randomExamPaperSet 为随机试卷（每人从题库按题型、难度抽题），questionList 为普通试卷；teachTarget 参考组织（逗号分隔），userIds 单独添加的党员',
    access: { permission: PAPER_PERMISSION.create },
    returns: '{id}',
    input: objectInput(paperProps, ['paperName', 'beginTitme', 'endTime']),
    handler: (call) => createPaper(call, 'any'),
  }),

  CreateOrdinaryExamPaper: action<PaperInput>({
    method: 'POST',
    summary: '新建普通试卷（固定试题 questionList：试题编号或 {questionId, score}）',
    access: { permission: PAPER_PERMISSION.create },
    returns: '{id}',
    input: objectInput(paperProps, ['paperName', 'beginTitme', 'endTime']),
    handler: (call) => createPaper(call, 'ordinary'),
  }),

  CreateCourseExamPaper: action<PaperInput>({
    method: 'POST',
    summary: '新建课程试卷（属于专题 trainClassId；普通或随机同新建试卷）',
    access: { permission: [PAPER_PERMISSION.create, 'Pages.Special.Create', 'Pages.Special.Update'] },
    returns: '{id}',
    input: objectInput(paperProps, ['paperName', 'beginTitme', 'endTime', 'trainClassId']),
    handler: (call) => createPaper(call, 'course'),
  }),

  ModifyExamPaper: action<PaperInput & { id: number }>({
    method: 'POST',
    summary: '修改试卷（一次提交，一个事务）：设置（名称、时间、时长、次数、及格分、答案公布），给出时连同试题 questionList（普通试卷）或抽题规则 randomExamPaperSet（随机试卷）与参考组织 teachTarget；及格分按修改后的试卷检查。已有党员答题后试题、规则和分值不能再改（随附的试题与规则此时不予处理）',
    access: { permission: PAPER_PERMISSION.update },
    returns: '{id}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '编号' }, ...paperProps }, ['id', 'paperName', 'beginTitme', 'endTime']),
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.id);
      const values = paperValues(call, input);
      const locked = await hasStarted(ctx.db, p.id);
      if (locked && SCORE_FIELDS.some((f) => input[f] !== undefined && Number(input[f]) !== Number(p[f]))) throw badRequest(PAPER_MSG.started);
      // the composer sends the whole paper: its questions or sets (read only once locked) and its organisations
      const picks = !locked && p.paperType === PAPER_TYPE.ordinary && input.questionList ? await checkedQuestions(call, input.questionList) : null;
      const sets = !locked && p.paperType === PAPER_TYPE.random && input.randomExamPaperSet ? await checkedSets(call, input.randomExamPaperSet) : null;
      const organs = input.teachTarget !== undefined ? await checkedOrgans(call, targetIds(input.teachTarget)) : null;
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('examPapers').set({ ...values, lastModificationTime: new Date() }).where('id', '=', p.id).execute();
        if (picks) await writeQuestions(trx, p.id, picks);
        if (sets) await writeSets(trx, p.id, sets);
        if (organs) await writeOrgans(trx, p.id, organs);
        await checkPass(trx, p.id);
      });
      return { id: p.id };
    },
  }),

  ModifyExamPaperQuestion: action<{ paperId: number; questionList: QuestionPick[] }>({
    method: 'POST',
    summary: '修改普通试卷的试题（整体替换）；已有党员答题后不能修改',
    access: { permission: PAPER_PERMISSION.update },
    returns: '{id}',
    input: objectInput({ paperId: { type: 'integer', minimum: 1, title: '试卷' }, questionList: paperProps.questionList }, ['paperId', 'questionList']),
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.paperId);
      if (p.paperType !== PAPER_TYPE.ordinary) throw badRequest('随机试卷请修改抽题规则');
      if (await hasStarted(ctx.db, p.id)) throw badRequest(PAPER_MSG.started);
      const picks = await checkedQuestions(call, input.questionList);
      await ctx.db.transaction().execute(async (trx) => {
        await writeQuestions(trx, p.id, picks);
        await checkPass(trx, p.id);
      });
      return { id: p.id };
    },
  }),

  ModifyExamPaperRandomSet: action<{ paperId: number; randomExamPaperSet: RandomSet[] }>({
    method: 'POST',
    summary: '修改随机试卷的抽题规则（整体替换）；已有党员答题后不能修改',
    access: { permission: PAPER_PERMISSION.update },
    returns: '{id}',
    input: objectInput({ paperId: { type: 'integer', minimum: 1, title: '试卷' }, randomExamPaperSet: paperProps.randomExamPaperSet }, ['paperId', 'randomExamPaperSet']),
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.paperId);
      if (p.paperType !== PAPER_TYPE.random) throw badRequest('普通试卷请修改试题');
      if (await hasStarted(ctx.db, p.id)) throw badRequest(PAPER_MSG.started);
      const sets = await checkedSets(call, input.randomExamPaperSet);
      await ctx.db.transaction().execute(async (trx) => {
        await writeSets(trx, p.id, sets);
        await checkPass(trx, p.id);
      });
      return { id: p.id };
    },
  }),

  Delete: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除试卷（党员的考试记录保留）',
    access: { permission: PAPER_PERMISSION.delete },
    returns: 'null',
    input: idInput,
    async handler(call) {
      const p = await paperFor(call, call.input.id);
      await call.ctx.db.updateTable('examPapers').set({ isDeleted: true, lastModificationTime: new Date() }).where('id', '=', p.id).execute();
      return null;
    },
  }),

  GetQuestionByPaperId: action<{ paperId: number }>({
    method: 'GET',
    summary: '试卷的试题（普通试卷，含答案与解析）或抽题规则及各题库可抽题数（随机试卷）',
    access: { permission: PAPER_PERMISSION.read },
    returns: '{paperType, totalScore, items: 试题[], randomExamPaperSet: [{libaryId, libaryName, difficulty, singleChoiceCount…, available: {1..5: n}}]}',
    input: paperIdInput,
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.paperId);
      const { total } = await paperTotal(ctx.db, p);
      if (p.paperType === PAPER_TYPE.random) {
        const view = await paperView(call, p);
        const sets = [];
        for (const s of view.randomExamPaperSet) {
          let q = ctx.db.selectFrom('examQuestions').select(['type', sql<number>`count(*)::int`.as('n')]).where('libaryId', '=', s.libaryId).where('isDeleted', '=', false).groupBy('type');
          if (s.difficulty) q = q.where('difficulty', '=', s.difficulty);
          const counts = await q.execute();
          sets.push({ ...s, available: Object.fromEntries([1, 2, 3, 4, 5].map((t) => [t, Number(counts.find((c) => c.type === t)?.n ?? 0)])) });
        }
        return { paperType: p.paperType, totalScore: total, items: [], randomExamPaperSet: sets };
      }
      const rows = await ctx.db
        .selectFrom('examPaperQuestions as pq')
        .innerJoin('examQuestions as q', 'q.id', 'pq.questionId')
        .innerJoin('examLibraries as l', 'l.id', 'q.libaryId')
        .select(['q.id', 'q.libaryId', 'l.libaryName', 'q.type', 'q.title', 'q.analysis', 'q.difficulty', 'q.tags', 'q.options', 'q.judgeAnswer', 'q.blankAnswers', 'q.referenceAnswer', 'pq.sort', 'pq.score'])
        .where('pq.paperId', '=', p.id)
        .orderBy('pq.sort')
        .execute();
      return {
        paperType: p.paperType,
        totalScore: total,
        randomExamPaperSet: [],
        items: rows.map((r) => ({
          id: r.id, questionId: r.id, libaryId: r.libaryId, libaryName: r.libaryName, type: r.type, typeName: QUESTION_TYPE_LABEL[r.type], title: r.title, analysis: r.analysis, difficulty: r.difficulty, tags: r.tags,
          examAnswerInputDtos: r.options, jugeQuestionAnswer: r.judgeAnswer, blankAnswers: r.blankAnswers, referenceAnswer: r.referenceAnswer, sort: r.sort,
          score: r.score != null ? Number(r.score) : typeScore(p, r.type), scoreOverride: r.score != null ? Number(r.score) : null,
        })),
      };
    },
  }),

  GetExamPaperUsers: action<PagingInput & { paperId: number; name?: string; state?: number }>({
    method: 'GET',
    summary: '试卷的参考党员及成绩（可导出）；state 1 未参加 2 已参加 3 已通过 4 未通过 5 待阅卷',
    access: { permission: PAPER_PERMISSION.read },
    returns: '{totalCount, items: [{userId, name, organName, attemptCount, bestScore, passed, lastSubmitTime, stateName, resultId(最近一次), markingResultId(最早一次待阅卷)}]}',
    input: pagedInput({ paperId: { type: 'integer', minimum: 1, title: '试卷' }, name: { type: 'string', maxLength: 50, title: '姓名' }, state: { type: 'integer', enum: [1, 2, 3, 4, 5], title: '状态' } }, ['paperId']),
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.paperId);
      await closeExpired(ctx, { paperId: p.id });
      const agg = ctx.db
        .selectFrom('examResults')
        .select([
          'userId',
          sql<number>`count(*)::int`.as('attemptCount'),
          sql<number | null>`max(score) filter (where status <> 1)`.as('bestScore'),
          sql<boolean>`bool_or(coalesce(passed, false))`.as('passed'),
          sql<boolean>`bool_or(status = 2)`.as('marking'),
          sql<Date | null>`max(submit_time)`.as('lastSubmitTime'),
          sql<number>`max(id)`.as('resultId'),
          sql<number | null>`min(id) filter (where status = 2)`.as('markingResultId'),
        ])
        .where('paperId', '=', p.id)
        .groupBy('userId')
        .as('r');
      let q = (await assignedMembers(ctx.db, p.id))
        .leftJoin(agg, 'r.userId', 'm.userId')
        .select(['m.userId', 'm.name', 'm.organId', 'o.organName', 'r.attemptCount', 'r.bestScore', 'r.passed', 'r.marking', 'r.lastSubmitTime', 'r.resultId', 'r.markingResultId']);
      if (input.name?.trim()) q = q.where('m.name', 'like', containsPattern(input.name));
      if (input.state === 1) q = q.where('r.bestScore', 'is', null);
      if (input.state === 2) q = q.where('r.bestScore', 'is not', null);
      if (input.state === 3) q = q.where('r.passed', '=', true);
      if (input.state === 4) q = q.where('r.bestScore', 'is not', null).where('r.passed', '=', false).where('r.marking', '=', false);
      if (input.state === 5) q = q.where('r.marking', '=', true);
      const page = await pageQuery<any>(q, input, (x) => x.orderBy(sql`m.organ_path collate "C"`).orderBy('m.id'));
      return {
        totalCount: page.totalCount,
        items: page.items.map((r) => ({
          userId: r.userId,
          name: r.name,
          organId: r.organId,
          organName: r.organName,
          attemptCount: r.attemptCount ?? 0,
          bestScore: r.bestScore != null ? Number(r.bestScore) : null,
          passed: r.bestScore != null ? !!r.passed : null,
          lastSubmitTime: r.lastSubmitTime,
          resultId: r.resultId ?? null,
          markingResultId: r.markingResultId ?? null,
          stateName: r.bestScore == null ? (r.attemptCount ? '答题中' : '未参加') : r.marking && !r.passed ? '待阅卷' : r.passed ? '通过' : '未通过',
        })),
      };
    },
  }),

  AddExamPaperUsers: action<{ paperId: number; userIds: number[] }>({
    method: 'POST',
    summary: '为试卷单独添加参考党员（管理范围内的党员）',
    access: { permission: PAPER_PERMISSION.update },
    returns: '{addedCount}',
    input: usersInput,
    async handler(call) {
      const p = await paperFor(call, call.input.paperId);
      const ids = await checkedMembers(call, call.input.userIds);
      await includeUsers(call.ctx.db, p.id, ids);
      return { addedCount: ids.length };
    },
  }),

  ModifyExamPaperUsers: action<{ paperId: number; teachTarget?: string | number[] | null; userIds?: number[] | null }>({
    method: 'POST',
    summary: '修改试卷的参考范围：teachTarget 参考组织（含下级，整体替换）；给出 userIds 时单独添加的党员也整体替换',
    access: { permission: PAPER_PERMISSION.update },
    returns: '{id}',
    input: objectInput({ paperId: { type: 'integer', minimum: 1, title: '试卷' }, teachTarget: paperProps.teachTarget, userIds: paperProps.userIds }, ['paperId']),
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.paperId);
      const organs = await checkedOrgans(call, targetIds(input.teachTarget));
      const users = input.userIds ? await checkedMembers(call, input.userIds) : null;
      await ctx.db.transaction().execute(async (trx) => {
        await writeOrgans(trx, p.id, organs);
        if (users) {
          await trx.deleteFrom('examPaperUsers').where('paperId', '=', p.id).where('excluded', '=', false).execute();
          await includeUsers(trx, p.id, users);
        }
      });
      return { id: p.id };
    },
  }),

  DeleteExamPaperUsers: action<{ paperId: number; userIds: number[] }>({
    method: 'DELETE',
    summary: '把党员移出试卷的参考人员（按组织参考的也移出；已有的考试记录保留）',
    access: { permission: PAPER_PERMISSION.update },
    returns: 'null',
    input: usersInput,
    async handler(call) {
      const p = await paperFor(call, call.input.paperId);
      const ids = await checkedMembers(call, call.input.userIds);
      await call.ctx.db
        .insertInto('examPaperUsers')
        .values(ids.map((userId) => ({ paperId: p.id, userId, excluded: true })))
        .onConflict((oc) => oc.columns(['paperId', 'userId']).doUpdateSet({ excluded: true }))
        .execute();
      return null;
    },
  }),

  GetExamResultByPaperId: action<{ paperId: number }>({
    method: 'GET',
    summary: '考试统计：应考、参考、参考率、通过、通过率、平均分、最高最低分、成绩分布、每题正确率（按正确率从低到高）、待阅卷数',
    access: { permission: PAPER_PERMISSION.read },
    returns: '{totalScore, passScore, assignedCount, joinCount, participationRate, passCount, passRate, pendingMarkCount, averageScore, maxScore, minScore, distribution: [{range, count}], questions: [{questionId, title, typeName, answerCount, rightCount, rightRate}]}',
    input: paperIdInput,
    async handler(call) {
      const p = await paperFor(call, call.input.paperId);
      await closeExpired(call.ctx, { paperId: p.id });
      return statisticsOf(call.ctx.db, p);
    },
  }),

  MarkShortAnswer: action<{ resultId: number; marks: { questionId: number; score: number }[] }>({
    method: 'POST',
    summary: '阅卷（扩展）：为一次考试的简答题打分；全部简答题打分后计算总分和是否通过',
    access: { permission: PAPER_PERMISSION.update },
    returns: '{resultId, status, score, passed}',
    input: objectInput(
      {
        resultId: { type: 'integer', minimum: 1, title: '考试记录' },
        marks: { type: 'array', minItems: 1, maxItems: 200, title: '评分', items: { type: 'object', required: ['questionId', 'score'], properties: { questionId: { type: 'integer', minimum: 1, title: '试题' }, score: { type: 'number', minimum: 0, maximum: 100, title: '得分' } } } },
      },
      ['resultId', 'marks'],
    ),
    async handler(call) {
      const { ctx, input } = call;
      const r = await ctx.db.selectFrom('examResults').selectAll().where('id', '=', input.resultId).executeTakeFirst();
      const p = r ? await papers(ctx.db).where('p.id', '=', r.paperId).executeTakeFirst() : undefined;
      if (!r || !p || !isInSubtree(p.organPath, call.user.organPath)) throw notFound(PAPER_MSG.resultNotFound);
      if (r.status !== RESULT_STATUS.marking) throw badRequest(PAPER_MSG.notMarking);
      const sheet = await sheetFor(ctx.db, p, r.userId);
      const errors: ValidationError[] = [];
      for (const m of input.marks) {
        const q = sheet.find((x) => x.id === m.questionId);
        if (!q) errors.push({ message: PAPER_MSG.notOnSheet, members: ['marks'] });
        else if (q.type !== 5) errors.push({ message: PAPER_MSG.notShort, members: ['marks'] });
        else if (m.score > q.score) errors.push({ message: PAPER_MSG.markRange(q.score), members: ['marks'] });
      }
      if (errors.length) throw invalid(errors);
      return ctx.db.transaction().execute(async (trx) => {
        for (const m of input.marks) {
          const full = sheet.find((x) => x.id === m.questionId)!.score;
          await trx
            .insertInto('examAnswers')
            .values({ resultId: r.id, questionId: m.questionId, answer: null, score: m.score, isRight: m.score >= full })
            .onConflict((oc) => oc.columns(['resultId', 'questionId']).doUpdateSet({ score: m.score, isRight: m.score >= full }))
            .execute();
        }
        const answers = await trx.selectFrom('examAnswers').select(['questionId', 'score', 'isRight']).where('resultId', '=', r.id).execute();
        const shortIds = sheet.filter((q) => q.type === 5).map((q) => q.id);
        const allMarked = shortIds.every((id) => answers.some((a) => a.questionId === id && a.score != null));
        const score = round1(answers.reduce((s, a) => s + Number(a.score ?? 0), 0));
        const passed = allMarked ? score >= Number(p.passScore) : null;
        const status = allMarked ? RESULT_STATUS.done : RESULT_STATUS.marking;
        await trx.updateTable('examResults').set({ score, passed, status, errorCount: answers.filter((a) => a.isRight === false).length }).where('id', '=', r.id).execute();
        return { resultId: r.id, status, score, passed };
      });
    },
  }),

  // ------------------------------------------------------------ members
  MyPaperPagedList: action<PagingInput & { paperName?: string; trainClassId?: number }>({
    method: 'POST',
    summary: '我的考试：分配给我、正在考试时间内的试卷，含已用次数、最好成绩和未交卷的记录',
    access: 'self',
    returns: '{totalCount, items: [{id, paperName, paperType, beginTitme, endTime, testTime, testCount, usedCount, bestScore, passed, openResultId, canStart, totalScore, passScore, organName, trainName}]}',
    input: pagedInput({ paperName: { type: 'string', maxLength: 100, title: '试卷名称' }, trainClassId: { type: 'integer', minimum: 1, title: '所属专题' } }),
    async handler(call) {
      const { ctx, input } = call;
      const m = await memberOf(call);
      await closeExpired(ctx, { userId: m.userId! });
      const now = ctx.now();
      let q = papers(ctx.db).where(assignedTo(m)).where('p.beginTime', '<=', now).where('p.endTime', '>=', now);
      if (input.paperName?.trim()) q = q.where('p.paperName', 'like', containsPattern(input.paperName));
      if (input.trainClassId) q = q.where('p.trainClassId', '=', input.trainClassId);
      const page = await pageQuery<PaperFull>(q, input, (x) => x.orderBy('p.endTime').orderBy('p.id'));
      const ids = page.items.map((p) => p.id);
      const [totals, mine, names] = await Promise.all([paperTotals(ctx.db, page.items), memberResults(ctx.db, m.userId!, ids), trainNames(ctx.db, page.items.map((p) => p.trainClassId))]);
      const items = page.items.map((p) => {
        const r = mine.get(p.id) ?? { usedCount: 0, bestScore: null, passed: null, openResultId: null };
        return {
          id: p.id, paperName: p.paperName, paperType: p.paperType, paperTypeName: PAPER_TYPE_LABEL[p.paperType], beginTitme: p.beginTime, endTime: p.endTime, testTime: p.testTime, testCount: p.testCount,
          totalScore: totals.get(p.id)!.total, passScore: Number(p.passScore), organName: p.organName, trainClassId: p.trainClassId, trainName: names.get(p.trainClassId ?? 0) ?? null,
          ...r, canStart: !!r.openResultId || p.testCount === 0 || r.usedCount < p.testCount,
        };
      });
      return { totalCount: page.totalCount, items };
    },
  }),

  GetPaperQuestionByPaperId: action<{ paperId: number }>({
    method: 'GET',
    summary: '开始或继续答题：返回本次考试记录 resultId、服务器截止时间 deadline 与当前时间 serverTime、试题（不含答案与解析）及已保存的作答',
    access: 'self',
    returns: '{resultId, paperId, paperName, attemptNo, testCount, testTime, deadline, serverTime, totalScore, passScore, questions: [{id, type, title, score, options: [{key, content}], blankCount, answer, marked}]}',
    input: paperIdInput,
    async handler(call) {
      const { ctx, input } = call;
      const { m, p } = await myPaper(call, input.paperId);
      const userId = m.userId!;
      await closeExpired(ctx, { userId, paperId: p.id });
      const now = ctx.now();
      const openOf = () => ctx.db.selectFrom('examResults').selectAll().where('paperId', '=', p.id).where('userId', '=', userId).where('status', '=', RESULT_STATUS.answering).executeTakeFirst();
      let r = await openOf();
      if (!r) {
        if (now < p.beginTime) throw badRequest(PAPER_MSG.notStarted);
        if (now > p.endTime) throw badRequest(PAPER_MSG.ended);
        const used = await countAttempts(ctx.db, p.id, userId);
        if (p.testCount > 0 && used >= p.testCount) throw badRequest(PAPER_MSG.noAttempts);
        await sheetFor(ctx.db, p, userId);
        const deadline = new Date(Math.min(now.getTime() + p.testTime * 60_000, p.endTime.getTime()));
        r =
          (await ctx.db
            .insertInto('examResults')
            .values({ paperId: p.id, userId, memberName: m.name, organId: m.organId, organPath: m.organPath, attemptNo: used + 1, startTime: now, deadline })
            .onConflict((oc) => oc.columns(['paperId', 'userId', 'attemptNo']).doNothing())
            .returningAll()
            .executeTakeFirst()) ?? (await openOf());
        if (!r) throw badRequest(PAPER_MSG.noAttempts);
      }
      const sheet = await sheetFor(ctx.db, p, userId);
      const saved = new Map((await ctx.db.selectFrom('examAnswers').select(['questionId', 'answer', 'marked']).where('resultId', '=', r.id).execute()).map((a) => [a.questionId, a]));
      return {
        resultId: r.id, paperId: p.id, paperName: p.paperName, attemptNo: r.attemptNo, testCount: p.testCount, testTime: p.testTime, deadline: r.deadline, serverTime: now,
        totalScore: sheetTotal(sheet), passScore: Number(p.passScore), showAnswer: p.showAnswer,
        questions: sheet.map((q) => ({ ...questionForMember(q), typeName: QUESTION_TYPE_LABEL[q.type], answer: (saved.get(q.id)?.answer ?? null) as Answer, marked: saved.get(q.id)?.marked ?? false })),
      };
    },
  }),

  SubmitPaperAnswer: action<{ resultId: number; answers?: { questionId: number; answer?: unknown; marked?: boolean }[]; isSubmit?: boolean }>({
    method: 'POST',
    summary: '保存作答（每答一题即保存，离线时的作答恢复连接后一并发送）；isSubmit 为 true 时交卷并由服务器评分。截止时间（含30秒宽限）后不再保存',
    access: 'self',
    audit: false,
    repeatSubmit: false,
    returns: '{saved, deadline, serverTime} 或交卷后 {resultId, status, statusName, score, passed, errorQuestionCout, …}',
    input: objectInput(
      {
        resultId: { type: 'integer', minimum: 1, title: '考试记录' },
        answers: { type: ['array', 'null'], maxItems: 300, title: '作答', items: { type: 'object', required: ['questionId'], properties: { questionId: { type: 'integer', minimum: 1, title: '试题' }, answer: {}, marked: { type: ['boolean', 'null'], title: '标记' } } } },
        isSubmit: { type: ['boolean', 'null'], title: '交卷' },
      },
      ['resultId'],
    ),
    async handler(call) {
      const { ctx, input, user } = call;
      const r = await ctx.db
        .selectFrom('examResults as r')
        .innerJoin('examPapers as p', 'p.id', 'r.paperId')
        .select(['r.id', 'r.paperId', 'r.userId', 'r.status', 'r.deadline', 'p.paperType', 'p.passScore', 'p.singleChoiceScore', 'p.multipleChoiceScore', 'p.jugeScore', 'p.blankScore', 'p.shortScore'])
        .where('r.id', '=', input.resultId)
        .where('r.userId', '=', user.userId)
        .executeTakeFirst();
      if (!r) throw notFound(PAPER_MSG.resultNotFound);
      const answers = input.answers ?? [];
      const now = ctx.now();
      const summary = async () => resultSummary(await ctx.db.selectFrom('examResults').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow(), r);
      if (r.status !== RESULT_STATUS.answering) {
        if (input.isSubmit && !answers.length) return summary();
        throw badRequest(PAPER_MSG.submitted);
      }
      if (now.getTime() > r.deadline.getTime() + ANSWER_GRACE_MS) {
        await closeAttempt(ctx.db, r.id, CLOSED_BY.deadline, now);
        throw badRequest(PAPER_MSG.late);
      }
      if (answers.length) {
        const sheet = await sheetFor(ctx.db, { ...r, id: r.paperId }, r.userId);
        const byId = new Map(sheet.map((q, i) => [q.id, { q, n: i + 1 }]));
        const rows = [];
        for (const a of answers) {
          const hit = byId.get(a.questionId);
          if (!hit) throw invalid([{ message: PAPER_MSG.notOnSheet, members: ['answers'] }]);
          const shaped = checkAnswer(hit.q, a.answer);
          if (shaped === undefined) throw invalid([{ message: PAPER_MSG.answerShape(hit.n), members: ['answers'] }]);
          rows.push({ questionId: a.questionId, answer: shaped === null ? null : JSON.stringify(shaped), marked: !!a.marked });
        }
        // the last of one question in a batch wins (offline answers arrive in the order given)
        const last = [...new Map(rows.map((x) => [x.questionId, x])).values()];
        if (!(await saveAnswers(ctx.db, r.id, last, now))) throw badRequest(PAPER_MSG.submitted);
      }
      if (input.isSubmit) {
        const closed = await closeAttempt(ctx.db, r.id, CLOSED_BY.member, now);
        return closed ? resultSummary(closed, r) : summary();
      }
      return { saved: answers.length, deadline: r.deadline, serverTime: now };
    },
  }),

  CurrentUserExamRecord: action<{ paperId: number }>({
    method: 'GET',
    summary: '我在一张试卷上的考试记录（每次：开始时间、用时、得分、是否通过、错题数）',
    access: 'self',
    returns: '[{resultId, attemptNo, createTime, submitTime, examTime(秒), score, passed, errorQuestionCout, status, statusName}]',
    input: paperIdInput,
    async handler(call) {
      const { ctx, input } = call;
      const { m, p } = await myPaper(call, input.paperId);
      await closeExpired(ctx, { userId: m.userId!, paperId: p.id });
      const rows = await ctx.db.selectFrom('examResults').selectAll().where('paperId', '=', p.id).where('userId', '=', m.userId!).orderBy('attemptNo', 'desc').execute();
      return rows.map((r) => resultSummary(r, p));
    },
  }),

  GetPaperTestErrorQuestionById: action<{ id: number; onlyError?: boolean }>({
    method: 'GET',
    summary: '一次考试的答卷：每题我的作答、对错与得分；试卷允许时（交卷后或考试结束后）含正确答案与解析。管理员可看管理范围内的答卷（阅卷）',
    access: 'self',
    returns: '{resultId, paperName, score, passed, status, answersShown, questions: [{id, type, title, options, myAnswer, isRight, myScore, rightAnswer?, analysis?}]}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '考试记录' }, onlyError: { type: 'boolean', title: '只看错题' } }, ['id']),
    async handler(call) {
      const { ctx, input, user } = call;
      await closeExpired(ctx, { userId: user.userId });
      const r = await ctx.db.selectFrom('examResults').selectAll().where('id', '=', input.id).executeTakeFirst();
      const p = r ? await ctx.db.selectFrom('examPapers as p').innerJoin('organizations as o', 'o.id', 'p.organId').selectAll('p').select('o.organName').where('p.id', '=', r.paperId).executeTakeFirst() : undefined;
      const own = r?.userId === user.userId;
      const admin = !!p && user.permissions.has(PAPER_PERMISSION.read) && isInSubtree(p.organPath, user.organPath);
      if (!r || !p || (!own && !admin)) throw notFound(PAPER_MSG.resultNotFound);
      if (own && r.status === RESULT_STATUS.answering) throw badRequest('本次考试尚未交卷');
      const reveal = admin || answersShown(p, r, ctx.now());
      return {
        ...resultSummary(r, p),
        paperName: p.paperName,
        memberName: r.memberName,
        answersShown: reveal,
        showAnswer: p.showAnswer,
        questions: await reviewOf(ctx.db, r, p, reveal, !!input.onlyError),
      };
    },
  }),

  MyErrorQuestionPageList: action<PagingInput & { paperId?: number }>({
    method: 'GET',
    summary: '错题集：我交卷后答错的题（同一试卷同一题只列最近一次），试卷允许时含正确答案与解析',
    access: 'self',
    returns: '{totalCount, items: [{resultId, paperId, paperName, submitTime, question: {id, type, title, options, myAnswer, rightAnswer?, analysis?}, answersShown}]}',
    input: pagedInput({ paperId: { type: 'integer', minimum: 1, title: '试卷' } }),
    async handler(call) {
      const { ctx, input, user } = call;
      await closeExpired(ctx, { userId: user.userId });
      let q = ctx.db
        .selectFrom('examAnswers as a')
        .innerJoin('examResults as r', 'r.id', 'a.resultId')
        .innerJoin('examPapers as p', 'p.id', 'r.paperId')
        .select(['a.resultId', 'a.questionId', 'a.answer', 'r.paperId', 'r.submitTime', 'r.status', 'p.paperName', 'p.paperType', 'p.showAnswer', 'p.endTime'])
        .where('r.userId', '=', user.userId)
        .where('r.status', '!=', RESULT_STATUS.answering)
        .where('a.isRight', '=', false)
        .where('p.isDeleted', '=', false)
        // the latest wrong answer of a question on a paper
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('examAnswers as a2')
                .innerJoin('examResults as r2', 'r2.id', 'a2.resultId')
                .select('a2.resultId')
                .whereRef('a2.questionId', '=', 'a.questionId')
                .whereRef('r2.paperId', '=', 'r.paperId')
                .whereRef('r2.userId', '=', 'r.userId')
                .where('r2.status', '!=', RESULT_STATUS.answering)
                .whereRef('r2.id', '>', 'r.id'),
            ),
          ),
        );
      if (input.paperId) q = q.where('r.paperId', '=', input.paperId);
      const page = await pageQuery<any>(q, input, (x) => x.orderBy('r.submitTime', 'desc').orderBy('a.questionId'));
      const now = ctx.now();
      const sheets = new Map<number, SheetQuestion[]>();
      const items = [];
      for (const w of page.items) {
        if (!sheets.has(w.paperId)) {
          const s = await ctx.db.selectFrom('examSheets').select('questions').where('paperId', '=', w.paperId).where('userId', '=', sheetOwner(w, user.userId)).executeTakeFirst();
          sheets.set(w.paperId, (s?.questions as SheetQuestion[]) ?? []);
        }
        const q = sheets.get(w.paperId)!.find((x) => x.id === w.questionId);
        if (!q) continue;
        const reveal = answersShown(w, w, now);
        items.push({
          resultId: w.resultId, paperId: w.paperId, paperName: w.paperName, submitTime: w.submitTime, answersShown: reveal,
          question: { ...questionForMember(q), typeName: QUESTION_TYPE_LABEL[q.type], myAnswer: w.answer as Answer, ...(reveal ? { rightAnswer: rightAnswer(q), analysis: q.analysis, options: q.options.map((o, j) => ({ key: LETTERS[j], content: o.content, isRight: o.isRight })) } : {}) },
        });
      }
      return { totalCount: page.totalCount, items };
    },
  }),

  UserOrdinaryPaperPagedList: action<PagingInput>({
    method: 'POST',
    summary: '我的考试记录：交过卷的每次考试（试卷、交卷时间、得分、是否通过），最近的在前',
    access: 'self',
    returns: '{totalCount, items: [{resultId, paperId, paperName, trainName, submitTime, score, passed, statusName, errorQuestionCout}]}',
    input: pagedInput(),
    async handler(call) {
      const { ctx, input, user } = call;
      await closeExpired(ctx, { userId: user.userId });
      const q = ctx.db
        .selectFrom('examResults as r')
        .innerJoin('examPapers as p', 'p.id', 'r.paperId')
        .selectAll('r')
        .select(['p.paperName', 'p.passScore', 'p.trainClassId'])
        .where('r.userId', '=', user.userId)
        .where('r.status', '!=', RESULT_STATUS.answering);
      const page = await pageQuery<any>(q, input, (x) => x.orderBy('r.submitTime', 'desc').orderBy('r.id', 'desc'));
      const names = await trainNames(ctx.db, page.items.map((r) => r.trainClassId));
      return { totalCount: page.totalCount, items: page.items.map((r) => ({ ...resultSummary(r, r), paperName: r.paperName, trainName: names.get(r.trainClassId ?? 0) ?? null })) };
    },
  }),
});
