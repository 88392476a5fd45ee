/**
 * 集中轮训: programmes whose batches are classes with assigned students — access, reach by
 * id, validation in Chinese, one batch per organisation (subtrees too), students materialised and
 * re-synced when organisations move, the member's own batch, delete.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { CEN_MSG } from '../../src/server/domains/training/cen-train';
import { ASSIGNED_SOURCE } from '../../src/server/domains/training/rotation';
import { subtreeRange } from '../../src/server/scope';

let app: TestApp;
let province: string;
let district: string; // 温江区
let district2: string; // 郫都区
let branch: string; // no 集中轮训 menu
let member: string; // 李明, 凤凰 branch under 温江区
let memberUserId: number;
let wenjiang: { id: number; path: string };
let pidu: { id: number; path: string };
let fenghuang: { id: number; path: string }; // 李明's branch

const T = (a: string) => svc('TrainClassService', a);
const call = (token: string | null, method: string, path: string, input: Record<string, unknown> = {}) =>
  method === 'GET' || method === 'DELETE' ? app.call(method, path, { token, query: input }) : app.call(method, path, { token, body: input });

/** Members with an account in a subtree: who a batch of that organisation must hold. */
const membersUnder = async (path: string) =>
  Number(
    (
      await app.db
        .selectFrom('partyMembers as m')
        .select(sql<number>`count(distinct m.user_id)::int`.as('n'))
        .where(subtreeRange('m.organPath', path))
        .where('m.isDeleted', '=', false)
        .where('m.status', '=', 1)
        .where('m.userId', 'is not', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

const studentsOf = (classId: number) => app.db.selectFrom('trainClassStudents').select(['userId', 'status', 'source', 'organPath']).where('trainClassId', '=', classId).execute();

const programme = (batches: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  name: '2026年度党员集中轮训', year: 2026, introduction: '<p>全员<strong>轮训</strong></p><script>alert(1)</script>', startTime: '2026-03-01', endTime: '2026-12-31', batches, ...extra,
});

beforeAll(async () => {
  app = await startTestApp();
  app.freeze('2026-05-10T02:00:00Z');
  province = (await signInAsAdmin(app, 'admin')).token;
  const d = await signInAsAdmin(app, 'districtadmin');
  district = d.token;
  wenjiang = { id: d.organId, path: d.organPath };
  const d2 = await signInAsAdmin(app, 'district2admin');
  district2 = d2.token;
  pidu = { id: d2.organId, path: d2.organPath };
  branch = (await signInAsAdmin(app, 'branchadmin')).token;
  member = await app.login('member');
  memberUserId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
  const m = await app.db.selectFrom('partyMembers').select(['organId', 'organPath']).where('userId', '=', memberUserId).where('isDeleted', '=', false).executeTakeFirstOrThrow();
  fenghuang = { id: m.organId, path: m.organPath };
  // the demo programme (demo-training.ts) aside: this file counts programmes and batches of its own
  const demoBatches = (await app.db.selectFrom('trainClasses').select('id').where('cenTrainId', 'is not', null).execute()).map((b) => b.id);
  if (demoBatches.length) {
    await app.db.deleteFrom('trainClassStudents').where('trainClassId', 'in', demoBatches).execute();
    await app.db.deleteFrom('trainClassScopes').where('trainClassId', 'in', demoBatches).execute();
    await app.db.deleteFrom('trainClasses').where('id', 'in', demoBatches).execute();
  }
  await app.db.deleteFrom('cenTrains').execute();
  expect(fenghuang.path.startsWith(wenjiang.path) && fenghuang.path !== wenjiang.path).toBe(true);
});
afterAll(async () => app?.close());

describe('access', () => {
  it('401 without a token, 403 without 集中轮训', async () => {
    const admin: [string, string][] = [['POST', T('CreateCenTrain')], ['PUT', T('UpdateCenTrain')], ['GET', T('GetCenTrainById')], ['GET', T('CenTrainPageList')], ['DELETE', T('DeleteCenTrain')], ['GET', T('CenTrainBatchList')], ['GET', T('CenTrainOrganOptions')]];
    for (const [m, p] of [...admin, ['GET', T('MyCenTrainPageList')] as [string, string]]) expect((await call(null, m, p)).status, p).toBe(401);
    for (const t of [member, branch]) for (const [m, p] of admin) expect((await call(t, m, p, { id: 1 })).status, p).toBe(403);
  });
});

describe('organisation options', () => {
  it('answer the caller\'s organisation and two levels below it, as a tree', async () => {
    const [root] = ok<any[]>(await call(district, 'GET', T('CenTrainOrganOptions')));
    expect(root.id).toBe(wenjiang.id);
    expect(root.children.length).toBeGreaterThan(0);
    const flat = (n: any): any[] => [n, ...(n.children ?? []).flatMap(flat)];
    expect(flat(root).some((n) => n.id === fenghuang.id)).toBe(true);
    expect(root.children.every((c: any) => (c.children ?? []).every((g: any) => !g.children))).toBe(true);
    const [top] = ok<any[]>(await call(province, 'GET', T('CenTrainOrganOptions')));
    expect(flat(top).some((n) => n.id === pidu.id)).toBe(true);
  });
});

describe('programmes', () => {
  let id: number;
  let batch1: number;
  let batch2: number;

  it('refuses bad input with Chinese messages on the fields, never a 500', async () => {
    const empty = await call(province, 'POST', T('CreateCenTrain'), {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    const blank = await call(province, 'POST', T('CreateCenTrain'), programme([{ className: ' ', startTime: '2026-04-01 09:00', endTime: '2026-03-20 17:00', organIds: [] }], { name: '  ', startTime: 'x' }));
    expect(blank.status).toBe(400);
    const errs = blank.body.error.validationErrors as { message: string; members: string[] }[];
    const on = (f: string) => errs.find((e) => e.members.includes(f))?.message;
    expect(on('name')).toBe(CEN_MSG.name);
    expect(on('startTime')).toBe(CEN_MSG.startTime);
    expect(on('batches[0].className')).toBe(CEN_MSG.className);
    expect(on('batches[0].endTime')).toBe(CEN_MSG.endAfterStart);
    expect(on('batches[0].organIds')).toBe(CEN_MSG.organIds);
    const outside = await call(province, 'POST', T('CreateCenTrain'), programme([{ className: '第一期', startTime: '2027-01-05 09:00', endTime: '2027-01-06 17:00', organIds: [wenjiang.id] }]));
    expect(outside.status).toBe(400);
    expect(outside.body.error.validationErrors[0]).toMatchObject({ message: CEN_MSG.batchWithin, members: ['batches[0].startTime'] });
    const noBatches = await call(province, 'POST', T('CreateCenTrain'), programme([]));
    expect(noBatches.status).toBe(400);
    const badYear = await call(province, 'POST', T('CreateCenTrain'), programme([{ className: 'a', startTime: '2026-04-01 09:00', endTime: '2026-04-02 17:00', organIds: 'x' }], { year: 'abc' }));
    expect(badYear.status).toBe(400);
    const nothingWritten = await app.db.selectFrom('cenTrains').select('id').execute();
    expect(nothingWritten).toEqual([]);
  });

  it('refuses an organisation in two batches, subtrees too', async () => {
    const same = await call(province, 'POST', T('CreateCenTrain'), programme([
      { className: '第一期', startTime: '2026-04-01 09:00', endTime: '2026-04-03 17:00', organIds: [wenjiang.id] },
      { className: '第二期', startTime: '2026-05-01 09:00', endTime: '2026-05-03 17:00', organIds: [wenjiang.id, pidu.id] },
    ]));
    expect(same.status).toBe(400);
    expect(same.body.error.validationErrors[0]).toMatchObject({ message: CEN_MSG.organOverlap, members: ['batches[1].organIds'] });
    const nested = await call(province, 'POST', T('CreateCenTrain'), programme([
      { className: '第一期', startTime: '2026-04-01 09:00', endTime: '2026-04-03 17:00', organIds: [wenjiang.id] },
      { className: '第二期', startTime: '2026-05-01 09:00', endTime: '2026-05-03 17:00', organIds: [fenghuang.id] },
    ]));
    expect(nested.status).toBe(400);
    expect(nested.body.error.message).toBe(CEN_MSG.organOverlap);
  });

  it('refuses organisations beyond the caller\'s subtree as missing', async () => {
    const r = await call(district, 'POST', T('CreateCenTrain'), programme([{ className: '第一期', startTime: '2026-04-01 09:00', endTime: '2026-04-03 17:00', organIds: [pidu.id] }]));
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(CEN_MSG.organNotFound);
  });

  it('creates a programme with two batches, each a published class whose students are the members of its organisations', async () => {
    id = ok(await call(province, 'POST', T('CreateCenTrain'), programme([
      { className: '第一期（温江区）', startTime: '2026-04-01 09:00', endTime: '2026-04-03 17:00', address: '温江区党校', organIds: [wenjiang.id] },
      { className: '第二期（郫都区）', startTime: '2026-06-01 09:00', endTime: '2026-06-03 17:00', organIds: [pidu.id] },
    ]))).id;
    const got = ok(await call(province, 'GET', T('GetCenTrainById'), { id }));
    expect(got).toMatchObject({ id, name: '2026年度党员集中轮训', year: 2026, createOrganName: expect.any(String), batchCount: 2 });
    expect(got.introduction).toContain('<strong>轮训</strong>');
    expect(got.introduction).not.toContain('script');
    // days in the platform zone: the programme's end is the last second of its day
    expect(new Date(got.startTime).toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(new Date(got.endTime).toISOString()).toBe('2026-12-31T15:59:59.000Z');
    [batch1, batch2] = got.batches.map((b: any) => b.id);
    const [w, p] = [await membersUnder(wenjiang.path), await membersUnder(pidu.path)];
    expect(w).toBeGreaterThan(0);
    expect(p).toBeGreaterThan(0);
    expect(got.batches[0]).toMatchObject({ className: '第一期（温江区）', address: '温江区党校', organs: [{ organId: wenjiang.id, organName: expect.any(String) }], studentCount: w, signedCount: 0, statusText: '已结束' });
    expect(got.batches[1]).toMatchObject({ className: '第二期（郫都区）', organIds: [pidu.id], studentCount: p, statusText: '待开班' });
    expect(new Date(got.batches[0].startTime).toISOString()).toBe('2026-04-01T01:00:00.000Z');
    expect(got.studentCount).toBe(w + p);
    const rows = await studentsOf(batch1);
    expect(rows.every((r) => r.status === 1 && r.source === ASSIGNED_SOURCE && r.organPath.startsWith(wenjiang.path))).toBe(true);
    const cls = await app.db.selectFrom('trainClasses').selectAll().where('id', '=', batch1).executeTakeFirstOrThrow();
    expect(cls).toMatchObject({ classType: 1, status: 1, cenTrainId: id, needAudit: false, organPath: '/1/' });
    const list = ok(await call(province, 'GET', T('CenTrainPageList'), { name: '集中轮训', MaxResultCount: 10 }));
    expect(list.items.map((x: any) => x.id)).toContain(id);
  });

  it('the member sees the programme with his batch', async () => {
    const mine = ok(await call(member, 'GET', T('MyCenTrainPageList'), { MaxResultCount: 10 }));
    expect(mine.totalCount).toBe(1);
    expect(mine.items[0]).toMatchObject({ id, name: '2026年度党员集中轮训', batch: { id: batch1, className: '第一期（温江区）', address: '温江区党校', statusText: '已结束' } });
  });

  it('reach by id: a district reads only programmes of its subtree', async () => {
    expect((await call(district, 'GET', T('GetCenTrainById'), { id })).status).toBe(404);
    expect(ok(await call(district, 'GET', T('CenTrainPageList'), {})).items.map((x: any) => x.id)).not.toContain(id);
    const own = ok(await call(district, 'POST', T('CreateCenTrain'), programme([{ className: '温江一期', startTime: '2026-07-01 09:00', endTime: '2026-07-02 17:00', organIds: [fenghuang.id] }], { name: '温江区轮训' }))).id;
    expect(ok(await call(province, 'GET', T('GetCenTrainById'), { id: own })).createOrganName).toBeTruthy();
    for (const [m, p] of [['GET', T('GetCenTrainById')], ['GET', T('CenTrainBatchList')], ['DELETE', T('DeleteCenTrain')]] as const) expect((await call(district2, m, p, { id: own })).status, p).toBe(404);
    const upd = await call(district2, 'PUT', T('UpdateCenTrain'), { id: own, ...programme([{ className: 'x', startTime: '2026-07-01 09:00', endTime: '2026-07-02 17:00', organIds: [pidu.id] }]) });
    expect(upd.status).toBe(404);
    // the member is in a batch of each programme now
    expect(ok(await call(member, 'GET', T('MyCenTrainPageList'), {})).totalCount).toBe(2);
    ok(await call(district, 'DELETE', T('DeleteCenTrain'), { id: own }));
    expect(ok(await call(member, 'GET', T('MyCenTrainPageList'), {})).totalCount).toBe(1);
  });

  it('update moves organisations between batches: assigned students follow, applied ones stay', async () => {
    // someone of 郫都区 applied to batch 1 on his own: he keeps his row
    const other = await app.db.selectFrom('partyMembers').select(['userId', 'name', 'organId', 'organPath']).where(subtreeRange('organPath', pidu.path)).where('userId', 'is not', null).where('status', '=', 1).where('isDeleted', '=', false).executeTakeFirstOrThrow();
    await app.db.insertInto('trainClassStudents').values({ trainClassId: batch1, userId: other.userId!, memberName: other.name, organId: other.organId, organPath: other.organPath, status: 0, source: 1 }).onConflict((oc) => oc.doNothing()).execute();
    const r = ok(await call(province, 'PUT', T('UpdateCenTrain'), {
      id, ...programme([
        { id: batch1, className: '第一期', startTime: '2026-04-01 09:00', endTime: '2026-04-03 17:00', organIds: [pidu.id] },
        { id: batch2, className: '第二期', startTime: '2026-06-01 09:00', endTime: '2026-06-03 17:00', organIds: [wenjiang.id] },
      ], { name: '2026年度轮训（修订）' }),
    }));
    expect(r.id).toBe(id);
    const got = ok(await call(province, 'GET', T('GetCenTrainById'), { id }));
    expect(got.name).toBe('2026年度轮训（修订）');
    expect(got.batches.map((b: any) => b.organIds)).toEqual([[pidu.id], [wenjiang.id]]);
    const [w, p] = [await membersUnder(wenjiang.path), await membersUnder(pidu.path)];
    const b1 = await studentsOf(batch1);
    expect(b1.filter((s) => s.source === ASSIGNED_SOURCE).every((s) => s.organPath.startsWith(pidu.path))).toBe(true);
    expect(b1.find((s) => s.userId === other.userId)).toMatchObject({ source: 1, status: 0 });
    expect(got.batches[0].studentCount).toBe(p - 1); // the applicant is still pending
    expect(got.batches[1].studentCount).toBe(w);
    const mine = ok(await call(member, 'GET', T('MyCenTrainPageList'), {}));
    expect(mine.items[0].batch).toMatchObject({ id: batch2, className: '第二期' });
    expect(b1.some((s) => s.userId === memberUserId)).toBe(false);
  });

  it('adds a batch and removes one; a batch with sign-ins cannot be removed', async () => {
    const r = ok(await call(province, 'PUT', T('UpdateCenTrain'), {
      id, ...programme([
        { id: batch2, className: '第二期', startTime: '2026-06-01 09:00', endTime: '2026-06-03 17:00', organIds: [wenjiang.id] },
        { className: '第三期', startTime: '2026-09-01 09:00', endTime: '2026-09-03 17:00', organIds: [pidu.id] },
      ]),
    }));
    const got = ok(await call(province, 'GET', T('GetCenTrainById'), { id: r.id }));
    expect(got.batches.map((b: any) => b.className)).toEqual(['第二期', '第三期']);
    expect(got.batches[1].studentCount).toBe(await membersUnder(pidu.path));
    expect((await app.db.selectFrom('trainClasses').select('isDeleted').where('id', '=', batch1).executeTakeFirstOrThrow()).isDeleted).toBe(true);
    // a sign-in on the second batch
    const course = await app.db.insertInto('trainClassCourses').values({ trainClassId: batch2, courseName: '党史', introduction: null }).returning('id').executeTakeFirstOrThrow();
    await app.db.insertInto('trainClassSignins').values({ courseId: course.id, userId: memberUserId, trainClassId: batch2, signTime: new Date(), signedByUserId: null }).execute();
    const refused = await call(province, 'PUT', T('UpdateCenTrain'), { id, ...programme([{ id: got.batches[1].id, className: '第三期', startTime: '2026-09-01 09:00', endTime: '2026-09-03 17:00', organIds: [pidu.id] }]) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(CEN_MSG.batchSigned('第二期'));
    expect((await call(province, 'DELETE', T('DeleteCenTrain'), { id })).status).toBe(400);
    expect(ok(await call(province, 'GET', T('GetCenTrainById'), { id })).batches[0].signedCount).toBe(1);
    // a batch id of another programme is refused
    const stray = await call(province, 'PUT', T('UpdateCenTrain'), { id, ...programme([{ id: 999999, className: 'x', startTime: '2026-09-01 09:00', endTime: '2026-09-03 17:00', organIds: [pidu.id] }]) });
    expect(stray.status).toBe(400);
  });

  it('deletes a programme with its batches', async () => {
    await app.db.deleteFrom('trainClassSignins').execute();
    ok(await call(province, 'DELETE', T('DeleteCenTrain'), { id }));
    expect((await call(province, 'GET', T('GetCenTrainById'), { id })).status).toBe(404);
    expect(ok(await call(member, 'GET', T('MyCenTrainPageList'), {})).totalCount).toBe(0);
    const live = await app.db.selectFrom('trainClasses').select('id').where('cenTrainId', '=', id).where('isDeleted', '=', false).execute();
    expect(live).toEqual([]);
  });
});
