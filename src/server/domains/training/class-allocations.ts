import { sql } from 'kysely';
import { action, type ActionDef, type Call } from '../../http/actions';
import { badRequest, invalid, notFound } from '../../http/errors';
import { idInput, objectInput, pagedInput, type PagingInput } from '../../http/paging';
import { pageQuery } from '../../http/paging';
import { TRAIN_PERMISSION, managedClass } from './classes';
import { lockClass, readPlaces, readScope, requireAllocation, rootUse, scopeHoldsPath } from './enrol';
import { CLASS_MSG, ownOrgans } from './class-common';

/** 名额分配: a class's places given to organisations of its scope, each within what the level above left (places.ts). */

const allocationProps = {
  trainClassId: { type: 'integer', minimum: 1, title: '培训班', 'x-required-message': '请选择培训班' },
  organId: { type: 'integer', minimum: 1, title: '组织', 'x-required-message': '请选择组织' },
  numbers: { type: 'integer', minimum: 0, maximum: 1000000, title: '名额', 'x-required-message': '请输入名额' },
};


/**
 * Sets allocations one after another under the class lock, each checked against the places as
 * the previous ones left them; one refusal undoes them all.
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

export const classAllocationActions: Record<string, ActionDef> = {
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
      const page = await pageQuery(q, input, (x) => x.select(['a.id', 'a.organId', 'o.organName', 'a.organPath', 'a.numbers']).orderBy(sql`a.organ_path collate "C"`));
      const items = page.items.map((a) => ({
        ...a,
        usedCount: places.takenPaths.filter((p) => p.startsWith(a.organPath)).length,
        subAllocated: places.allocations.filter((x) => x.id !== a.id && x.organPath.startsWith(a.organPath) && x.organPath !== a.organPath).reduce((s, x) => s + x.numbers, 0),
      }));
      return { totalCount: page.totalCount, items, trainNumbers: c.trainNumbers, allocatedTotal: rootUse({ ...places, takenPaths: [] }) };
    },
  }),
};
