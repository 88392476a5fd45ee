/**
 * PartyMemberService: 党员管理 for administrators (the roster of their subtree, profiles, quick
 * forms, deletion, analysis, import, the 奖惩 and 出国（境） sub-records) together with the member's
 * own calls (member-self-service.ts) and the self-registration and its audit (registration.ts).
 */
import { MSG } from '../../../contract/messages';
import { P } from '../../../contract/permissions';
import { action, defineService, type Call } from '../../http/actions';
import { badRequest } from '../../http/errors';
import { idInput, objectInput, pagedInput } from '../../http/paging';
import { toProfile } from './member-profile';
import { analysisAction } from './member-analysis';
import { memberImport } from './member-import';
import { abroadActions, bonusPenaltyActions, memberSubRecords } from './member-sub-records';
import { profileInput, simpleProps, simpleToProfile, type Profile, type Simple } from './member-form';
import { openMember, updateMember } from './member-accounts';
import { adminView, canSeeSensitive, loadInScope, loadMember, logSensitiveView, PROFILE } from './member-queries';
import { LIST_ITEM, listFilters, pageMembers, type ListInput } from './member-list';
import { memberSelfActions as self } from './member-self-service';
import { followMembership, requireRolesInScope } from '../../services/roles-follow';
import { registrationActions as registration } from './registration';

/** An administrator adds a member in his subtree. */
async function createByAdmin(call: Call<unknown>, profile: Profile, idCardMember = 'addition.idCard') {
  return adminView(call, await loadMember(call.ctx.db, await openMember(call, profile, undefined, idCardMember)));
}

export const partyMemberService = defineService('PartyMemberService', {
  GetCurrentUserSessionData: self.GetCurrentUserSessionData,
  GetCurrentPartyMemberInfo: self.GetCurrentPartyMemberInfo,
  UpdatePartyMemberInfo: self.UpdatePartyMemberInfo,
  UpdateMemberPassword: self.UpdateMemberPassword,
  PartyMemberRegister: registration.PartyMemberRegister,
  RegisterAuditPageList: registration.RegisterAuditPageList,
  AuditRegister: registration.AuditRegister,

  'PageList#get': action<ListInput>({
    method: 'GET',
    summary: '党员分页列表（管理范围内）；reveal=true 显示完整身份证号和手机号（须 Pages.PartyMember.ViewSensitive，记入审计日志）',
    access: { permission: P.PartyMember },
    returns: `{totalCount, lastId, items: ${LIST_ITEM}[]}`,
    input: pagedInput({ ...listFilters, reveal: { type: 'boolean', title: '显示完整号码' } }),
    handler: (call) => pageMembers(call),
  }),

  'PageList#post': action<ListInput>({
    method: 'POST',
    summary: '党员分页列表（条件较多时以请求体提交）',
    access: { permission: P.PartyMember },
    returns: `{totalCount, items: ${LIST_ITEM}[]}`,
    input: pagedInput(listFilters),
    handler: (call) => pageMembers(call),
  }),

  SearchPageList: action<ListInput>({
    method: 'GET',
    summary: '党员选择器查询（管理范围内）：党员管理，以及要选人的服务（志愿活动、组织生活、培训班）',
    // the member picker serves every service that enrols members, each in its administrator's subtree
    access: { permission: [P.PartyMember, 'Pages.VolunteerActivity.Admin', 'Pages.PartyMeetingsAdmin', 'Pages.TrainClass'] },
    returns: '{totalCount, lastId, items: {id, userId, name, organName}[]}：id 为党员档案编号，userId 为账号编号（报名、签到等按账号）',
    input: pagedInput(listFilters),
    async handler(call) {
      const page = await pageMembers(call);
      return { totalCount: page.totalCount, lastId: page.lastId, items: page.items.map((i) => ({ id: i.id, userId: i.userId, name: i.name, organName: i.organName, organId: i.organId, sex: i.sex, partyDutyCode: i.partyDutyCode })) };
    },
  }),

  Get: action<{ id: number }>({
    method: 'GET',
    summary: '党员档案详情（管理范围内），含奖惩与出国（境）记录；身份证号和手机号脱敏，持 Pages.PartyMember.ViewSensitive 者看完整号码（每次查看记入审计日志）',
    access: { permission: P.PartyMember },
    returns: `${PROFILE} 及 bonusPenalties[], abroads[]`,
    input: idInput,
    async handler(call) {
      const row = await loadInScope(call, call.input.id);
      if (canSeeSensitive(call)) await logSensitiveView(call, 'Get', [row.id], { name: row.name });
      return { ...adminView(call, row), ...(await memberSubRecords(call.ctx.db, row)) };
    },
  }),

  Create: action<Profile>({
    method: 'POST',
    summary: '新增党员（完整档案；同时开通以手机号登录的账号，初始密码以短信发送，首次登录须修改）',
    access: { permission: P.PartyMemberCreate },
    returns: PROFILE,
    input: profileInput,
    handler: (call) => createByAdmin(call, call.input),
  }),

  SimpleCreate: action<Simple>({
    method: 'POST',
    summary: '快速新增党员（姓名、组织、手机号、身份证号等基本项）',
    access: { permission: P.PartyMemberCreate },
    returns: PROFILE,
    input: objectInput(simpleProps, ['name', 'organId', 'phoneNumber', 'idCard']),
    handler: (call) => createByAdmin(call, simpleToProfile(call.input), 'idCard'),
  }),

  SimpleUpdate: action<Simple>({
    method: 'POST',
    summary: '快速修改党员基本项（管理范围内）',
    access: { permission: P.PartyMemberUpdate },
    returns: PROFILE,
    input: objectInput(simpleProps, ['id', 'name', 'organId', 'phoneNumber', 'idCard']),
    async handler(call) {
      const stored = await loadInScope(call, call.input.id!);
      await updateMember(call, stored, simpleToProfile(call.input, toProfile(stored)), true);
      return adminView(call, await loadMember(call.ctx.db, stored.id));
    },
  }),

  SimpleGet: action<{ id: number }>({
    method: 'POST',
    summary: '快速查看党员基本项（管理范围内）',
    access: { permission: P.PartyMember },
    returns: '{id, name, organId, organName, phoneNumber, idCard, sex, partyDutyCode, partyMemeberType, joinPartyDate}',
    input: idInput,
    async handler(call) {
      const row = await loadInScope(call, call.input.id);
      if (canSeeSensitive(call)) await logSensitiveView(call, 'SimpleGet', [row.id], { name: row.name });
      const p = adminView(call, row);
      return {
        id: p.id, name: p.name, organId: p.organId, organName: p.organName, phoneNumber: p.phoneNumber, idCard: p.addition.idCard, sex: p.addition.sex,
        partyDutyCode: p.partyMember.partyDutyCode, partyMemeberType: p.partyMember.partyMemeberType, joinPartyDate: p.partyMember.joinPartyDate ?? null,
      };
    },
  }),

  Delete: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除党员（管理范围内）；账号的党员角色，以及他在所离开组织（及其上级）担任的管理角色一并收回，会话全部注销（记入审计日志）；没有其他角色的账号停用。他担任管理范围以外组织的管理员时不能删除（403）',
    access: { permission: P.PartyMemberDelete },
    input: idInput,
    async handler(call) {
      const { ctx } = call;
      const row = await loadInScope(call, call.input.id);
      if (row.userId === call.user.userId) throw badRequest(MSG.cannotDeleteSelf);
      const userId = row.userId;
      const departure = userId ? { userId, from: { id: row.organId, organPath: row.organPath }, to: null, reason: '党员档案被删除' } : null;
      if (departure) await requireRolesInScope(call, ctx.db, departure);
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('partyMembers').set({ isDeleted: true, lastModificationTime: ctx.now() }).where('id', '=', row.id).execute();
        if (departure) {
          const def = await trx.selectFrom('roles').select('id').where('isDefault', '=', true).executeTakeFirst();
          if (def) await trx.deleteFrom('userRoles').where('userId', '=', departure.userId).where('roleId', '=', def.id).execute();
          await followMembership(trx, call, departure);
          const left = await trx.selectFrom('userRoles').select('id').where('userId', '=', departure.userId).executeTakeFirst();
          if (!left) await trx.updateTable('users').set({ isActive: false }).where('id', '=', departure.userId).execute();
        }
      });
      return true;
    },
  }),

  Analysis: analysisAction,
  Import: memberImport.Import,
  ImportTemplate: memberImport.ImportTemplate,
  BonusPenaltyList: bonusPenaltyActions.list,
  AbroadList: abroadActions.list,
  UpdateBonusPenalty: bonusPenaltyActions.update,
  DeleteBonusPenalty: bonusPenaltyActions.remove,
  UpdateAbroad: abroadActions.update,
  DeleteAbroad: abroadActions.remove,
  GetPartyMemberMovingFloatStatus: self.GetPartyMemberMovingFloatStatus,
  GetUserSecretaryInfo: self.GetUserSecretaryInfo,
});
