import { sql } from 'kysely';
import { maskPhone } from '../../../contract/validators';
import { action, type ActionDef, type Call } from '../../http/actions';
import { badRequest, invalid, notFound } from '../../http/errors';
import { objectInput, pagedInput, type PagingInput } from '../../http/paging';
import { pageQuery } from '../../http/paging';
import { subtreeRange, actingOrgan, withinScope } from '../../scope';
import { takeStep } from '../../workflow/decide';
import { notOwnCaseWhere } from '../../workflow/own-case';
import { MESSAGE_SOURCE, sendSiteMessage } from '../../services/site-message';
import { containsPattern } from '../../services/query-helpers';
import { STUDENT_STATUS, STUDENT_STATUS_LABEL, TRAIN_MSG, TRAIN_PERMISSION, managedClass } from './classes';
import { HOLDS_PLACE, lockClass, readPlaces, readScope, requirePlaces, scopeHoldsPath } from './enrol';
import { CLASS_LINK, CLASS_MSG, notifyStudents } from './class-common';

/** 学员: the organiser's students of a class — the list, adding and removing, auditing applications, reminders. */

/** A student row of a class the caller organises. */
async function managedStudent(call: Call<unknown>, id: number) {
  const s = await call.ctx.db.selectFrom('trainClassStudents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!s) throw notFound(CLASS_MSG.studentNotFound);
  const c = await managedClass(call, s.trainClassId).catch(() => {
    throw notFound(CLASS_MSG.studentNotFound);
  });
  return { s, c };
}

/** The student rows an organiser sees: of the given class, or of every class of his subtree. */
function studentRows(call: Call<{ status?: number; name?: string }>, classId?: number) {
  let q = call.ctx.db
    .selectFrom('trainClassStudents as s')
    .innerJoin('trainClasses as t', 't.id', 's.trainClassId')
    .leftJoin('organizations as o', 'o.id', 's.organId')
    .leftJoin('users as u', 'u.id', 's.userId')
    .where(withinScope(call, 't.organPath'))
    .where(withinScope(call, 's.organPath'));
  if (classId !== undefined) q = q.where('s.trainClassId', '=', classId);
  if (call.input.status !== undefined) q = q.where('s.status', '=', call.input.status);
  if (call.input.name?.trim()) q = q.where('s.memberName', 'like', containsPattern(call.input.name));
  return q;
}

const studentItem = <T extends { phoneNumber: string | null; status: number }>(s: T) => ({ ...s, phoneNumber: maskPhone(s.phoneNumber), statusText: STUDENT_STATUS_LABEL[s.status] });

export const classStudentActions: Record<string, ActionDef> = {
  StudentPageList: action<PagingInput & { trainClassId: number; status?: number; name?: string }>({
    method: 'GET',
    summary: '学员列表（管理）：本人管理范围内的报名与学员，按状态、姓名筛选',
    access: { permission: TRAIN_PERMISSION.read },
    returns: '{totalCount, items: {id, userId, name, organName, phoneNumber(脱敏), status, statusText, source, creationTime, auditRemark, auditTime}[]}',
    input: pagedInput({ trainClassId: { type: 'integer', minimum: 1, title: '培训班' }, status: { type: 'integer', minimum: 0, maximum: 3, title: '状态' }, name: { type: 'string', maxLength: 50, title: '姓名' } }, ['trainClassId']),
    async handler(call) {
      const c = await managedClass(call, call.input.trainClassId);
      const page = await pageQuery(studentRows(call, c.id), call.input, (x) =>
        x.select(['s.id', 's.userId', 's.memberName as name', 'o.organName', 'u.phoneNumber', 's.status', 's.source', 's.creationTime', 's.auditRemark', 's.auditTime']).orderBy('s.status').orderBy('s.id'),
      );
      return { totalCount: page.totalCount, items: page.items.map(studentItem) };
    },
  }),

  ApplicationPageList: action<PagingInput & { status?: number; name?: string; className?: string }>({
    method: 'GET',
    summary: '报名审核（扩展）：本人管理范围内各培训班的报名，默认待审核的（不含本人的报名），最早报名的在前',
    access: { permission: TRAIN_PERMISSION.update },
    pending: { title: '培训班报名', input: { status: STUDENT_STATUS.pending } },
    returns: '{totalCount, items: {id(学员记录), trainClassId, className, userId, name, organName, phoneNumber(脱敏), status, statusText, source, creationTime, auditRemark, auditTime}[]}',
    input: pagedInput({ status: { type: 'integer', minimum: 0, maximum: 3, default: 0, title: '状态' }, name: { type: 'string', maxLength: 50, title: '姓名' }, className: { type: 'string', maxLength: 100, title: '培训班名称' } }),
    async handler(call) {
      let q = studentRows(call).where('t.isDeleted', '=', false).where('t.classType', '=', 1);
      // Audit refuses his own application (takeStep's case rule): it does not wait for him
      if (call.input.status === STUDENT_STATUS.pending) q = q.where(notOwnCaseWhere('s.userId', call.user));
      if (call.input.className?.trim()) q = q.where('t.name', 'like', containsPattern(call.input.className));
      const page = await pageQuery(q, call.input, (x) =>
        x.select(['s.id', 's.trainClassId', 't.name as className', 's.userId', 's.memberName as name', 'o.organName', 'u.phoneNumber', 's.status', 's.source', 's.creationTime', 's.auditRemark', 's.auditTime']).orderBy('s.creationTime').orderBy('s.id'),
      );
      return { totalCount: page.totalCount, items: page.items.map(studentItem) };
    },
  }),

  AddStudent: action<{ trainClassId: number; userList: number[] }>({
    method: 'POST',
    summary: '添加学员：本人管理范围内、培训范围内的党员（用户编号），直接成为学员；占用名额，全部成功或全部不做（不能为本人分配名额）',
    access: { permission: TRAIN_PERMISSION.update },
    decides: { noun: '培训名额', verb: '分配', caseOf: '被添加的学员', subject: async ({ input }) => input.userList ?? [] },
    returns: '{addedCount}',
    input: objectInput({ trainClassId: { type: 'integer', minimum: 1, title: '培训班' }, userList: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1 }, title: '党员', 'x-required-message': '请选择党员' } }, ['trainClassId', 'userList']),
    async handler(call) {
      const { ctx, input, user } = call;
      const c = await managedClass(call, input.trainClassId);
      const ids = [...new Set(input.userList)];
      const members = await ctx.db
        .selectFrom('partyMembers')
        .select(['userId', 'name', 'organId', 'organPath'])
        .where('userId', 'in', ids)
        .where('isDeleted', '=', false)
        .where('status', '=', 1)
        .where(subtreeRange('organPath', actingOrgan(user).path))
        .execute();
      if (members.length !== ids.length) throw invalid([{ message: CLASS_MSG.memberOut, members: ['userList'] }]);
      const now = ctx.now();
      const added = await ctx.db.transaction().execute(async (trx) => {
        await lockClass(trx, c.id);
        const scope = await readScope(trx, c.id);
        for (const m of members) if (!scopeHoldsPath(scope, m.organPath)) throw invalid([{ message: `${CLASS_MSG.memberOut}：${m.name}`, members: ['userList'] }]);
        const existing = await trx.selectFrom('trainClassStudents').select(['userId', 'status']).where('trainClassId', '=', c.id).where('userId', 'in', ids).execute();
        const holding = new Set(existing.filter((e) => HOLDS_PLACE.includes(e.status as 0 | 1)).map((e) => e.userId));
        // a pending applicant added by the organiser is approved in place: he already holds a place
        const pending = existing.filter((e) => e.status === STUDENT_STATUS.pending).map((e) => e.userId);
        const adding = members.filter((m) => !holding.has(m.userId!));
        if (!adding.length && !pending.length) throw badRequest(CLASS_MSG.allStudents);
        requirePlaces(await readPlaces(trx, c.id, c.trainNumbers), adding.map((m) => m.organPath));
        if (pending.length) await trx.updateTable('trainClassStudents').set({ status: STUDENT_STATUS.approved, auditorUserId: user.userId, auditTime: now }).where('trainClassId', '=', c.id).where('userId', 'in', pending).execute();
        if (adding.length) {
          await trx
            .insertInto('trainClassStudents')
            .values(adding.map((m) => ({ trainClassId: c.id, userId: m.userId!, memberName: m.name, organId: m.organId, organPath: m.organPath, status: STUDENT_STATUS.approved, source: 2, addedByUserId: user.userId, creationTime: now })))
            .onConflict((oc) => oc.columns(['trainClassId', 'userId']).doUpdateSet({ status: STUDENT_STATUS.approved, source: 2, organId: sql`excluded.organ_id`, organPath: sql`excluded.organ_path`, addedByUserId: user.userId, auditRemark: null, auditTime: null, auditorUserId: null, creationTime: now }))
            .execute();
        }
        return [...adding.map((m) => m.userId!), ...pending];
      });
      await notifyStudents(call, c, added, `您已成为培训班“${c.name}”的学员`, `${c.organName}将您加入培训班“${c.name}”，请按时参加学习。`);
      return { addedCount: added.length };
    },
  }),

  RemoveStudent: action<{ trainClassId: number; userId: number }>({
    method: 'DELETE',
    summary: '移出学员：不再能学习、签到、提交笔记与心得，名额释放；签到记录保留',
    access: { permission: TRAIN_PERMISSION.update },
    returns: 'true',
    input: objectInput({ trainClassId: { type: 'integer', minimum: 1, title: '培训班' }, userId: { type: 'integer', minimum: 1, title: '学员' } }, ['trainClassId', 'userId']),
    async handler(call) {
      const c = await managedClass(call, call.input.trainClassId);
      const hit = await call.ctx.db
        .updateTable('trainClassStudents')
        .set({ status: STUDENT_STATUS.removed, auditorUserId: call.user.userId, auditTime: call.ctx.now() })
        .where('trainClassId', '=', c.id)
        .where('userId', '=', call.input.userId)
        .where('status', 'in', HOLDS_PLACE)
        .where(withinScope(call, 'organPath'))
        .returning('id')
        .executeTakeFirst();
      if (!hit) throw notFound(CLASS_MSG.studentNotFound);
      return true;
    },
  }),

  Audit: action<{ id: number; approved: boolean; remark?: string }>({
    method: 'POST',
    summary: '审核报名（学员记录编号）：通过或不通过（不通过须填写备注）；不通过释放名额；结果以站内消息通知党员（不能审核本人的报名）',
    access: { permission: TRAIN_PERMISSION.update },
    decides: { noun: '报名', caseOf: '报名的党员' },
    returns: '{status}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '报名' }, approved: { type: 'boolean', title: '审核结果' }, remark: { type: ['string', 'null'], maxLength: 500, title: '备注' } }, ['id']),
    async handler(call) {
      const { s, c } = await managedStudent(call, call.input.id);
      const status = await takeStep(call, {
        subject: { type: 'trainClassStudent', id: s.id, noun: '报名', state: s.status, organId: c.organId, organPath: c.organPath, ownerUserId: s.userId, caseUserIds: [s.userId] },
        name: 'audit',
        step: { title: '审核', from: [STUDENT_STATUS.pending], approve: STUDENT_STATUS.approved, reject: STUDENT_STATUS.rejected, actor: 'subtree', remark: 'onReject' },
        input: call.input,
        async apply(trx, to, remark) {
          const hit = await trx.updateTable('trainClassStudents').set({ status: to, auditRemark: remark, auditorUserId: call.user.userId, auditTime: call.ctx.now() }).where('id', '=', s.id).where('status', '=', STUDENT_STATUS.pending).returning('id').executeTakeFirst();
          return !!hit;
        },
        async after(trx, to, remark) {
          const ok = to === STUDENT_STATUS.approved;
          await sendSiteMessage(trx, {
            title: `您报名的培训班“${c.name}”${ok ? '审核通过' : '未通过审核'}`,
            content: ok ? `请按时参加“${c.name}”的学习。` : `审核意见：${remark ?? ''}`,
            messageType: '3', senderOrganId: c.organId, organName: c.organName, userIds: [s.userId], source: MESSAGE_SOURCE.member, linkUrl: CLASS_LINK(c.id),
          });
        },
      });
      return { status };
    },
  }),

  RemindUser: action<{ trainClassId: number; courseId?: number; userIds?: number[] }>({
    method: 'POST',
    summary: '提醒学员：给尚未开始学习（没有签到也没有学习课程资源）的学员，或给出 courseId 时未签到该课程的学员发站内消息；userIds 只提醒其中的人',
    access: { permission: TRAIN_PERMISSION.update },
    returns: '{count}',
    input: objectInput({ trainClassId: { type: 'integer', minimum: 1, title: '培训班' }, courseId: { type: ['integer', 'null'], minimum: 1, title: '课程' }, userIds: { type: ['array', 'null'], maxItems: 1000, items: { type: 'integer', minimum: 1 }, title: '学员' } }, ['trainClassId']),
    async handler(call) {
      const { ctx, input } = call;
      const c = await managedClass(call, input.trainClassId);
      let q = ctx.db
        .selectFrom('trainClassStudents as s')
        .select('s.userId')
        .where('s.trainClassId', '=', c.id)
        .where('s.status', '=', STUDENT_STATUS.approved)
        .where(withinScope(call, 's.organPath'));
      if (input.userIds?.length) q = q.where('s.userId', 'in', input.userIds);
      let title: string;
      if (input.courseId) {
        const course = await ctx.db.selectFrom('trainClassCourses').select(['id', 'courseName']).where('id', '=', input.courseId).where('trainClassId', '=', c.id).where('isDeleted', '=', false).executeTakeFirst();
        if (!course) throw notFound(TRAIN_MSG.courseNotFound);
        q = q.where((eb) => eb.not(eb.exists(eb.selectFrom('trainClassSignins as g').select('g.userId').whereRef('g.userId', '=', 's.userId').where('g.courseId', '=', course.id))));
        title = `请按时签到：培训班“${c.name}”课程“${course.courseName}”`;
      } else {
        q = q
          .where((eb) => eb.not(eb.exists(eb.selectFrom('trainClassSignins as g').select('g.userId').whereRef('g.userId', '=', 's.userId').where('g.trainClassId', '=', c.id))))
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('studyTotals as st')
                  .innerJoin('trainClassCourseResources as cr', 'cr.resourceId', 'st.resourceId')
                  .innerJoin('trainClassCourses as cc', 'cc.id', 'cr.courseId')
                  .select('st.userId')
                  .whereRef('st.userId', '=', 's.userId')
                  .where('cc.trainClassId', '=', c.id)
                  .where('cc.isDeleted', '=', false),
              ),
            ),
          );
        title = `请尽快开始学习：培训班“${c.name}”`;
      }
      const userIds = (await q.execute()).map((r) => r.userId);
      await notifyStudents(call, c, userIds, title, `${c.organName}提醒您参加培训班“${c.name}”的学习。`);
      return { count: userIds.length };
    },
  }),
};
