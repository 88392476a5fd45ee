import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Call } from '../../http/actions';
import { invalid } from '../../http/errors';
import { isInSubtree, actingOrgan } from '../../scope';
import { MESSAGE_SOURCE, sendSiteMessage } from '../../services/site-message';
import { CLASS_STATE_LABEL, STUDENT_STATUS, classState, type ClassRow } from './classes';
import { HOLDS_PLACE } from './enrol';

/** What the parts of 培训班 share: messages, the class's list shape and counts, the caller's organisations, notices to students. */
export const CLASS_MSG = {
  name: '请输入培训班名称',
  dates: '请选择培训时间',
  applyDates: '请选择报名时间',
  applyOrder: '报名截止时间须晚于报名开始时间',
  endOrder: '结束时间须晚于开始时间',
  applyAfterEnd: '报名截止时间不能晚于培训结束时间',
  organ: '所选组织不存在或不在您的管理范围内',
  hasStudents: '该培训班已有学员，不能删除',
  scopeEmpty: '培训范围不能为空',
  scopeUsed: '所选组织已有学员或已分配名额，不能移出培训范围',
  notInScope: '所选组织不在培训范围内',
  memberOut: '所选党员不在您的管理范围或培训范围内',
  allStudents: '所选党员均已是学员',
  allocationNotFound: '名额分配不存在',
  allocationUsed: '该组织的名额已被使用，不能删除',
  studentNotFound: '学员不存在',
} as const;


export const CLASS_LINK = (id: number) => `/partyMember/iStudy/rotationTrain/info?id=${id}`;

/** A text field as stored: trimmed, empty as null. */
export const text = (v: string | null | undefined) => v?.trim() || null;

/** Organisations of the caller's subtree (a scope or an allocation); anything else is refused on the field. */
export async function ownOrgans(call: Call<unknown>, ids: number[], member: string) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await call.ctx.db.selectFrom('organizations').select(['id', 'organPath', 'organName']).where('id', 'in', unique).where('isDeleted', '=', false).execute();
  if (rows.length !== unique.length || rows.some((r) => !isInSubtree(r.organPath, actingOrgan(call.user).path))) throw invalid([{ message: CLASS_MSG.organ, members: [member] }]);
  return rows;
}

/** Counts per class: approved and pending students, places allocated at the top, courses. */
export async function classCounts(db: Database, ids: number[]) {
  const out = new Map(ids.map((id) => [id, { studentCount: 0, pendingCount: 0, courseCount: 0 }]));
  if (!ids.length) return out;
  const st = await db.selectFrom('trainClassStudents').select(['trainClassId', 'status', sql<number>`count(*)::int`.as('n')]).where('trainClassId', 'in', ids).where('status', 'in', HOLDS_PLACE).groupBy(['trainClassId', 'status']).execute();
  for (const r of st) {
    const c = out.get(r.trainClassId)!;
    if (r.status === STUDENT_STATUS.approved) c.studentCount = Number(r.n);
    else c.pendingCount = Number(r.n);
  }
  const courses = await db.selectFrom('trainClassCourses').select(['trainClassId', sql<number>`count(*)::int`.as('n')]).where('trainClassId', 'in', ids).where('isDeleted', '=', false).groupBy('trainClassId').execute();
  for (const r of courses) out.get(r.trainClassId)!.courseCount = Number(r.n);
  return out;
}

/** The list shape (admin and member share the class's own fields). */
export function classItem(c: ClassRow, now: Date) {
  const state = classState(c, now);
  return {
    id: c.id, className: c.name, classType: 1, coverPicture: c.coverPhoto, group: c.groupName, teachingObjects: c.teachingObjects, teachingPlanId: c.teachingPlanId,
    applyStartTime: c.applyStartTime, applyEndTime: c.applyEndTime, startTime: c.startTime, endTime: c.endTime, address: c.address,
    trainNumbers: c.trainNumbers, needAudit: c.needAudit, status: c.status, state, statusText: CLASS_STATE_LABEL[state],
    organId: c.organId, createOrganName: c.organName, cenTrainId: c.cenTrainId, creationTime: c.creationTime, serverTime: now,
  };
}

/** A site message to students of a class, linking to the class's member page. */
export async function notifyStudents(call: Call<unknown>, c: { id: number; name: string; organId: number; organName: string }, userIds: number[], title: string, content: string) {
  await sendSiteMessage(call.ctx.db, { title, content, messageType: '4', senderOrganId: c.organId, organName: c.organName, userIds, source: MESSAGE_SOURCE.member, linkUrl: CLASS_LINK(c.id) });
}
