import type { Database } from '../../db/database';
import type { CurrentUser } from '../../http/auth';
import type { Call } from '../../http/actions';
import { forbidden, notFound } from '../../http/errors';
import { isInSubtree, actingOrgan } from '../../scope';

/**
 * What every part of 培训班 reads of a class alike: which classes an administrator
 * manages, who is a student, and the state a class is in. Courses, notes, minds and rotation
 * batches are separate modules over these.
 */
export const CLASS_TYPE = 1;

export const TRAIN_PERMISSION = {
  read: 'Pages.TrainClass',
  create: 'Pages.TrainClass.Create',
  update: 'Pages.TrainClass.Update',
  delete: 'Pages.TrainClass.Delete',
} as const;

export const TRAIN_MSG = {
  notFound: '培训班不存在或已删除',
  notStudent: '您不是该培训班的学员',
  courseNotFound: '课程不存在或已删除',
} as const;

/** Student rows: 0 pending, 1 approved, 2 rejected, 3 removed. */
export const STUDENT_STATUS = { pending: 0, approved: 1, rejected: 2, removed: 3 } as const;
export const STUDENT_STATUS_LABEL: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '未通过', 3: '已移出' };

/**
 * A class's state by the server's clock: 0 草稿 (not published), 1 未开始报名, 2 报名中,
 * 3 报名结束 (waiting to begin), 4 进行中, 5 已结束.
 */
export const CLASS_STATE_LABEL: Record<number, string> = { 0: '草稿', 1: '未开始报名', 2: '报名中', 3: '待开班', 4: '进行中', 5: '已结束' };
export function classState(c: { status: number; applyStartTime: Date | null; applyEndTime: Date | null; startTime: Date | null; endTime: Date | null }, now: Date): number {
  if (c.status === 0) return 0;
  if (c.endTime && now > c.endTime) return 5;
  if (c.startTime && now >= c.startTime) return 4;
  if (c.applyStartTime && now < c.applyStartTime) return 1;
  if (c.applyEndTime && now > c.applyEndTime) return 3;
  return 2;
}

export const classes = (db: Database) =>
  db
    .selectFrom('trainClasses as t')
    .innerJoin('organizations as o', 'o.id', 't.organId')
    .select([
      't.id', 't.name', 't.coverPhoto', 't.introduction', 't.organId', 'o.organName', 't.organPath', 't.groupName', 't.teachingObjects', 't.teachingPlanId',
      't.applyStartTime', 't.applyEndTime', 't.startTime', 't.endTime', 't.address', 't.trainNumbers', 't.needAudit', 't.status', 't.cenTrainId',
      't.isEnabled', 't.sort', 't.creatorUserId', 't.creationTime',
    ])
    .where('t.classType', '=', CLASS_TYPE)
    .where('t.isDeleted', '=', false);
export type ClassRow = Awaited<ReturnType<ReturnType<typeof classes>['executeTakeFirstOrThrow']>>;

/** A class in the caller's managed subtree (the organiser's side); beyond it, exactly as a missing one. */
export async function managedClass(call: Call<unknown>, id: number): Promise<ClassRow> {
  const row = await classes(call.ctx.db).where('t.id', '=', id).executeTakeFirst();
  if (!row || !isInSubtree(row.organPath, actingOrgan(call.user).path)) throw notFound(TRAIN_MSG.notFound);
  return row;
}

/** The member's own organisation path (an administrator's member record, else his role's). */
export const memberPath = (user: CurrentUser) => user.memberOrganPath ?? user.organPath ?? '/';
export const memberOrganId = (user: CurrentUser) => user.memberOrganId ?? user.organId;

/** The caller's student row of a class (whatever its status), or undefined. */
export const studentRow = (db: Database, classId: number, userId: number) =>
  db.selectFrom('trainClassStudents').selectAll().where('trainClassId', '=', classId).where('userId', '=', userId).executeTakeFirst();

/**
 * A class the caller studies in: published, and he an approved student. A removed, rejected or
 * pending member is refused (403 您不是该培训班的学员); a class that does not exist answers 404.
 */
export async function studentClass(call: Call<unknown>, id: number): Promise<ClassRow> {
  const row = await classes(call.ctx.db).where('t.id', '=', id).where('t.status', '=', 1).executeTakeFirst();
  if (!row) throw notFound(TRAIN_MSG.notFound);
  const s = await studentRow(call.ctx.db, id, call.user.userId);
  if (!s || s.status !== STUDENT_STATUS.approved) throw forbidden(TRAIN_MSG.notStudent);
  return row;
}

/** Whether the caller may read a class as its organiser (managed subtree) — used by lists that both sides open. */
export const organises = (user: CurrentUser, c: { organPath: string }) => !user.isDefaultRole && !!user.organPath && isInSubtree(c.organPath, user.organPath);
