import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { MSG } from '../../contract/messages';
import { action, defineService } from '../http/actions';
import { AppError, badRequest, ERROR_CODE, notFound, unauthorized } from '../http/errors';
import { objectInput } from '../http/paging';
import { newId } from '../http/token';
import { makeCaptcha } from '../security/captcha';
import { consumePhoneCode } from '../security/phone-codes';
import { clientAddress } from '../security/rate-limits';
import { addressGate, assertNotLocked, countingFailures, recordSignInFailure, unknownNameFailures, unknownNameKey, verifyAgainstDecoy, type SignInSubject } from '../security/sign-in-guard';
import { verifyPassword } from '../security/passwords';
import { demoIssuerKeys, verifySsoTicket } from '../security/sso';
import type { AppContext } from '../context';
import { securityEvent } from '../security/security-log';
import type { SessionData } from '../../contract/types';
import { describeSession, heldRoles, openSession } from './session';
import { checkUkeySignature, secondFactorActions } from './second-factor';
import { secondFactorRequired } from '../http/auth';
import { disableIfUnused } from './account-policy';

const SESSION_RETURNS = '会话 {accessToken, expireInSeconds, userId, userName, nickName, organId, organName, organLevel, organPath, userType, roleId, needChangePassword}';
const CAPTCHA_TTL_MS = 5 * 60_000;
const CHALLENGE_TTL_MS = 2 * 60_000;

const loginUsers = (ctx: AppContext) =>
  ctx.db
    .selectFrom('users as u')
    .leftJoin('partyMembers as m', (j) => j.onRef('m.userId', '=', 'u.id').on('m.isDeleted', '=', false))
    .select(['u.id', 'u.phoneNumber', 'u.passwordHash', 'u.isActive', 'u.failedLoginCount', 'u.lockoutEnd', 'u.lastFailedLoginAt', 'u.ukeyPublicKey', 'm.status as memberStatus'])
    .where('u.isDeleted', '=', false);

/** Members sign in with their user name or their phone number. */
const findUserForLogin = (ctx: AppContext, userName: string) =>
  loginUsers(ctx)
    .where((eb) => eb.or([eb(sql`lower(u.user_name)`, '=', userName.toLowerCase()), eb('u.phoneNumber', '=', userName)]))
    .orderBy('u.id')
    .executeTakeFirst();

type LoginUser = NonNullable<Awaited<ReturnType<typeof findUserForLogin>>>;

/**
 * Refuses accounts that may not sign in whatever the credentials: disabled, pending or rejected.
 * Password sign-in asks only after the password was right, so these answers tell nothing to a
 * caller who does not hold it.
 */
function assertUsable(user: LoginUser) {
  if (!user.isActive) throw badRequest(MSG.accountDisabled);
  if (user.memberStatus === 0) throw badRequest(MSG.accountPending);
  if (user.memberStatus === 2) throw badRequest(MSG.accountRejected);
}

/** For sign-in without a password (SSO, usb key): a locked account stays locked there too. */
function assertMaySignIn(ctx: AppContext, user: LoginUser) {
  assertNotLocked(ctx, countingFailures(user, ctx.now()));
  assertUsable(user);
}

async function checkCaptcha(ctx: AppContext, key: string | undefined, code: string | undefined) {
  if (!key || !code) throw new AppError(400, MSG.captchaRequired, { code: ERROR_CODE.captchaRequired });
  // single use: delete it whatever the outcome
  const row = await ctx.db.deleteFrom('captchas').where('id', '=', key).returning(['answer', 'expiresAt']).executeTakeFirst();
  if (!row || row.expiresAt <= ctx.now() || row.answer.toUpperCase() !== code.trim().toUpperCase()) {
    throw new AppError(400, MSG.captchaWrong, { code: ERROR_CODE.captchaRequired });
  }
}

/**
 * 长辈模式's alternative to the image captcha: a six-digit code texted to the account's own phone
 * (UserService/SendPhoneVierifCode, purpose signIn). A script that cannot read that phone cannot
 * pass it, and each code is single-use with 5 tries, so it is no weaker than the image.
 */
async function checkSmsInsteadOfCaptcha(ctx: AppContext, user: LoginUser | undefined, code: string) {
  if (!user?.phoneNumber) throw new AppError(400, MSG.phoneCodeWrong, { code: ERROR_CODE.captchaRequired });
  try {
    await consumePhoneCode(ctx, user.phoneNumber, 'signIn', code);
  } catch {
    throw new AppError(400, MSG.phoneCodeWrong, { code: ERROR_CODE.captchaRequired });
  }
}

/**
 * A sign-in attempt and its security-log record: success with the account and its managing
 * organisation, failure with the name typed and the reason (the answer's message).
 */
async function signingIn(ctx: AppContext, req: { ip: string }, method: string, name: string | undefined, work: () => Promise<SessionData>): Promise<SessionData> {
  const clientIp = clientAddress(req);
  let session: SessionData;
  try {
    session = await work();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await securityEvent(ctx, { type: 'signInFailure', result: 'failure', actorName: name ?? null, target: name ? `userName:${name}` : null, detail: { method, reason }, clientIp })
      .catch((e) => ctx.log.warn({ err: e }, 'security log write failed'));
    throw err;
  }
  await securityEvent(ctx, { type: 'signIn', result: 'success', actorUserId: session.userId, actorName: session.userName, target: `user:${session.userId}`, detail: { method }, clientIp, organPath: session.organPath || null });
  return session;
}

const sso = (ctx: AppContext) => {
  const pem = ctx.config.ssoPublicKeyPem ?? (ctx.config.dataDir ? demoIssuerKeys(ctx.config.dataDir).publicKeyPem : null);
  return pem;
};

export const tokenAuthService = defineService(
  'TokenAuth',
  {
    Sigin: action<{ userName: string; password: string; captchaKey?: string; captchaCode?: string; smsCode?: string }>({
      method: 'POST',
      summary: '账号密码登录（连续失败3次后需图形验证码——或以发到账号手机的短信验证码 smsCode 代替，5次后锁定5分钟；同一网络地址失败过多时先需验证码、再暂停登录）',
      access: 'public',
      returns: SESSION_RETURNS,
      input: objectInput(
        {
          userName: { type: 'string', minLength: 1, maxLength: 64, title: '用户名', 'x-required-message': '请输入用户名' },
          password: { type: 'string', minLength: 1, maxLength: 128, title: '密码', 'x-required-message': '请输入密码' },
          captchaKey: { type: 'string', maxLength: 64, title: '验证码标识' },
          captchaCode: { type: 'string', maxLength: 16, title: '图形验证码' },
          smsCode: { type: 'string', maxLength: 16, title: '短信验证码（代替图形验证码，发送至账号绑定的手机）' },
        },
        ['userName', 'password'],
      ),
      handler: ({ ctx, input, req }) => signingIn(ctx, req, 'password', input.userName?.trim(), async () => {
        const address = clientAddress(req);
        const fromAddress = await addressGate(ctx, address);
        const user = await findUserForLogin(ctx, input.userName.trim());
        // a name that is no account goes through the same steps, counted under its own name
        const subject: SignInSubject = user ? { userId: user.id } : { unknownName: unknownNameKey(input.userName) };
        const state = user ? countingFailures(user, ctx.now()) : await unknownNameFailures(ctx, unknownNameKey(input.userName));
        assertNotLocked(ctx, state);
        if (state.failures >= ctx.config.captchaAfterFailures || fromAddress.captcha) {
          if (input.smsCode && !input.captchaKey) await checkSmsInsteadOfCaptcha(ctx, user, input.smsCode);
          else await checkCaptcha(ctx, input.captchaKey, input.captchaCode);
        }
        const right = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
        if (!user || !right) return recordSignInFailure(ctx, subject, address);
        await disableIfUnused(ctx, user.id);
        assertUsable(user);
        return openSession(ctx, user.id, 'password');
      }),
    }),

    GetRandomCode: action({
      method: 'GET',
      summary: '获取图形验证码',
      access: 'public',
      returns: '{key, image}：image 为 SVG 图片的 data URL（字形以路径绘制，答案只存于服务端，5分钟内一次有效），登录时以 captchaKey、captchaCode 提交',
      async handler({ ctx }) {
        const { answer, svg } = makeCaptcha();
        const key = newId();
        const now = ctx.now();
        await ctx.db.deleteFrom('captchas').where('expiresAt', '<', now).execute();
        await ctx.db.insertInto('captchas').values({ id: key, answer, expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) }).execute();
        return { key, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
      },
    }),

    SsoSigin: action<{ ticket: string }>({
      method: 'POST',
      summary: '单点登录：以身份提供方签发的票据登录',
      access: 'public',
      returns: SESSION_RETURNS,
      input: objectInput({ ticket: { type: 'string', minLength: 1, maxLength: 8192, title: '单点登录票据' } }, ['ticket']),
      handler: ({ ctx, input, req }) => signingIn(ctx, req, 'sso', undefined, async () => {
        const pem = sso(ctx);
        const now = ctx.now();
        const claims = pem ? verifySsoTicket(pem, ctx.config.ssoIssuer, input.ticket, Math.floor(now.getTime() / 1000)) : null;
        if (!claims) throw unauthorized(MSG.ssoTicketInvalid);
        const fresh = await ctx.db
          .insertInto('ssoTicketsUsed')
          .values({ jti: `${claims.iss}:${claims.jti}`, expiresAt: new Date(claims.exp * 1000) })
          .onConflict((oc) => oc.doNothing())
          .returning('jti')
          .executeTakeFirst();
        if (!fresh) throw unauthorized(MSG.ssoTicketInvalid);
        // a bound SSO subject wins over a user-name match
        const user = await loginUsers(ctx)
          .where((eb) => eb.or([eb('u.ssoSubject', '=', claims.sub), eb(sql`lower(u.user_name)`, '=', (claims.userName ?? claims.sub).toLowerCase())]))
          .orderBy(sql`u.sso_subject is null`)
          .executeTakeFirst();
        if (!user) throw unauthorized(MSG.ssoTicketInvalid);
        await disableIfUnused(ctx, user.id);
        assertMaySignIn(ctx, user);
        return openSession(ctx, user.id, 'sso');
      }),
    }),

    GetUkeyChallenge: action<{ userName: string }>({
      method: 'GET',
      summary: '证书（UKey）登录：获取一次性挑战',
      access: 'public',
      returns: '{challengeId, challenge, expireInSeconds}：以 UKey 私钥（Ed25519）对 challenge 的 UTF-8 字节签名后调用 SignUkey',
      input: objectInput({ userName: { type: 'string', minLength: 1, maxLength: 64, title: '用户名' } }, ['userName']),
      async handler({ ctx }) {
        const now = ctx.now();
        const id = newId();
        const challenge = `party-platform-ukey:${randomBytes(24).toString('base64url')}:${now.getTime()}`;
        await ctx.db.deleteFrom('ukeyChallenges').where('expiresAt', '<', now).execute();
        await ctx.db.insertInto('ukeyChallenges').values({ id, challenge, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) }).execute();
        return { challengeId: id, challenge, expireInSeconds: CHALLENGE_TTL_MS / 1000 };
      },
    }),

    SignUkey: action<{ userName: string; challengeId: string; signature: string }>({
      method: 'POST',
      summary: '证书（UKey）登录：提交挑战签名',
      access: 'public',
      returns: SESSION_RETURNS,
      input: objectInput(
        {
          userName: { type: 'string', minLength: 1, maxLength: 64, title: '用户名' },
          challengeId: { type: 'string', minLength: 1, maxLength: 64, title: '挑战标识' },
          signature: { type: 'string', minLength: 1, maxLength: 1024, title: '签名' },
        },
        ['userName', 'challengeId', 'signature'],
      ),
      handler: ({ ctx, input, req }) => signingIn(ctx, req, 'ukey', input.userName?.trim(), async () => {
        const user = await findUserForLogin(ctx, input.userName.trim());
        // one-time: the challenge is marked used before the signature is verified
        const result = await checkUkeySignature(ctx, input.challengeId, input.signature, user?.ukeyPublicKey ?? null);
        if (result === 'challenge') throw unauthorized(MSG.ukeyChallengeInvalid);
        if (!user) throw unauthorized(MSG.ukeySignatureInvalid);
        assertMaySignIn(ctx, user);
        await disableIfUnused(ctx, user.id);
        if (result === 'unbound') throw unauthorized(MSG.ukeyNotBound);
        if (result !== 'ok') throw unauthorized(MSG.ukeySignatureInvalid);
        // the key is the cryptographic factor, unlocked by its PIN inside the key (docs/SECURITY.md §17)
        return openSession(ctx, user.id, 'ukey', { secondFactor: 'ukey' });
      }),
    }),

    GetDemoSoftwareKey: action<{ userName: string }>({
      method: 'GET',
      summary: '演示环境：获取演示用软件证书私钥（仅演示数据中存在）',
      access: 'public',
      returns: '{privateKeyPem}',
      input: objectInput({ userName: { type: 'string', minLength: 1, maxLength: 64, title: '用户名' } }, ['userName']),
      async handler({ ctx, input }) {
        const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', `demoUkey:${input.userName}`).executeTakeFirst();
        if (!row) throw notFound('该账号没有演示证书');
        return { privateKeyPem: row.value };
      },
    }),

    UserChangeRole: action<{ roleId: number; organId?: number }>({
      method: 'GET',
      summary: '切换当前角色与管理组织（令牌不变，服务端会话记录当前角色）；需要第二因素的管理员角色须本会话已完成第二因素认证',
      access: 'self',
      whileRestricted: true,
      returns: SESSION_RETURNS,
      input: objectInput(
        { roleId: { type: 'integer', minimum: 1, title: '角色' }, organId: { type: 'integer', minimum: 1, title: '管理组织' } },
        ['roleId'],
      ),
      async handler({ ctx, input, user, req }) {
        const roles = await heldRoles(ctx.db, user.userId);
        const role = roles.find((r) => r.roleId === input.roleId && (input.organId == null || r.organId === input.organId));
        if (!role) throw badRequest(MSG.roleNotHeld);
        if (!user.secondFactor) {
          const enrolled = (await ctx.db.selectFrom('users').select('totpEnabledAt').where('id', '=', user.userId).executeTakeFirstOrThrow()).totpEnabledAt != null;
          if (secondFactorRequired(ctx, role.isDefault ? 'member' : 'admin', enrolled)) throw new AppError(403, MSG.secondFactorRequired, { code: ERROR_CODE.secondFactorRequired });
        }
        await ctx.db.updateTable('authSessions').set({ roleId: role.roleId, organId: role.organId }).where('id', '=', user.sessionId).execute();
        await ctx.sessions.invalidateSession(user.sessionId);
        const token = req.headers.authorization!.replace(/^Bearer\s+/i, '');
        const session = await ctx.db.selectFrom('authSessions').select('expiresAt').where('id', '=', user.sessionId).executeTakeFirstOrThrow();
        return {
          accessToken: token,
          expireInSeconds: Math.max(0, Math.floor((session.expiresAt.getTime() - ctx.now().getTime()) / 1000)),
          ...(await describeSession(ctx, user.userId, { roleId: role.roleId, organId: role.organId })),
        };
      },
    }),

    Logout: action({
      method: 'POST',
      summary: '退出登录（令牌立即失效）',
      access: 'self',
      whileRestricted: true,
      async handler({ ctx, user, req }) {
        await ctx.db.transaction().execute(async (trx) => {
          await trx.updateTable('authSessions').set({ revokedAt: ctx.now(), endReason: 'logout' }).where('id', '=', user.sessionId).execute();
          await securityEvent(ctx, { type: 'signOut', result: 'success', actorUserId: user.userId, actorName: user.userName, target: `user:${user.userId}`, clientIp: clientAddress(req), organPath: user.organPath || null }, trx);
        });
        await ctx.sessions.invalidateSession(user.sessionId);
        return true;
      },
    }),
    ...secondFactorActions,
  },
  // served as /api/TokenAuth/<Action>
  '/api',
);
