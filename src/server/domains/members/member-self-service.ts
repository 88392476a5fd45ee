/**
 * A member's own calls (access: self): his session and profile, changing his details and password,
 * where his membership stands in the moving workflows, and his branch's secretary.
 */
import { ORGAN_CHANGE } from '../../../contract/party-space';
import { MSG } from '../../../contract/messages';
import type { MovingFloatStatus } from '../../../contract/members';
import { P } from '../../../contract/permissions';
import { action, hasPermission } from '../../http/actions';
import { forbidden, notFound } from '../../http/errors';
import { objectInput } from '../../http/paging';
import { describeSession, heldRoles } from '../../services/session';
import { userService } from '../../services/user';
import { findSecretary } from '../organisations';
import { toProfile } from './member-profile';
import { guardOwnEdit, profileInput, type Profile } from './member-form';
import { updateMember } from './member-accounts';
import { adminView, loadInScope, loadMember, memberRows, PROFILE } from './member-queries';
import { memberSubRecords } from './member-sub-records';

export const memberSelfActions = {
  GetCurrentUserSessionData: action({
    method: 'GET',
    summary: '当前会话信息（当前角色、管理组织与全部角色）',
    access: 'self',
    returns: '会话字段（不含令牌）及 roles[]',
    async handler({ ctx, user }) {
      const session = await describeSession(ctx, user.userId, user.roleId && user.organId ? { roleId: user.roleId, organId: user.organId } : null);
      const roles = await heldRoles(ctx.db, user.userId);
      return { ...session, isDefaultRole: user.isDefaultRole, roles: roles.map((r) => ({ roleId: r.roleId, roleName: r.roleDisplayName, organId: r.organId, organName: r.organName, isDefault: r.isDefault })) };
    },
  }),

  GetCurrentPartyMemberInfo: action({
    method: 'GET',
    summary: '本人党员档案',
    access: 'self',
    returns: PROFILE,
    async handler({ ctx, user }) {
      const row = await memberRows(ctx.db).where('m.userId', '=', user.userId).executeTakeFirst();
      if (!row) throw notFound(MSG.memberNotFound);
      return { ...toProfile(row), ...(await memberSubRecords(ctx.db, row)) };
    },
  }),

  UpdatePartyMemberInfo: action<Profile>({
    method: 'PUT',
    summary: '修改党员档案：党员改本人（所在党组织、身份证号及组织维护的党员信息不能自行修改，改动即 400），管理员（Pages.PartyMember.Update）改管理范围内党员',
    access: 'self',
    input: profileInput,
    returns: PROFILE,
    async handler(call) {
      const { ctx, input, user } = call;
      const own = await ctx.db.selectFrom('partyMembers').select('id').where('userId', '=', user.userId).where('isDeleted', '=', false).executeTakeFirst();
      const targetId = input.id ?? own?.id;
      if (!targetId) throw notFound(MSG.memberNotFound);
      const isOwn = targetId === own?.id;
      if (!isOwn && !hasPermission(user, P.PartyMemberUpdate)) throw forbidden(`${MSG.forbidden}（${P.PartyMemberUpdate}）`);
      const stored = isOwn ? await loadMember(ctx.db, targetId) : await loadInScope(call, targetId);
      // an administrator of his subtree may change everything; a member only his own details
      const asAdmin = !isOwn || (hasPermission(user, P.PartyMemberUpdate) && !user.isDefaultRole);
      await updateMember(call, stored, asAdmin ? input : guardOwnEdit(stored, input), asAdmin);
      const saved = await loadMember(ctx.db, targetId);
      return isOwn ? toProfile(saved) : adminView(call, saved);
    },
  }),

  UpdateMemberPassword: action<{ oldPassword: string; newPassword: string }>({
    method: 'PUT',
    summary: '党员修改本人密码',
    access: 'self',
    input: objectInput(
      { oldPassword: { type: 'string', minLength: 1, maxLength: 128, title: '原密码' }, newPassword: { type: 'string', minLength: 1, maxLength: 128, title: '新密码' } },
      ['oldPassword', 'newPassword'],
    ),
    // the same rule as UserService/UpdatePassword: one implementation
    handler: (call) => userService.actions.UpdatePassword.handler(call),
  }),

  GetPartyMemberMovingFloatStatus: action({
    method: 'GET',
    summary: '本人组织关系转接与流动状态',
    access: 'self',
    returns: '{isFlowMember, isLostMember, hasMovingApply, organId, organName, organChangeId, organChangeStatus, movingRecordId, flowStatus, flowInOrganName, flowPlace, startDate, endDate}：转接与流动各取最近一条',
    async handler({ ctx, user }): Promise<MovingFloatStatus> {
      const row = await memberRows(ctx.db).where('m.userId', '=', user.userId).executeTakeFirst();
      if (!row) throw notFound(MSG.memberNotFound);
      const pm = row.partyMember as Record<string, unknown>;
      const latest = (entity: string) =>
        ctx.db.selectFrom('records').select(['id', 'auditStatus', 'data']).where('entity', '=', entity).where('ownerUserId', '=', user.userId).where('isDeleted', '=', false).orderBy('id', 'desc').executeTakeFirst();
      const [change, flow] = await Promise.all([latest('organChange'), latest('movingRecord')]);
      const f = (flow?.data ?? {}) as Partial<Record<'flowInOrganName' | 'flowPlace' | 'startDate' | 'endDate', string | null>>;
      return {
        isFlowMember: !!pm.isFlowMember,
        isLostMember: !!pm.isLostMember,
        hasMovingApply: !!change && (ORGAN_CHANGE.open as readonly number[]).includes(change.auditStatus ?? -1),
        organId: row.organId,
        organName: row.organName,
        organChangeId: change?.id ?? null,
        organChangeStatus: change?.auditStatus ?? null,
        movingRecordId: flow?.id ?? null,
        flowStatus: flow?.auditStatus ?? null,
        flowInOrganName: f.flowInOrganName ?? null,
        flowPlace: f.flowPlace ?? null,
        startDate: f.startDate ?? null,
        endDate: f.endDate ?? null,
      };
    },
  }),

  GetUserSecretaryInfo: action({
    method: 'GET',
    summary: '本人所在党组织的书记及联系方式（书记手机号脱敏；无书记时为副书记；都没有时仅组织联系电话；均无为 null）',
    access: 'self',
    returns: '{organId, organName, dutyName, name, phoneNumber(脱敏), contactPhone} | null',
    async handler({ ctx, user }) {
      // his own branch: the party-member record's organisation (the account's as a fallback)
      const own = await ctx.db.selectFrom('partyMembers').select('organId').where('userId', '=', user.userId).where('isDeleted', '=', false).executeTakeFirst();
      const organId = own?.organId ?? user.memberOrganId;
      return organId ? findSecretary(ctx, organId) : null;
    },
  }),
};
