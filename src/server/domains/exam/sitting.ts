import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { JobDef } from '../../jobs/runner';
import type { ExamQuestionTable } from '../../db/schema';
import { drawFrom, drawSeed } from './draw';
import { round1, scoreAnswer, type Answer, type SheetQuestion } from './scoring';

/**
 * A member's sitting of a paper: his sheet (the questions he gets: the paper's own, or drawn
 * for each attempt of a random paper), his
 * attempts and their closing. Closing scores the attempt from the stored answers and the sheet; it
 * happens when he submits, or — when he never does (the browser closed, the connection lost) — once
 * the deadline and its grace have passed: at his next call, at an administrator's look at the paper,
 * and by the sweep every SWEEP_MS, whichever comes first.
 */
export const ANSWER_GRACE_MS = 30_000;
export const SWEEP_MS = 30_000;

export const RESULT_STATUS = { answering: 1, marking: 2, done: 3 } as const;
export const RESULT_STATUS_LABEL: Record<number, string> = { 1: '答题中', 2: '待阅卷', 3: '已完成' };
export const CLOSED_BY = { member: 1, deadline: 2 } as const;

export interface PaperRow {
  id: number;
  paperType: number;
  singleChoiceScore: number | string;
  multipleChoiceScore: number | string;
  jugeScore: number | string;
  blankScore: number | string;
  shortScore: number | string;
  passScore: number | string;
}

/** The paper's score of a question of a type (a question's own score on the paper wins). */
export const typeScore = (p: PaperRow, type: number) =>
  Number([0, p.singleChoiceScore, p.multipleChoiceScore, p.jugeScore, p.blankScore, p.shortScore][type] ?? 0);

const QUESTION_COLUMNS = ['q.id', 'q.type', 'q.title', 'q.difficulty', 'q.libaryId', 'q.options', 'q.judgeAnswer', 'q.blankAnswers', 'q.referenceAnswer', 'q.analysis'] as const;

type SheetColumns = Pick<Selectable<ExamQuestionTable>, 'id' | 'type' | 'title' | 'difficulty' | 'libaryId' | 'options' | 'judgeAnswer' | 'blankAnswers' | 'referenceAnswer' | 'analysis'>;

const toSheet = (r: SheetColumns, score: number): SheetQuestion => ({
  id: r.id, type: r.type, title: r.title, score, difficulty: r.difficulty, libaryId: r.libaryId,
  options: r.options ?? [], judgeAnswer: r.judgeAnswer, blankAnswers: r.blankAnswers, referenceAnswer: r.referenceAnswer, analysis: r.analysis,
});

/** The questions a member gets: the paper's own, or his attempt's draw from the random sets, types in order 1–5. */
export async function composeSheet(db: Database, paper: PaperRow, userId: number, attemptNo: number): Promise<SheetQuestion[]> {
  if (paper.paperType !== 2) {
    const rows = await db
      .selectFrom('examPaperQuestions as pq')
      .innerJoin('examQuestions as q', 'q.id', 'pq.questionId')
      .select([...QUESTION_COLUMNS, 'pq.score as paperScore'])
      .where('pq.paperId', '=', paper.id)
      .orderBy('pq.sort')
      .orderBy('q.id')
      .execute();
    return rows.map((r) => toSheet(r, r.paperScore != null ? Number(r.paperScore) : typeScore(paper, r.type)));
  }
  const sets = await db.selectFrom('examPaperRandomSets').selectAll().where('paperId', '=', paper.id).orderBy('id').execute();
  const seed = drawSeed(paper.id, userId, attemptNo);
  const taken = new Set<number>();
  const byType = new Map<number, SheetQuestion[]>();
  for (const s of sets) {
    const wants: [number, number][] = [[1, s.singleChoiceCount], [2, s.multiChoiceCount], [3, s.jugeCount], [4, s.blankCount], [5, s.shortCount]];
    for (const [type, count] of wants) {
      if (!count) continue;
      let q = db.selectFrom('examQuestions as q').select(QUESTION_COLUMNS).where('q.libaryId', '=', s.libaryId).where('q.type', '=', type).where('q.isDeleted', '=', false);
      if (s.difficulty) q = q.where('q.difficulty', '=', s.difficulty);
      const pool = (await q.execute()).filter((r) => !taken.has(r.id));
      for (const r of drawFrom(pool, count, `${seed}:set:${s.id}:type:${type}`)) {
        taken.add(r.id);
        byType.set(type, [...(byType.get(type) ?? []), toSheet(r, typeScore(paper, type))]);
      }
    }
  }
  return [1, 2, 3, 4, 5].flatMap((t) => byType.get(t) ?? []);
}

/**
 * Sheets never change once written, so each process keeps the recent ones: saving an answer — the
 * hot path of a sitting — then reads no sheet from the database. Bounded (SHEET_CACHE entries, the
 * oldest dropped first); the database stays the one source, shared by every process.
 */
const SHEET_CACHE = 5000;
// per database handle: two apps in one process (tests) never share ids' sheets
const cacheOf = new WeakMap<object, Map<string, SheetQuestion[]>>();
const sheetsOf = (owner: object) => {
  let m = cacheOf.get(owner);
  if (!m) cacheOf.set(owner, (m = new Map()));
  return m;
};
const remember = (sheets: Map<string, SheetQuestion[]>, key: string, sheet: SheetQuestion[]) => {
  if (sheets.size >= SHEET_CACHE) sheets.delete(sheets.keys().next().value!);
  sheets.set(key, sheet);
  return sheet;
};

/**
 * Which sheet an attempt reads: for a random paper the member's own for that attempt (its draw,
 * anew each attempt); for an ordinary paper the paper's one sheet (stored under user 0, attempt 0),
 * the same for everyone and every attempt — written once at the first start, not once per member.
 */
export const sheetKey = (paper: { paperType: number }, userId: number, attemptNo: number) =>
  paper.paperType === 2 ? { userId, attemptNo } : { userId: 0, attemptNo: 0 };

/**
 * The sheet of a member's attempt of a paper, made on first need (two tabs at once make one: the
 * first insert wins). `owner`: the database handle whose cache to use (a transaction reads through
 * its database's).
 */
export async function sheetFor(db: Database, paper: PaperRow, member: number, attempt: number, owner: object = db): Promise<SheetQuestion[]> {
  const { userId, attemptNo } = sheetKey(paper, member, attempt);
  const key = `${paper.id}:${userId}:${attemptNo}`;
  const sheets = sheetsOf(owner);
  const cached = sheets.get(key);
  if (cached) return cached;
  const read = () => db.selectFrom('examSheets').select('questions').where('paperId', '=', paper.id).where('userId', '=', userId).where('attemptNo', '=', attemptNo);
  const have = await read().executeTakeFirst();
  if (have) return remember(sheets, key, have.questions as SheetQuestion[]);
  const questions = await composeSheet(db, paper, userId, attemptNo);
  await db.insertInto('examSheets').values({ paperId: paper.id, userId, attemptNo, questions: JSON.stringify(questions) }).onConflict((oc) => oc.columns(['paperId', 'userId', 'attemptNo']).doNothing()).execute();
  const row = await read().executeTakeFirstOrThrow();
  return remember(sheets, key, row.questions as SheetQuestion[]);
}

/**
 * Saves answers of an open attempt in one statement: nothing is written once the attempt is closed.
 * The attempt's row is read FOR SHARE: closeAttempt locks it FOR UPDATE before it reads the answers,
 * so a save racing the closing either lands first (and is scored) or waits and finds the attempt
 * closed. Returns how many were written; 0 with answers given means the attempt is closed.
 */
export async function saveAnswers(db: Database, resultId: number, answers: { questionId: number; answer: string | null; marked: boolean }[], at: Date) {
  if (!answers.length) return 0;
  const rows = JSON.stringify(answers.map((a) => ({ q: a.questionId, a: a.answer === null ? null : JSON.parse(a.answer), m: a.marked })));
  const r = await sql<{ questionId: number }>`
    insert into exam_answers (result_id, question_id, answer, marked, answered_at)
    select r.id, v.q, v.a, v.m, ${at}
    from exam_results r, jsonb_to_recordset(${rows}::jsonb) as v(q int, a jsonb, m boolean)
    where r.id = ${resultId} and r.status = ${RESULT_STATUS.answering}
    for share of r
    on conflict (result_id, question_id) do update set answer = excluded.answer, marked = excluded.marked, answered_at = excluded.answered_at
    returning question_id`.execute(db);
  return r.rows.length;
}

export const sheetTotal = (sheet: SheetQuestion[]) => round1(sheet.reduce((s, q) => s + q.score, 0));

/**
 * Closes an open attempt: scores every question of the sheet from the stored answers (an unanswered
 * one is wrong), records the score and pass, and — when short answers wait for a mark — leaves it
 * 待阅卷. Only the first closer wins (it locks the attempt's row and finds it open); returns the
 * closed row, or null when already closed.
 */
export async function closeAttempt(db: Database, resultId: number, closedBy: number, at: Date) {
  return db.transaction().execute(async (trx) => {
    // the attempt's row is locked before the answers are read: a save (FOR SHARE of it) either
    // landed before and is scored, or waits and then finds the attempt closed
    const result = await trx
      .selectFrom('examResults as r')
      .innerJoin('examPapers as p', 'p.id', 'r.paperId')
      .select(['r.id', 'r.paperId', 'r.userId', 'r.attemptNo', 'r.status', 'r.deadline', 'p.passScore', 'p.paperType', 'p.singleChoiceScore', 'p.multipleChoiceScore', 'p.jugeScore', 'p.blankScore', 'p.shortScore'])
      .where('r.id', '=', resultId)
      .forUpdate('r')
      .executeTakeFirst();
    if (!result || result.status !== RESULT_STATUS.answering) return null;
    const sheet = await sheetFor(trx, { ...result, id: result.paperId }, result.userId, result.attemptNo, db);
    const given = new Map((await trx.selectFrom('examAnswers').select(['questionId', 'answer']).where('resultId', '=', resultId).execute()).map((a) => [a.questionId, a.answer as Answer]));
    const scored = sheet.map((q) => ({ q, ...scoreAnswer(q, given.get(q.id) ?? null) }));
    const objective = round1(scored.reduce((s, x) => s + (x.score ?? 0), 0));
    const waiting = sheet.some((q) => q.type === 5);
    const submitTime = closedBy === CLOSED_BY.deadline && at > result.deadline ? result.deadline : at;
    const closed = await trx
      .updateTable('examResults')
      .set({
        status: waiting ? RESULT_STATUS.marking : RESULT_STATUS.done,
        closedBy,
        submitTime,
        objectiveScore: objective,
        score: objective,
        passed: waiting ? null : objective >= Number(result.passScore),
        errorCount: scored.filter((x) => x.isRight === false).length,
      })
      .where('id', '=', resultId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (scored.length) {
      await trx
        .insertInto('examAnswers')
        .values(scored.map((x) => ({ resultId, questionId: x.q.id, answer: given.has(x.q.id) ? JSON.stringify(given.get(x.q.id)) : null, isRight: x.isRight, score: x.score, answeredAt: at })))
        .onConflict((oc) => oc.columns(['resultId', 'questionId']).doUpdateSet((eb) => ({ isRight: eb.ref('excluded.isRight'), score: eb.ref('excluded.score') })))
        .execute();
    }
    return closed;
  });
}

/** Closes the attempts whose deadline and grace have passed (of one user or paper, or all). */
export async function closeExpired(ctx: Pick<AppContext, 'db' | 'now'>, where: { userId?: number; paperId?: number } = {}) {
  const now = ctx.now();
  let q = ctx.db.selectFrom('examResults').select('id').where('status', '=', RESULT_STATUS.answering).where('deadline', '<', new Date(now.getTime() - ANSWER_GRACE_MS));
  if (where.userId) q = q.where('userId', '=', where.userId);
  if (where.paperId) q = q.where('paperId', '=', where.paperId);
  const open = await q.orderBy('deadline').limit(500).execute();
  let closed = 0;
  for (const r of open) if (await closeAttempt(ctx.db, r.id, CLOSED_BY.deadline, now)) closed++;
  return closed;
}

/** The periodic sweep, once every SWEEP_MS across all processes (the job queue); closing is claimed, so a read's own close never doubles it. */
export function examSweepJob(ctx: AppContext): JobDef {
  return {
    kind: 'exam.close-expired',
    everyMs: SWEEP_MS,
    run: async () => {
      await closeExpired(ctx);
    },
  };
}

/** The member's attempts of a paper (newest first). */
export const attemptsOf = (db: Database, paperId: number, userId: number) =>
  db.selectFrom('examResults').selectAll().where('paperId', '=', paperId).where('userId', '=', userId).orderBy('attemptNo', 'desc').execute();

export const countAttempts = async (db: Database, paperId: number, userId: number) =>
  Number((await db.selectFrom('examResults').select(sql<number>`count(*)::int`.as('n')).where('paperId', '=', paperId).where('userId', '=', userId).executeTakeFirstOrThrow()).n);
