/**
 * 党员自助注册: a person registers with a verified phone into an approved organisation; the
 * organisation's administrators see the registrations of their subtree and approve (the member role
 * is granted, he may sign in) or refuse them with a remark; either way an SMS tells him.
 */
import { takeStep } from '../../workflow/decide';
import { AUDIT_STEP } from '../../workflow/types';
import { MSG } from '../../../contract/messages';
import { P } from '../../../contract/permissions';
import { ID_CARD_PATTERN, PHONE_PATTERN } from '../../../contract/validators';
import { action } from '../../http/actions';
import { objectInput, pagedInput } from '../../http/paging';
import { getOrgan } from '../../scope';
import { consumePhoneCode } from '../../security/phone-codes';
import { assertStrong } from '../../services/user';
import { memberFormProps } from './member-profile';
import { checkForm, simpleProps } from './member-form';
import { createMember } from './member-accounts';
import { LIST_ITEM, listFilters, pageMembers, type ListInput } from './member-list';
import { loadInScope } from './member-queries';

export const registrationActions = {
  PartyMemberRegister: action<{ name: string; organId: number; phoneNumber: string; idCard: string; password: string; phoneCode: string; sex?: number }>({
    method: 'POST',
    summary: '党员自助注册（短信验证手机号；待所在组织管理员审核通过后方可登录）',
    access: 'public',
    returns: '{id, status: 0}',
    input: objectInput(
      {
        name: memberFormProps.name,
        organId: memberFormProps.organId,
        phoneNumber: { ...memberFormProps.phoneNumber, pattern: PHONE_PATTERN.source },
        // the identity-card rule without the check digit: registration has always taken such numbers
        idCard: { ...simpleProps.idCard, pattern: ID_CARD_PATTERN.source },
        sex: simpleProps.sex,
        password: { type: 'string', minLength: 1, maxLength: 128, title: '密码', 'x-required-message': '请输入密码' },
        phoneCode: { type: 'string', pattern: '^\\d{6}$', title: '短信验证码', 'x-message': MSG.phoneCodeWrong, 'x-required-message': '请输入短信验证码' },
      },
      ['name', 'organId', 'phoneNumber', 'idCard', 'password', 'phoneCode'],
    ),
    async handler(call) {
      const { ctx, input } = call;
      const organ = await getOrgan(ctx.db, input.organId);
      assertStrong(input.password);
      // the one ID-card rule, with its check character, as for a member an administrator adds
      checkForm({ name: input.name, organId: input.organId, phoneNumber: input.phoneNumber, addition: { idCard: input.idCard } }, undefined, { checksum: true });
      await consumePhoneCode(ctx, input.phoneNumber, 'register', input.phoneCode);
      const id = await createMember(call, { name: input.name, organId: organ.id, phoneNumber: input.phoneNumber, addition: { idCard: input.idCard, sex: input.sex ?? null }, partyMember: {} }, { status: 0, password: input.password, needChangePassword: false });
      return { id, status: 0 };
    },
  }),

  RegisterAuditPageList: action<ListInput & { status?: number }>({
    method: 'GET',
    summary: '注册审核列表（扩展接口）：status 0 待审核（默认），1 已通过，2 未通过',
    access: { permission: P.PartyMemberAuditeList },
    pending: { title: '注册申请', input: { status: 0 } },
    returns: `{totalCount, items: ${LIST_ITEM}[]}`,
    input: pagedInput({ ...listFilters, status: { type: 'integer', enum: [0, 1, 2], default: 0, title: '审核状态' } }),
    async handler(call) {
      const status = call.input.status ?? 0;
      if (status === 1) {
        // approved registrations: members who registered themselves (no creator) and have been audited
        const page = await pageMembers(call, 1);
        return { totalCount: page.totalCount, items: page.items };
      }
      return pageMembers(call, status);
    },
  }),

  AuditRegister: action<{ id: number; approved: boolean; remark?: string }>({
    method: 'POST',
    summary: '审核党员注册（扩展接口）：通过后授予党员角色并可登录；不通过须填写备注',
    access: { permission: P.PartyMemberAuditeList },
    decides: { noun: '申请', caseOf: '注册的用户' },
    input: objectInput(
      {
        id: { type: 'integer', minimum: 1, title: '注册申请' },
        approved: { type: 'boolean', title: '审核结果' },
        remark: { type: 'string', maxLength: 500, title: '备注' },
      },
      ['id', 'approved'],
    ),
    async handler(call) {
      const { ctx, input, user } = call;
      const row = await loadInScope(call, input.id);
      const def = await ctx.db.selectFrom('roles').select('id').where('isDefault', '=', true).executeTakeFirst();
      await takeStep(call, {
        subject: { type: 'memberRegistration', id: row.id, noun: '申请', state: row.status, organId: row.organId, organPath: row.organPath, ownerUserId: row.userId, caseUserIds: [row.userId] },
        name: 'audit',
        step: AUDIT_STEP,
        input,
        async apply(trx, to, remark) {
          const hit = await trx.updateTable('partyMembers').set({ status: to, auditRemark: remark, auditorUserId: user.userId, auditTime: ctx.now() }).where('id', '=', row.id).where('status', '=', 0).returning('id').executeTakeFirst();
          return !!hit;
        },
        async after(trx, to) {
          // an approved registration is a party member: the default role in his organisation
          if (to === AUDIT_STEP.approve && def && row.userId) await trx.insertInto('userRoles').values({ userId: row.userId, roleId: def.id, organId: row.organId }).onConflict((oc) => oc.doNothing()).execute();
        },
      });
      if (row.phoneNumber) {
        await ctx.sms.send(row.phoneNumber, input.approved ? '【党建学习平台】您的党员注册申请已审核通过，请使用手机号登录。' : `【党建学习平台】您的党员注册申请未通过审核：${input.remark}`);
      }
      return true;
    },
  }),
};
