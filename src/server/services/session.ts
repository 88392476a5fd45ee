import type { ElderMode, SessionData, UserType } from '../../contract/types';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import { signToken, ISSUER, newId } from '../http/token';
import { secondFactorRequired } from '../http/auth';

/** The roles a user holds, default (party-member) role first: the order of "default role selection". */
export function heldRoles(db: Database, userId: number) {
  return db
    .selectFrom('userRoles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.roleId')
    .innerJoin('organizations as o', 'o.id', 'ur.organId')
    .select(['ur.roleId', 'ur.organId', 'r.name as roleName', 'r.displayName as roleDisplayName', 'r.isDefault', 'o.organName', 'o.organPath', 'o.organLevel'])
    .where('ur.userId', '=', userId)
    .orderBy('r.isDefault', 'desc')
    .orderBy('ur.id')
    .execute();
}

/** Describes the session of a user in a role: the Session entity of core §3 (without the token). */
export async function describeSession(
  ctx: AppContext,
  userId: number,
  role: { roleId: number; organId: number } | null,
): Promise<Omit<SessionData, 'accessToken' | 'expireInSeconds'>> {
  const user = await ctx.db
    .selectFrom('users as u')
    .leftJoin('organizations as mo', 'mo.id', 'u.organId')
    .select(['u.id', 'u.userName', 'u.name', 'u.userType', 'u.needChangePassword', 'u.elderMode', 'u.organId', 'mo.organName', 'mo.organPath', 'mo.organLevel'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  const organ = role
    ? await ctx.db.selectFrom('organizations').select(['id', 'organName', 'organPath', 'organLevel']).where('id', '=', role.organId).executeTakeFirst()
    : null;
  return {
    userId: user.id,
    userName: user.userName,
    nickName: user.name,
    organId: organ?.id ?? user.organId,
    organName: organ?.organName ?? user.organName ?? '',
    organLevel: organ?.organLevel ?? user.organLevel ?? null,
    organPath: organ?.organPath ?? user.organPath ?? '',
    userType: user.userType as UserType,
    roleId: role?.roleId ?? null,
    needChangePassword: user.needChangePassword,
    elderMode: (user.elderMode as ElderMode) ?? 0,
    timeZone: ctx.config.platformTz,
    map: ctx.config.map,
  };
}

/** The second-factor state a sign-in answer carries (SessionData.secondFactor). */
export async function secondFactorState(ctx: AppContext, userId: number, verified: boolean): Promise<NonNullable<SessionData['secondFactor']>> {
  const u = await ctx.db.selectFrom('users').select(['totpEnabledAt', 'ukeyPublicKey']).where('id', '=', userId).executeTakeFirstOrThrow();
  const roles = await heldRoles(ctx.db, userId);
  const enrolled = u.totpEnabledAt != null;
  const required = roles.some((r) => secondFactorRequired(ctx, r.isDefault ? 'member' : 'admin', enrolled));
  return { required, verified, enrolled, ukey: !!u.ukeyPublicKey };
}

/**
 * Opens a server-side session in the user's default role and issues its bearer token.
 * `secondFactor`: the cryptographic factor the sign-in itself proved (the usb key). A password
 * sign-in past PASSWORD_MAX_AGE_DAYS opens a session that may only change the password.
 */
export async function openSession(ctx: AppContext, userId: number, loginMethod: string, opts: { secondFactor?: string } = {}): Promise<SessionData> {
  const roles = await heldRoles(ctx.db, userId);
  // the first role this session may use without a second factor it has not proved (the member role for an administrator)
  const enrolled = (await ctx.db.selectFrom('users').select('totpEnabledAt').where('id', '=', userId).executeTakeFirstOrThrow()).totpEnabledAt != null;
  const usable = opts.secondFactor ? roles[0] : roles.find((r) => !secondFactorRequired(ctx, r.isDefault ? 'member' : 'admin', enrolled)) ?? roles[0];
  const role = usable ? { roleId: usable.roleId, organId: usable.organId } : null;
  const now = ctx.now();
  const ttl = ctx.config.tokenTtlSeconds;
  const sessionId = newId();
  const maxAgeDays = ctx.config.authPolicy.passwordMaxAgeDays;
  let passwordExpired = false;
  if (loginMethod === 'password' && maxAgeDays > 0) {
    const u = await ctx.db.selectFrom('users').select('passwordChangedAt').where('id', '=', userId).executeTakeFirstOrThrow();
    passwordExpired = now.getTime() - u.passwordChangedAt.getTime() > maxAgeDays * 86_400_000;
  }
  await ctx.db
    .insertInto('authSessions')
    .values({
      id: sessionId, userId, roleId: role?.roleId ?? null, organId: role?.organId ?? null, loginMethod, expiresAt: new Date(now.getTime() + ttl * 1000),
      creationTime: now, lastActivityTime: now, secondFactor: opts.secondFactor ?? null, passwordExpired,
    })
    .execute();
  await ctx.db
    .updateTable('users')
    .set({ lastLoginTime: now, failedLoginCount: 0, lockoutEnd: null, ...(passwordExpired ? { needChangePassword: true } : {}) })
    .where('id', '=', userId)
    .execute();
  const iat = Math.floor(now.getTime() / 1000);
  const accessToken = signToken(ctx.config.jwtSecret, { sub: String(userId), jti: sessionId, iat, exp: iat + ttl, iss: ISSUER });
  return {
    accessToken,
    expireInSeconds: ttl,
    ...(await describeSession(ctx, userId, role)),
    secondFactor: await secondFactorState(ctx, userId, !!opts.secondFactor),
  };
}
