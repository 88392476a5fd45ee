/**
 * One's own account (UserService): SMS codes, forgotten and changed passwords (and an
 * administrator's reset of a user of his subtree), binding a phone, one's details and the
 * organisations one manages.
 */
import { MSG } from '../../contract/messages';
import type { ManageOrganEntry } from '../../contract/types';
import { P } from '../../contract/permissions';
import { isStrongPassword, PHONE_PATTERN } from '../../contract/validators';
import { action, type Call } from '../http/actions';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import { objectInput } from '../http/paging';
import { newId } from '../http/token';
import { hashPassword, verifyPassword } from '../security/passwords';
import { consumePhoneCode, issuePhoneCode, issueResetToken, type CodePurpose } from '../security/phone-codes';
import { clientAddress } from '../security/rate-limits';

export const phoneProp = { type: 'string', pattern: PHONE_PATTERN.source, title: '手机号', 'x-message': MSG.phoneInvalid, 'x-required-message': MSG.phoneRequired };
export const passwordProp = (title: string) => ({ type: 'string', minLength: 1, maxLength: 128, title, 'x-required-message': `请输入${title}` });
const codeProp = { type: 'string', pattern: '^\\d{6}$', title: '短信验证码', 'x-message': MSG.phoneCodeWrong, 'x-required-message': '请输入短信验证码' };

export function assertStrong(password: string) {
  if (!isStrongPassword(password)) throw badRequest(MSG.passwordWeak, { validationErrors: [{ message: MSG.passwordWeak, members: ['newPassword'] }] });
}

export async function setPassword(call: Call<unknown>, userId: number, password: string, needChange = false) {
  assertStrong(password);
  await call.ctx.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(password), needChangePassword: needChange, failedLoginCount: 0, lockoutEnd: null, passwordChangedAt: call.ctx.now() })
    .where('id', '=', userId)
    .execute();
  // a session kept to changing an aged password (PASSWORD_MAX_AGE_DAYS) is free again
  const freed = await call.ctx.db.updateTable('authSessions').set({ passwordExpired: false }).where('userId', '=', userId).where('passwordExpired', '=', true).returning('id').execute();
  if (freed.length) await call.ctx.sessions.invalidateUser(userId);
}

export const accountActions = {
  SendPhoneVierifCode: action<{ phoneNumber: string; purpose: CodePurpose }>({
    method: 'POST',
    summary: '发送短信验证码（每个号码每分钟1条、每小时至多5条；每个客户端（网络地址、已登录时的会话）每小时至多10条；全平台每日有上限；演示环境写入服务日志）',
    access: 'public',
    input: objectInput(
      { phoneNumber: phoneProp, purpose: { type: 'string', enum: ['findPassword', 'bindPhone', 'register', 'signIn'], default: 'findPassword', title: '用途' } },
      ['phoneNumber'],
    ),
    async handler({ ctx, input, req, user }) {
      const owner = await ctx.db.selectFrom('users').select('id').where('phoneNumber', '=', input.phoneNumber).where('isDeleted', '=', false).executeTakeFirst();
      // findPassword and signIn (长辈模式's alternative to the image captcha) go to an account's own phone
      const toOwner = input.purpose === 'findPassword' || input.purpose === 'signIn';
      if (toOwner && !owner) throw badRequest(MSG.phoneNotFound);
      if (!toOwner && owner) throw badRequest(MSG.phoneExists);
      await issuePhoneCode(ctx, input.phoneNumber, input.purpose, { address: clientAddress(req), sessionId: user?.sessionId });
      return true;
    },
  }),

  FindPassword: action<{ phoneNumber: string; code: string }>({
    method: 'POST',
    summary: '找回密码第一步：校验短信验证码，换取重置凭据',
    access: 'public',
    returns: '{resetToken}：10分钟内有效，用于 ResetPassword',
    input: objectInput({ phoneNumber: phoneProp, code: codeProp }, ['phoneNumber', 'code']),
    async handler({ ctx, input }) {
      await consumePhoneCode(ctx, input.phoneNumber, 'findPassword', input.code);
      const secret = newId(24);
      await issueResetToken(ctx, input.phoneNumber, secret);
      return { resetToken: `${Buffer.from(input.phoneNumber).toString('base64url')}.${secret}` };
    },
  }),

  ResetPassword: action<{ resetToken?: string; userId?: number; newPassword: string }>({
    method: 'POST',
    summary: '重置密码：凭找回密码的重置凭据（公开），或由管理员重置管理范围内用户的密码（需 Pages.Administration.Users，用户下次登录须修改密码）',
    access: 'public',
    input: objectInput(
      { resetToken: { type: 'string', maxLength: 200, title: '重置凭据' }, userId: { type: 'integer', minimum: 1, title: '用户' }, newPassword: passwordProp('新密码') },
      ['newPassword'],
    ),
    async handler(call) {
      const { ctx, input, user } = call;
      if (input.userId) {
        // an administrator's reset: signed in (401 otherwise) with the user permission
        if (!user) throw unauthorized();
        if (!user.permissions.has(P.Users)) throw forbidden(`${MSG.forbidden}（${P.Users}）`);
        const target = await ctx.db.selectFrom('users as u').leftJoin('organizations as o', 'o.id', 'u.organId').select(['u.id', 'o.organPath']).where('u.id', '=', input.userId).where('u.isDeleted', '=', false).executeTakeFirst();
        if (!target) throw notFound(MSG.userNotFound);
        const managed = await ctx.db.selectFrom('userRoles as ur').innerJoin('organizations as o', 'o.id', 'ur.organId').select('o.organPath').where('ur.userId', '=', target.id).execute();
        for (const p of [target.organPath, ...managed.map((m) => m.organPath)].filter(Boolean)) call.requireVisible(p, MSG.userNotFound);
        await setPassword(call, target.id, input.newPassword, true);
        // whoever knew the old password is signed out at once (the resetting administrator keeps his own session)
        await ctx.db.updateTable('authSessions').set({ revokedAt: ctx.now() }).where('userId', '=', target.id).where('revokedAt', 'is', null).where('id', '<>', user.sessionId).execute();
        await ctx.sessions.invalidateUser(target.id);
        return true;
      }
      const [phoneB64, secret] = (input.resetToken ?? '').split('.');
      if (!phoneB64 || !secret) throw badRequest(MSG.phoneCodeWrong);
      const phoneNumber = Buffer.from(phoneB64, 'base64url').toString('utf8');
      assertStrong(input.newPassword);
      await consumePhoneCode(ctx, phoneNumber, 'resetToken', secret);
      const target = await ctx.db.selectFrom('users').select('id').where('phoneNumber', '=', phoneNumber).where('isDeleted', '=', false).executeTakeFirst();
      if (!target) throw badRequest(MSG.phoneNotFound);
      await setPassword(call, target.id, input.newPassword);
      // every open session of that user ends
      await ctx.db.updateTable('authSessions').set({ revokedAt: ctx.now() }).where('userId', '=', target.id).where('revokedAt', 'is', null).execute();
      await ctx.sessions.invalidateUser(target.id);
      return true;
    },
  }),

  PhoneNumberConfirmed: action<{ phoneNumber: string; code: string }>({
    method: 'POST',
    summary: '绑定手机号：校验短信验证码后绑定到本人账号',
    access: 'self',
    input: objectInput({ phoneNumber: phoneProp, code: codeProp }, ['phoneNumber', 'code']),
    async handler({ ctx, input, user }) {
      await consumePhoneCode(ctx, input.phoneNumber, 'bindPhone', input.code);
      const taken = await ctx.db.selectFrom('users').select('id').where('phoneNumber', '=', input.phoneNumber).where('id', '!=', user.userId).where('isDeleted', '=', false).executeTakeFirst();
      if (taken) throw badRequest(MSG.phoneExists);
      await ctx.db.updateTable('users').set({ phoneNumber: input.phoneNumber, phoneConfirmed: true }).where('id', '=', user.userId).execute();
      await ctx.db.updateTable('partyMembers').set({ phoneNumber: input.phoneNumber }).where('userId', '=', user.userId).execute();
      return true;
    },
  }),

  UpdatePassword: action<{ oldPassword: string; newPassword: string }>({
    method: 'POST',
    summary: '修改本人密码',
    access: 'self',
    whileRestricted: true,
    input: objectInput({ oldPassword: passwordProp('原密码'), newPassword: passwordProp('新密码') }, ['oldPassword', 'newPassword']),
    async handler(call) {
      const row = await call.ctx.db.selectFrom('users').select('passwordHash').where('id', '=', call.user.userId).executeTakeFirstOrThrow();
      if (!(await verifyPassword(row.passwordHash, call.input.oldPassword))) throw badRequest(MSG.passwordOldWrong, { validationErrors: [{ message: MSG.passwordOldWrong, members: ['oldPassword'] }] });
      await setPassword(call, call.user.userId, call.input.newPassword);
      return true;
    },
  }),

  SetElderMode: action<{ elderMode: number }>({
    method: 'POST',
    summary: '长辈模式：保存本人的字号偏好（0 标准、1 大字、2 特大字），随会话信息返回，任何设备登录后一致',
    access: 'self',
    returns: '{elderMode}',
    input: objectInput({ elderMode: { type: 'integer', enum: [0, 1, 2], title: '长辈模式', 'x-message': '长辈模式只能是0（标准）、1（大字）或2（特大字）', 'x-required-message': '请选择长辈模式' } }, ['elderMode']),
    async handler({ ctx, input, user }) {
      // only the caller's own row: the preference is nobody else's to set
      await ctx.db.updateTable('users').set({ elderMode: input.elderMode }).where('id', '=', user.userId).execute();
      return { elderMode: input.elderMode };
    },
  }),

  UpdateWeakPassword: action<{ newPassword: string }>({
    method: 'POST',
    summary: '弱密码、管理员重置后首次登录或密码超过有效期：设置新密码',
    access: 'self',
    whileRestricted: true,
    input: objectInput({ newPassword: passwordProp('新密码') }, ['newPassword']),
    async handler(call) {
      const row = await call.ctx.db.selectFrom('users').select(['needChangePassword', 'passwordHash']).where('id', '=', call.user.userId).executeTakeFirstOrThrow();
      if (!row.needChangePassword) throw badRequest('当前密码无需修改，请使用修改密码功能');
      if (await verifyPassword(row.passwordHash, call.input.newPassword)) throw badRequest('新密码不能与原密码相同');
      await setPassword(call, call.user.userId, call.input.newPassword);
      return true;
    },
  }),

  CheckPhoneIsExists: action<{ phoneNumber: string }>({
    method: 'GET',
    summary: '手机号是否已被注册',
    access: 'public',
    returns: 'boolean',
    input: objectInput({ phoneNumber: phoneProp }, ['phoneNumber']),
    async handler({ ctx, input }) {
      return !!(await ctx.db.selectFrom('users').select('id').where('phoneNumber', '=', input.phoneNumber).where('isDeleted', '=', false).executeTakeFirst());
    },
  }),

  Get: action<{ id?: number }>({
    method: 'GET',
    summary: '用户信息（不传 id 为本人；他人需 Pages.Administration.Users 且在管理范围内）',
    access: 'self',
    returns: '{id, userName, name, phoneNumber, phoneConfirmed, userType, isActive, organId, organName, needChangePassword}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '用户' } }),
    async handler(call) {
      const { ctx, input, user } = call;
      const id = input.id ?? user.userId;
      const row = await ctx.db
        .selectFrom('users as u')
        .leftJoin('organizations as o', 'o.id', 'u.organId')
        .select(['u.id', 'u.userName', 'u.name', 'u.phoneNumber', 'u.phoneConfirmed', 'u.userType', 'u.isActive', 'u.organId', 'o.organName', 'o.organPath', 'u.needChangePassword', 'u.lastLoginTime'])
        .where('u.id', '=', id)
        .where('u.isDeleted', '=', false)
        .executeTakeFirst();
      if (id !== user.userId) {
        if (!user.permissions.has(P.Users)) throw forbidden(`${MSG.forbidden}（${P.Users}）`);
        call.requireVisible(row?.organPath, MSG.userNotFound);
      }
      if (!row) throw notFound(MSG.userNotFound);
      const { organPath: _omit, ...rest } = row;
      return rest;
    },
  }),

  GetUserManageOrgan: action({
    method: 'GET',
    summary: '本人的管理组织与角色（切换管理组织对话框）',
    access: 'self',
    returns: '{roleId, organId, organName, roleName}[]',
    async handler({ ctx, user }): Promise<ManageOrganEntry[]> {
      return ctx.db
        .selectFrom('userRoles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.roleId')
        .innerJoin('organizations as o', 'o.id', 'ur.organId')
        .select(['ur.roleId', 'ur.organId', 'o.organName', 'r.displayName as roleName'])
        .where('ur.userId', '=', user.userId)
        .where('r.isDefault', '=', false)
        .orderBy('ur.id')
        .execute();
    },
  }),
};
