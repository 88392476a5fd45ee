import { expressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { subtreeRange, pathChain } from '../../scope';
import { RESULT_STATUS, typeScore, type PaperRow } from './sitting';
import { round1 } from './scoring';
import { authorOf } from './paper-authors';

/**
 * What 考试管理, 我的考试 and a special topic's exams read of papers alike: who sits a
 * paper, a paper's state and totals, and the results per paper — one definition each, batched over
 * a page of papers.
 */
export const PAPER_STATE_LABEL: Record<number, string> = { 1: '未开始', 2: '进行中', 3: '已结束' };
/** 1 not begun, 2 open, 3 ended — by the server's clock. */
export const paperState = (p: { beginTime: Date; endTime: Date }, now: Date) => (now < p.beginTime ? 1 : now > p.endTime ? 3 : 2);

const SET_COUNTS = [['singleChoiceCount', 1], ['multiChoiceCount', 2], ['jugeCount', 3], ['blankCount', 4], ['shortCount', 5]] as const;

/** Each paper's total score and question count: its questions' scores, or its random counts by type (two queries for a page). */
export async function paperTotals(db: Database, list: (PaperRow & { paperType: number })[]) {
  const out = new Map<number, { total: number; count: number }>(list.map((p) => [p.id, { total: 0, count: 0 }]));
  if (!list.length) return out;
  const byId = new Map(list.map((p) => [p.id, p]));
  const randomIds = list.filter((p) => p.paperType === 2).map((p) => p.id);
  const ordinaryIds = list.filter((p) => p.paperType !== 2).map((p) => p.id);
  if (randomIds.length) {
    for (const s of await db.selectFrom('examPaperRandomSets').selectAll().where('paperId', 'in', randomIds).execute()) {
      const t = out.get(s.paperId)!;
      for (const [k, type] of SET_COUNTS) {
        t.count += s[k];
        t.total += s[k] * typeScore(byId.get(s.paperId)!, type);
      }
    }
  }
  if (ordinaryIds.length) {
    const rows = await db.selectFrom('examPaperQuestions as pq').innerJoin('examQuestions as q', 'q.id', 'pq.questionId').select(['pq.paperId', 'q.type', 'pq.score']).where('pq.paperId', 'in', ordinaryIds).execute();
    for (const r of rows) {
      const t = out.get(r.paperId)!;
      t.count += 1;
      t.total += r.score != null ? Number(r.score) : typeScore(byId.get(r.paperId)!, r.type);
    }
  }
  for (const t of out.values()) t.total = round1(t.total);
  return out;
}

/**
 * The members a paper is assigned to: its organisations' subtrees, plus those added and its class's
 * approved students, minus those taken off and its authors (paper-authors.ts). The three sources are
 * one set of member ids (a UNION, each part served by its own index) rather than an OR of EXISTS
 * tested on every member row, which no index can serve (≈ 3 s to count a paper's members at 100 K).
 */
export async function assignedMembers(db: Database, paperId: number) {
  const organs = await db.selectFrom('examPaperOrgans').select('organPath').where('paperId', '=', paperId).execute();
  const added = db
    .selectFrom('examPaperUsers as u')
    .innerJoin('partyMembers as a', 'a.userId', 'u.userId')
    .select('a.id')
    .where('u.paperId', '=', paperId)
    .where('u.excluded', '=', false);
  // a class's paper: its approved students
  const students = db
    .selectFrom('trainClassStudents as s')
    .innerJoin('examPapers as cp', 'cp.trainClassId', 's.trainClassId')
    .innerJoin('partyMembers as a', 'a.userId', 's.userId')
    .select('a.id')
    .where('cp.id', '=', paperId)
    .where('s.status', '=', 1);
  const ids = organs.length
    ? db.selectFrom('partyMembers as a').select('a.id').where((eb) => eb.or(organs.map((o) => subtreeRange('a.organPath', o.organPath)))).union(added).union(students)
    : added.union(students);
  return db
    .selectFrom('partyMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organId')
    .where('m.isDeleted', '=', false)
    .where('m.status', '=', 1)
    .where('m.userId', 'is not', null)
    .where('m.id', 'in', ids)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('examPaperUsers as x').select('x.userId').whereRef('x.userId', '=', 'm.userId').where('x.paperId', '=', paperId).where('x.excluded', '=', true))))
    .where((eb) => eb.not(authorOf(paperId, sql.ref('m.userId'))));
}

export const assignedCount = async (db: Database, paperId: number) =>
  Number((await (await assignedMembers(db, paperId)).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);

/** A signed-in user's party record (the papers he sits follow it), or undefined when he is none. */
export const partyMemberOf = (db: Database, userId: number) =>
  db.selectFrom('partyMembers').select(['id', 'userId', 'name', 'organId', 'organPath']).where('userId', '=', userId).where('isDeleted', '=', false).where('status', '=', 1).executeTakeFirst();

/** Papers (alias `p`) a member is within: by an organisation at or above his, by name, or as a student of the paper's class, and not taken off. */
export const withinAssignment = (m: { userId: number | null; organPath: string }) => {
  const eb = expressionBuilder<DB & { p: DB['examPapers'] }, 'p'>();
  return eb.and([
    eb.or([
      eb.exists(eb.selectFrom('examPaperOrgans as po').select('po.paperId').whereRef('po.paperId', '=', 'p.id').where('po.organPath', 'in', pathChain(m.organPath))),
      eb.exists(eb.selectFrom('examPaperUsers as pu').select('pu.paperId').whereRef('pu.paperId', '=', 'p.id').where('pu.userId', '=', m.userId).where('pu.excluded', '=', false)),
      eb.exists(eb.selectFrom('trainClassStudents as ts').select('ts.userId').whereRef('ts.trainClassId', '=', 'p.trainClassId').where('ts.userId', '=', m.userId).where('ts.status', '=', 1)),
    ]),
    eb.not(eb.exists(eb.selectFrom('examPaperUsers as px').select('px.paperId').whereRef('px.paperId', '=', 'p.id').where('px.userId', '=', m.userId).where('px.excluded', '=', true))),
  ]);
};

/** Papers (alias `p`) assigned to a member: within the assignment and not one of their authors (paper-authors.ts). */
export const assignedTo = (m: { userId: number | null; organPath: string }) => {
  const eb = expressionBuilder<DB & { p: DB['examPapers'] }, 'p'>();
  return eb.and([withinAssignment(m), eb.not(authorOf(sql.ref('p.id'), m.userId ?? 0))]);
};

/**
 * Results per paper over handed-in attempts (answering ones do not count), each member by his best:
 * how many took part, how many passed, their average best score. One query for a page of papers.
 */
export async function paperResults(db: Database, paperIds: number[]) {
  const out = new Map<number, { joinCount: number; passCount: number; averageScore: number | null }>();
  if (!paperIds.length) return out;
  // kept by the writes of exam_results (migration 051): one row a paper, not a row a sitting
  const rows = await db.selectFrom('examPaperFigures').select(['paperId', 'joinCount', 'passCount', 'bestSum', 'scoredCount']).where('paperId', 'in', paperIds).execute();
  for (const r of rows) out.set(r.paperId, { joinCount: r.joinCount, passCount: r.passCount, averageScore: r.scoredCount ? round1(Number(r.bestSum) / r.scoredCount) : null });
  return out;
}

/** One member's attempts per paper: count, best handed-in score, passed, the open one (one query for a page). */
export async function memberResults(db: Database, userId: number, paperIds: number[]) {
  const out = new Map<number, { usedCount: number; bestScore: number | null; passed: boolean | null; openResultId: number | null }>();
  if (!paperIds.length) return out;
  const rows = await db
    .selectFrom('examResults')
    .select([
      'paperId',
      sql<number>`count(*)::int`.as('usedCount'),
      sql<string | null>`max(score) filter (where status <> ${RESULT_STATUS.answering})::text`.as('best'),
      sql<boolean | null>`bool_or(coalesce(passed, false)) filter (where status <> ${RESULT_STATUS.answering})`.as('passed'),
      sql<number | null>`max(id) filter (where status = ${RESULT_STATUS.answering})`.as('openResultId'),
    ])
    .where('userId', '=', userId)
    .where('paperId', 'in', paperIds)
    .groupBy('paperId')
    .execute();
  for (const r of rows) out.set(r.paperId, { usedCount: r.usedCount, bestScore: r.best == null ? null : Number(r.best), passed: r.passed, openResultId: r.openResultId });
  return out;
}

/** Special topics' names by id (a course paper's `trainName`). */
export async function trainNames(db: Database, ids: (number | null)[]) {
  const want = [...new Set(ids.filter((x): x is number => !!x))];
  if (!want.length) return new Map<number, string>();
  return new Map((await db.selectFrom('trainClasses').select(['id', 'name']).where('id', 'in', want).execute()).map((r) => [r.id, r.name]));
}
