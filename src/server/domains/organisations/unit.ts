import { P } from '../../../contract/permissions';
import { action, defineService, type Call } from '../../http/actions';
import { badRequest } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { AUDIT_STATE, auditDecisionInput, auditHistory, auditListProps, decide, initialAudit, recordSubmit, resubmitIfRejected } from './organ-audit';
import { subtreePattern, requireApproved, getOrgan } from '../../scope';
import type { Database } from '../../db/database';
import { entityInput } from '../../records/entity-input';

const UNIT = '单位 {id, organId, organName, organPath, unitName, unitType, creditCode, address, auditStatus, auditRemark}';
const units = (db: Database) =>
  db
    .selectFrom('units as u')
    .leftJoin('organizations as o', 'o.id', 'u.organId')
    .select(['u.id', 'u.organId', 'o.organName', 'u.organPath', 'u.unitName', 'u.unitType', 'u.creditCode', 'u.address', 'u.creationTime', 'u.auditStatus', 'u.auditRemark', 'u.submitOrganPath', 'u.creatorUserId'])
    .where('u.isDeleted', '=', false);

/** A unit's body: its limits are those of schemas/unit.json, the file its form is built from. */
const unitInput = entityInput('unit');
const unitUpdateInput = { ...unitInput, properties: { id: { type: 'integer', minimum: 1, title: '单位' }, ...unitInput.properties }, required: ['id', ...unitInput.required] };

type UnitInput = { organId: number; unitName: string; unitType?: string | null; creditCode?: string | null; address?: string | null };

/** A unit of the caller's subtree by id; outside it answers like a missing one. */
async function unitInScope(call: Call<unknown>, id: number) {
  const row = await units(call.ctx.db).where('u.id', '=', id).executeTakeFirst();
  call.requireVisible(row?.organPath, '单位不存在');
  return row as { id: number; organId: number; organPath: string; unitName: string; auditStatus: number; submitOrganPath: string | null; creatorUserId: number | null };
}

/** The unit's organisation: in the caller's subtree and approved. */
async function unitOrgan(call: Call<unknown>, organId: number) {
  const organ = await getOrgan(call.ctx.db, organId);
  call.requireScope(organ.organPath);
  requireApproved(organ);
  return organ;
}

export const unitService = defineService('UnitService', {
  GetUnitlistByFilterAsync: action<PagingInput & { unitName?: string; unitType?: string; organId?: number }>({
    method: 'GET',
    summary: '单位分页列表（管理范围内）',
    access: { permission: P.OrganService },
    returns: `{totalCount, items: ${UNIT}[]}`,
    input: pagedInput({
      unitName: { type: 'string', maxLength: 100, title: '单位名称' },
      unitType: { type: 'string', maxLength: 20, title: '单位类别' },
      organId: { type: 'integer', minimum: 1, title: '所属党组织' },
    }),
    async handler(call) {
      const { ctx, input, user } = call;
      let path = user.organPath;
      if (input.organId) {
        path = (await getOrgan(ctx.db, input.organId)).organPath;
        call.requireScope(path);
      }
      let q = units(ctx.db).where('u.organPath', 'like', subtreePattern(path));
      if (input.unitName) q = q.where('u.unitName', 'like', `%${input.unitName.trim()}%`);
      if (input.unitType) q = q.where('u.unitType', '=', input.unitType);
      return pageQuery(q, input, (x) => x.orderBy('u.id', 'desc'));
    },
  }),

  GetAllUnitAsync: action<{ unitName?: string }>({
    method: 'GET',
    summary: '管理范围内全部单位（下拉选择用，最多1000条）',
    access: { permission: P.OrganService },
    returns: `${UNIT}[]`,
    input: objectInput({ unitName: { type: 'string', maxLength: 100, title: '单位名称' } }),
    async handler({ ctx, input, user }) {
      let q = units(ctx.db).where('u.organPath', 'like', subtreePattern(user.organPath));
      if (input.unitName) q = q.where('u.unitName', 'like', `%${input.unitName.trim()}%`);
      return q.orderBy('u.unitName').limit(1000).execute();
    },
  }),

  CreateUnitAsync: action<UnitInput>({
    method: 'POST',
    summary: '新建单位（所属党组织须在管理范围内且已审核通过；非省级新建的单位待上级审核）',
    access: { permission: P.OrganService },
    returns: UNIT,
    input: unitInput,
    async handler(call) {
      const { ctx, input, user } = call;
      const name = input.unitName.trim();
      if (!name) throw badRequest('请输入单位名称');
      const organ = await unitOrgan(call, input.organId);
      const audit = initialAudit(user);
      const id = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('units')
          .values({ organId: organ.id, organPath: organ.organPath, unitName: name, unitType: input.unitType ?? null, creditCode: input.creditCode || null, address: input.address ?? null, extra: '{}', ...audit, creatorUserId: user.userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (audit.auditStatus === AUDIT_STATE.pending) await recordSubmit(trx, call, 'unit', row.id);
        return row.id;
      });
      return units(ctx.db).where('u.id', '=', id).executeTakeFirst();
    },
  }),

  GetUnitAsync: action<{ id: number }>({
    method: 'GET',
    summary: '单位详情（管理范围内），含审核状态与审核记录',
    access: { permission: P.OrganService },
    returns: `${UNIT}，另含 history[]`,
    input: idInput,
    async handler(call) {
      const row = await unitInScope(call, call.input.id);
      const { submitOrganPath: _, ...unit } = row as typeof row & Record<string, unknown>;
      return { ...unit, history: await auditHistory(call, 'unit', row.id) };
    },
  }),

  UpdateUnitAsync: action<UnitInput & { id: number }>({
    method: 'PUT',
    summary: '修改单位（单位与所属党组织须在管理范围内）；未通过审核的单位修改后重新提交审核',
    access: { permission: P.OrganService },
    returns: UNIT,
    input: unitUpdateInput,
    async handler(call) {
      const { ctx, input } = call;
      const row = await unitInScope(call, input.id);
      const name = input.unitName.trim();
      if (!name) throw badRequest('请输入单位名称');
      const organ = row.organId === input.organId ? { id: row.organId, organPath: row.organPath } : await unitOrgan(call, input.organId);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('units')
          .set({ organId: organ.id, organPath: organ.organPath, unitName: name, unitType: input.unitType ?? null, creditCode: input.creditCode || null, address: input.address ?? null, lastModificationTime: ctx.now() })
          .where('id', '=', row.id)
          .execute();
        await resubmitIfRejected(call, 'unit', row, trx);
      });
      return units(ctx.db).where('u.id', '=', row.id).executeTakeFirst();
    },
  }),

  DeleteUnitAsync: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除单位（管理范围内，软删除）',
    access: { permission: P.OrganService },
    returns: 'true',
    input: idInput,
    async handler(call) {
      const row = await unitInScope(call, call.input.id);
      await call.ctx.db.updateTable('units').set({ isDeleted: true, lastModificationTime: call.ctx.now() }).where('id', '=', row.id).execute();
      return true;
    },
  }),

  GetAuditUnitListAsync: action<PagingInput & { unitName?: string; auditStatus?: number }>({
    method: 'GET',
    summary: '单位审核列表：下级管理员新建、待本级及以上审核的单位（auditStatus 0 待审核（默认）、1 已通过、2 未通过）',
    access: { permission: P.OrganAudit },
    returns: `{totalCount, items: ${UNIT}[]}`,
    input: pagedInput({ unitName: { type: 'string', maxLength: 100, title: '单位名称' }, ...auditListProps }),
    async handler(call) {
      const { ctx, input, user } = call;
      let q = units(ctx.db)
        .where('u.submitOrganPath', 'like', subtreePattern(user.organPath))
        .where('u.submitOrganPath', '!=', user.organPath)
        .where('u.auditStatus', '=', input.auditStatus ?? AUDIT_STATE.pending);
      if (input.unitName?.trim()) q = q.where('u.unitName', 'like', `%${input.unitName.trim()}%`);
      return pageQuery(q, input, (x) => x.orderBy('u.id', 'desc'));
    },
  }),

  AuditUnitAsync: action<{ id: number; approved: boolean; remark?: string }>({
    method: 'POST',
    summary: '审核下级新建的单位；不通过须填写备注（由提交者的上级管理员审核）',
    access: { permission: P.OrganAudit },
    decides: { noun: '新建单位', caseOf: '新建该单位的管理员', instead: '提交单位的上级党组织的其他管理员' },
    returns: 'true',
    input: auditDecisionInput('unit'),
    async handler(call) {
      const row = await unitInScope(call, call.input.id);
      await decide(call, 'unit', row);
      return true;
    },
  }),
});
