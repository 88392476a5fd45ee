/**
 * 考试管理's kept figures (migration 051: each member's best per paper, each paper's 参考 / 通过 and
 * bests' sum, how many members' best is each score) against a recount of exam_results after every kind of write — an attempt opened, handed
 * in, marked, bettered, closed in bulk, removed — and, on PostgreSQL, two transactions writing
 * attempts of one member at once. The paper list and 考试统计 answer from them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REBUILD_EXAM_FIGURES } from '../../src/server/db/migrations/051-exam-figures';
import { ok, onPostgres, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
let paperId: number;
const USER = 900_000; // accounts of this test only: exam_results names its user by id
const base = { memberName: '测试党员', organId: 1, organPath: '/1/', startTime: new Date(), deadline: new Date(Date.now() + 3_600_000) };

beforeAll(async () => {
  app = await startTestApp();
  paperId = (await app.db.selectFrom('examPapers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => app?.close());

/** The figures as kept and as recounted from the results, per paper: "joined,passed,bestSum,scored". */
async function figures() {
  const kept = await sql<{ k: number; v: string }>`
    select paper_id as k, concat_ws(',', join_count, pass_count, best_sum::numeric(14,1), scored_count) as v from exam_paper_figures
    where join_count <> 0 or pass_count <> 0 or best_sum <> 0 or scored_count <> 0`.execute(app.db);
  const raw = await sql<{ k: number; v: string }>`
    select paper_id as k, concat_ws(',', count(*), count(*) filter (where passed), coalesce(sum(coalesce(best, 0)), 0)::numeric(14,1), count(best)) as v
    from (select paper_id, user_id, max(score) as best, bool_or(coalesce(passed, false)) as passed from exam_results where status <> 1 group by 1, 2) b
    group by 1`.execute(app.db);
  const bests = await sql<{ k: string; v: string }>`select paper_id || '/' || user_id as k, concat_ws(',', best, passed) as v from exam_member_bests where joined`.execute(app.db);
  const rawBests = await sql<{ k: string; v: string }>`
    select paper_id || '/' || user_id as k, concat_ws(',', max(score), bool_or(coalesce(passed, false))) as v from exam_results where status <> 1 group by 1`.execute(app.db);
  const scores = await sql<{ k: string; v: string }>`select paper_id || '/' || score as k, n::text as v from exam_paper_scores where n <> 0`.execute(app.db);
  const rawScores = await sql<{ k: string; v: string }>`
    select paper_id || '/' || coalesce(best, 0)::numeric(6,1) as k, count(*)::text as v
    from (select paper_id, user_id, max(score) as best from exam_results where status <> 1 group by 1, 2) b group by 1`.execute(app.db);
  const map = (rows: { k: unknown; v: string }[]) => Object.fromEntries(rows.map((r) => [String(r.k), r.v]));
  return { kept: map(kept.rows), raw: map(raw.rows), bests: map(bests.rows), rawBests: map(rawBests.rows), scores: map(scores.rows), rawScores: map(rawScores.rows) };
}
const expectKept = async () => {
  const f = await figures();
  expect(f.kept).toEqual(f.raw);
  expect(f.bests).toEqual(f.rawBests);
  expect(f.scores).toEqual(f.rawScores);
  return f;
};
const mine = (f: Awaited<ReturnType<typeof figures>>) => f.kept[String(paperId)];

const attempt = (userId: number, attemptNo: number) => app.db.insertInto('examResults').values({ ...base, paperId, userId, attemptNo }).returning('id').executeTakeFirstOrThrow();
const handIn = (id: number, score: number | null, passed: boolean | null, status = 3) => app.db.updateTable('examResults').set({ status, score, passed, submitTime: new Date() }).where('id', '=', id).execute();

describe('kept exam figures', () => {
  it('equal the recount after the seed, and after a rebuild', async () => {
    const before = await expectKept();
    for (const s of REBUILD_EXAM_FIGURES.split(';').map((x) => x.trim()).filter(Boolean)) await sql.raw(s).execute(app.db);
    expect((await expectKept()).kept).toEqual(before.kept);
  });

  it('follow an attempt opened, handed in for marking, marked, bettered and removed', async () => {
    const start = mine(await expectKept());
    const a1 = await attempt(USER + 1, 1);
    expect(mine(await expectKept())).toBe(start); // answering: not joined yet
    await handIn(a1.id, 40, null, 2); // a short answer to mark
    await expectKept();
    await handIn(a1.id, 55, false); // marked: failed
    await expectKept();
    const a2 = await attempt(USER + 1, 2);
    await handIn(a2.id, 90, true); // the second attempt passes: his best is 90, passed
    const f = await expectKept();
    expect(f.bests[`${paperId}/${USER + 1}`]).toBe('90.0,t');
    await app.db.deleteFrom('examResults').where('id', '=', a2.id).execute();
    expect((await expectKept()).bests[`${paperId}/${USER + 1}`]).toBe('55.0,f');
  });

  it('follow many members written by one statement (a bulk load, the deadline closing every open attempt)', async () => {
    const users = Array.from({ length: 300 }, (_, i) => USER + 100 + i);
    await app.db.insertInto('examResults').values(users.map((userId) => ({ ...base, paperId, userId, attemptNo: 1 }))).execute();
    await expectKept();
    await app.db.updateTable('examResults').set({ status: 3, closedBy: 2, score: sql`(user_id % 100)::numeric`, passed: sql`user_id % 100 >= 60` }).where('userId', 'in', users).execute();
    const f = await expectKept();
    expect(Number(mine(f).split(',')[0])).toBeGreaterThanOrEqual(300);
    await app.db.deleteFrom('examResults').where('userId', 'in', users.slice(0, 100)).execute();
    await expectKept();
    // several attempts of one member in one statement: he is counted once, by his best
    const one = USER + 50;
    await app.db.insertInto('examResults').values([1, 2, 3].map((attemptNo) => ({ ...base, paperId, userId: one, attemptNo, status: 3, score: attemptNo * 20, passed: attemptNo === 3 }))).execute();
    expect((await expectKept()).bests[`${paperId}/${one}`]).toBe('60.0,t');
    await app.db.deleteFrom('examResults').where('userId', '=', one).where('attemptNo', 'in', [2, 3]).execute();
    expect((await expectKept()).bests[`${paperId}/${one}`]).toBe('20.0,f');
  });

  it('are what the paper list and 考试统计 answer', async () => {
    const { token } = await signInAsAdmin(app, 'admin');
    const [joined, passed, sum] = mine(await expectKept()).split(',').map(Number);
    const list = ok(await app.call('GET', svc('ExamPaperService', 'GetPagedAdminPaperList'), { token, query: { maxResultCount: 100 } }));
    expect(list.items.find((p: { id: number }) => p.id === paperId)).toMatchObject({ joinCount: joined, passCount: passed });
    const stats = ok(await app.call('GET', svc('ExamPaperService', 'GetExamResultByPaperId'), { token, query: { paperId } }));
    expect(stats).toMatchObject({ joinCount: joined, passCount: passed, averageScore: Math.round((sum / joined) * 10) / 10 });
    expect(stats.distribution.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(joined);
    const spread = await sql<{ hi: string; lo: string }>`
      select max(coalesce(best, 0)) as hi, min(coalesce(best, 0)) as lo
      from (select user_id, max(score) as best from exam_results where paper_id = ${paperId} and status <> 1 group by 1) b`.execute(app.db);
    expect(stats).toMatchObject({ maxScore: Number(spread.rows[0].hi), minScore: Number(spread.rows[0].lo) });
  });

  it.runIf(onPostgres)('stay right when two transactions write attempts of one member at once', async () => {
    const a = await attempt(USER + 2, 1);
    const b = await attempt(USER + 2, 2);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let firstWrote!: () => void;
    const wrote = new Promise<void>((r) => (firstWrote = r));
    const first = app.db.transaction().execute(async (trx) => {
      await trx.updateTable('examResults').set({ status: 3, score: 70, passed: true }).where('id', '=', a.id).execute();
      firstWrote();
      await held;
    });
    await wrote;
    // the second queues on the member's row until the first commits, then counts from what it committed
    const second = app.db.transaction().execute(async (trx) => {
      await trx.updateTable('examResults').set({ status: 3, score: 80, passed: true }).where('id', '=', b.id).execute();
    });
    await new Promise((r) => setTimeout(r, 200));
    release();
    await Promise.all([first, second]);
    expect((await expectKept()).bests[`${paperId}/${USER + 2}`]).toBe('80.0,t');
  });
});
