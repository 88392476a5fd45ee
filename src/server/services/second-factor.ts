/**
 * The second factor of an administrator's sign-in (等保 2.0 level 3, 身份鉴别; docs/SECURITY.md §17):
 * a TOTP authenticator (RFC 6238, enrolled with a QR code, with ten one-time recovery codes) or the
 * usb key (challenge–response, the same challenges as the key sign-in). Served under TokenAuth.
 *
 * A password sign-in opens the session in the member role; an administrator role opens only once
 * the session proved a second factor (`auth_sessions.second_factor`), which is what every request
 * reads (http/auth.ts): without it the role holds no permission, and UserChangeRole refuses it.
 */
import { createPublicKey, verify } from 'node:crypto';
import { MSG } from '../../contract/messages';
import { PLATFORM_NAME } from '../../contract/product';
import type { AppContext } from '../context';
import { action, type Call } from '../http/actions';
import { AppError, badRequest, ERROR_CODE, unauthorized } from '../http/errors';
import { objectInput } from '../http/paging';
import { assertNotLocked, countingFailures, recordSignInFailure } from '../security/sign-in-guard';
import { clientAddress } from '../security/rate-limits';
import { securityEvent } from '../security/security-log';
import { matchStep, newRecoveryCodes, newTotpKey, openTotpKey, otpauthUri, recoveryCodeHash, sealTotpKey, base32Encode } from '../security/totp';
import { describeSession, secondFactorState } from './session';

/** Marks a usb-key challenge used (once, unexpired) and checks the signature with the user's bound key. */
export async function checkUkeySignature(ctx: AppContext, challengeId: string, signature: string, publicKeyPem: string | null): Promise<'ok' | 'challenge' | 'unbound' | 'signature'> {
  const ch = await ctx.db
    .updateTable('ukeyChallenges')
    .set({ used: true })
    .where('id', '=', challengeId)
    .where('used', '=', false)
    .where('expiresAt', '>', ctx.now())
    .returning('challenge')
    .executeTakeFirst();
  if (!ch) return 'challenge';
  if (!publicKeyPem) return 'unbound';
  try {
    return verify(null, Buffer.from(ch.challenge, 'utf8'), createPublicKey(publicKeyPem), Buffer.from(signature, 'base64')) ? 'ok' : 'signature';
  } catch {
    return 'signature';
  }
}

const unixSeconds = (ctx: AppContext) => Math.floor(ctx.now().getTime() / 1000);

/**
 * A wrong code counts as a failed sign-in of the account (5 lock it for 5 minutes, and end this
 * session: the password must be given again) — six digits are not guessed in five tries.
 */
async function failed(call: Call<unknown>, message: string, method = 'totp'): Promise<never> {
  await factorEvent(call, 'secondFactor', 'failure', { method });
  try {
    await recordSignInFailure(call.ctx, { userId: call.user.userId }, clientAddress(call.req));
  } catch (err) {
    if (err instanceof AppError && err.opts.code === ERROR_CODE.accountLocked) {
      await call.ctx.db.updateTable('authSessions').set({ revokedAt: call.ctx.now(), endReason: 'locked' }).where('id', '=', call.user.sessionId).execute();
      await call.ctx.sessions.invalidateSession(call.user.sessionId);
      throw err;
    }
  }
  throw badRequest(message);
}

/** A second-factor event of the caller's own account in the security log (docs/SECURITY.md §14). */
function factorEvent(call: Call<unknown>, type: 'secondFactor' | 'secondFactorEnroll', result: 'success' | 'failure', detail: Record<string, unknown>) {
  const { user } = call;
  return securityEvent(call.ctx, { type, result, actorUserId: user.userId, actorName: user.userName, target: `user:${user.userId}`, detail, clientIp: clientAddress(call.req), organPath: user.organPath || null });
}

/** The session proved its second factor: every process reads it at the session's next request. */
async function markVerified(call: Call<unknown>, method: string) {
  const { ctx, user } = call;
  await factorEvent(call, 'secondFactor', 'success', { method });
  await ctx.db.updateTable('authSessions').set({ secondFactor: method }).where('id', '=', user.sessionId).execute();
  await ctx.db.updateTable('users').set({ failedLoginCount: 0, lockoutEnd: null }).where('id', '=', user.userId).execute();
  await ctx.sessions.invalidateSession(user.sessionId);
}

async function answer(call: Call<unknown>) {
  const { ctx, user } = call;
  const session = await ctx.db.selectFrom('authSessions').select(['expiresAt', 'roleId', 'organId']).where('id', '=', user.sessionId).executeTakeFirstOrThrow();
  const token = call.req.headers.authorization!.replace(/^Bearer\s+/i, '');
  return {
    accessToken: token,
    expireInSeconds: Math.max(0, Math.floor((session.expiresAt.getTime() - ctx.now().getTime()) / 1000)),
    ...(await describeSession(ctx, user.userId, session.roleId != null && session.organId != null ? { roleId: session.roleId, organId: session.organId } : null)),
    secondFactor: await secondFactorState(ctx, user.userId, true),
  };
}

async function loadUser(ctx: AppContext, userId: number) {
  return ctx.db
    .selectFrom('users')
    .select(['userName', 'totpSecret', 'totpEnabledAt', 'totpLastStep', 'ukeyPublicKey', 'failedLoginCount', 'lockoutEnd', 'lastFailedLoginAt'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Checks a TOTP code against the sealed key, and spends its time step (a code works once). */
async function checkTotp(ctx: AppContext, userId: number, sealed: string, lastStep: number | null, code: string): Promise<boolean> {
  const step = matchStep(openTotpKey(ctx.config.jwtSecret, sealed), code.trim(), unixSeconds(ctx), lastStep);
  if (step == null) return false;
  // spent atomically: the same code sent twice at once passes once
  const spent = await ctx.db
    .updateTable('users')
    .set({ totpLastStep: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return !!spent;
}

async function issueRecoveryCodes(ctx: AppContext, userId: number) {
  const codes = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('userRecoveryCodes').where('userId', '=', userId).execute();
    await trx.insertInto('userRecoveryCodes').values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(userId, c) }))).execute();
  });
  return codes;
}

const SESSION_RETURNS = '会话（同登录），secondFactor.verified 为 true';

export const secondFactorActions = {
  GetSecondFactorStatus: action({
    method: 'GET',
    summary: '第二因素认证：本人的绑定情况与本会话是否已认证',
    access: 'self',
    whileRestricted: true,
    returns: '{required, verified, enrolled, ukey, recoveryCodesLeft}',
    async handler(call) {
      const left = await call.ctx.db.selectFrom('userRecoveryCodes').select((eb) => eb.fn.countAll<string>().as('n')).where('userId', '=', call.user.userId).where('usedAt', 'is', null).executeTakeFirstOrThrow();
      return { ...(await secondFactorState(call.ctx, call.user.userId, !!call.user.secondFactor)), recoveryCodesLeft: Number(left.n) };
    },
  }),

  BeginTotpEnrol: action({
    method: 'POST',
    summary: '绑定动态口令验证器：生成密钥（以二维码扫描），须以 ConfirmTotpEnrol 提交一个动态口令确认',
    access: 'self',
    whileRestricted: true,
    returns: '{secret（Base32，可手工输入）, otpauthUri（二维码内容）}',
    async handler(call) {
      const { ctx, user } = call;
      const u = await loadUser(ctx, user.userId);
      if (u.totpEnabledAt) throw badRequest(MSG.totpAlreadyEnrolled);
      const key = newTotpKey();
      await ctx.db.updateTable('users').set({ totpSecret: sealTotpKey(ctx.config.jwtSecret, key), totpLastStep: null }).where('id', '=', user.userId).execute();
      return { secret: base32Encode(key), otpauthUri: otpauthUri(PLATFORM_NAME, u.userName, key) };
    },
  }),

  ConfirmTotpEnrol: action<{ code: string }>({
    method: 'POST',
    summary: '绑定动态口令验证器：提交验证器显示的6位动态口令完成绑定；返回10个一次性恢复码（仅此一次显示），本会话即完成第二因素认证',
    access: 'self',
    whileRestricted: true,
    returns: '{recoveryCodes: string[], session}',
    input: objectInput({ code: { type: 'string', minLength: 6, maxLength: 6, pattern: '^\\d{6}$', title: '动态口令', 'x-message': MSG.secondFactorWrong, 'x-required-message': '请输入动态口令' } }, ['code']),
    async handler(call) {
      const { ctx, user, input } = call;
      const u = await loadUser(ctx, user.userId);
      if (u.totpEnabledAt) throw badRequest(MSG.totpAlreadyEnrolled);
      if (!u.totpSecret) throw badRequest(MSG.totpNotEnrolled);
      if (!(await checkTotp(ctx, user.userId, u.totpSecret, null, input.code))) return failed(call, MSG.secondFactorWrong);
      await ctx.db.updateTable('users').set({ totpEnabledAt: ctx.now() }).where('id', '=', user.userId).execute();
      await factorEvent(call, 'secondFactorEnroll', 'success', { action: 'enrol', method: 'totp' });
      const recoveryCodes = await issueRecoveryCodes(ctx, user.userId);
      await markVerified(call, 'totp');
      return { recoveryCodes, session: await answer(call) };
    },
  }),

  VerifySecondFactor: action<{ method: 'totp' | 'recovery' | 'ukey'; code?: string; challengeId?: string; signature?: string }>({
    method: 'POST',
    summary: '登录第二步：动态口令（totp）、一次性恢复码（recovery）或证书签名（ukey：先以 GetUkeyChallenge 取挑战）；错误计入登录失败次数（5次锁定并结束本会话）',
    access: 'self',
    whileRestricted: true,
    returns: SESSION_RETURNS,
    input: objectInput(
      {
        method: { type: 'string', enum: ['totp', 'recovery', 'ukey'], title: '认证方式' },
        code: { type: 'string', minLength: 1, maxLength: 32, title: '动态口令或恢复码' },
        challengeId: { type: 'string', minLength: 1, maxLength: 64, title: '挑战标识' },
        signature: { type: 'string', minLength: 1, maxLength: 1024, title: '签名' },
      },
      ['method'],
    ),
    async handler(call) {
      const { ctx, user, input } = call;
      const u = await loadUser(ctx, user.userId);
      assertNotLocked(ctx, countingFailures(u, ctx.now()));
      if (input.method === 'ukey') {
        if (!input.challengeId || !input.signature) throw badRequest('请提交证书签名');
        const r = await checkUkeySignature(ctx, input.challengeId, input.signature, u.ukeyPublicKey);
        if (r === 'challenge') throw unauthorized(MSG.ukeyChallengeInvalid);
        if (r === 'unbound') throw badRequest(MSG.ukeyNotBound);
        if (r !== 'ok') return failed(call, MSG.ukeySignatureInvalid, 'ukey');
        await markVerified(call, 'ukey');
        return answer(call);
      }
      if (!input.code) throw badRequest('请输入动态口令');
      if (!u.totpEnabledAt || !u.totpSecret) throw badRequest(MSG.totpNotEnrolled);
      if (input.method === 'totp') {
        const last = u.totpLastStep == null ? null : Number(u.totpLastStep);
        if (!(await checkTotp(ctx, user.userId, u.totpSecret, last, input.code))) return failed(call, MSG.secondFactorWrong);
        await markVerified(call, 'totp');
        return answer(call);
      }
      // a recovery code: spent in the statement that accepts it
      const spent = await ctx.db
        .updateTable('userRecoveryCodes')
        .set({ usedAt: ctx.now() })
        .where('userId', '=', user.userId)
        .where('codeHash', '=', recoveryCodeHash(user.userId, input.code))
        .where('usedAt', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!spent) return failed(call, MSG.recoveryCodeWrong, 'recovery');
      await markVerified(call, 'recovery');
      return answer(call);
    },
  }),

  RegenerateRecoveryCodes: action({
    method: 'POST',
    summary: '重新生成恢复码（原有恢复码全部作废；须本会话已完成第二因素认证）',
    access: 'self',
    returns: '{recoveryCodes: string[]}',
    async handler(call) {
      const { ctx, user } = call;
      if (!user.secondFactor) throw new AppError(403, MSG.secondFactorRequired, { code: ERROR_CODE.secondFactorRequired });
      const u = await loadUser(ctx, user.userId);
      if (!u.totpEnabledAt) throw badRequest(MSG.totpNotEnrolled);
      return { recoveryCodes: await issueRecoveryCodes(ctx, user.userId) };
    },
  }),

  DisableTotp: action({
    method: 'POST',
    summary: '解除动态口令验证器绑定（须本会话已完成第二因素认证；策略要求时下次登录须重新绑定）',
    access: 'self',
    async handler(call) {
      const { ctx, user } = call;
      if (!user.secondFactor) throw new AppError(403, MSG.secondFactorRequired, { code: ERROR_CODE.secondFactorRequired });
      await ctx.db.updateTable('users').set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where('id', '=', user.userId).execute();
      await ctx.db.deleteFrom('userRecoveryCodes').where('userId', '=', user.userId).execute();
      await factorEvent(call, 'secondFactorEnroll', 'success', { action: 'disable', method: 'totp' });
      await ctx.sessions.invalidateUser(user.userId);
      return true;
    },
  }),
};
