import { sql } from 'kysely';
import { P } from '../../../contract/permissions';
import { action, defineService, type Call } from '../../http/actions';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { subtreePattern, getOrgan } from '../../scope';
import { entityInput } from '../../records/entity-input';
import { createOrgan, organNodeColumns, toNode, updateOrgan, type NewOrgan, type NodeRow, type OrganChanges } from './organs';
import { heldRoles } from '../../services/session';
import { followSubtreeMove } from '../../services/roles-follow';
import { AUDIT_STATE, auditDecisionInput, auditListProps, decide, initialAudit, recordSubmit, resubmitIfRejected } from './organ-audit';
import { badRequest } from '../../http/errors';
import { MSG } from '../../../contract/messages';
import { nameContains } from '../../db/name-search';
import { organImportActions } from './organ-import';
import { createOrganInScope } from './organ-create';

/** A row of the organisation audit list. */
type AuditRow = NodeRow & { parentName: string | null; auditRemark: string | null; creatorName: string | null; creationTime: Date; secretaryName: string | null; contactPhone: string | null };

const NODE = '组织节点 {id, parentId, organName, organizationName, organPath, organLevel, organType, hasChild, children}';

/** The caller manages a subtree only in an administrator role; the member role manages none. */
const adminScope = (call: Call<unknown>) => (call.user && !call.user.isDefaultRole && call.user.organPath ? call.user.organPath : null);

/** An organisation's fields: their limits and messages live in schemas/organization.json (the form reads the same file). */
const ORGAN_FIELDS = ['parentId', 'organName', 'shortName', 'organCode', 'organType', 'secretaryName', 'contactPhone', 'address', 'longitude', 'latitude', 'sort'];
/** The category is asked by the form; a call may leave it out. */
export const organInput = (extra: Record<string, unknown> = {}) => entityInput('organization', { fields: ORGAN_FIELDS, required: ['parentId', 'organName'], optional: ['organType'], extra });
const organUpdateInput = entityInput('organization', { fields: ORGAN_FIELDS, required: ['id'], optional: 'all', extra: { id: { type: 'integer', minimum: 1, title: '组织' } } });

export const organizationService = defineService('OrganizationService', {
  GetBranchOrganListByName: action<{ organName?: string }>({
    method: 'GET',
    summary: '按名称搜索党组织（管理员仅在管理范围内）',
    access: 'public',
    returns: `${NODE}[]，最多50条`,
    input: objectInput({ organName: { type: 'string', maxLength: 100, title: '组织名称' } }),
    async handler(call) {
      const name = (call.input.organName ?? '').trim();
      if (!name) return [];
      const scope = adminScope(call);
      let q = organNodeColumns(call.ctx.db).where(nameContains('o.organName', name)).where('o.auditStatus', '=', AUDIT_STATE.approved);
      if (scope) q = q.where('o.organPath', 'like', subtreePattern(scope));
      const rows = await q.orderBy('o.organLevel').orderBy('o.id').limit(50).execute();
      return rows.map(toNode);
    },
  }),

  SearchSups: action<{ id: number }>({
    method: 'GET',
    summary: '查询组织的全部上级（自根组织起，含自身）',
    access: 'public',
    returns: `${NODE}[]`,
    input: idInput,
    async handler({ ctx, input }) {
      const organ = await getOrgan(ctx.db, input.id);
      const ids = organ.organPath.split('/').filter(Boolean).map(Number);
      const rows = await organNodeColumns(ctx.db).where('o.id', 'in', ids).execute();
      return ids.map((id) => rows.find((r) => r.id === id)).filter(Boolean).map((r) => toNode(r!));
    },
  }),

  GetListByParentIdAsync: action<{ id?: number }>({
    method: 'GET',
    summary: '按上级组织查询下级组织（不传 id：管理员返回其管理组织，其他返回根组织；仅审核通过的组织）',
    access: 'public',
    returns: `${NODE}[]`,
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '上级组织' } }),
    async handler(call) {
      // the pickers of registration, transfers and forms: an organisation waiting for audit is not offered
      const q = organNodeColumns(call.ctx.db).where('o.auditStatus', '=', AUDIT_STATE.approved);
      if (call.input.id) return (await q.where('o.parentId', '=', call.input.id).orderBy('o.sort').orderBy('o.id').execute()).map(toNode);
      const scope = adminScope(call);
      if (scope) return (await q.where('o.organPath', '=', scope).execute()).map(toNode);
      return (await q.where('o.parentId', 'is', null).orderBy('o.sort').orderBy('o.id').execute()).map(toNode);
    },
  }),

  GetListByParentIdAsyncForWeb: action<{ id?: number }>({
    method: 'GET',
    summary: '组织管理树：下级组织及其书记、联系方式、党员数（管理范围内）',
    access: { permission: P.OrganService },
    returns: `${NODE}[]，另含 secretaryName, contactPhone, address, memberCount`,
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '上级组织' } }),
    async handler(call) {
      const { ctx, input, user } = call;
      let q = organNodeColumns(ctx.db).select([
        'o.secretaryName', 'o.contactPhone', 'o.address', 'o.sort',
        // kept by the member writes (migration 037), not counted from the member rows per call
        sql<number>`coalesce((select c.members from organ_member_counts c where c.organ_id = o.id), 0)`.as('memberCount'),
      ]);
      if (input.id) {
        const parent = await getOrgan(ctx.db, input.id);
        call.requireScope(parent.organPath);
        q = q.where('o.parentId', '=', input.id);
      } else q = q.where('o.organPath', '=', user.organPath);
      const rows = await q.orderBy('o.sort').orderBy('o.id').execute();
      return rows.map((r) => ({ ...toNode(r), secretaryName: r.secretaryName, contactPhone: r.contactPhone, address: r.address, sort: r.sort, memberCount: Number(r.memberCount) }));
    },
  }),

  GetListAsync: action<PagingInput & { organName?: string; organLevel?: number; organType?: string; parentId?: number; organPath?: string }>({
    method: 'GET',
    summary: '组织分页列表（管理范围内）',
    access: { permission: P.OrganService },
    returns: `{totalCount, items: ${NODE}[]}`,
    input: pagedInput({
      organName: { type: 'string', maxLength: 100, title: '组织名称' },
      organLevel: { type: 'integer', minimum: 1, maximum: 9, title: '组织层级' },
      organType: { type: 'string', maxLength: 20, title: '组织类别' },
      parentId: { type: 'integer', minimum: 1, title: '上级组织' },
      organPath: { type: 'string', maxLength: 500, pattern: '^/(\\d+/)*$', title: '组织路径' },
    }),
    async handler(call) {
      const { ctx, input, user } = call;
      if (input.organPath) call.requireScope(input.organPath);
      let q = organNodeColumns(ctx.db).where('o.organPath', 'like', subtreePattern(input.organPath || user.organPath));
      if (input.organName?.trim()) q = q.where(nameContains('o.organName', input.organName));
      if (input.organLevel) q = q.where('o.organLevel', '=', input.organLevel);
      if (input.organType) q = q.where('o.organType', '=', input.organType);
      if (input.parentId) q = q.where('o.parentId', '=', input.parentId);
      const page = await pageQuery<NodeRow & { secretaryName: string | null; contactPhone: string | null; auditRemark: string | null }>(q, input, (x) => x.select(['o.secretaryName', 'o.contactPhone', 'o.auditRemark']).orderBy('o.organLevel').orderBy('o.sort').orderBy('o.id'));
      return { totalCount: page.totalCount, items: page.items.map((r) => ({ ...toNode(r), secretaryName: r.secretaryName, contactPhone: r.contactPhone, auditRemark: r.auditRemark })) };
    },
  }),

  GetManageOrganList: action({
    method: 'GET',
    summary: '当前用户的管理组织（管理员角色所绑定的组织）',
    access: 'self',
    returns: `${NODE}[]，另含 roleId, roleName`,
    async handler({ ctx, user }) {
      const roles = (await heldRoles(ctx.db, user.userId)).filter((r) => !r.isDefault);
      if (!roles.length) return [];
      const nodes = await organNodeColumns(ctx.db).where('o.id', 'in', roles.map((r) => r.organId)).execute();
      return roles.map((r) => ({ ...toNode(nodes.find((n) => n.id === r.organId)!), roleId: r.roleId, roleName: r.roleDisplayName }));
    },
  }),

  GetChildOrgnizationByIdAsync: action<{ id: number }>({
    method: 'GET',
    summary: '查询组织的直接下级组织（管理范围内）',
    access: { permission: P.OrganService },
    returns: `${NODE}[]`,
    input: idInput,
    async handler(call) {
      const parent = await getOrgan(call.ctx.db, call.input.id);
      call.requireScope(parent.organPath);
      return (await organNodeColumns(call.ctx.db).where('o.parentId', '=', parent.id).orderBy('o.sort').orderBy('o.id').execute()).map(toNode);
    },
  }),

  CreateAsync: action<NewOrgan>({
    method: 'POST',
    summary: '新建下级组织（上级须在管理范围内）',
    access: { permission: P.OrganService },
    returns: NODE,
    input: organInput(),
    handler: createOrganInScope,
  }),

  ...organImportActions,

  /**
   * Not in the contract (the spec and the original client show no way to edit an organisation): the
   * smallest call in the contract's style (PUT …/UpdateAsync, as BaseLibraryService's). Both the
   * organisation and a new parent must lie in the caller's subtree; a new parent moves the subtree.
   */
  UpdateAsync: action<OrganChanges>({
    method: 'PUT',
    summary: '修改组织（含调整上级组织：整个下级随之移动；组织与新上级须在管理范围内）',
    access: { permission: P.OrganService },
    returns: NODE,
    input: organUpdateInput,
    async handler(call) {
      const { ctx, input } = call;
      const organ = await getOrgan(ctx.db, input.id);
      call.requireScope(organ.organPath);
      const parentId = input.parentId ?? organ.parentId;
      if (parentId !== organ.parentId) call.requireScope((await getOrgan(ctx.db, parentId!)).organPath);
      const { moved } = await updateOrgan(
        ctx.db,
        input,
        (trx) => resubmitIfRejected(call, 'organization', organ, trx),
        // its members left the organisations above it that are not above it any more: roles there end
        (trx, move) => followSubtreeMove(trx, call, move),
      );
      // sessions cache the managed organisation's path: a moved subtree must not keep the old one
      if (moved) await ctx.sessions.clear();
      const row = await organNodeColumns(ctx.db).where('o.id', '=', organ.id).executeTakeFirstOrThrow();
      return toNode(row);
    },
  }),

  GetAuditOrganListAsync: action<PagingInput & { organName?: string; auditStatus?: number }>({
    method: 'GET',
    summary: '组织审核列表：下级管理员新建、待本级及以上审核的组织（auditStatus 0 待审核（默认）、1 已通过、2 未通过）',
    access: { permission: P.OrganAudit },
    returns: `{totalCount, items: ${NODE}[]，另含 parentName, auditStatus, auditRemark, creatorName, creationTime}`,
    input: pagedInput({ organName: { type: 'string', maxLength: 100, title: '组织名称' }, ...auditListProps }),
    async handler(call) {
      const { ctx, input, user } = call;
      let q = organNodeColumns(ctx.db)
        .leftJoin('organizations as p', 'p.id', 'o.parentId')
        .leftJoin('users as cu', 'cu.id', 'o.creatorUserId')
        // submitted by a level strictly below the caller's: never his own level's
        .where('o.submitOrganPath', 'like', subtreePattern(user.organPath))
        .where('o.submitOrganPath', '!=', user.organPath)
        .where('o.auditStatus', '=', input.auditStatus ?? AUDIT_STATE.pending);
      if (input.organName?.trim()) q = q.where(nameContains('o.organName', input.organName));
      const page = await pageQuery<AuditRow>(q, input, (x) =>
        x.select(['p.organName as parentName', 'o.auditRemark', 'cu.name as creatorName', 'o.creationTime', 'o.secretaryName', 'o.contactPhone']).orderBy('o.id', 'desc'),
      );
      return {
        totalCount: page.totalCount,
        items: page.items.map((r) => ({ ...toNode(r), parentName: r.parentName, auditRemark: r.auditRemark, creatorName: r.creatorName, creationTime: r.creationTime, secretaryName: r.secretaryName, contactPhone: r.contactPhone })),
      };
    },
  }),

  AuditOrganAsync: action<{ id: number; approved: boolean; remark?: string }>({
    method: 'POST',
    summary: '审核下级新建的组织：通过后对党员可见；不通过须填写备注（由提交者的上级管理员审核）',
    access: { permission: P.OrganAudit },
    decides: { noun: '新建组织', caseOf: '新建该组织的管理员', instead: '提交组织的上级党组织的其他管理员' },
    returns: 'true',
    input: auditDecisionInput('organization'),
    async handler(call) {
      const organ = await getOrgan(call.ctx.db, call.input.id);
      call.requireVisible(organ.organPath, MSG.organNotFound);
      await decide(call, 'organization', organ);
      return true;
    },
  }),

  DeleteAsync: action<{ id: number }>({
    method: 'DELETE',
    summary: '撤销组织（也用于删除未通过审核的组织）：仅当没有党员、下级组织与管理员时；本级管理组织不能撤销',
    access: { permission: P.OrganService },
    returns: 'true',
    input: idInput,
    async handler(call) {
      const { ctx, input, user } = call;
      const organ = await getOrgan(ctx.db, input.id);
      call.requireVisible(organ.organPath, MSG.organNotFound);
      if (organ.organPath === user.organPath || !organ.parentId) throw badRequest('不能撤销本人管理的组织');
      const child = await ctx.db.selectFrom('organizations').select('id').where('parentId', '=', organ.id).where('isDeleted', '=', false).executeTakeFirst();
      if (child) throw badRequest('该组织还有下级组织，不能撤销');
      const member = await ctx.db.selectFrom('partyMembers').select('id').where('organId', '=', organ.id).where('isDeleted', '=', false).executeTakeFirst();
      if (member) throw badRequest('该组织还有党员，不能撤销，请先将党员转出');
      const admin = await ctx.db
        .selectFrom('userRoles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.roleId')
        .innerJoin('users as u', 'u.id', 'ur.userId')
        .select('ur.id')
        .where('ur.organId', '=', organ.id)
        .where('r.isDefault', '=', false)
        .where('u.isDeleted', '=', false)
        .executeTakeFirst();
      if (admin) throw badRequest('该组织还有管理员，不能撤销');
      await ctx.db.transaction().execute(async (trx) => {
        // soft delete: its history, records and audit log keep naming it
        const hit = await trx.updateTable('organizations').set({ isDeleted: true, lastModificationTime: ctx.now() }).where('id', '=', organ.id).where('isDeleted', '=', false).returning('id').executeTakeFirst();
        if (!hit) throw badRequest(MSG.organNotFound);
        await trx.updateTable('units').set({ isDeleted: true, lastModificationTime: ctx.now() }).where('organId', '=', organ.id).execute();
      });
      return true;
    },
  }),
});
