import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { hasPermission, type Call } from '../../http/actions';
import { notFound } from '../../http/errors';
import { baseNames } from './courses-input';
import { CLASS_TYPE, STUDENT_STATUS, TRAIN_MSG, TRAIN_PERMISSION, classes, managedClass, organises, studentClass, studentRow, type ClassRow } from './classes';
import { pathChain } from '../../scope';
import { hours, baseSelect, toResource } from '../study';

/**
 * Reads of a class's courses: the course DTO of docs/training.md, who may read them (organiser or
 * approved student), and a course's resources with a member's own study.
 */

/** The sign-in window: from 30 minutes before a course's start to its end. */
export const SIGN_OPEN_BEFORE_MS = 30 * 60_000;
export const signWindow = (c: { startTime: Date | null; endTime: Date | null }) =>
  c.startTime && c.endTime ? { from: new Date(new Date(c.startTime).getTime() - SIGN_OPEN_BEFORE_MS), to: new Date(c.endTime) } : null;

export const courseRows = (db: Database) =>
  db
    .selectFrom('trainClassCourses as c')
    .select([
      'c.id', 'c.trainClassId', 'c.courseName', 'c.courseType', 'c.period', 'c.startTime', 'c.endTime', 'c.description', 'c.baseLibraryId',
      'c.teacherLibraryId', 'c.teacherName', 'c.address', 'c.longitude', 'c.latitude', 'c.sort', 'c.signCode', 'c.signCodeTime',
    ])
    .where('c.isDeleted', '=', false);
export type CourseRow = Awaited<ReturnType<ReturnType<typeof courseRows>['executeTakeFirstOrThrow']>>;

/** A course of a class (class_type 1) by id, with its class row; anything else answers as a missing course. */
export async function courseOf(db: Database, id: number): Promise<CourseRow> {
  const c = await courseRows(db)
    .innerJoin('trainClasses as t', 't.id', 'c.trainClassId')
    .where('t.classType', '=', CLASS_TYPE)
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!c) throw notFound(TRAIN_MSG.courseNotFound);
  return c;
}

/** A course the caller organises (his managed subtree holds its class); beyond it, a missing course. */
export async function managedCourse(call: Call<unknown>, id: number) {
  const course = await courseOf(call.ctx.db, id);
  const cls = await managedClass(call, course.trainClassId).catch(() => {
    throw notFound(TRAIN_MSG.courseNotFound);
  });
  return { course, cls };
}

/**
 * Who reads a class's courses: its organiser (read permission, managed subtree) or an approved
 * student; anyone else as studentClass answers (404 missing, 403 您不是该培训班的学员).
 * `student` is set when the caller is an approved student (his sign-ins and study are shown).
 */
export async function courseReader(call: Call<unknown>, classId: number): Promise<{ cls: ClassRow; student: boolean }> {
  const { user, ctx } = call;
  const row = await classes(ctx.db).where('t.id', '=', classId).executeTakeFirst();
  if (row && organises(user, row) && hasPermission(user, TRAIN_PERMISSION.read)) {
    const s = await studentRow(ctx.db, classId, user.userId);
    return { cls: row, student: s?.status === STUDENT_STATUS.approved };
  }
  return { cls: await studentClass(call, classId), student: true };
}

/** Per course: resource, sign-in and approved-student counts. */
async function courseCounts(db: Database, classId: number, courseIds: number[]) {
  if (!courseIds.length) return { resources: new Map<number, number>(), signed: new Map<number, number>(), students: 0 };
  const [res, signed, students] = await Promise.all([
    db
      .selectFrom('trainClassCourseResources as cr')
      .innerJoin('resources as r', 'r.id', 'cr.resourceId')
      .select(['cr.courseId', sql<number>`count(*)::int`.as('n')])
      .where('cr.courseId', 'in', courseIds)
      .where('r.isDeleted', '=', false)
      .groupBy('cr.courseId')
      .execute(),
    db
      .selectFrom('trainClassSignins as s')
      .innerJoin('trainClassStudents as st', (j) => j.onRef('st.trainClassId', '=', 's.trainClassId').onRef('st.userId', '=', 's.userId'))
      .select(['s.courseId', sql<number>`count(*)::int`.as('n')])
      .where('s.courseId', 'in', courseIds)
      .where('st.status', '=', STUDENT_STATUS.approved)
      .groupBy('s.courseId')
      .execute(),
    db.selectFrom('trainClassStudents').select(sql<number>`count(*)::int`.as('n')).where('trainClassId', '=', classId).where('status', '=', STUDENT_STATUS.approved).executeTakeFirstOrThrow(),
  ]);
  return {
    resources: new Map(res.map((r) => [r.courseId, Number(r.n)])),
    signed: new Map(signed.map((r) => [r.courseId, Number(r.n)])),
    students: Number(students.n),
  };
}

/** Course DTOs (docs/training.md); with `studentId`, his isSigned and signTime too. The sign-in code never leaves here. */
export async function courseDtos(db: Database, classId: number, rows: CourseRow[], studentId: number | null) {
  const ids = rows.map((r) => r.id);
  const [counts, bases] = await Promise.all([courseCounts(db, classId, ids), baseNames(db, rows.map((r) => r.baseLibraryId))]);
  const mine = studentId && ids.length
    ? new Map((await db.selectFrom('trainClassSignins').select(['courseId', 'signTime']).where('userId', '=', studentId).where('courseId', 'in', ids).execute()).map((s) => [s.courseId, s.signTime]))
    : null;
  return rows.map(({ signCode: _c, signCodeTime: _t, ...c }) => ({
    ...c,
    period: Number(c.period ?? 0),
    baseName: c.baseLibraryId ? (bases.get(c.baseLibraryId) ?? null) : null,
    resourceCount: counts.resources.get(c.id) ?? 0,
    signedCount: counts.signed.get(c.id) ?? 0,
    studentCount: counts.students,
    ...(mine ? { isSigned: mine.has(c.id), signTime: mine.get(c.id) ?? null } : {}),
  }));
}

/** The courses of a class, by time. */
export const classCourses = (db: Database, classId: number) =>
  courseRows(db).where('c.trainClassId', '=', classId).orderBy('c.startTime', 'asc').orderBy('c.sort', 'asc').orderBy('c.id', 'asc').execute();

/** A course's resources (enabled, not deleted) in their order, with `userId`'s own study (0: none). */
export async function courseResources(db: Database, courseId: number, userId: number) {
  const links = await db.selectFrom('trainClassCourseResources').select(['resourceId', 'sort']).where('courseId', '=', courseId).orderBy('sort', 'asc').orderBy('resourceId', 'asc').execute();
  if (!links.length) return [];
  const rows = (await baseSelect(db, userId).where('r.id', 'in', links.map((l) => l.resourceId)).where('r.isDeleted', '=', false).where('r.isEnabled', '=', true).execute()).map(toResource);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return links.map((l) => byId.get(l.resourceId)).filter((r): r is NonNullable<typeof r> => !!r);
}

/**
 * Resources a class's course may use: enabled library resources published at the class's
 * organisation or above — topics use the same rule through it (special-topic checkResources), so every student,
 * who is of the class's subtree, may study them through the ordinary study report.
 */
export const usableResources = (db: Database, classPath: string, ids: number[]) =>
  db.selectFrom('resources').select(['id', 'resourceType']).where('id', 'in', ids).where('isDeleted', '=', false).where('isEnabled', '=', true).where('organPath', 'in', pathChain(classPath)).execute();

/** Per student: credited seconds over a course's resources (capped at each duration) and whether all are completed. */
export async function courseStudy(db: Database, courseId: number, userIds: number[]) {
  const out = new Map<number, { studyPeriod: number; finished: boolean }>();
  const res = await db
    .selectFrom('trainClassCourseResources as cr')
    .innerJoin('resources as r', 'r.id', 'cr.resourceId')
    .select(['r.id', 'r.durationSeconds'])
    .where('cr.courseId', '=', courseId)
    .where('r.isDeleted', '=', false)
    .where('r.isEnabled', '=', true)
    .execute();
  const totals = userIds.length && res.length
    ? await db.selectFrom('studyTotals').select(['userId', 'resourceId', 'seconds', 'completed']).where('userId', 'in', userIds).where('resourceId', 'in', res.map((r) => r.id)).execute()
    : [];
  const duration = new Map(res.map((r) => [r.id, r.durationSeconds]));
  for (const u of userIds) {
    const mine = totals.filter((t) => t.userId === u);
    const seconds = mine.reduce((s, t) => s + Math.min(Number(t.seconds), duration.get(t.resourceId) ?? 0), 0);
    out.set(u, { studyPeriod: hours(seconds), finished: res.length > 0 && mine.filter((t) => t.completed).length >= res.length });
  }
  return out;
}
