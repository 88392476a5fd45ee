/**
 * 培训班: classes with scope, dates and places; applications audited by the organiser;
 * students added and removed; places allocated to organisations of the scope and never exceeded,
 * even under 50 simultaneous applications, additions and allocations; reminders as site messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { ENROL_MSG } from '../../src/server/domains/training/enrol';
import { CLASS_MSG } from '../../src/server/domains/training/train-class-core';
import { overruns, type Places } from '../../src/server/domains/training/places';
import { readPlaces } from '../../src/server/domains/training/enrol';
import { DEMO_CLASS_NAME, DEMO_OPEN_CLASS_NAME } from '../../src/server/db/seed/demo-training';

let app: TestApp;
let province: string;
let district: string; // 温江区
let district2: string; // 郫都区
let branch: string; // no 培训班 menu
let member: string; // 李明, 凤凰社区 (温江区)
let memberUserId: number;
let wenjiang: { id: number; organPath: string };
let pidu: { id: number; organPath: string };
let fenghuang: { id: number; organPath: string };

const T = (a: string) => svc('TrainClassService', a);
const call = (token: string | null, method: string, path: string, input: Record<string, unknown> = {}) =>
  method === 'GET' || method === 'DELETE' ? app.call(method, path, { token, query: input }) : app.call(method, path, { token, body: input });
const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
/** a class open for applications now: applications for ten days, the class after them */
const openClass = (over: Record<string, unknown> = {}) => ({
  className: `党务干部培训班${Math.random().toString(36).slice(2, 7)}`,
  applyStartTime: iso(-DAY), applyEndTime: iso(10 * DAY), startTime: iso(11 * DAY), endTime: iso(15 * DAY), trainNumbers: 10, ...over,
});
const WENJIANG = '中共成都市温江区委员会';
const errorOf = (r: { body: any }) => r.body.error?.validationErrors?.[0]?.message ?? r.body.error?.message;

beforeAll(async () => {
  app = await startTestApp();
  province = (await signInAsAdmin(app, 'admin')).token;
  const d = await signInAsAdmin(app, 'districtadmin');
  const d2 = await signInAsAdmin(app, 'district2admin');
  district = d.token;
  district2 = d2.token;
  wenjiang = { id: d.organId, organPath: d.organPath };
  pidu = { id: d2.organId, organPath: d2.organPath };
  branch = (await signInAsAdmin(app, 'branchadmin')).token;
  member = await app.login('member');
  memberUserId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
  const m = await app.db.selectFrom('partyMembers').select(['organId', 'organPath']).where('userId', '=', memberUserId).executeTakeFirstOrThrow();
  fenghuang = { id: m.organId, organPath: m.organPath };
});
afterAll(async () => app?.close());

describe('demo', () => {
  it('the demo member studies in the running class and may apply to the open one', async () => {
    const mine = ok(await call(member, 'GET', T('MyClassPageList'))).items;
    expect(mine.find((c: any) => c.className === DEMO_CLASS_NAME)).toMatchObject({ studentStatus: 1, state: 4, statusText: '进行中' });
    const open = ok(await call(member, 'GET', T('ClassMineList'), { name: DEMO_OPEN_CLASS_NAME })).items;
    expect(open).toEqual([expect.objectContaining({ canApply: true, statusText: '报名中', studentStatus: null })]);
    const running = mine.find((c: any) => c.className === DEMO_CLASS_NAME);
    const got = ok(await call(district, 'GET', T('Get'), { id: running.id }));
    expect(got).toMatchObject({ pendingCount: 1, allocatedCount: 20, courseCount: 2 });
    expect(got.studentCount).toBeGreaterThan(2);
  });
});

describe('access', () => {
  it('401 without a token, 403 without 培训班, member calls for any signed-in user', async () => {
    const admin: [string, string][] = [
      ['POST', T('Create')], ['PUT', T('Update')], ['DELETE', T('Delete')], ['GET', T('Get')], ['GET', T('PageList')], ['POST', T('ShrinkTeachingScope')],
      ['POST', T('AddOrUpdateTrainClassNumbers')], ['POST', T('AddTrainClassNumbers')], ['POST', T('AllocedDelete')], ['GET', T('AllocedPageList')],
      ['GET', T('StudentPageList')], ['POST', T('AddStudent')], ['DELETE', T('RemoveStudent')], ['POST', T('Audit')], ['POST', T('RemindUser')],
    ];
    const self: [string, string][] = [['POST', T('Apply')], ['GET', T('ClassMineList')], ['GET', T('MyClassPageList')], ['GET', T('GetMyClass')]];
    for (const [m, p] of [...admin, ...self]) expect((await call(null, m, p)).status, p).toBe(401);
    for (const t of [member, branch]) for (const [m, p] of admin) expect((await call(t, m, p, { id: 1, trainClassId: 1, ...openClass() })).status, p).toBe(403);
    expect(ok(await call(member, 'GET', T('ClassMineList'))).items).toBeInstanceOf(Array);
  });
});

describe('classes for administrators', () => {
  let id: number;

  it('refuses bad input in Chinese, never a 500', async () => {
    for (const body of [{}, { ...openClass(), className: '  ' }, { ...openClass(), trainNumbers: -1 }, { ...openClass(), startTime: 'abc' }, { ...openClass(), scopeList: ['x'] }, { ...openClass(), trainNumbers: 'x' }]) {
      const r = await call(district, 'POST', T('Create'), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(r)).toMatch(/[\u4e00-\u9fa5]/);
    }
    const order = await call(district, 'POST', T('Create'), openClass({ endTime: iso(11 * DAY - 1000) }));
    expect(errorOf(order)).toBe(CLASS_MSG.endOrder);
    const apply = await call(district, 'POST', T('Create'), openClass({ applyEndTime: iso(-2 * DAY) }));
    expect(errorOf(apply)).toBe(CLASS_MSG.applyOrder);
    const outside = await call(district, 'POST', T('Create'), openClass({ scopeList: [pidu.id] }));
    expect(errorOf(outside)).toBe(CLASS_MSG.organ);
    expect((await call(district, 'GET', T('Get'), { id: 'abc' })).status).toBe(400);
  });

  it('creates a class of the district, its scope the district by default, its introduction sanitised', async () => {
    id = ok(await call(district, 'POST', T('Create'), openClass({ className: '温江区党支部书记培训班', introduction: '<p>提升<b>履职能力</b></p><script>x()</script>', address: '温江区委党校' }))).id;
    const got = ok(await call(district, 'GET', T('Get'), { id }));
    expect(got).toMatchObject({ className: '温江区党支部书记培训班', trainNumbers: 10, state: 2, statusText: '报名中', createOrganName: WENJIANG, studentCount: 0, pendingCount: 0, allocatedCount: 0, needAudit: true, address: '温江区委党校' });
    expect(got.scopeList).toEqual([{ organId: wenjiang.id, organName: WENJIANG }]);
    expect(got.introduction).not.toContain('script');
  });

  it('reach: the province sees a district class; a sibling district answers as missing, by id too', async () => {
    expect(ok(await call(province, 'GET', T('Get'), { id })).className).toBe('温江区党支部书记培训班');
    expect((await call(district2, 'GET', T('Get'), { id })).status).toBe(404);
    expect((await call(district2, 'PUT', T('Update'), { id, ...openClass() })).status).toBe(404);
    expect((await call(district2, 'POST', T('AddOrUpdateTrainClassNumbers'), { trainClassId: id, organId: pidu.id, numbers: 1 })).status).toBe(404);
    expect(ok(await call(district2, 'GET', T('PageList'), { MaxResultCount: 100 })).items.some((c: any) => c.id === id)).toBe(false);
    expect(ok(await call(district, 'GET', T('PageList'), { className: '书记培训', state: 2 })).items.map((c: any) => c.id)).toContain(id);
  });

  it('allocates places within the total and refuses more than is left, or less than is used', async () => {
    const a = ok(await call(district, 'POST', T('AddOrUpdateTrainClassNumbers'), { trainClassId: id, organId: fenghuang.id, numbers: 6 })).id;
    const over = await call(district, 'POST', T('AddTrainClassNumbers'), { trainClassId: id, items: [{ organId: fenghuang.id, numbers: 6 }, { organId: wenjiang.id, numbers: 5 }] });
    expect(over.status).toBe(400);
    const list = ok(await call(district, 'GET', T('AllocedPageList'), { trainClassId: id }));
    expect(list).toMatchObject({ trainNumbers: 10, allocatedTotal: 6 });
    expect(list.items).toEqual([expect.objectContaining({ id: a, organId: fenghuang.id, numbers: 6, usedCount: 0, subAllocated: 0 })]);
    const tooMany = await call(district, 'POST', T('AddOrUpdateTrainClassNumbers'), { trainClassId: id, organId: fenghuang.id, numbers: 11 });
    expect(errorOf(tooMany)).toBe(ENROL_MSG.over(10));
    // the class total cannot fall below what is given out
    const shrink = await call(district, 'PUT', T('Update'), { id, ...openClass({ className: '温江区党支部书记培训班', trainNumbers: 5 }) });
    expect(errorOf(shrink)).toBe(ENROL_MSG.totalBelow(6));
    ok(await call(district, 'POST', T('AllocedDelete'), { id: a }));
    expect(ok(await call(district, 'GET', T('AllocedPageList'), { trainClassId: id })).items).toEqual([]);
  });
});

describe('students', () => {
  let id: number;

  it('a member in scope applies once; the organiser audits; a rejection needs a remark and frees the place', async () => {
    id = ok(await call(district, 'POST', T('Create'), openClass({ trainNumbers: 1 }))).id;
    const listed = ok(await call(member, 'GET', T('ClassMineList'), { MaxResultCount: 100 })).items.find((c: any) => c.id === id);
    expect(listed).toMatchObject({ canApply: true, studentStatus: null, statusText: '报名中' });
    const applied = ok(await call(member, 'POST', T('Apply'), { classId: id }));
    expect(applied.status).toBe(0);
    expect(errorOf(await call(member, 'POST', T('Apply'), { classId: id }))).toBe(ENROL_MSG.already);
    // one place: a second applicant finds it taken by the pending one
    // another member of the district — not the organiser himself, who cannot give himself a place (separation of duties)
    const organiser = (await app.db.selectFrom('users').select('id').where('userName', '=', 'districtadmin').executeTakeFirstOrThrow()).id;
    const other = await app.db.selectFrom('partyMembers').select(['userId']).where('organPath', 'like', `${wenjiang.organPath}%`).where('userId', 'is not', null).where('userId', 'not in', [memberUserId, organiser]).where('status', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    expect(errorOf(await call(district, 'POST', T('AddStudent'), { trainClassId: id, userList: [other.userId] }))).toBe(ENROL_MSG.full);

    const students = ok(await call(district, 'GET', T('StudentPageList'), { trainClassId: id }));
    expect(students.items).toEqual([expect.objectContaining({ userId: memberUserId, status: 0, statusText: '待审核', source: 1 })]);
    expect(students.items[0].phoneNumber).toMatch(/\*\*\*\*/);
    const sid = students.items[0].id;
    expect((await call(district2, 'POST', T('Audit'), { id: sid, approved: true })).status).toBe(404);
    expect(errorOf(await call(district, 'POST', T('Audit'), { id: sid, approved: false }))).toBe('请输入备注');
    expect(ok(await call(district, 'POST', T('Audit'), { id: sid, approved: false, remark: '本期名额已满' })).status).toBe(2);
    expect(errorOf(await call(district, 'POST', T('Audit'), { id: sid, approved: true }))).toBe('该报名已审核');
    // the place is free again: the other member is added, and the rejected member may not take it
    expect(ok(await call(district, 'POST', T('AddStudent'), { trainClassId: id, userList: [other.userId] })).addedCount).toBe(1);
    expect(errorOf(await call(member, 'POST', T('Apply'), { classId: id }))).toBe(ENROL_MSG.full);
    const mine = ok(await call(member, 'GET', T('MyClassPageList'))).items.find((c: any) => c.id === id);
    expect(mine).toMatchObject({ studentStatus: 2, studentStatusText: '未通过', canApply: false });
    // the member was told, in his messages
    const msgs = await app.db.selectFrom('siteMessageReceivers as r').innerJoin('siteMessages as m', 'm.id', 'r.messageId').select('m.title').where('r.userId', '=', memberUserId).execute();
    expect(msgs.map((x) => x.title)).toContain(`您报名的培训班“${listed.className}”未通过审核`);
  });

  it('applications: before and after the window, outside the scope; a removed student may not come back', async () => {
    const later = ok(await call(district, 'POST', T('Create'), openClass({ applyStartTime: iso(DAY) }))).id;
    expect(errorOf(await call(member, 'POST', T('Apply'), { classId: later }))).toBe(ENROL_MSG.notStarted);
    const elsewhere = ok(await call(district2, 'POST', T('Create'), openClass())).id;
    expect((await call(member, 'POST', T('Apply'), { classId: elsewhere })).status).toBe(404);
    expect((await call(member, 'GET', T('GetMyClass'), { id: elsewhere })).status).toBe(404);

    const open = ok(await call(district, 'POST', T('Create'), openClass({ needAudit: false }))).id;
    expect(ok(await call(member, 'POST', T('Apply'), { classId: open })).status).toBe(1);
    ok(await call(district, 'DELETE', T('RemoveStudent'), { trainClassId: open, userId: memberUserId }));
    expect(errorOf(await call(member, 'POST', T('Apply'), { classId: open }))).toBe(ENROL_MSG.removed);
    expect(ok(await call(member, 'GET', T('GetMyClass'), { id: open }))).toMatchObject({ studentStatus: 3, canApply: false });
    const closed = ok(await call(district, 'POST', T('Create'), openClass({ applyStartTime: iso(-3 * DAY), applyEndTime: iso(-DAY), startTime: iso(DAY) }))).id;
    expect(errorOf(await call(member, 'POST', T('Apply'), { classId: closed }))).toBe(ENROL_MSG.closed);
    expect(ok(await call(member, 'GET', T('GetMyClass'), { id: closed }))).toMatchObject({ state: 3, statusText: '待开班', canApply: false });
  });

  it('shrinking the scope takes organisations out, but not those with students or places', async () => {
    const c = ok(await call(district, 'POST', T('Create'), openClass({ needAudit: false }))).id;
    ok(await call(member, 'POST', T('Apply'), { classId: c }));
    expect(errorOf(await call(district, 'POST', T('ShrinkTeachingScope'), { trainClassId: c, organIds: [fenghuang.id] }))).toBe(CLASS_MSG.scopeUsed);
    const children = await app.db.selectFrom('organizations').select(['id', 'organPath']).where('parentId', '=', wenjiang.id).execute();
    const other = children.find((o) => !fenghuang.organPath.startsWith(o.organPath))!;
    ok(await call(district, 'POST', T('ShrinkTeachingScope'), { trainClassId: c, organIds: [other.id] }));
    const got = ok(await call(district, 'GET', T('Get'), { id: c }));
    expect(got.excludedList.map((o: any) => o.organId)).toEqual([other.id]);
    expect(errorOf(await call(district, 'POST', T('ShrinkTeachingScope'), { trainClassId: c, organIds: [other.id] }))).toMatch(CLASS_MSG.notInScope);
    expect(errorOf(await call(district, 'DELETE', T('Delete'), { id: c }))).toBe(CLASS_MSG.hasStudents);
  });

  it('reminds approved students who have not started, or not signed in to a course, as site messages the header counts', async () => {
    const unread = async () => ok<number>(await call(member, 'GET', svc('SiteMessageService', 'GetUserUnReadMessageCount'), { source: 2 }));
    const c = ok(await call(district, 'POST', T('Create'), openClass({ needAudit: false }))).id;
    ok(await call(member, 'POST', T('Apply'), { classId: c }));
    // the class has begun since (its courses lie within its 培训时间)
    await app.db.updateTable('trainClasses').set({ startTime: new Date(Date.now() - DAY) }).where('id', '=', c).execute();
    const before = await unread();
    expect(ok(await call(district, 'POST', T('RemindUser'), { trainClassId: c })).count).toBe(1);
    expect(await unread()).toBe(before + 1);
    const sent = await app.db.selectFrom('siteMessageReceivers as r').innerJoin('siteMessages as m', 'm.id', 'r.messageId').select(['m.title', 'm.linkUrl']).where('r.userId', '=', memberUserId).where('m.title', 'like', '请尽快开始学习%').execute();
    expect(sent.at(-1)?.linkUrl).toBe(`/partyMember/iStudy/rotationTrain/info?id=${c}`);

    // a course under way: he signs in, a classmate does not — only the classmate is reminded of it
    const other = await app.db.selectFrom('partyMembers').select('userId').where('organPath', 'like', `${wenjiang.organPath}%`).where('userId', 'is not', null).where('userId', '!=', memberUserId).where('status', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
    ok(await call(district, 'POST', T('AddStudent'), { trainClassId: c, userList: [other.userId] }));
    const C = (a: string) => svc('TrainClassCourseService', a);
    const courseId = ok(await call(district, 'POST', C('Create'), { trainClassId: c, courseName: '开班导学', courseType: 2, period: 1, startTime: iso(-600_000), endTime: iso(3_600_000) })).id;
    const { code } = ok(await call(district, 'POST', C('SignCode'), { id: courseId }));
    ok(await call(member, 'POST', C('Signin'), { courseId, code }));
    const before2 = await unread();
    expect(ok(await call(district, 'POST', T('RemindUser'), { trainClassId: c, courseId })).count).toBe(1);
    expect(await unread()).toBe(before2);
    const toOther = await app.db.selectFrom('siteMessageReceivers as r').innerJoin('siteMessages as m', 'm.id', 'r.messageId').select('m.title').where('r.userId', '=', other.userId!).where('m.title', 'like', '请按时签到%').execute();
    expect(toOther.map((m) => m.title)).toEqual([`请按时签到：培训班“${(await app.db.selectFrom('trainClasses').select('name').where('id', '=', c).executeTakeFirstOrThrow()).name}”课程“开班导学”`]);
  });
});

describe('class exams', () => {
  it('a paper attached to a class is sat by its approved students; a removed student loses it', async () => {
    const c = ok(await call(district, 'POST', T('Create'), openClass({ needAudit: false }))).id;
    ok(await call(member, 'POST', T('Apply'), { classId: c }));
    const bank = await app.db.selectFrom('examLibraries').select('id').orderBy('id').executeTakeFirstOrThrow();
    const q = await app.db.selectFrom('examQuestions').select('id').where('libaryId', '=', bank.id).where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    // a paper of the district for no organisation: only the class makes the member sit it
    const id = ok(await call(district, 'POST', svc('ExamPaperService', 'CreateOrdinaryExamPaper'), { paperName: '培训班结业测试', beginTitme: iso(-DAY), endTime: iso(DAY), questionList: [q.id], passScore: 1 })).id;
    expect((await call(district2, 'POST', T('AddBatchTrainClassExam'), { id: c, paperIds: [id] })).status).toBe(404);
    ok(await call(district, 'POST', T('AddBatchTrainClassExam'), { id: c, paperIds: [id] }));
    expect(ok(await call(member, 'POST', T('UserExamPageList'), { id: c })).items.map((p: any) => p.paperId)).toEqual([id]);
    const stats = ok(await call(district, 'POST', T('ExamStatisticsPageList'), { id: c }));
    expect(stats.items[0]).toMatchObject({ paperId: id, assignedCount: 1 });
    ok(await call(district, 'DELETE', T('RemoveStudent'), { trainClassId: c, userId: memberUserId }));
    expect((await call(member, 'POST', T('UserExamPageList'), { id: c })).status).toBe(403);
    expect(ok(await call(district, 'POST', T('ExamStatisticsPageList'), { id: c })).items[0].assignedCount).toBe(0);
  });
});

describe('places under simultaneous changes', () => {
  it('50 simultaneous applications, additions and allocations never exceed a total', async () => {
    const c = ok(await call(district, 'POST', T('Create'), openClass({ trainNumbers: 12, needAudit: false }))).id;
    const branches = await app.db.selectFrom('organizations').select(['id', 'organPath']).where('organPath', 'like', `${wenjiang.organPath}%`).where('organPath', '!=', wenjiang.organPath).orderBy('id').limit(6).execute();
    const members = await app.db
      .selectFrom('partyMembers as m')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .select(['m.userId', 'u.userName', 'm.organPath'])
      .where('m.organPath', 'like', `${wenjiang.organPath}%`)
      .where('m.status', '=', 1)
      .where('m.isDeleted', '=', false)
      .orderBy('m.id')
      .limit(40)
      .execute();
    expect(members.length).toBe(40);
    const appliers = await Promise.all(members.slice(0, 20).map(async (m) => ({ ...m, token: await app.login(m.userName) })));
    const calls: Promise<{ status: number; body: any }>[] = [];
    for (let i = 0; i < 20; i++) calls.push(call(appliers[i].token, 'POST', T('Apply'), { classId: c }));
    for (let i = 0; i < 20; i++) calls.push(call(district, 'POST', T('AddStudent'), { trainClassId: c, userList: [members[20 + i].userId] }));
    for (let i = 0; i < 10; i++) calls.push(call(district, 'POST', T('AddOrUpdateTrainClassNumbers'), { trainClassId: c, organId: branches[i % branches.length].id, numbers: 1 + ((i * 7) % 5) }));
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 400], JSON.stringify(r.body)).toContain(r.status);
    const enrolled = results.slice(0, 40).filter((r) => r.status === 200).length;
    expect(enrolled).toBeGreaterThan(0);
    expect(enrolled).toBeLessThanOrEqual(12);
    const refused = results.slice(0, 40).filter((r) => r.status === 400).map(errorOf);
    expect(new Set(refused)).toEqual(new Set([ENROL_MSG.full]));
    // every node of the tree holds: the total, each allocation
    const places: Places = await readPlaces(app.db, c, 12);
    expect(places.takenPaths.length).toBe(enrolled);
    expect(overruns(places)).toEqual([]);
  });
});
