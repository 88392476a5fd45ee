import { addToDay, calendarDay, instantOf } from '../../../contract/platform-time';
import type { OrgSeed } from './organisations';
import type { Db } from './util';
import { syncBatch } from '../../domains/training';

/**
 * The demo 培训班, both of 温江区 for its members: one in progress — two courses (one held
 * three days ago with sign-ins, one online and open), students of the demo branch, places allocated to
 * it, notes and minds (one commented and public) — and one open for applications, so the demo member
 * can apply on the first start. Times are wall-clock times of the platform zone, days from the seed's
 * "today".
 */
/** no year nor season in its name: the demo is seeded on any day of any year */
export const DEMO_CLASS_NAME = '温江区党员教育示范班';
export const DEMO_OPEN_CLASS_NAME = '温江区发展党员工作业务培训班';

export interface TrainingSeed {
  district: OrgSeed;
  branch: OrgSeed;
  /** user ids of the branch's members with accounts, the demo member first */
  students: { userId: number; name: string }[];
  organiserUserId: number | null;
  now: Date;
  timeZone: string;
}

export async function seedTraining(db: Db, s: TrainingSeed) {
  const today = calendarDay(s.now, s.timeZone);
  const at = (days: number, clock: string) => instantOf(`${addToDay(today, { days })} ${clock}`, s.timeZone)!;
  const common = { classType: 1, organId: s.district.id, organPath: s.district.organPath, creatorUserId: s.organiserUserId, status: 1, teachingObjects: '全区党员' };

  const [running, open] = await db
    .insertInto('trainClasses')
    .values([
      {
        ...common,
        name: DEMO_CLASS_NAME,
        groupName: '党员集中教育',
        introduction: '<p>围绕学习贯彻党的二十大精神，采取集中授课、线上自学、交流研讨相结合的方式开展集中教育，每名学员完成全部课程并提交学习心得。</p>',
        applyStartTime: at(-20, '09:00'), applyEndTime: at(-5, '18:00'), startTime: at(-3, '09:00'), endTime: at(20, '18:00'),
        address: '温江区委党校', trainNumbers: 60, needAudit: true,
      },
      {
        ...common,
        name: DEMO_OPEN_CLASS_NAME,
        groupName: '业务培训',
        introduction: '<p>面向党支部书记和组织委员，讲解《中国共产党发展党员工作细则》和发展党员各阶段的工作要求。</p>',
        applyStartTime: at(-2, '09:00'), applyEndTime: at(10, '18:00'), startTime: at(12, '09:00'), endTime: at(14, '18:00'),
        address: '温江区委党校第二教室', trainNumbers: 40, needAudit: true,
      },
    ])
    .returning('id')
    .execute();
  const classIds = [running.id, open.id];
  await db.insertInto('trainClassScopes').values(classIds.map((trainClassId) => ({ trainClassId, organId: s.district.id, organPath: s.district.organPath, excluded: false }))).execute();
  await db.insertInto('trainClassAllocations').values({ trainClassId: running.id, organId: s.branch.id, organPath: s.branch.organPath, numbers: 20, creatorUserId: s.organiserUserId, creationTime: at(-19, '10:00') }).execute();

  // students: all but the last approved; the last still waits for the audit
  const students = s.students.slice(0, 12);
  await db
    .insertInto('trainClassStudents')
    .values(
      students.map((m, i) => ({
        trainClassId: running.id, userId: m.userId, memberName: m.name, organId: s.branch.id, organPath: s.branch.organPath,
        status: i === students.length - 1 ? 0 : 1, source: 1, creationTime: at(-15 + (i % 5), '10:00'),
        auditorUserId: i === students.length - 1 ? null : s.organiserUserId, auditTime: i === students.length - 1 ? null : at(-6, '16:00'),
      })),
    )
    .execute();

  const resources = await db.selectFrom('resources').select(['id', 'name']).where('name', 'in', ['红色故事：井冈山精神', '理论音频：为人民服务']).execute();
  const held = await db
    .insertInto('trainClassCourses')
    .values({
      trainClassId: running.id, courseName: '专题党课：深刻领悟“两个确立”的决定性意义', courseType: 1, period: 3, sort: 1,
      startTime: at(-3, '09:00'), endTime: at(-3, '12:00'), teacherName: '罗晓梅', address: '温江区委党校报告厅',
      description: '区委党校专题党课，课后分组讨论。', introduction: '区委党校专题党课，课后分组讨论。',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const online = await db
    .insertInto('trainClassCourses')
    .values({
      trainClassId: running.id, courseName: '线上自学：红色故事与理论音频', courseType: 2, period: 2, sort: 2,
      startTime: at(-3, '09:00'), endTime: at(18, '18:00'), teacherName: null, address: null,
      description: '在线观看红色故事、收听理论音频，学习时长计入学时。', introduction: '在线观看红色故事、收听理论音频，学习时长计入学时。',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (resources.length) await db.insertInto('trainClassCourseResources').values(resources.map((r, sort) => ({ courseId: online.id, resourceId: r.id, sort }))).execute();

  // eight of the approved students signed in to the held course; the demo member among them
  const approved = students.slice(0, -1);
  await db.insertInto('trainClassSignins').values(approved.slice(0, 8).map((m, i) => ({ courseId: held.id, userId: m.userId, trainClassId: running.id, signTime: at(-3, `08:${String(40 + i).padStart(2, '0')}`), signedByUserId: null }))).execute();

  const member = approved[0];
  await db
    .insertInto('trainClassNotes')
    .values({
      trainClassId: running.id, courseId: held.id, userId: member.userId, memberName: member.name, organId: s.branch.id, organPath: s.branch.organPath,
      title: '专题党课笔记', content: '<p>一、“两个确立”是党在新时代取得的重大政治成果。</p><p>二、要把学习成果转化为做好本职工作的实际行动。</p>', creationTime: at(-3, '13:00'),
    })
    .execute();
  await db
    .insertInto('trainClassMinds')
    .values([
      {
        trainClassId: running.id, userId: member.userId, memberName: member.name, organId: s.branch.id, organPath: s.branch.organPath,
        title: '参加示范班的学习体会', content: '<p>通过专题党课的学习，我对“两个确立”的决定性意义有了更深的理解。作为社区党员，要在服务群众中发挥先锋模范作用。</p>',
        comment: '体会真切，联系实际，望在社区服务中继续发挥带头作用。', commenterUserId: s.organiserUserId, commenterName: '陈晓燕', commentTime: at(-2, '10:00'), isPublic: true, creationTime: at(-3, '20:00'),
      },
      {
        trainClassId: running.id, userId: approved[1].userId, memberName: approved[1].name, organId: s.branch.id, organPath: s.branch.organPath,
        title: '示范班学习心得', content: '<p>学习了专题党课，收获很大，今后要加强理论学习，提高政治站位。</p>', isPublic: false, creationTime: at(-2, '21:00'),
      },
    ])
    .execute();
  return { classId: running.id, openClassId: open.id };
}

/** the programme of the year the demo is seeded in */
export const demoRotationName = (year: number) => `${year}年全省党员集中轮训`;

/**
 * The demo 集中轮训: a province programme in two batches — 温江区 now (the demo member's), 郫都区
 * after it — each a class whose students are the members of its district (train/rotation.ts).
 */
export async function seedRotation(db: Db, r: { province: OrgSeed; batches: { organ: OrgSeed; name: string; address: string }[]; creatorUserId: number | null; now: Date; timeZone: string }) {
  const today = calendarDay(r.now, r.timeZone);
  const at = (days: number, clock: string) => instantOf(`${addToDay(today, { days })} ${clock}`, r.timeZone)!;
  const introduction = '<p>按照全省党员教育培训工作安排，各地分批次组织党员参加集中轮训，每批次集中学习不少于3天。</p>';
  const programme = await db
    .insertInto('cenTrains')
    .values({ name: demoRotationName(Number(today.slice(0, 4))), year: Number(today.slice(0, 4)), introduction, startTime: at(-10, '00:00'), endTime: at(60, '23:59'), organId: r.province.id, organPath: r.province.organPath, creatorUserId: r.creatorUserId, creationTime: at(-12, '10:00') })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, b] of r.batches.entries()) {
    const batch = await db
      .insertInto('trainClasses')
      .values({
        classType: 1, cenTrainId: programme.id, name: b.name, introduction, organId: r.province.id, organPath: r.province.organPath, status: 1, needAudit: false, trainNumbers: 0,
        startTime: at(-3 + i * 30, '09:00'), endTime: at(2 + i * 30, '18:00'), address: b.address, creatorUserId: r.creatorUserId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await syncBatch(db, batch.id, [{ id: b.organ.id, organPath: b.organ.organPath }], r.creatorUserId);
  }
  return programme.id;
}
