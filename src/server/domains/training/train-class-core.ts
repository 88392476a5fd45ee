import { sql } from 'kysely';
import { maskPhone } from '../../../contract/validators';
import type { Database } from '../../db/database';
import { action, type ActionDef, type Call } from '../../http/actions';
import { badRequest, invalid, notFound } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { platformInstant } from '../../platform-day';
import { isInSubtree, subtreeRange, actingOrgan } from '../../scope';
import { takeStep } from '../../workflow/decide';
import { MESSAGE_SOURCE, sendSiteMessage } from '../../services/site-message';
import { containsPattern } from '../../services/query-helpers';
import {
  CLASS_STATE_LABEL, STUDENT_STATUS, STUDENT_STATUS_LABEL, TRAIN_MSG, TRAIN_PERMISSION,
  classState, classes, managedClass, memberOrganId, memberPath, studentRow, type ClassRow,
} from './classes';
import { freeFor } from './places';
import { ENROL_MSG, HOLDS_PLACE, inScope, inScopeOf, lockClass, readPlaces, readPlacesOf, readScope, scopeHoldsPath, requireAllocation, requirePlaces, rootUse, scopeHolds } from './enrol';
import { cleanRichText } from '../../http/rich-text';

/**
 * 培训班 (issue 14, docs/training.md "Classes"): a class of the administrator's organisation with a
 * teaching scope, dates and places; members apply and the organiser audits, or he adds students
 * directly; places are allocated to organisations of the scope (distributive). Courses, notes,
 * minds and rotation batches are modules of their own over the same tables.
 */
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

const CLASS_LINK = (id: number) => `/partyMember/iStudy/rotationTrain/info?id=${id}`;

const timeProp = (title: string, message: string) => ({ type: 'string', minLength: 1, maxLength: 40, title, 'x-required-message': message });
const classProps = {
  className: { type: 'string', minLength: 1, maxLength: 100, title: '培训班名称', 'x-required-message': CLASS_MSG.name },
  coverPicture: { type: ['string', 'null'], maxLength: 500, title: '封面' },
  introduction: { type: ['string', 'null'], maxLength: 100000, title: '培训班简介' },
  group: { type: ['string', 'null'], maxLength: 50, title: '培训类别' },
  teachingObjects: { type: ['string', 'null'], maxLength: 500, title: '培训对象' },
  teachingPlanId: { type: ['integer', 'null'], minimum: 1, title: '教学计划' },
  applyStartTime: timeProp('报名开始时间', CLASS_MSG.applyDates),
  applyEndTime: timeProp('报名截止时间', CLASS_MSG.applyDates),
  startTime: timeProp('开始时间', CLASS_MSG.dates),
  endTime: timeProp('结束时间', CLASS_MSG.dates),
  address: { type: ['string', 'null'], maxLength: 200, title: '培训地点' },
  trainNumbers: { type: 'integer', minimum: 0, maximum: 1000000, title: '培训名额', 'x-required-message': '请输入培训名额' },
  needAudit: { type: ['boolean', 'null'], title: '报名需审核' },
  status: { type: ['integer', 'null'], enum: [0, 1, null], title: '状态' },
  scopeList: { type: ['array', 'null'], maxItems: 500, items: { type: 'integer', minimum: 1 }, title: '培训范围' },
};
interface ClassInput {
  id?: number;
  className: string;
  coverPicture?: string | null;
  introduction?: string | null;
  group?: string | null;
  teachingObjects?: string | null;
  teachingPlanId?: number | null;
  applyStartTime: string;
  applyEndTime: string;
  startTime: string;
  endTime: string;
  address?: string | null;
  trainNumbers: number;
  needAudit?: boolean | null;
  status?: number | null;
  scopeList?: number[] | null;
}
const CLASS_REQUIRED = ['className', 'applyStartTime', 'applyEndTime', 'startTime', 'endTime', 'trainNumbers'];

const text = (v: string | null | undefined) => v?.trim() || null;

/** The class's times as instants in the platform zone, checked in order (errors by field). */
function classTimes(call: Call<unknown>, input: ClassInput) {
  const at = (k: 'applyStartTime' | 'applyEndTime' | 'startTime' | 'endTime', endOfDay = false) => platformInstant(call.ctx, input[k], { endOfDay });
  const t = { applyStartTime: at('applyStartTime'), applyEndTime: at('applyEndTime', true), startTime: at('startTime'), endTime: at('endTime', true) };
  const errors: { message: string; members: string[] }[] = [];
  for (const [k, v] of Object.entries(t)) if (!v) errors.push({ message: '时间格式不正确', members: [k] });
  if (!errors.length) {
    if (t.applyEndTime! <= t.applyStartTime!) errors.push({ message: CLASS_MSG.applyOrder, members: ['applyEndTime'] });
    if (t.endTime! <= t.startTime!) errors.push({ message: CLASS_MSG.endOrder, members: ['endTime'] });
    if (t.applyEndTime! > t.endTime!) errors.push({ message: CLASS_MSG.applyAfterEnd, members: ['applyEndTime'] });
  }
  if (errors.length) throw invalid(errors);
  return t as { applyStartTime: Date; applyEndTime: Date; startTime: Date; endTime: Date };
}

/** Organisations of the caller's subtree (a scope or an allocation); anything else is refused on the field. */
async function ownOrgans(call: Call<unknown>, ids: number[], member: string) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await call.ctx.db.selectFrom('organizations').select(['id', 'organPath', 'organName']).where('id', 'in', unique).where('isDeleted', '=', false).execute();
  if (rows.length !== unique.length || rows.some((r) => !isInSubtree(r.organPath, actingOrgan(call.user).path))) throw invalid([{ message: CLASS_MSG.organ, members: [member] }]);
  return rows;
}

/** Counts per class: approved and pending students, places allocated at the top, courses. */
async function classCounts(db: Database, ids: number[]) {
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

async function scopeOf(db: Database, id: number) {
  const rows = await db.selectFrom('trainClassScopes as s').innerJoin('organizations as o', 'o.id', 's.organId').select(['s.organId', 'o.organName', 's.excluded']).where('s.trainClassId', '=', id).orderBy('s.organPath').execute();
  return { scopeList: rows.filter((r) => !r.excluded).map(({ organId, organName }) => ({ organId, organName })), excludedList: rows.filter((r) => r.excluded).map(({ organId, organName }) => ({ organId, organName })) };
}

/** The list shape (admin and member share the class's own fields). */
function classItem(c: ClassRow, now: Date) {
  const state = classState(c, now);
  return {
    id: c.id, className: c.name, classType: 1, coverPicture: c.coverPhoto, group: c.groupName, teachingObjects: c.teachingObjects, teachingPlanId: c.teachingPlanId,
    applyStartTime: c.applyStartTime, applyEndTime: c.applyEndTime, startTime: c.startTime, endTime: c.endTime, address: c.address,
    trainNumbers: c.trainNumbers, needAudit: c.needAudit, status: c.status, state, statusText: CLASS_STATE_LABEL[state],
    organId: c.organId, createOrganName: c.organName, cenTrainId: c.cenTrainId, creationTime: c.creationTime, serverTime: now,
  };
}

async function adminDto(db: Database, c: ClassRow, now: Date) {
  const counts = (await classCounts(db, [c.id])).get(c.id)!;
  const places = await readPlaces(db, c.id, c.trainNumbers);
  return { ...classItem(c, now), introduction: c.introduction, ...counts, allocatedCount: rootUse({ ...places, takenPaths: [] }), ...(await scopeOf(db, c.id)) };
}

/** Refuses taking organisations out of a scope while students or allocations are under them. */
async function requireUnused(db: Database, classId: number, paths: string[]) {
  for (const path of paths) {
    const used =
      (await db.selectFrom('trainClassStudents').select('id').where('trainClassId', '=', classId).where('status', 'in', HOLDS_PLACE).where(subtreeRange('organPath', path)).executeTakeFirst()) ??
      (await db.selectFrom('trainClassAllocations').select('id').where('trainClassId', '=', classId).where(subtreeRange('organPath', path)).executeTakeFirst());
    if (used) throw badRequest(CLASS_MSG.scopeUsed);
  }
}

/** Writes a class's included scope: the organisations given (or the caller's own), keeping exclusions below them. */
async function writeScope(call: Call<ClassInput>, classId: number, ids: number[] | null | undefined, replacing: boolean) {
  const { db } = call.ctx;
  const organs = ids?.length ? await ownOrgans(call, ids, 'scopeList') : await ownOrgans(call, [actingOrgan(call.user).id], 'scopeList');
  if (replacing) {
    const before = await db.selectFrom('trainClassScopes').select(['organId', 'organPath']).where('trainClassId', '=', classId).where('excluded', '=', false).execute();
    const dropped = before.filter((b) => !organs.some((o) => isInSubtree(b.organPath, o.organPath)));
    await requireUnused(db, classId, dropped.map((d) => d.organPath));
    await db.deleteFrom('trainClassScopes').where('trainClassId', '=', classId).where('excluded', '=', false).execute();
  }
  await db.insertInto('trainClassScopes').values(organs.map((o) => ({ trainClassId: classId, organId: o.id, organPath: o.organPath, excluded: false }))).onConflict((oc) => oc.columns(['trainClassId', 'organId']).doUpdateSet({ excluded: false })).execute();
}

async function notifyStudents(call: Call<unknown>, c: { id: number; name: string; organId: number; organName: string }, userIds: number[], title: string, content: string) {
  await sendSiteMessage(call.ctx.db, { title, content, messageType: '4', senderOrganId: c.organId, organName: c.organName, userIds, source: MESSAGE_SOURCE.member, linkUrl: CLASS_LINK(c.id) });
}

/** A student row of a class the caller organises. */
async function managedStudent(call: Call<unknown>, id: number) {
  const s = await call.ctx.db.selectFrom('trainClassStudents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!s) throw notFound(CLASS_MSG.studentNotFound);
  const c = await managedClass(call, s.trainClassId).catch(() => {
    throw notFound(CLASS_MSG.studentNotFound);
  });
  return { s, c };
}

/** What a member sees of a class: the class, his place in it, and whether he may apply now. */
async function memberItems(call: Call<unknown>, rows: ClassRow[]) {
  const { db } = call.ctx;
  const now = call.ctx.now();
  const ids = rows.map((r) => r.id);
  const counts = await classCounts(db, ids);
  const mine = ids.length ? await db.selectFrom('trainClassStudents').select(['trainClassId', 'status']).where('userId', '=', call.user.userId).where('trainClassId', 'in', ids).execute() : [];
  const path = memberPath(call.user);
  // one query each for the page, not per class
  const [scoped, places] = await Promise.all([inScopeOf(db, ids, path), readPlacesOf(db, rows)]);
  const out = [];
  for (const r of rows) {
    const st = mine.find((m) => m.trainClassId === r.id)?.status ?? null;
    const item = classItem(r, now);
    const canApply = item.state === 2 && (st === null || st === STUDENT_STATUS.rejected) && scoped.has(r.id) && freeFor(path, places.get(r.id)!) >= 1;
    out.push({ ...item, trainNumbers: r.trainNumbers, studentCount: counts.get(r.id)!.studentCount, studentStatus: st, studentStatusText: st === null ? null : STUDENT_STATUS_LABEL[st], canApply });
  }
  return out;
}

const allocationProps = {
  trainClassId: { type: 'integer', minimum: 1, title: '培训班', 'x-required-message': '请选择培训班' },
  organId: { type: 'integer', minimum: 1, title: '组织', 'x-required-message': '请选择组织' },
  numbers: { type: 'integer', minimum: 0, maximum: 1000000, title: '名额', 'x-required-message': '请输入名额' },
};

const published = (db: Database) => classes(db).where('t.status', '=', 1);

export const classCoreActions: Record<string, ActionDef> = {
  Create: action<ClassInput>({
    method: 'POST',
    summary: '新建培训班（属于当前管理组织）：报名与培训时间、培训名额（0 不限）、培训范围（本组织及下级组织，默认本组织）、是否需审核；简介为富文本，服务端清洗',
    access: { permission: TRAIN_PERMISSION.create },
    returns: '{id}',
    input: objectInput(classProps, CLASS_REQUIRED),
    async handler(call) {
      const { ctx, input, user } = call;
      if (!input.className.trim()) throw invalid([{ message: CLASS_MSG.name, members: ['className'] }]);
      const t = classTimes(call, input);
      const organ = actingOrgan(user);
      await ownOrgans(call, input.scopeList ?? [], 'scopeList');
      return ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('trainClasses')
          .values({
            classType: 1, name: input.className.trim(), coverPhoto: text(input.coverPicture), introduction: cleanRichText(input.introduction), organId: organ.id, organPath: organ.path,
            groupName: text(input.group), teachingObjects: text(input.teachingObjects), teachingPlanId: input.teachingPlanId ?? null, ...t, address: text(input.address),
            trainNumbers: input.trainNumbers, needAudit: input.needAudit ?? true, status: input.status ?? 1, creatorUserId: user.userId, cenTrainId: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeScope({ ...call, ctx: { ...ctx, db: trx } } as Call<ClassInput>, row.id, input.scopeList, false);
        return { id: row.id };
      });
    },
  }),

  Update: action<ClassInput & { id: number }>({
    method: 'PUT',
    summary: '修改培训班；名额不能少于已报名人数和已分配名额；移出培训范围的组织不能已有学员或分配',
    access: { permission: TRAIN_PERMISSION.update },
    returns: '{id}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '培训班' }, ...classProps }, ['id', ...CLASS_REQUIRED]),
    async handler(call) {
      const { ctx, input } = call;
      const c = await managedClass(call, input.id);
      if (!input.className.trim()) throw invalid([{ message: CLASS_MSG.name, members: ['className'] }]);
      const t = classTimes(call, input);
      await ctx.db.transaction().execute(async (trx) => {
        await lockClass(trx, c.id);
        if (input.trainNumbers > 0) {
          const used = rootUse(await readPlaces(trx, c.id, input.trainNumbers));
          if (used > input.trainNumbers) throw invalid([{ message: ENROL_MSG.totalBelow(used), members: ['trainNumbers'] }]);
        }
        await trx
          .updateTable('trainClasses')
          .set({
            name: input.className.trim(), coverPhoto: text(input.coverPicture), introduction: cleanRichText(input.introduction), groupName: text(input.group), teachingObjects: text(input.teachingObjects),
            teachingPlanId: input.teachingPlanId ?? null, ...t, address: text(input.address), trainNumbers: input.trainNumbers, needAudit: input.needAudit ?? c.needAudit,
            status: input.status ?? c.status, lastModificationTime: ctx.now(),
          })
          .where('id', '=', c.id)
          .execute();
        if (input.scopeList !== undefined) await writeScope({ ...call, ctx: { ...ctx, db: trx } } as Call<ClassInput>, c.id, input.scopeList, true);
      });
      return { id: c.id };
    },
  }),

  Delete: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除培训班（已有学员的不能删除）',
    access: { permission: TRAIN_PERMISSION.delete },
    returns: 'true',
    input: idInput,
    async handler(call) {
      const c = await managedClass(call, call.input.id);
      await call.ctx.db.transaction().execute(async (trx) => {
        await lockClass(trx, c.id);
        const any = await trx.selectFrom('trainClassStudents').select('id').where('trainClassId', '=', c.id).where('status', 'in', HOLDS_PLACE).executeTakeFirst();
        if (any) throw badRequest(CLASS_MSG.hasStudents);
        await trx.updateTable('trainClasses').set({ isDeleted: true, lastModificationTime: call.ctx.now() }).where('id', '=', c.id).execute();
      });
      return true;
    },
  }),

  Get: action<{ id: number }>({
    method: 'GET',
    summary: '培训班详情（管理）：基本信息、培训范围、学员与名额统计',
    access: { permission: TRAIN_PERMISSION.read },
    returns: 'docs/training.md 培训班 DTO',
    input: idInput,
    async handler(call) {
      return adminDto(call.ctx.db, await managedClass(call, call.input.id), call.ctx.now());
    },
  }),

  PageList: action<PagingInput & { className?: string; state?: number }>({
    method: 'GET',
    summary: '培训班列表（管理）：本组织及下级组织的培训班（集中轮训的批次除外），按名称、状态筛选',
    access: { permission: TRAIN_PERMISSION.read },
    returns: '{totalCount, items}',
    input: pagedInput({ className: { type: 'string', maxLength: 100, title: '培训班名称' }, state: { type: 'integer', minimum: 0, maximum: 5, title: '状态' } }),
    async handler(call) {
      const { ctx, input } = call;
      const now = ctx.now();
      let q = classes(ctx.db).where(subtreeRange('t.organPath', actingOrgan(call.user).path)).where('t.cenTrainId', 'is', null);
      if (input.className?.trim()) q = q.where('t.name', 'like', containsPattern(input.className));
      if (input.state !== undefined) q = whereState(q, input.state, now);
      const page = await pageQuery<ClassRow>(q, input, (x) => x.orderBy('t.id', 'desc'));
      const counts = await classCounts(ctx.db, page.items.map((r) => r.id));
      return { totalCount: page.totalCount, items: page.items.map((r) => ({ ...classItem(r, now), ...counts.get(r.id) })) };
    },
  }),

  ShrinkTeachingScope: action<{ trainClassId: number; organIds: number[] }>({
    method: 'POST',
    summary: '缩小培训范围：把培训范围内（本人管理范围内）的组织移出；已有学员或分配名额的组织不能移出',
    access: { permission: TRAIN_PERMISSION.update },
    returns: 'true',
    input: objectInput({ trainClassId: { type: 'integer', minimum: 1, title: '培训班' }, organIds: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'integer', minimum: 1 }, title: '移出的组织', 'x-required-message': '请选择要移出的组织' } }, ['trainClassId', 'organIds']),
    async handler(call) {
      const { ctx, input } = call;
      const c = await managedClass(call, input.trainClassId);
      const organs = await ownOrgans(call, input.organIds, 'organIds');
      await ctx.db.transaction().execute(async (trx) => {
        await lockClass(trx, c.id);
        const scope = await readScope(trx, c.id);
        for (const o of organs) if (!scopeHoldsPath(scope, o.organPath)) throw invalid([{ message: `${CLASS_MSG.notInScope}：${o.organName}`, members: ['organIds'] }]);
        await requireUnused(trx as unknown as Database, c.id, organs.map((o) => o.organPath));
        for (const o of organs) {
          // an organisation of the scope itself leaves it; one below is excluded
          const own = await trx.deleteFrom('trainClassScopes').where('trainClassId', '=', c.id).where('organId', '=', o.id).where('excluded', '=', false).returning('organId').executeTakeFirst();
          if (!own) await trx.insertInto('trainClassScopes').values({ trainClassId: c.id, organId: o.id, organPath: o.organPath, excluded: true }).execute();
        }
        const left = await trx.selectFrom('trainClassScopes').select('organId').where('trainClassId', '=', c.id).where('excluded', '=', false).executeTakeFirst();
        if (!left) throw badRequest(CLASS_MSG.scopeEmpty);
      });
      return true;
    },
  }),

  AddOrUpdateTrainClassNumbers: action<{ trainClassId: number; organId: number; numbers: number }>({
    method: 'POST',
    summary: '分配名额：给培训范围内的一个组织分配（或修改）名额；不超过上级（班级总名额或上级组织的分配）剩余，不少于已报名人数',
    access: { permission: TRAIN_PERMISSION.update },
    returns: '{id}',
    input: objectInput(allocationProps, ['trainClassId', 'organId', 'numbers']),
    async handler(call) {
      const ids = await allocate(call, call.input.trainClassId, [{ organId: call.input.organId, numbers: call.input.numbers }]);
      return { id: ids[0] };
    },
  }),

  AddTrainClassNumbers: action<{ trainClassId: number; items: { organId: number; numbers: number }[] }>({
    method: 'POST',
    summary: '批量分配名额（全部成功或全部不做）',
    access: { permission: TRAIN_PERMISSION.update },
    returns: '{count}',
    input: objectInput(
      {
        trainClassId: allocationProps.trainClassId,
        items: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'object', properties: { organId: allocationProps.organId, numbers: allocationProps.numbers }, required: ['organId', 'numbers'] }, title: '分配', 'x-required-message': '请添加名额分配' },
      },
      ['trainClassId', 'items'],
    ),
    async handler(call) {
      return { count: (await allocate(call, call.input.trainClassId, call.input.items)).length };
    },
  }),

  AllocedDelete: action<{ id: number }>({
    method: 'POST',
    summary: '删除名额分配（名额已被使用的不能删除）',
    access: { permission: TRAIN_PERMISSION.update },
    returns: 'true',
    input: idInput,
    async handler(call) {
      const a = await call.ctx.db.selectFrom('trainClassAllocations').selectAll().where('id', '=', call.input.id).executeTakeFirst();
      if (!a) throw notFound(CLASS_MSG.allocationNotFound);
      const c = await managedClass(call, a.trainClassId).catch(() => {
        throw notFound(CLASS_MSG.allocationNotFound);
      });
      await call.ctx.db.transaction().execute(async (trx) => {
        await lockClass(trx, c.id);
        const places = await readPlaces(trx, c.id, c.trainNumbers);
        const used = places.takenPaths.some((p) => p.startsWith(a.organPath)) || places.allocations.some((x) => x.id !== a.id && x.organPath.startsWith(a.organPath));
        if (used) throw badRequest(CLASS_MSG.allocationUsed);
        await trx.deleteFrom('trainClassAllocations').where('id', '=', a.id).execute();
      });
      return true;
    },
  }),

  AllocedPageList: action<PagingInput & { trainClassId: number }>({
    method: 'GET',
    summary: '名额分配列表：各组织分配的名额、已报名人数、已再分配名额；另给班级总名额与已分配合计',
    access: { permission: TRAIN_PERMISSION.read },
    returns: '{totalCount, items: {id, organId, organName, organPath, numbers, usedCount, subAllocated}[], trainNumbers, allocatedTotal}',
    input: pagedInput({ trainClassId: { type: 'integer', minimum: 1, title: '培训班' } }, ['trainClassId']),
    async handler(call) {
      const { ctx, input } = call;
      const c = await managedClass(call, input.trainClassId);
      const places = await readPlaces(ctx.db, c.id, c.trainNumbers);
      const q = ctx.db.selectFrom('trainClassAllocations as a').innerJoin('organizations as o', 'o.id', 'a.organId').where('a.trainClassId', '=', c.id);
      const page = await pageQuery<any>(q, input, (x) => x.select(['a.id', 'a.organId', 'o.organName', 'a.organPath', 'a.numbers']).orderBy(sql`a.organ_path collate "C"`));
      const items = page.items.map((a: { id: number; organId: number; organName: string; organPath: string; numbers: number }) => ({
        ...a,
        usedCount: places.takenPaths.filter((p) => p.startsWith(a.organPath)).length,
        subAllocated: places.allocations.filter((x) => x.id !== a.id && x.organPath.startsWith(a.organPath) && x.organPath !== a.organPath).reduce((s, x) => s + x.numbers, 0),
      }));
      return { totalCount: page.totalCount, items, trainNumbers: c.trainNumbers, allocatedTotal: rootUse({ ...places, takenPaths: [] }) };
    },
  }),

  StudentPageList: action<PagingInput & { trainClassId: number; status?: number; name?: string }>({
    method: 'GET',
    summary: '学员列表（管理）：本人管理范围内的报名与学员，按状态、姓名筛选',
    access: { permission: TRAIN_PERMISSION.read },
    returns: '{totalCount, items: {id, userId, name, organName, phoneNumber(脱敏), status, statusText, source, creationTime, auditRemark, auditTime}[]}',
    input: pagedInput({ trainClassId: { type: 'integer', minimum: 1, title: '培训班' }, status: { type: 'integer', minimum: 0, maximum: 3, title: '状态' }, name: { type: 'string', maxLength: 50, title: '姓名' } }, ['trainClassId']),
    async handler(call) {
      const { ctx, input } = call;
      const c = await managedClass(call, input.trainClassId);
      let q = ctx.db
        .selectFrom('trainClassStudents as s')
        .leftJoin('organizations as o', 'o.id', 's.organId')
        .leftJoin('users as u', 'u.id', 's.userId')
        .where('s.trainClassId', '=', c.id)
        .where(subtreeRange('s.organPath', actingOrgan(call.user).path));
      if (input.status !== undefined) q = q.where('s.status', '=', input.status);
      if (input.name?.trim()) q = q.where('s.memberName', 'like', containsPattern(input.name));
      const page = await pageQuery<any>(q, input, (x) =>
        x.select(['s.id', 's.userId', 's.memberName as name', 'o.organName', 'u.phoneNumber', 's.status', 's.source', 's.creationTime', 's.auditRemark', 's.auditTime']).orderBy('s.status').orderBy('s.id'),
      );
      return { totalCount: page.totalCount, items: page.items.map((s: any) => ({ ...s, phoneNumber: maskPhone(s.phoneNumber), statusText: STUDENT_STATUS_LABEL[s.status] })) };
    },
  }),

  AddStudent: action<{ trainClassId: number; userList: number[] }>({
    method: 'POST',
    summary: '添加学员：本人管理范围内、培训范围内的党员（用户编号），直接成为学员；占用名额，全部成功或全部不做',
    access: { permission: TRAIN_PERMISSION.update },
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
        .where(subtreeRange('organPath', actingOrgan(call.user).path))
        .returning('id')
        .executeTakeFirst();
      if (!hit) throw notFound(CLASS_MSG.studentNotFound);
      return true;
    },
  }),

  Audit: action<{ id: number; approved: boolean; remark?: string }>({
    method: 'POST',
    summary: '审核报名（学员记录编号）：通过或不通过（不通过须填写备注）；不通过释放名额；结果以站内消息通知党员',
    access: { permission: TRAIN_PERMISSION.update },
    returns: '{status}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '报名' }, approved: { type: 'boolean', title: '审核结果' }, remark: { type: ['string', 'null'], maxLength: 500, title: '备注' } }, ['id']),
    async handler(call) {
      const { s, c } = await managedStudent(call, call.input.id);
      const status = await takeStep(call, {
        subject: { type: 'trainClassStudent', id: s.id, noun: '报名', state: s.status, organId: c.organId, organPath: c.organPath, ownerUserId: s.userId },
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
        .where(subtreeRange('s.organPath', actingOrgan(call.user).path));
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

  // ---- members

  Apply: action<{ classId: number }>({
    method: 'POST',
    summary: '报名培训班（党员）：报名时间内、培训范围内；占用名额（所在组织分到的名额或班级剩余名额），需审核的待审核',
    access: 'self',
    returns: '{id, status}',
    // a second click is answered by the lock and 您已报名 — clearer than the generic repeat guard
    repeatSubmit: false,
    input: objectInput({ classId: { type: 'integer', minimum: 1, title: '培训班', 'x-required-message': '请选择培训班' } }, ['classId']),
    async handler(call) {
      const { ctx, input, user } = call;
      const c = await published(ctx.db).where('t.id', '=', input.classId).executeTakeFirst();
      const path = memberPath(user);
      if (!c || !(await inScope(ctx.db, c.id, path))) throw notFound(TRAIN_MSG.notFound);
      const state = classState(c, ctx.now());
      if (state < 2) throw badRequest(ENROL_MSG.notStarted);
      if (state > 2) throw badRequest(ENROL_MSG.closed);
      const status = c.needAudit ? STUDENT_STATUS.pending : STUDENT_STATUS.approved;
      const id = await ctx.db.transaction().execute(async (trx) => {
        await lockClass(trx, c.id);
        const mine = await trx.selectFrom('trainClassStudents').select(['id', 'status']).where('trainClassId', '=', c.id).where('userId', '=', user.userId).executeTakeFirst();
        if (mine && HOLDS_PLACE.includes(mine.status as 0 | 1)) throw badRequest(ENROL_MSG.already);
        if (mine?.status === STUDENT_STATUS.removed) throw badRequest(ENROL_MSG.removed);
        requirePlaces(await readPlaces(trx, c.id, c.trainNumbers), [path]);
        const row = await trx
          .insertInto('trainClassStudents')
          .values({ trainClassId: c.id, userId: user.userId, memberName: user.name, organId: memberOrganId(user), organPath: path, status, source: 1, creationTime: ctx.now() })
          .onConflict((oc) => oc.columns(['trainClassId', 'userId']).doUpdateSet({ status, source: 1, organId: memberOrganId(user), organPath: path, auditRemark: null, auditTime: null, auditorUserId: null, creationTime: ctx.now() }))
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return { id, status };
    },
  }),

  ClassMineList: action<PagingInput & { name?: string }>({
    method: 'GET',
    summary: '可报名的培训班（党员）：已发布、培训范围包含本人组织的培训班（集中轮训批次除外），含本人的报名状态',
    access: 'self',
    returns: '{totalCount, items: 党员端培训班}',
    input: pagedInput({ name: { type: 'string', maxLength: 100, title: '名称' } }),
    async handler(call) {
      const { ctx, input } = call;
      let q = published(ctx.db).where('t.cenTrainId', 'is', null).where(scopeHolds(memberPath(call.user)));
      if (input.name?.trim()) q = q.where('t.name', 'like', containsPattern(input.name));
      const page = await pageQuery<ClassRow>(q, input, (x) => x.orderBy('t.applyEndTime', 'desc').orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: await memberItems(call, page.items) };
    },
  }),

  MyClassPageList: action<PagingInput>({
    method: 'GET',
    summary: '我的培训班（党员）：已报名（待审核、已通过、未通过）的培训班与集中轮训批次',
    access: 'self',
    returns: '{totalCount, items: 党员端培训班}',
    input: pagedInput(),
    async handler(call) {
      const { ctx, input } = call;
      const q = published(ctx.db).where((eb) =>
        eb.exists(eb.selectFrom('trainClassStudents as s').select('s.id').whereRef('s.trainClassId', '=', 't.id').where('s.userId', '=', call.user.userId).where('s.status', 'in', [0, 1, 2])),
      );
      const page = await pageQuery<ClassRow>(q, input, (x) => x.orderBy('t.startTime', 'desc').orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: await memberItems(call, page.items) };
    },
  }),

  GetMyClass: action<{ id: number }>({
    method: 'GET',
    summary: '培训班（党员，扩展）：培训范围内或本人已报名的已发布培训班，含简介、地点与本人状态',
    access: 'self',
    returns: '党员端培训班 & {introduction, address, teachingObjects}',
    input: idInput,
    async handler(call) {
      const { ctx } = call;
      const c = await published(ctx.db).where('t.id', '=', call.input.id).executeTakeFirst();
      if (!c) throw notFound(TRAIN_MSG.notFound);
      const mine = await studentRow(ctx.db, c.id, call.user.userId);
      if (!mine && !(await inScope(ctx.db, c.id, memberPath(call.user)))) throw notFound(TRAIN_MSG.notFound);
      const [item] = await memberItems(call, [c]);
      return { ...item, introduction: c.introduction, address: c.address, teachingObjects: c.teachingObjects };
    },
  }),
};


/**
 * Sets allocations one after another under the class lock, each checked against the places as
 * the previous ones left them; any refusal undoes them all.
 */
async function allocate(call: Call<unknown>, classId: number, items: { organId: number; numbers: number }[]) {
  const c = await managedClass(call, classId);
  const organs = await ownOrgans(call, items.map((i) => i.organId), 'organId');
  const byId = new Map(organs.map((o) => [o.id, o]));
  return call.ctx.db.transaction().execute(async (trx) => {
    await lockClass(trx, c.id);
    const ids: number[] = [];
    const scope = await readScope(trx, c.id);
    // read once; each allocation is checked against the places as the previous ones left them
    let places = await readPlaces(trx, c.id, c.trainNumbers);
    for (const item of items) {
      const o = byId.get(item.organId)!;
      if (!scopeHoldsPath(scope, o.organPath)) throw invalid([{ message: `${CLASS_MSG.notInScope}：${o.organName}`, members: ['organId'] }]);
      try {
        requireAllocation(places, o.organPath, item.numbers);
      } catch (e) {
        throw invalid([{ message: items.length > 1 ? `${o.organName}：${(e as Error).message}` : (e as Error).message, members: ['numbers'] }]);
      }
      const row = await trx
        .insertInto('trainClassAllocations')
        .values({ trainClassId: c.id, organId: o.id, organPath: o.organPath, numbers: item.numbers, creatorUserId: call.user.userId, creationTime: call.ctx.now() })
        .onConflict((oc) => oc.columns(['trainClassId', 'organId']).doUpdateSet({ numbers: item.numbers, lastModificationTime: call.ctx.now() }))
        .returning('id')
        .executeTakeFirstOrThrow();
      places = { ...places, allocations: [...places.allocations.filter((a) => a.organPath !== o.organPath), { id: row.id, organPath: o.organPath, numbers: item.numbers }] };
      ids.push(row.id);
    }
    return ids;
  });
}

/** The state filter of the admin list, as the same conditions classState reads. */
function whereState(q: ReturnType<typeof classes>, state: number, now: Date) {
  if (state === 0) return q.where('t.status', '=', 0);
  q = q.where('t.status', '=', 1);
  if (state === 5) return q.where('t.endTime', '<', now);
  q = q.where((eb) => eb.or([eb('t.endTime', 'is', null), eb('t.endTime', '>=', now)]));
  if (state === 4) return q.where('t.startTime', '<=', now);
  q = q.where((eb) => eb.or([eb('t.startTime', 'is', null), eb('t.startTime', '>', now)]));
  if (state === 1) return q.where('t.applyStartTime', '>', now);
  q = q.where((eb) => eb.or([eb('t.applyStartTime', 'is', null), eb('t.applyStartTime', '<=', now)]));
  if (state === 3) return q.where('t.applyEndTime', '<', now);
  return q.where((eb) => eb.or([eb('t.applyEndTime', 'is', null), eb('t.applyEndTime', '>=', now)]));
}
