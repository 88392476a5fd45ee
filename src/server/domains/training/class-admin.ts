import type { Database } from '../../db/database';
import { action, type ActionDef, type Call } from '../../http/actions';
import { badRequest, invalid } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { platformInstant } from '../../platform-day';
import { entityInput } from '../../records/entity-input';
import { isInSubtree, subtreeRange, actingOrgan, withinScope } from '../../scope';
import { containsPattern } from '../../services/query-helpers';
import { cleanRichText } from '../../http/rich-text';
import { TRAIN_PERMISSION, classes, managedClass, type ClassRow } from './classes';
import { ENROL_MSG, HOLDS_PLACE, lockClass, readPlaces, readScope, rootUse, scopeHoldsPath } from './enrol';
import { CLASS_MSG, classCounts, classItem, ownOrgans, text } from './class-common';

/** 培训班管理: an organiser's classes — the class itself, its dates, its teaching scope, its list and detail. */

/** A class's fields: their limits and messages live in schemas/train-class.json (the form reads the same file). */
const CLASS_FIELDS = ['className', 'coverPicture', 'introduction', 'group', 'teachingObjects', 'teachingPlanId', 'applyStartTime', 'applyEndTime', 'startTime', 'endTime', 'address', 'trainNumbers', 'needAudit', 'status', 'scopeList'];
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

async function scopeOf(db: Database, id: number) {
  const rows = await db.selectFrom('trainClassScopes as s').innerJoin('organizations as o', 'o.id', 's.organId').select(['s.organId', 'o.organName', 's.excluded']).where('s.trainClassId', '=', id).orderBy('s.organPath').execute();
  return { scopeList: rows.filter((r) => !r.excluded).map(({ organId, organName }) => ({ organId, organName })), excludedList: rows.filter((r) => r.excluded).map(({ organId, organName }) => ({ organId, organName })) };
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

export const classAdminActions: Record<string, ActionDef> = {
  Create: action<ClassInput>({
    method: 'POST',
    summary: '新建培训班（属于当前管理组织）：报名与培训时间、培训名额（0 不限）、培训范围（本组织及下级组织，默认本组织）、是否需审核；简介为富文本，服务端清洗',
    access: { permission: TRAIN_PERMISSION.create },
    returns: '{id}',
    input: entityInput('trainClass', { fields: CLASS_FIELDS, required: CLASS_REQUIRED, defaults: 'none' }),
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
    input: entityInput('trainClass', { fields: CLASS_FIELDS, required: ['id', ...CLASS_REQUIRED], defaults: 'none', extra: { id: { type: 'integer', minimum: 1, title: '培训班' } } }),
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
        const student = await trx.selectFrom('trainClassStudents').select('id').where('trainClassId', '=', c.id).where('status', 'in', HOLDS_PLACE).executeTakeFirst();
        if (student) throw badRequest(CLASS_MSG.hasStudents);
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
      let q = classes(ctx.db).where(withinScope(call, 't.organPath')).where('t.cenTrainId', 'is', null);
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
};

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
