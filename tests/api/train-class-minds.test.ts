/**
 * 学员心得 / 思想汇报 (docs/training.md "Minds"): access, reach by id, validation in
 * Chinese, the member's submit / edit / delete, the organiser's comment (with its site message) and
 * publishing to classmates, the administrators' list scoped to subtree and organised classes.
 * Classes and students are inserted directly: the core Create is another part of the issue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { MIND_INFO_ROUTE, MIND_MSG } from '../../src/server/domains/training/train-class-minds';
import { TRAIN_MSG } from '../../src/server/domains/training/classes';
import { WENJIANG_BRANCH } from '../../src/server/db/seed/accounts';

let app: TestApp;
let province: string;
let district: string; // 温江区
let district2: string; // 郫都区
let branch: string; // 凤凰 branch administrator: no 思想汇报 menu
let member: string; // 李明, 凤凰 branch
let classmate: string; // branchadmin as a member of the 凤凰 branch
let outsider: string; // district2admin as a member of 郫都区: a pending applicant of class A
let memberUserId: number;
let classA: number; // organised by 温江区
let classB: number; // organised by the province

const T = (a: string) => svc('TrainClassService', a);
const call = (token: string | null, method: string, path: string, input: Record<string, unknown> = {}) =>
  method === 'GET' || method === 'DELETE' ? app.call(method, path, { token, query: input }) : app.call(method, path, { token, body: input });
const submit = (token: string, input: Record<string, unknown>) => call(token, 'POST', T('SubmitMind'), input);
const get = (token: string, id: unknown) => call(token, 'GET', T('GetMind'), { id });
const adminList = async (token: string, input: Record<string, unknown> = {}) =>
  ok<{ totalCount: number; items: any[] }>(await call(token, 'GET', T('AdminMinePageList'), { maxResultCount: 100, ...input }));

async function organ(name: string) {
  return app.db.selectFrom('organizations').select(['id', 'organPath']).where('organName', '=', name).executeTakeFirstOrThrow();
}
async function userId(userName: string) {
  return (await app.db.selectFrom('users').select('id').where('userName', '=', userName).executeTakeFirstOrThrow()).id;
}
async function insertClass(name: string, organName: string) {
  const o = await organ(organName);
  const row = await app.db.insertInto('trainClasses').values({ classType: 1, status: 1, name, organId: o.id, organPath: o.organPath }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
async function addStudent(trainClassId: number, userName: string, status: number) {
  const o = await organ(userName === 'district2admin' ? '郫筒街道机关党支部' : WENJIANG_BRANCH);
  await app.db.insertInto('trainClassStudents').values({ trainClassId, userId: await userId(userName), memberName: userName, organId: o.id, organPath: o.organPath, status }).execute();
}

beforeAll(async () => {
  app = await startTestApp();
  province = (await signInAsAdmin(app, 'admin')).token;
  district = (await signInAsAdmin(app, 'districtadmin')).token;
  district2 = (await signInAsAdmin(app, 'district2admin')).token;
  branch = (await signInAsAdmin(app, 'branchadmin')).token;
  member = await app.login('member');
  classmate = await app.login('branchadmin');
  outsider = await app.login('district2admin');
  memberUserId = await userId('member');
  // the demo's minds (demo-training.ts) aside, the lists hold exactly this file's
  await app.db.deleteFrom('trainClassMinds').execute();
  classA = await insertClass('温江区青年党员培训班', '中共成都市温江区委员会');
  classB = await insertClass('全省党务干部培训班', '中共四川省委员会');
  await addStudent(classA, 'member', 1);
  await addStudent(classA, 'branchadmin', 1);
  await addStudent(classA, 'district2admin', 0);
  await addStudent(classB, 'member', 1);
});
afterAll(async () => app?.close());

describe('access', () => {
  it('401 without a token on every call, 403 without 思想汇报', async () => {
    const admin: [string, string][] = [['POST', T('CommetStudentMind')], ['POST', T('SetMindPublic')], ['GET', T('AdminMinePageList')]];
    const self: [string, string][] = [['POST', T('SubmitMind')], ['GET', T('GetMind')], ['DELETE', T('DeleteMind')], ['GET', T('MyMindPageListForApp')], ['GET', T('ClassMindPageList')]];
    for (const [m, p] of [...admin, ...self]) expect((await call(null, m, p, { id: 1 })).status, p).toBe(401);
    for (const t of [member, branch]) for (const [m, p] of admin) expect((await call(t, m, p, { id: 1, comment: '好', isPublic: true })).status, p).toBe(403);
  });

  it('bad input answers 400 in Chinese, never 500', async () => {
    const noTitle = await submit(member, { content: '<p>内容</p>' });
    expect(noTitle.status).toBe(400);
    expect(JSON.stringify(noTitle.body.error)).toContain(MIND_MSG.title);
    const blankTitle = await submit(member, { title: '   ', content: '<p>内容</p>' });
    expect(blankTitle.status).toBe(400);
    expect(JSON.stringify(blankTitle.body.error)).toContain(MIND_MSG.title);
    expect((await submit(member, { title: '标'.repeat(101), content: '<p>内容</p>' })).status).toBe(400);
    for (const content of ['<p><br></p>', '<script>alert(1)</script>', '<p>&nbsp;</p>']) {
      const r = await submit(member, { title: '标题', content });
      expect(r.status, content).toBe(400);
      expect(JSON.stringify(r.body.error)).toContain(MIND_MSG.content);
    }
    expect((await submit(member, { title: '标题', content: '<p>x</p>', trainClassId: 'abc' })).status).toBe(400);
    expect((await get(member, 'abc')).status).toBe(400);
    expect((await get(member, 3000000000)).status).toBe(400);
    expect((await submit(member, { title: '标题', content: '<p>x</p>', trainClassId: 3000000000 })).status).toBe(400);
    expect((await call(member, 'DELETE', T('DeleteMind'), { id: 'abc' })).status).toBe(400);
    expect((await call(district, 'POST', T('CommetStudentMind'), { id: 'abc', comment: '好' })).status).toBe(400);
    expect((await call(district, 'GET', T('AdminMinePageList'), { commented: 'maybe' })).status).toBe(400);
    expect((await call(member, 'GET', T('ClassMindPageList'), {})).status).toBe(400);
  });
});

describe('a member and his minds', () => {
  let classMind: number;
  let plainMind: number;

  it('submits a class mind (sanitised) and one without class; a class he does not study in is refused', async () => {
    classMind = ok(await submit(member, { trainClassId: classA, title: ' 培训体会 ', content: '<p>学习<strong>党章</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">' })).id;
    const got = ok(await get(member, classMind));
    expect(got).toMatchObject({ id: classMind, trainClassId: classA, className: '温江区青年党员培训班', userId: memberUserId, memberName: '李明', organName: WENJIANG_BRANCH, title: '培训体会', comment: null, isPublic: false, commented: false, statusText: '待点评', canEdit: true, canComment: false });
    expect(got.content).toContain('<strong>党章</strong>');
    expect(got.content).not.toMatch(/script|onerror/);

    plainMind = ok(await submit(member, { title: '思想汇报（第一季度）', content: '<p>本季度思想情况</p>' })).id;
    expect(ok(await get(member, plainMind))).toMatchObject({ trainClassId: null, className: null });

    const pending = await submit(outsider, { trainClassId: classA, title: 'x', content: '<p>x</p>' });
    expect(pending.status).toBe(403);
    expect(pending.body.error.message).toBe(TRAIN_MSG.notStudent);
    expect((await submit(member, { trainClassId: 999999, title: 'x', content: '<p>x</p>' })).status).toBe(404);
  });

  it('a double submit makes one mind (the repeat-submit guard)', async () => {
    const body = { title: '重复提交', content: '<p>一次</p>' };
    const first = ok(await submit(classmate, body)).id;
    expect((await submit(classmate, body)).status).toBe(429);
    expect(ok(await call(classmate, 'GET', T('MyMindPageListForApp'), {})).items.map((m: any) => m.id)).toEqual([first]);
    ok(await call(classmate, 'DELETE', T('DeleteMind'), { id: first }));
  });

  it('edits his own mind (an edit without trainClassId keeps the class); another member cannot, by id', async () => {
    ok(await submit(member, { id: classMind, title: '培训体会（修改）', content: '<p>修改后</p>' }));
    expect(ok(await get(member, classMind))).toMatchObject({ title: '培训体会（修改）', content: '<p>修改后</p>', trainClassId: classA });
    expect(ok(await get(member, classMind)).lastModificationTime).toBeTruthy();
    expect((await submit(classmate, { id: classMind, title: '冒名', content: '<p>x</p>' })).status).toBe(404);
    expect((await call(classmate, 'DELETE', T('DeleteMind'), { id: classMind })).status).toBe(404);
    expect((await get(outsider, classMind)).status).toBe(404);
  });

  it('lists his own minds only, newest first', async () => {
    const mine = ok(await call(member, 'GET', T('MyMindPageListForApp'), { maxResultCount: 50 }));
    expect(mine.items.map((m: any) => m.id)).toEqual([plainMind, classMind]);
    expect(ok(await call(member, 'GET', T('MyMindPageListForApp'), { trainClassId: classA })).items.map((m: any) => m.id)).toEqual([classMind]);
    expect(ok(await call(classmate, 'GET', T('MyMindPageListForApp'), {})).totalCount).toBe(0);
  });

  it('the organiser comments a class mind: the member gets a site message; an outsider gets 404', async () => {
    expect((await call(district, 'POST', T('CommetStudentMind'), { id: classMind, comment: '  ' })).status).toBe(400);
    expect((await call(district2, 'POST', T('CommetStudentMind'), { id: classMind, comment: '很好' })).status).toBe(404);
    expect(ok(await get(district, classMind)).canComment).toBe(true);
    ok(await call(district, 'POST', T('CommetStudentMind'), { id: classMind, comment: '体会深刻，继续努力' }));
    const got = ok(await get(member, classMind));
    expect(got).toMatchObject({ comment: '体会深刻，继续努力', commenterName: '陈晓燕', commented: true, statusText: '已点评', canEdit: false });
    expect(Number.isNaN(Date.parse(got.commentTime))).toBe(false);

    const msg = await app.db
      .selectFrom('siteMessages as s')
      .innerJoin('siteMessageReceivers as r', 'r.messageId', 's.id')
      .select(['s.title', 's.linkUrl', 'r.source'])
      .where('r.userId', '=', memberUserId)
      .where('s.linkUrl', '=', `${MIND_INFO_ROUTE}?id=${classMind}`)
      .executeTakeFirst();
    expect(msg).toMatchObject({ source: 2 });
    expect(msg!.title).toContain('培训体会（修改）');
  });

  it('a commented mind can be neither edited nor deleted; an uncommented one is deleted softly', async () => {
    const edit = await submit(member, { id: classMind, title: '再改', content: '<p>x</p>' });
    expect(edit.status).toBe(400);
    expect(edit.body.error.message).toBe(MIND_MSG.commentedNoEdit);
    const del = await call(member, 'DELETE', T('DeleteMind'), { id: classMind });
    expect(del.status).toBe(400);
    expect(del.body.error.message).toBe(MIND_MSG.commentedNoDelete);

    const spare = ok(await submit(member, { title: '待删除', content: '<p>x</p>' })).id;
    expect(ok(await call(member, 'DELETE', T('DeleteMind'), { id: spare }))).toBe(true);
    expect((await get(member, spare)).status).toBe(404);
    expect(await app.db.selectFrom('trainClassMinds').select('isDeleted').where('id', '=', spare).executeTakeFirstOrThrow()).toEqual({ isDeleted: true });
  });

  it('a mind without class is commented by the administrators of the member organisation', async () => {
    expect((await call(district2, 'POST', T('CommetStudentMind'), { id: plainMind, comment: '好' })).status).toBe(404);
    expect((await call(district2, 'POST', T('SetMindPublic'), { id: plainMind, isPublic: true })).status).toBe(404);
    ok(await call(district, 'POST', T('CommetStudentMind'), { id: plainMind, comment: '认识到位' }));
    expect(ok(await get(member, plainMind)).comment).toBe('认识到位');
  });

  it('a mind in a class the province organises: the district reads it (its member) but only the province comments', async () => {
    const provincial = ok(await submit(member, { trainClassId: classB, title: '全省培训心得', content: '<p>收获很大</p>' })).id;
    expect(ok(await get(district, provincial)).canComment).toBe(false);
    const refused = await call(district, 'POST', T('CommetStudentMind'), { id: provincial, comment: '好' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MIND_MSG.notOrganiser);
    ok(await call(province, 'POST', T('CommetStudentMind'), { id: provincial, comment: '优秀' }));
    expect(ok(await get(member, provincial)).commenterName).toBe('王建国');
  });

  it('public minds: hidden from classmates until the organiser publishes, then read by them', async () => {
    const classList = (t: string) => call(t, 'GET', T('ClassMindPageList'), { trainClassId: classA });
    expect((await get(classmate, classMind)).status).toBe(404);
    expect(ok(await classList(classmate)).totalCount).toBe(0);
    expect((await classList(outsider)).status).toBe(403);
    expect((await call(member, 'GET', T('ClassMindPageList'), { trainClassId: 999999 })).status).toBe(404);

    expect((await call(district2, 'POST', T('SetMindPublic'), { id: classMind, isPublic: true })).status).toBe(404);
    ok(await call(district, 'POST', T('SetMindPublic'), { id: classMind, isPublic: true }));
    expect(ok(await get(classmate, classMind))).toMatchObject({ id: classMind, isPublic: true, canEdit: false, canComment: false });
    expect(ok(await classList(classmate)).items.map((m: any) => m.id)).toEqual([classMind]);
    expect(ok(await classList(district)).totalCount).toBe(1); // the organiser reads the class's list too
    expect((await get(outsider, classMind)).status).toBe(404); // a pending applicant is no classmate
    expect((await get(classmate, plainMind)).status).toBe(404); // nor is a mind without class anyone's

    ok(await call(district, 'POST', T('SetMindPublic'), { id: classMind, isPublic: false }));
    expect((await get(classmate, classMind)).status).toBe(404);
  });

  it('AdminMinePageList: the subtree and the organised classes, with filters; the sibling district sees none of 温江', async () => {
    const all = adminList(district);
    const ids = (await all).items.map((m) => m.id);
    expect(ids).toContain(classMind);
    expect(ids).toContain(plainMind);
    expect((await all).items.find((m) => m.id === classMind)).toMatchObject({ memberName: '李明', className: '温江区青年党员培训班', canComment: true });
    expect((await adminList(district2)).items.filter((m) => ids.includes(m.id))).toEqual([]);
    expect((await adminList(province)).totalCount).toBeGreaterThanOrEqual(3);

    const pending = ok(await submit(member, { title: '待点评的汇报', content: '<p>x</p>' })).id;
    expect((await adminList(district, { commented: false })).items.map((m) => m.id)).toEqual([pending]);
    expect((await adminList(district, { commented: true })).items.map((m) => m.id)).not.toContain(pending);
    expect((await adminList(district, { title: '待点评' })).items.map((m) => m.id)).toEqual([pending]);
    expect((await adminList(district, { name: '李' })).totalCount).toBe(ids.length + 1);
    expect((await adminList(district, { name: '不存在的人' })).totalCount).toBe(0);
    expect((await adminList(district, { trainClassId: classA })).items.map((m) => m.id)).toEqual([classMind]);
    ok(await call(district, 'POST', T('SetMindPublic'), { id: classMind, isPublic: true }));
    expect((await adminList(district, { isPublic: true })).items.map((m) => m.id)).toEqual([classMind]);
    expect((await adminList(district, { isPublic: false })).items.map((m) => m.id)).not.toContain(classMind);
  });
});
