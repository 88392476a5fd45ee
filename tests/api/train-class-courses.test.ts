/**
 * 培训班 courses, sign-in, notes and training records (docs/training.md): access and reach,
 * course CRUD and the all-or-none batch, validation in Chinese, the resource rule, sign-in by code
 * in its window, a removed student refused, notes per course and their readers' subtree, 学时 in
 * the training record. Classes and students are rows inserted directly (the core's calls are
 * another part's); the server's clock is frozen, so the suite passes at any hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { COURSE_MSG } from '../../src/server/domains/training/courses-input';
import { SIGN_MSG } from '../../src/server/domains/training/train-class-courses';
import { TRAIN_MSG } from '../../src/server/domains/training/classes';

let app: TestApp;
let province: string;
let district: string; // 温江区
let district2: string; // 郫都区
let branch: string; // no 培训班 menu
let member: string; // 李明, 温江区 凤凰社区
let district2Member: string; // district2admin signed in as a member (郫都区)
let memberId: number;
let district2Id: number;
let classId: number; // 温江区's class
let otherClassId: number; // 郫都区's class
let resources: { id: number; resourceType: number }[];
const T0 = Date.now();
const MIN = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * MIN).toISOString();

const T = (a: string) => svc('TrainClassService', a);
const C = (a: string) => svc('TrainClassCourseService', a);
const call = (token: string | null, method: string, path: string, input: Record<string, unknown> = {}) =>
  method === 'GET' || method === 'DELETE' ? app.call(method, path, { token, query: input }) : app.call(method, path, { token, body: input });
const err = (r: { body: any }) => r.body.error.validationErrors?.[0]?.message ?? r.body.error.message;

async function organ(name: string) {
  return app.db.selectFrom('organizations').select(['id', 'organPath']).where('organName', '=', name).executeTakeFirstOrThrow();
}
async function insertClass(name: string, o: { id: number; organPath: string }) {
  const row = await app.db
    .insertInto('trainClasses')
    .values({ classType: 1, name, organId: o.id, organPath: o.organPath, status: 1, startTime: at(-60 * 24), endTime: at(60 * 24 * 7), address: '温江区党群服务中心', creatorUserId: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function addStudent(trainClassId: number, userId: number, status = 1) {
  const m = await app.db.selectFrom('partyMembers').select(['name', 'organId', 'organPath']).where('userId', '=', userId).executeTakeFirstOrThrow();
  await app.db
    .insertInto('trainClassStudents')
    .values({ trainClassId, userId, memberName: m.name, organId: m.organId, organPath: m.organPath, status, source: 2, auditRemark: null, auditorUserId: null, auditTime: null, addedByUserId: null })
    .onConflict((oc) => oc.columns(['trainClassId', 'userId']).doUpdateSet({ status }))
    .execute();
}
const course = (name: string, startMin: number, endMin: number, extra: Record<string, unknown> = {}) => ({ courseName: name, courseType: 1, period: 2.5, startTime: at(startMin), endTime: at(endMin), address: '三楼会议室', teacherName: '王老师', ...extra });

beforeAll(async () => {
  app = await startTestApp();
  app.freeze(new Date(T0));
  province = (await signInAsAdmin(app, 'admin')).token;
  district = (await signInAsAdmin(app, 'districtadmin')).token;
  district2 = (await signInAsAdmin(app, 'district2admin')).token;
  branch = (await signInAsAdmin(app, 'branchadmin')).token;
  member = await app.login('member');
  district2Member = await app.login('district2admin');
  const uid = async (n: string) => (await app.db.selectFrom('users').select('id').where('userName', '=', n).executeTakeFirstOrThrow()).id;
  memberId = await uid('member');
  district2Id = await uid('district2admin');
  classId = await insertClass('温江区基层党务干部培训班', await organ('中共成都市温江区委员会'));
  otherClassId = await insertClass('郫都区党员培训班', await organ('中共成都市郫都区委员会'));
  await addStudent(classId, memberId);
  resources = await app.db.selectFrom('resources').select(['id', 'resourceType']).where('organPath', '=', '/1/').where('isEnabled', '=', true).where('isDeleted', '=', false).orderBy('id').execute();
  expect(resources.length).toBeGreaterThan(1);
});
afterAll(async () => app?.close());

describe('access', () => {
  it('401 without a token, 403 without 培训班, 404 beyond the caller’s subtree', async () => {
    const admin: [string, string][] = [
      ['POST', C('Create')], ['POST', C('CreateBatchCourse')], ['PUT', C('Update')], ['DELETE', C('Delete')], ['GET', C('Get')], ['POST', C('SetCourseResource')],
      ['DELETE', C('DeleteCourseResource')], ['POST', C('SignCode')], ['GET', C('StudiedPageList')], ['GET', T('StudentNotePageList')],
    ];
    const self: [string, string][] = [['GET', C('CourseList')], ['GET', C('GetCourseResource')], ['POST', C('Signin')], ['POST', T('SubmitNote')], ['GET', T('GetNote')], ['GET', T('TrainRecordPageList')]];
    for (const [m, p] of [...admin, ...self]) expect((await call(null, m, p)).status, p).toBe(401);
    const input = { id: 1, trainClassId: classId, trainClassCourseId: 1, courseId: 1, courses: [course('x', 0, 60)], resourceList: [1], resourceId: 1, ...course('x', 0, 60) };
    for (const t of [member, branch]) for (const [m, p] of admin) expect((await call(t, m, p, input)).status, p).toBe(403);
    // 郫都区 does not reach 温江区's class: as missing
    const r = await call(district2, 'POST', C('Create'), { trainClassId: classId, ...course('越权课程', 0, 60) });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(TRAIN_MSG.notFound);
    expect((await call(district2, 'GET', C('CourseList'), { trainClassId: classId })).status).toBe(403);
    expect((await call(district, 'GET', C('CourseList'), { trainClassId: otherClassId })).status).toBe(403);
    expect((await call(district, 'GET', C('CourseList'), { trainClassId: 999999 })).status).toBe(404);
  });
});

let c1: number; // on now: sign-in open
let c2: number; // tomorrow
describe('courses', () => {
  it('validates in Chinese and never answers 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...course('  ', 0, 60) }, COURSE_MSG.nameRequired],
      [{ ...course('课', 60, 0) }, COURSE_MSG.endBeforeStart],
      [{ ...course('课', 0, 60), period: 100 }, COURSE_MSG.period],
      [{ ...course('课', 0, 60), period: -1 }, COURSE_MSG.period],
      [{ ...course('课', 0, 60), courseType: 3 }, COURSE_MSG.courseType],
      [{ ...course('课', 0, 60), startTime: 'nonsense' }, COURSE_MSG.startInvalid],
      [{ ...course('课', 0, 60), teacherLibraryId: 999999 }, COURSE_MSG.teacherMissing],
      [{ ...course('课', 0, 60), baseLibraryId: 999999 }, COURSE_MSG.baseMissing],
      [{ courseName: '课' }, COURSE_MSG.startRequired],
    ];
    for (const [input, message] of cases) {
      const r = await call(district, 'POST', C('Create'), { trainClassId: classId, ...input });
      expect(r.status, message).toBe(400);
      expect(err(r)).toBe(message);
    }
    expect((await call(district, 'POST', C('Create'), {})).status).toBe(400);
    // odd input: refused, never a 500
    const odd: Record<string, unknown>[] = [
      { ...course('课', 0, 60), period: 'abc' }, { ...course('课', 0, 60), startTime: '2026-13-45 99:99' }, { ...course('课', 0, 60), teacherLibraryId: 99999999999 },
      { ...course('课', 0, 60), longitude: 'x' }, { ...course('课', 0, 60), courseName: 'x'.repeat(101) }, { ...course('课', 0, 60), startTime: 12345 },
    ];
    for (const input of odd) expect((await call(district, 'POST', C('Create'), { trainClassId: classId, ...input })).status, JSON.stringify(input)).toBe(400);
    expect((await call(district, 'POST', C('Create'), { trainClassId: 99999999999, ...course('课', 0, 60) })).status).toBeLessThan(500);
    expect((await call(district, 'GET', C('Get'), { id: 99999999999 })).status).toBeLessThan(500);
    expect((await call(member, 'POST', C('Signin'), { courseId: 'x', code: '1' })).status).toBe(400);
    expect((await call(member, 'POST', T('SubmitNote'), { trainClassId: classId, courseId: 99999999999, title: 'x', content: '<p>x</p>' })).status).toBeLessThan(500);
  });

  it('refuses a course outside its class\'s 培训时间, on create, batch and update, in Chinese', async () => {
    // the class runs from a day before T0 to a week after it (insertClass)
    const before = await call(district, 'POST', C('Create'), { trainClassId: classId, ...course('开班前的课', -60 * 48, -60 * 47) });
    expect(before.status).toBe(400);
    expect(err(before)).toMatch(/^课程时间须在培训班的培训时间（\d{4}-\d{2}-\d{2} \d{2}:\d{2} 至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}）之内$/);
    expect(before.body.error.validationErrors[0].members).toEqual(['startTime']);
    const after = await call(district, 'POST', C('Create'), { trainClassId: classId, ...course('结班后的课', 60 * 24 * 7 - 30, 60 * 24 * 7 + 30) });
    expect(after.status).toBe(400);
    expect(after.body.error.validationErrors[0].members).toEqual(['endTime']);
    const batch = await call(district, 'POST', C('CreateBatchCourse'), { trainClassId: classId, courses: [course('课一', 0, 60), course('课二', -60 * 48, -60 * 47)] });
    expect(batch.status).toBe(400);
    expect(err(batch)).toMatch(/^第2门课程：课程时间须在培训班的培训时间/);
    const inside = ok(await call(district, 'POST', C('Create'), { trainClassId: classId, ...course('期内的课', 60, 120) }));
    const moved = await call(district, 'PUT', C('Update'), { id: inside.id, ...course('期内的课', -60 * 48, -60 * 47) });
    expect(moved.status).toBe(400);
    ok(await call(district, 'DELETE', C('Delete'), { id: inside.id }));
  });

  it('creates, reads, updates and deletes a course; a library teacher lends his name', async () => {
    const teacher = await app.db.selectFrom('records').select(['id', 'data']).where('entity', '=', 'teacherLibrary').where('isDeleted', '=', false).executeTakeFirstOrThrow();
    const base = await app.db.selectFrom('records').select(['id', 'data']).where('entity', '=', 'baseLibrary').where('isDeleted', '=', false).executeTakeFirstOrThrow();
    c1 = ok(await call(district, 'POST', C('Create'), { trainClassId: classId, ...course(' 党章学习 ', -10, 80), teacherName: null, teacherLibraryId: teacher.id, baseLibraryId: base.id })).id;
    const got = ok(await call(district, 'GET', C('Get'), { id: c1 }));
    expect(got).toMatchObject({
      id: c1, trainClassId: classId, courseName: '党章学习', courseType: 1, period: 2.5, teacherLibraryId: teacher.id, teacherName: (teacher.data as any).realName,
      baseLibraryId: base.id, baseName: (base.data as any).baseName, address: '三楼会议室', resourceCount: 0, signedCount: 0, studentCount: 1,
    });
    expect(got).not.toHaveProperty('signCode');
    expect(new Date(got.startTime).toISOString()).toBe(at(-10));
    // the province reaches it too; 郫都区 does not, by id either
    expect(ok(await call(province, 'GET', C('Get'), { id: c1 })).id).toBe(c1);
    expect((await call(district2, 'GET', C('Get'), { id: c1 })).status).toBe(404);
    expect((await call(district2, 'PUT', C('Update'), { id: c1, ...course('x', 0, 60) })).status).toBe(404);
    expect((await call(district2, 'DELETE', C('Delete'), { id: c1 })).status).toBe(404);

    ok(await call(district, 'PUT', C('Update'), { id: c1, ...course('党章学习（一）', -10, 80), period: 3 }));
    expect(ok(await call(district, 'GET', C('Get'), { id: c1 }))).toMatchObject({ courseName: '党章学习（一）', period: 3 });
    const bad = await call(district, 'PUT', C('Update'), { id: c1, ...course('党章学习', 80, -10) });
    expect(err(bad)).toBe(COURSE_MSG.endBeforeStart);

    const temp = ok(await call(district, 'POST', C('Create'), { trainClassId: classId, ...course('临时课程', 0, 60) })).id;
    expect(ok(await call(district, 'DELETE', C('Delete'), { id: temp }))).toBe(true);
    expect((await call(district, 'GET', C('Get'), { id: temp })).status).toBe(404);
  });

  it('a batch saves all courses or none', async () => {
    const before = ok(await call(district, 'GET', C('CourseList'), { trainClassId: classId })).items.length;
    const bad = await call(district, 'POST', C('CreateBatchCourse'), { trainClassId: classId, courses: [course('第一课', 60 * 24, 60 * 25), course('第二课', 60 * 27, 60 * 26)] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.validationErrors[0]).toMatchObject({ message: `第2门课程：${COURSE_MSG.endBeforeStart}`, members: ['courses[1].endTime'] });
    expect(ok(await call(district, 'GET', C('CourseList'), { trainClassId: classId })).items.length).toBe(before);
    expect((await call(district, 'POST', C('CreateBatchCourse'), { trainClassId: classId, courses: [] })).status).toBe(400);

    expect(ok(await call(district, 'POST', C('CreateBatchCourse'), { trainClassId: classId, courses: [course('第一课', 60 * 24, 60 * 25), course('第二课', 60 * 26, 60 * 27, { courseType: 2, address: null })] })).count).toBe(2);
    const list = ok(await call(district, 'GET', C('CourseList'), { trainClassId: classId })).items;
    expect(list.map((c: any) => c.courseName)).toEqual(['党章学习（一）', '第一课', '第二课']);
    expect(list[0]).not.toHaveProperty('isSigned'); // the organiser is no student
    c2 = list[1].id;
  });

  it('resources: enabled ones of the class’s organisation or above, with the student’s own progress', async () => {
    const pidu = await organ('中共成都市郫都区委员会');
    const foreign = await app.db.insertInto('resources').values({ organId: pidu.id, organPath: pidu.organPath, name: '郫都区资源', resourceType: 1, durationSeconds: 60, playUrl: '/file/f/x.mp4' }).returning('id').executeTakeFirstOrThrow();
    const refused = await call(district, 'POST', C('SetCourseResource'), { trainClassCourseId: c1, resourceList: [resources[0].id, foreign.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.validationErrors[0]).toMatchObject({ message: SIGN_MSG.resourceOutOfReach, members: ['resourceList'] });
    expect(err(await call(district, 'POST', C('SetCourseResource'), { trainClassCourseId: c1, resourceList: [] }))).toBe(SIGN_MSG.resourceRequired);
    const otherType = resources.find((r) => r.resourceType !== resources[0].resourceType);
    if (otherType) expect(err(await call(district, 'POST', C('SetCourseResource'), { trainClassCourseId: c1, resourceList: [otherType.id], resourceType: resources[0].resourceType }))).toBe(SIGN_MSG.resourceType);

    ok(await call(district, 'POST', C('SetCourseResource'), { trainClassCourseId: c1, resourceList: [resources[0].id, resources[1].id] }));
    expect(ok(await call(district, 'GET', C('Get'), { id: c1 })).resourceCount).toBe(2);
    ok(await call(district, 'DELETE', C('DeleteCourseResource'), { trainClassCourseId: c1, resourceId: resources[1].id }));
    expect((await call(district, 'DELETE', C('DeleteCourseResource'), { trainClassCourseId: c1, resourceId: resources[1].id })).status).toBe(404);
    expect((await call(district2, 'POST', C('SetCourseResource'), { trainClassCourseId: c1, resourceList: [resources[0].id] })).status).toBe(404);

    const items = ok(await call(member, 'GET', C('GetCourseResource'), { trainClassCourseId: c1 })).items;
    expect(items.map((r: any) => r.id)).toEqual([resources[0].id]);
    expect(items[0]).toMatchObject({ percent: 0, completed: false });
    expect(items[0].playUrl).toBeTruthy();
    // a member not in the class: refused
    expect((await call(district2Member, 'GET', C('GetCourseResource'), { trainClassCourseId: c1 })).status).toBe(403);
  });
});

describe('sign-in', () => {
  let code: string;
  it('the organiser reads a six-digit code with its window and the page it opens', async () => {
    const r = ok(await call(district, 'POST', C('SignCode'), { id: c1 }));
    expect(r.code).toMatch(/^\d{6}$/);
    expect(new Date(r.validFrom).toISOString()).toBe(at(-40));
    expect(new Date(r.validTo).toISOString()).toBe(at(80));
    expect(r.signUrl).toMatch(new RegExp(`^/partyMember/iStudy/rotationTrain/info\\?id=${classId}&courseId=${c1}&token=[\\w%.-]+$`));
    expect(r.signUrl).not.toContain(r.code);
    expect(ok(await call(district, 'POST', C('SignCode'), { id: c1 })).code).toBe(r.code);
    code = ok(await call(district, 'POST', C('SignCode'), { id: c1, refresh: true })).code;
    expect((await call(district2, 'POST', C('SignCode'), { id: c1 })).status).toBe(404);
    expect((await call(member, 'POST', C('SignCode'), { id: c1 })).status).toBe(403);
  });

  it('a student signs in once, inside the window, with the right code', async () => {
    const wrong = await call(member, 'POST', C('Signin'), { courseId: c1, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.validationErrors[0]).toMatchObject({ message: SIGN_MSG.codeWrong, members: ['code'] });
    expect((await call(district2Member, 'POST', C('Signin'), { courseId: c1, code })).status).toBe(403);
    const signed = ok(await call(member, 'POST', C('Signin'), { courseId: c1, code }));
    expect(new Date(signed.signTime).toISOString()).toBe(at(0));
    expect(err(await call(member, 'POST', C('Signin'), { courseId: c1, code }))).toBe(SIGN_MSG.signed);

    // tomorrow's course: not yet open; 29 minutes before its start it is
    const code2 = ok(await call(district, 'POST', C('SignCode'), { id: c2 })).code;
    expect(err(await call(member, 'POST', C('Signin'), { courseId: c2, code: code2 }))).toBe(SIGN_MSG.outOfWindow);
    app.advance((60 * 24 - 29) * MIN);
    ok(await call(member, 'POST', C('Signin'), { courseId: c2, code: code2 }));
    app.freeze(new Date(T0));
    // the course of now is over after its end
    app.advance(81 * MIN);
    const r2 = await call(member, 'POST', C('Signin'), { courseId: c1, code });
    expect(err(r2)).toBe(SIGN_MSG.signed);
    app.freeze(new Date(T0));
  });

  it('the student sees his sign-ins; the organiser reads attendance', async () => {
    const mine = ok(await call(member, 'GET', C('CourseList'), { trainClassId: classId })).items;
    expect(mine.find((c: any) => c.id === c1)).toMatchObject({ isSigned: true, signedCount: 1, studentCount: 1 });
    expect(mine.find((c: any) => c.courseName === '第二课')).toMatchObject({ isSigned: false, signTime: null });

    const att = ok(await call(district, 'GET', C('StudiedPageList'), { courseId: c1 }));
    expect(att.totalCount).toBe(1);
    expect(att.items[0]).toMatchObject({ userId: memberId, name: '李明', studyPeriod: 0, finished: false, signedBy: null });
    expect(att.items[0].organName).toContain('凤凰');
    expect(ok(await call(district, 'GET', C('StudiedPageList'), { courseId: c1, signed: false })).totalCount).toBe(0);
    expect((await call(district2, 'GET', C('StudiedPageList'), { courseId: c1 })).status).toBe(404);
  });

  it('outside the window: refused before the code is looked at', async () => {
    const late = ok(await call(district, 'POST', C('Create'), { trainClassId: classId, ...course('已结束的课', -120, -60) })).id;
    const code3 = ok(await call(district, 'POST', C('SignCode'), { id: late })).code;
    const r = await call(member, 'POST', C('Signin'), { courseId: late, code: code3 });
    expect(r.status).toBe(400);
    expect(err(r)).toBe(SIGN_MSG.outOfWindow);
    ok(await call(district, 'DELETE', C('Delete'), { id: late }));
  });
});

describe('notes', () => {
  it('a student writes one note per course (again = edit) and one on the class', async () => {
    expect(ok(await call(member, 'GET', T('GetNote'), { trainClassId: classId, courseId: c1 }))).toBeNull();
    const { id } = ok(await call(member, 'POST', T('SubmitNote'), { trainClassId: classId, courseId: c1, title: '党章学习笔记', content: '<p>第一章</p><script>x</script>' }));
    const again = ok(await call(member, 'POST', T('SubmitNote'), { trainClassId: classId, courseId: c1, title: '党章学习笔记（修改）', content: '<p>第一章、第二章</p>' }));
    expect(again.id).toBe(id);
    const classNote = ok(await call(member, 'POST', T('SubmitNote'), { trainClassId: classId, title: '全班总结', content: '<p>收获很大</p>' }));
    expect(classNote.id).not.toBe(id);
    expect(ok(await call(member, 'GET', T('GetNote'), { trainClassId: classId, courseId: c1 }))).toMatchObject({ courseId: c1, title: '党章学习笔记（修改）', content: '<p>第一章、第二章</p>' });
    expect(ok(await call(member, 'GET', T('GetNote'), { trainClassId: classId }))).toMatchObject({ courseId: 0, title: '全班总结' });
    // a course of another class, and an empty note
    const otherCourse = ok(await call(district2, 'POST', C('Create'), { trainClassId: otherClassId, ...course('郫都课程', 0, 60) })).id;
    expect((await call(member, 'POST', T('SubmitNote'), { trainClassId: classId, courseId: otherCourse, title: 'x', content: '<p>x</p>' })).status).toBe(404);
    const blank = await call(member, 'POST', T('SubmitNote'), { trainClassId: classId, courseId: c1, title: 'x', content: '<p><br></p>' });
    expect(blank.status).toBe(400);
    // a class's note is a 学习笔记 (a topic's a 学习心得): the messages say so, whether the field is blank or missing
    expect(err(blank)).toBe('请输入笔记内容');
    expect(err(await call(member, 'POST', T('SubmitNote'), { trainClassId: classId, courseId: c1, title: ' ', content: '<p>x</p>' }))).toBe('请输入笔记标题');
    expect(err(await call(member, 'POST', T('SubmitNote'), { trainClassId: classId, courseId: c1, content: '<p>x</p>' }))).toBe('请输入笔记标题');
    // not a student of the class
    const r = await call(district2Member, 'POST', T('SubmitNote'), { trainClassId: classId, courseId: c1, title: 'x', content: '<p>x</p>' });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(TRAIN_MSG.notStudent);
  });

  it('organisers read the notes of their subtree, by course', async () => {
    // a student from 郫都区 (inserted directly): his note is his district's to read, and the province's
    await addStudent(classId, district2Id);
    ok(await call(district2Member, 'POST', T('SubmitNote'), { trainClassId: classId, courseId: c1, title: '郫都学员的笔记', content: '<p>y</p>' }));
    const byDistrict = ok(await call(district, 'GET', T('StudentNotePageList'), { id: classId, courseId: c1 }));
    expect(byDistrict.items.map((n: any) => n.title)).toEqual(['党章学习笔记（修改）']);
    expect(byDistrict.items[0]).toMatchObject({ memberName: '李明', courseId: c1, courseName: '党章学习（一）' });
    expect(ok(await call(district, 'GET', T('StudentNotePageList'), { id: classId })).totalCount).toBe(2);
    expect(ok(await call(province, 'GET', T('StudentNotePageList'), { id: classId, courseId: c1 })).totalCount).toBe(2);
    expect(ok(await call(province, 'GET', T('StudentNotePageList'), { id: classId, name: '李明' })).totalCount).toBe(2);
    expect((await call(district2, 'GET', T('StudentNotePageList'), { id: classId })).status).toBe(404);
    expect((await call(member, 'GET', T('StudentNotePageList'), { id: classId })).status).toBe(403);
    await addStudent(classId, district2Id, 3);
  });
});

describe('a removed student', () => {
  it('loses the class: courses, resources, sign-in and notes answer 403', async () => {
    const helper = await app.login('branchadmin'); // 赵丽华, a member of 凤凰 too
    const helperId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'branchadmin').executeTakeFirstOrThrow()).id;
    await addStudent(classId, helperId);
    expect(ok(await call(helper, 'GET', C('CourseList'), { trainClassId: classId })).items.length).toBe(3);
    await addStudent(classId, helperId, 3);
    const code = ok(await call(district, 'POST', C('SignCode'), { id: c1 })).code;
    for (const [m, p, input] of [
      ['GET', C('CourseList'), { trainClassId: classId }],
      ['GET', C('GetCourseResource'), { trainClassCourseId: c1 }],
      ['POST', C('Signin'), { courseId: c1, code }],
      ['POST', T('SubmitNote'), { trainClassId: classId, courseId: c1, title: 'x', content: '<p>x</p>' }],
      ['GET', T('GetNote'), { trainClassId: classId, courseId: c1 }],
    ] as [string, string, Record<string, unknown>][]) {
      const r = await call(helper, m, p, input);
      expect(r.status, p).toBe(403);
      expect(r.body.error.message, p).toBe(TRAIN_MSG.notStudent);
    }
    // rejected (2) likewise
    await addStudent(classId, helperId, 2);
    expect((await call(helper, 'GET', C('CourseList'), { trainClassId: classId })).status).toBe(403);
  });
});

describe('training records', () => {
  it('a member’s classes with courses, sign-ins and 学时 of the courses he signed in to', async () => {
    // the demo's class is his record too (demo-training.ts); this file's class is the one looked at
    const record = async (token: string, input: Record<string, unknown> = {}) => ok(await call(token, 'GET', T('TrainRecordPageList'), input)).items.find((r: any) => r.trainClassId === classId);
    const mine = { items: [await record(member)] };
    expect(mine.items[0]).toMatchObject({ trainClassId: classId, className: '温江区基层党务干部培训班', courseCount: 3, signedCount: 2, period: 5.5, statusText: '进行中' });
    expect(mine.items[0].createOrganName).toContain('温江');
    // a deleted course's sign-in counts no more
    const gone = ok(await call(district, 'POST', C('Create'), { trainClassId: classId, ...course('补充课', -10, 60), period: 1 })).id;
    const code = ok(await call(district, 'POST', C('SignCode'), { id: gone })).code;
    ok(await call(member, 'POST', C('Signin'), { courseId: gone, code }));
    expect(await record(member)).toMatchObject({ courseCount: 4, signedCount: 3, period: 6.5 });
    ok(await call(district, 'DELETE', C('Delete'), { id: gone }));
    expect(await record(member)).toMatchObject({ courseCount: 3, signedCount: 2, period: 5.5 });

    // administrators: members of their subtree only
    expect((await record(district, { userId: memberId })).period).toBe(5.5);
    expect((await call(district2, 'GET', T('TrainRecordPageList'), { userId: memberId })).status).toBe(404);
    expect((await call(member, 'GET', T('TrainRecordPageList'), { userId: district2Id })).status).toBe(404);
    // a removed student's class is no record of his
    expect(await record(district2Member)).toBeUndefined();
  });
});
