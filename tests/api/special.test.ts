/**
 * 专题学习: special topics over TrainClassService / TrainClassCourseService — access,
 * reach by id, validation in Chinese, sort and enable, members' visibility (published downwards),
 * a course's resources credited by the ordinary study report, exams attached and counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { SPECIAL_MSG } from '../../src/server/domains/training/special-topic';
import { DEMO_SPECIAL_NAME } from '../../src/server/db/seed/demo-special';

let app: TestApp;
let province: string;
let district: string; // 温江区
let district2: string; // 郫都区
let branch: string; // no 专题学习 menu
let member: string; // 温江区 凤凰社区
let memberUserId: number;
let district2Member: string; // district2admin is a member of 郫都区 too
let provinceResources: { id: number; name: string; durationSeconds: number; resourceType: number }[];

const T = (a: string) => svc('TrainClassService', a);
const C = (a: string) => svc('TrainClassCourseService', a);
const call = (token: string | null, method: string, path: string, input: Record<string, unknown> = {}) =>
  method === 'GET' || method === 'DELETE' ? app.call(method, path, { token, query: input }) : app.call(method, path, { token, body: input });

async function memberToken(userName: string) {
  // an administrator who is also a member reads member lists as his member record (memberOrganPath)
  return app.login(userName);
}

beforeAll(async () => {
  app = await startTestApp();
  province = (await signInAsAdmin(app, 'admin')).token;
  district = (await signInAsAdmin(app, 'districtadmin')).token;
  district2 = (await signInAsAdmin(app, 'district2admin')).token;
  branch = (await signInAsAdmin(app, 'branchadmin')).token;
  member = await app.login('member');
  district2Member = await memberToken('district2admin');
  memberUserId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
  provinceResources = await app.db.selectFrom('resources').select(['id', 'name', 'durationSeconds', 'resourceType']).where('organPath', '=', '/1/').where('resourceType', '=', 1).orderBy('id').execute();
  expect(provinceResources.length).toBeGreaterThan(1);
});
afterAll(async () => app?.close());

describe('access', () => {
  it('401 without a token on every call, 403 without 专题学习', async () => {
    const admin: [string, string][] = [
      ['GET', T('SpecialPageList')], ['GET', T('GetSpecialById')], ['POST', T('CreateSpecial')], ['PUT', T('UpdateSpecial')], ['POST', T('SetSort')],
      ['POST', T('SetEnable')], ['POST', T('SpecialCheckPageList')], ['POST', T('AddBatchTrainClassExam')], ['DELETE', T('DeleteTrainClassExam')],
      ['POST', T('ExamStatisticsPageList')], ['PUT', C('UpdateSpecial')], ['DELETE', C('DeleteSpecialCourse')], ['DELETE', T('DeleteSpecial')],
    ];
    const self: [string, string][] = [['GET', T('GetTopSepcial')], ['GET', T('GetRecommandSepcialList')], ['GET', T('MySpecialPageList')], ['GET', T('GetSpecialAndResourceById')], ['GET', T('GetUserSpecialSum')], ['POST', T('UserExamPageList')]];
    for (const [m, p] of [...admin, ...self]) expect((await call(null, m, p)).status, p).toBe(401);
    for (const t of [member, branch]) for (const [m, p] of admin) expect((await call(t, m, p, { id: 1, name: 'x', trainClassId: 1, courseName: 'x', resourceIds: [1], sort: 1, paperIds: [1], paperId: 1 })).status, p).toBe(403);
  });
});

describe('topics for administrators', () => {
  let topicId: number;

  it('creates a topic with its introduction sanitised, and refuses bad input in Chinese', async () => {
    const bad = await call(district, 'POST', T('CreateSpecial'), { name: '   ' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.validationErrors?.[0]?.message ?? bad.body.error.message).toMatch(/请输入专题名称|专题名称/);
    const missing = await call(district, 'POST', T('CreateSpecial'), {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    const tooLong = await call(district, 'POST', T('CreateSpecial'), { name: '专'.repeat(101) });
    expect(tooLong.status).toBe(400);

    topicId = ok(await call(district, 'POST', T('CreateSpecial'), { name: ' 温江区乡村振兴专题 ', coverPhoto: '/file/f/cover.png', introduction: '<p>学习<strong>乡村振兴</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">', sort: 5 })).id;
    const got = ok(await call(district, 'GET', T('GetSpecialById'), { id: topicId }));
    expect(got).toMatchObject({ name: '温江区乡村振兴专题', coverPhoto: '/file/f/cover.png', sort: 5, isEnabled: true, isRecommend: false, courseCount: 0, courses: [] });
    expect(got.introduction).toContain('<strong>乡村振兴</strong>');
    expect(got.introduction).not.toMatch(/script|onerror/);
  });

  it('reach: the province manages a district topic; a sibling district sees it as missing, by id too', async () => {
    expect(ok(await call(province, 'GET', T('GetSpecialById'), { id: topicId })).name).toBe('温江区乡村振兴专题');
    const listed = ok(await call(district2, 'GET', T('SpecialPageList'), { MaxResultCount: 100 }));
    expect(listed.items.map((i: any) => i.id)).not.toContain(topicId);
    for (const [m, p, input] of [
      ['GET', T('GetSpecialById'), { id: topicId }], ['PUT', T('UpdateSpecial'), { id: topicId, name: 'x' }], ['POST', T('SetSort'), { id: topicId, sort: 1 }],
      ['POST', T('SetEnable'), { id: topicId, isEnabled: false }], ['POST', T('SpecialCheckPageList'), { id: topicId }], ['POST', T('ExamStatisticsPageList'), { id: topicId }],
      ['DELETE', T('DeleteSpecial'), { id: topicId }], ['PUT', C('UpdateSpecial'), { trainClassId: topicId, courseName: 'x', resourceIds: [provinceResources[0].id] }],
      ['GET', T('SpecialCourseList'), { id: topicId }],
    ] as [string, string, Record<string, unknown>][]) {
      const r = await call(district2, m, p, input);
      expect(r.status, p).toBe(404);
      expect(r.body.error.message).toBe(SPECIAL_MSG.notFound);
    }
    // nor can a district reach the province's demo topic to manage it
    const demo = await app.db.selectFrom('trainClasses').select('id').where('name', '=', DEMO_SPECIAL_NAME).executeTakeFirstOrThrow();
    expect((await call(district, 'POST', T('SetEnable'), { id: demo.id, isEnabled: false })).status).toBe(404);
  });

  it('sorts and enables; the list follows the sort', async () => {
    const second = ok(await call(district, 'POST', T('CreateSpecial'), { name: '温江区党史专题', sort: 9 })).id;
    ok(await call(district, 'POST', T('SetSort'), { id: second, sort: 1 }));
    const list = ok(await call(district, 'GET', T('SpecialPageList'), { MaxResultCount: 100 }));
    const order = list.items.map((i: any) => i.id);
    expect(order.indexOf(second)).toBeLessThan(order.indexOf(topicId));
    expect((await call(district, 'POST', T('SetSort'), { id: second, sort: -1 })).status).toBe(400);
    expect((await call(district, 'POST', T('SetSort'), { id: second, sort: 'abc' })).status).toBe(400);
    expect(ok(await call(district, 'POST', T('SetEnable'), { id: second, isEnabled: false }))).toMatchObject({ isEnabled: false });
    expect(ok(await call(district, 'GET', T('SpecialPageList'), { isEnabled: false, MaxResultCount: 100 })).items.map((i: any) => i.id)).toEqual([second]);
    const none = await call(district, 'POST', T('SetEnable'), { id: second });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('请指定启用或推荐状态');
    ok(await call(district, 'DELETE', T('DeleteSpecial'), { id: second }));
    expect((await call(district, 'GET', T('GetSpecialById'), { id: second })).status).toBe(404);
  });

  it('courses take resources published at the topic’s organisation or above, nothing else', async () => {
    // a resource of 郫都区 is beyond 温江区's topic: its members could not study it
    const organ = await app.db.selectFrom('organizations').select(['id', 'organPath']).where('organName', '=', '中共成都市郫都区委员会').executeTakeFirstOrThrow();
    const foreign = await app.db
      .insertInto('resources')
      .values({ organId: organ.id, organPath: organ.organPath, name: '郫都区资源', resourceType: 1, durationSeconds: 60, playUrl: '/file/f/x.mp4' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await call(district, 'PUT', C('UpdateSpecial'), { trainClassId: topicId, courseName: '第一课', resourceIds: [provinceResources[0].id, foreign.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.validationErrors[0]).toMatchObject({ message: SPECIAL_MSG.resourceOutOfReach, members: ['resourceIds'] });
    const empty = await call(district, 'PUT', C('UpdateSpecial'), { trainClassId: topicId, courseName: '第一课', resourceIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/[\u4e00-\u9fa5]/);

    const { id: courseId } = ok(await call(district, 'PUT', C('UpdateSpecial'), { trainClassId: topicId, courseName: ' 第一课 ', sort: 1, resourceIds: [provinceResources[0].id] }));
    ok(await call(district, 'PUT', C('UpdateSpecial'), { id: courseId, trainClassId: topicId, courseName: '第一课：乡村振兴战略', sort: 1, resourceIds: [provinceResources[0].id, provinceResources[1].id] }));
    const { id: second } = ok(await call(district, 'PUT', C('UpdateSpecial'), { trainClassId: topicId, courseName: '第二课', sort: 2, resourceIds: [provinceResources[1].id] }));
    const courses = ok(await call(district, 'GET', T('SpecialCourseList'), { id: topicId }));
    expect(courses.items.map((c: any) => [c.courseName, c.resourceIds])).toEqual([
      ['第一课：乡村振兴战略', [provinceResources[0].id, provinceResources[1].id]],
      ['第二课', [provinceResources[1].id]],
    ]);
    // a course of another topic is not reached through this one
    expect((await call(district2, 'DELETE', C('DeleteSpecialCourse'), { id: second })).status).toBe(404);
    ok(await call(district, 'DELETE', C('DeleteSpecialCourse'), { id: second }));
    const after = ok(await call(district, 'GET', T('GetSpecialById'), { id: topicId }));
    expect(after).toMatchObject({ courseCount: 1, resourceCount: 2 });
  });

  it('members see enabled topics of their organisation and above; a sibling district’s member does not', async () => {
    const mine = ok(await call(member, 'GET', T('MySpecialPageList'), { MaxResultCount: 50 }));
    const names = mine.items.map((i: any) => i.name);
    expect(names).toContain('温江区乡村振兴专题');
    expect(names).toContain(DEMO_SPECIAL_NAME);
    const card = mine.items.find((i: any) => i.id === topicId);
    expect(card).toMatchObject({ id: topicId, name: '温江区乡村振兴专题', coverPhoto: '/file/f/cover.png', resourceCount: 2, percent: 0 });
    expect(Object.keys(card)).not.toContain('organPath');

    const other = ok(await call(district2Member, 'GET', T('MySpecialPageList'), { MaxResultCount: 50 }));
    expect(other.items.map((i: any) => i.id)).not.toContain(topicId);
    expect((await call(district2Member, 'GET', T('GetSpecialAndResourceById'), { id: topicId })).status).toBe(404);

    // disabled: gone for members, by id too
    ok(await call(district, 'POST', T('SetEnable'), { id: topicId, isEnabled: false }));
    expect(ok(await call(member, 'GET', T('MySpecialPageList'), { MaxResultCount: 50 })).items.map((i: any) => i.id)).not.toContain(topicId);
    expect((await call(member, 'GET', T('GetSpecialAndResourceById'), { id: topicId })).status).toBe(404);
    ok(await call(district, 'POST', T('SetEnable'), { id: topicId, isEnabled: true }));

    // recommended ones come first in 推荐 and in the top list
    expect(ok(await call(member, 'GET', T('GetRecommandSepcialList'), {})).items.map((i: any) => i.name)).toEqual([DEMO_SPECIAL_NAME]);
    ok(await call(district, 'POST', T('SetEnable'), { id: topicId, isRecommend: true }));
    const top = ok(await call(member, 'GET', T('GetTopSepcial'), {}));
    expect(top.map((i: any) => i.name)).toEqual([DEMO_SPECIAL_NAME, '温江区乡村振兴专题']);
  });

  it('a course resource plays in the ordinary player and its 学时 count for the topic', async () => {
    const detail = ok(await call(member, 'GET', T('GetSpecialAndResourceById'), { id: topicId }));
    expect(detail.introduction).toContain('乡村振兴');
    const res = detail.courses[0].resources[0];
    expect(res).toMatchObject({ id: provinceResources[0].id, resourceType: 1, period: 0 });
    expect(res.playUrl).toBeTruthy();

    // the party bookshelf's path: open (starts the session), then reports every 60 s
    ok(await call(member, 'GET', svc('ResourceLibaryService', 'GetByIdAutoIncr'), { id: res.id }));
    app.advance(60_000);
    const r1 = ok(await call(member, 'POST', svc('ResourceLibaryService', 'ResrouceStudy'), { periodSource: 1, resouceId: res.id }));
    expect(r1.studyState).toBe(1);
    app.advance(60_000);
    const r2 = ok(await call(member, 'POST', svc('ResourceLibaryService', 'ResrouceStudy'), { periodSource: 1, resouceId: res.id }));
    expect(r2.studyState).toBe(2); // the sample video is 75 s

    const again = ok(await call(member, 'GET', T('GetSpecialAndResourceById'), { id: topicId }));
    expect(again.courses[0].resources[0].completed).toBe(true);
    expect(again).toMatchObject({ finishedCount: 1, resourceCount: 2 });
    expect(again.percent).toBeGreaterThan(0);
    expect(again.percent).toBeLessThan(100);

    const sum = ok(await call(member, 'GET', T('GetUserSpecialSum'), {}));
    expect(sum.specialCount).toBeGreaterThanOrEqual(2);
    expect(sum.studyingCount).toBeGreaterThanOrEqual(1);
    expect(sum.period).toBeGreaterThan(0);

    // 学习情况: the member's row in the topic's subtree, with his seconds and finished resources
    const check = ok(await call(district, 'POST', T('SpecialCheckPageList'), { id: topicId, name: '李明', MaxResultCount: 50 }));
    const row = check.items.find((i: any) => i.userId === memberUserId);
    expect(row).toMatchObject({ name: '李明', finishedCount: 1, resourceCount: 2 });
    expect(row.studiedSeconds).toBe(75);
    // an organisation named outside the caller's subtree is refused
    expect((await call(district, 'POST', T('SpecialCheckPageList'), { id: topicId, organPath: '/1/999999/' })).status).toBe(403);
  });

  it('exams: papers in reach are attached and counted; the member sees his own with the exam link', async () => {
    const organ = await app.db.selectFrom('organizations').select(['id', 'organPath']).where('organName', '=', '中共成都市温江区委员会').executeTakeFirstOrThrow();
    const organ2 = await app.db.selectFrom('organizations').select(['id', 'organPath']).where('organName', '=', '中共成都市郫都区委员会').executeTakeFirstOrThrow();
    const now = Date.now();
    const paper = (name: string, o: { id: number; organPath: string }) =>
      app.db
        .insertInto('examPapers')
        .values({ paperName: name, beginTime: new Date(now - 86400_000), endTime: new Date(now + 86400_000), passScore: 60, singleChoiceScore: 2, multipleChoiceScore: 3, jugeScore: 1, blankScore: 2, shortScore: 10, organId: o.id, organPath: o.organPath })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const p1 = await paper('乡村振兴测试', organ);
    const p2 = await paper('郫都区测试', organ2);
    await app.db.insertInto('examPaperOrgans').values({ paperId: p1, organId: organ.id, organPath: organ.organPath }).execute();

    const options = ok(await call(district, 'GET', T('GetSpecialExamOptions'), {}));
    expect(options.map((o: any) => o.id)).toContain(p1);
    expect(options.map((o: any) => o.id)).not.toContain(p2);
    const beyond = await call(district, 'POST', T('AddBatchTrainClassExam'), { id: topicId, paperIds: [p1, p2] });
    expect(beyond.status).toBe(404);
    expect(beyond.body.error.message).toBe(SPECIAL_MSG.paperNotFound);
    expect((await call(district, 'POST', T('AddBatchTrainClassExam'), { id: topicId, paperIds: [] })).status).toBe(400);
    ok(await call(district, 'POST', T('AddBatchTrainClassExam'), { id: topicId, paperIds: [p1] }));

    // a member's two attempts: best score and passed
    const result = (attemptNo: number, score: number, passed: boolean) => ({ paperId: p1, userId: memberUserId, memberName: '李明', organId: organ.id, organPath: organ.organPath, attemptNo, deadline: new Date(now + 3600_000), status: 3, score, passed });
    await app.db.insertInto('examResults').values([result(1, 40, false), result(2, 80, true)]).execute();

    const exams = ok(await call(member, 'POST', T('UserExamPageList'), { id: topicId }));
    expect(exams.items).toHaveLength(1);
    expect(exams.items[0]).toMatchObject({ paperId: p1, paperName: '乡村振兴测试', attempts: 2, bestScore: 80, passed: true, statusText: '进行中', examUrl: `/partyMember/iStudy/subject/info/exam?paperId=${p1}&topicId=${topicId}` });

    const stats = ok(await call(district, 'POST', T('ExamStatisticsPageList'), { id: topicId }));
    expect(stats.items[0]).toMatchObject({ paperId: p1, joinedCount: 1, passedCount: 1, passRate: 100, avgScore: 80 });
    expect(stats.items[0].assignedCount).toBeGreaterThan(1);
    const check = ok(await call(district, 'POST', T('SpecialCheckPageList'), { id: topicId, name: '李明' }));
    expect(check.items.find((i: any) => i.userId === memberUserId).examPassedCount).toBe(1);

    expect((await call(district2, 'DELETE', T('DeleteTrainClassExam'), { id: topicId, paperId: p1 })).status).toBe(404);
    ok(await call(district, 'DELETE', T('DeleteTrainClassExam'), { id: topicId, paperId: p1 }));
    expect(ok(await call(member, 'POST', T('UserExamPageList'), { id: topicId })).items).toEqual([]);
    expect((await call(district, 'DELETE', T('DeleteTrainClassExam'), { id: topicId, paperId: p1 })).status).toBe(404);
  });
});

describe('学习心得', () => {
  it('a member writes one report per topic, edits it by submitting again; administrators of the subtree read them', async () => {
    const demo = await app.db.selectFrom('trainClasses').select('id').where('name', '=', DEMO_SPECIAL_NAME).executeTakeFirstOrThrow();
    expect(ok(await call(member, 'GET', T('GetNote'), { trainClassId: demo.id }))).toBeNull();
    const empty = await call(member, 'POST', T('SubmitNote'), { trainClassId: demo.id, title: '学习体会', content: '<p><br></p>' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.validationErrors[0]).toMatchObject({ message: SPECIAL_MSG.noteContent, members: ['content'] });
    expect((await call(member, 'POST', T('SubmitNote'), { trainClassId: demo.id, title: '  ', content: '<p>x</p>' })).body.error.message).toBe(SPECIAL_MSG.noteTitle);
    expect((await call(member, 'POST', T('SubmitNote'), { trainClassId: demo.id, content: '<p>x</p>' })).body.error.message).toBe(SPECIAL_MSG.noteTitle);
    const { id } = ok(await call(member, 'POST', T('SubmitNote'), { trainClassId: demo.id, title: '学习二十大精神的体会', content: '<p>牢记初心使命</p><script>x</script>' }));
    const again = ok(await call(member, 'POST', T('SubmitNote'), { trainClassId: demo.id, title: '学习二十大精神的体会（修改）', content: '<p>牢记初心使命，走好赶考路</p>' }));
    expect(again.id).toBe(id);
    expect(ok(await call(member, 'GET', T('GetNote'), { trainClassId: demo.id }))).toMatchObject({ title: '学习二十大精神的体会（修改）', content: '<p>牢记初心使命，走好赶考路</p>' });

    const notes = ok(await call(province, 'GET', T('StudentNotePageList'), { id: demo.id, name: '李明' }));
    expect(notes.items).toHaveLength(1);
    expect(notes.items[0]).toMatchObject({ memberName: '李明', title: '学习二十大精神的体会（修改）' });
    // the province's topic is not the district's to manage
    expect((await call(district, 'GET', T('StudentNotePageList'), { id: demo.id })).status).toBe(404);
    expect((await call(member, 'GET', T('StudentNotePageList'), { id: demo.id })).status).toBe(403);
    expect((await call(null, 'POST', T('SubmitNote'), { trainClassId: demo.id, title: 'x', content: 'x' })).status).toBe(401);
    // a topic of another district is missing for this member
    const wenjiang = (await app.db.selectFrom('trainClasses').select('id').where('name', '=', '温江区乡村振兴专题').executeTakeFirstOrThrow()).id;
    expect((await call(district2Member, 'POST', T('SubmitNote'), { trainClassId: wenjiang, title: 'x', content: '<p>x</p>' })).status).toBe(404);
    expect((await call(district2Member, 'GET', T('GetNote'), { trainClassId: wenjiang })).status).toBe(404);
  });

  it('a course is read for editing within reach only', async () => {
    const wenjiang = (await app.db.selectFrom('trainClasses').select('id').where('name', '=', '温江区乡村振兴专题').executeTakeFirstOrThrow()).id;
    const [course] = ok(await call(district, 'GET', T('SpecialCourseList'), { id: wenjiang })).items;
    expect(ok(await call(district, 'GET', C('GetSpecialCourse'), { id: course.id }))).toMatchObject({ id: course.id, trainClassId: wenjiang, courseName: course.courseName, resourceIds: course.resourceIds });
    const beyond = await call(district2, 'GET', C('GetSpecialCourse'), { id: course.id });
    expect(beyond.status).toBe(404);
    expect(beyond.body.error.message).toBe(SPECIAL_MSG.courseNotFound);
  });
});

describe('the demo', () => {
  it('seeds a province topic with two courses over the sample media, enabled and recommended', async () => {
    const demo = ok(await call(province, 'GET', T('SpecialPageList'), { name: '二十大' }));
    expect(demo.items[0]).toMatchObject({ name: DEMO_SPECIAL_NAME, isEnabled: true, isRecommend: true, courseCount: 2 });
    expect(demo.items[0].resourceCount).toBeGreaterThanOrEqual(4);
  });
});
