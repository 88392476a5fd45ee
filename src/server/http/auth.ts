import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { verifyToken } from './token';
import { securityEvent } from '../security/security-log';
import type { AuthChanges } from './auth-changes';
import type { RoleKind } from '../config';

/** The caller, as the token's server-side session says: who, in which role, managing which organisation. */
export interface CurrentUser {
  userId: number;
  userName: string;
  name: string;
  userType: number;
  sessionId: string;
  roleId: number | null;
  isDefaultRole: boolean;
  /** the organisation the current role manages (for the member role: the member's own organisation) */
  organId: number | null;
  organName: string;
  organPath: string;
  organLevel: number | null;
  /** the organisation the user belongs to as a member */
  memberOrganId: number | null;
  memberOrganPath: string | null;
  permissions: Set<string>;
  /** the kind of the current role: `member` (the default party-member role, or none) or `admin` */
  roleKind: RoleKind;
  /** the cryptographic second factor this session proved (totp, recovery, ukey), if any */
  secondFactor: string | null;
  /**
   * What the session must do before anything else (docs/SECURITY.md §17): prove the second factor
   * its role requires, or change a password past its age. Meanwhile it holds no permission and may
   * call only the actions marked `whileRestricted` (sign-out, the second step, change password …).
   */
  restriction: 'secondFactor' | 'changePassword' | null;
  /**
   * What the browser shows of the session, as one short stamp (x-session-stamp on every answer to
   * him): his role, the organisation it acts for and its name, his own organisation and the roles
   * he holds. A transfer, a flow or a role granted or ended changes it; the browser then reloads
   * his session and permissions at that answer, without signing in again (state/session.ts).
   */
  sessionStamp?: string;
}

/** The stamp of what a session shows (see CurrentUser.sessionStamp): a short hash, ASCII for a header. */
export function sessionStampOf(parts: (string | number | null | undefined)[]) {
  return createHash('sha256').update(parts.map((p) => String(p ?? '')).join('|')).digest('base64url').slice(0, 16);
}

/** Why a signed token no longer opens a session, when the client should tell the user (the idle timeout). */
export type SessionEnd = 'idle' | null;

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * Resolved sessions are kept for a while: between half and all of SESSION_CACHE_SECONDS (600 by
 * default) after they were read, at random, so that sessions opened together (a class starting a
 * video) are not all read again in the same second. A playing member reports once a minute: most of
 * his reports cost no session query and no activity write (在线用户's last activity is as fresh as
 * the last read, minutes at most). What ends or changes a session — logout, forced logout, a role or
 * organisation change, a password reset, disabling — goes through `invalidate…`, which voids the
 * entry here at once and, via the auth generation (auth-changes.ts), in every other API process
 * before its answer is sent; the lifetime bounds only changes made outside the platform.
 */
export class SessionCache {
  private entries = new Map<string, { user: CurrentUser; until: number; stamp: string; activity: number }>();
  constructor(private changes: AuthChanges, private ttlMs = 5000, private maxEntries = 100_000) {}
  get enabled() {
    return this.changes.caching && this.ttlMs > 0;
  }
  /** the stamp an entry of this session is read under (null: keep nothing) */
  stamp(sessionId: string, userId: number) {
    return this.enabled ? this.changes.stamp(sessionId, userId) : Promise.resolve(null);
  }
  generation() {
    return this.enabled ? this.changes.generation() : Promise.resolve(null);
  }
  /** the entry, if it is still within its time and nothing it depends on changed since */
  async get(token: string, nowMs: number) {
    const e = this.entries.get(token);
    if (!e) return null;
    if (e.until > nowMs && (await this.stamp(e.user.sessionId, e.user.userId)) === e.stamp) return e;
    this.entries.delete(token);
    return null;
  }
  drop(token: string) {
    this.entries.delete(token);
  }
  set(token: string, user: CurrentUser, nowMs: number, tokenExp: number, stamp: string | null, activity: number) {
    if (stamp == null || !this.enabled) return;
    if (this.entries.size >= this.maxEntries) {
      // the oldest tenth goes (a Map iterates in insertion order)
      let drop = Math.ceil(this.maxEntries / 10);
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--drop <= 0) break;
      }
    }
    this.entries.set(token, { user, until: Math.min(nowMs + this.ttlMs * (0.5 + Math.random() / 2), tokenExp * 1000), stamp, activity });
  }
  async invalidateSession(sessionId: string) {
    for (const [k, e] of this.entries) if (e.user.sessionId === sessionId) this.entries.delete(k);
    await this.changes.changed({ sessionId });
  }
  /** a change of who the user is (his organisation moved) takes effect at his next request */
  async invalidateUser(userId: number) {
    for (const [k, e] of this.entries) if (e.user.userId === userId) this.entries.delete(k);
    await this.changes.changed({ userId });
  }
  async clear() {
    this.entries.clear();
    await this.changes.changed('all');
  }
}

/** a session's last activity is written at most this often: the 在线用户 list needs no finer time */
const ACTIVITY_STEP_MS = 30_000;

/**
 * The idle timeout of a role kind (IDLE_TIMEOUT_*_MINUTES) and how often a session's last activity
 * is written while it is on: a tenth of the timeout, at least the 30 s the 在线用户 list needs. The
 * stored time then lags the last request by at most one step, so a session ends after
 * `idle + step` without a request — never before `idle` (a 30-minute timeout ends within 33).
 */
export function idlePolicy(ctx: AppContext, kind: RoleKind) {
  const idleMs = ctx.config.authPolicy.idleMinutes[kind] * 60_000;
  return { idleMs, stepMs: idleMs > 0 ? Math.max(ACTIVITY_STEP_MS, idleMs / 10) : ACTIVITY_STEP_MS };
}

/** Whether a session in a role of this kind must prove a second factor (SECOND_FACTOR; an enrolled user always). */
export function secondFactorRequired(ctx: AppContext, kind: RoleKind, enrolled: boolean) {
  const policy = ctx.config.authPolicy.secondFactor;
  return policy === 'all' || (kind === 'admin' && (policy === 'admins' || enrolled));
}

const writeActivity = (ctx: AppContext, sessionId: string, now: Date, stepMs: number, ip?: string) =>
  ctx.db
    .updateTable('authSessions')
    .set({ lastActivityTime: now, clientIp: ip ?? null })
    .where('id', '=', sessionId)
    // a session opened just now has its activity time but not yet the address it is used from
    .where((eb) => eb.or([eb('lastActivityTime', 'is', null), eb('clientIp', 'is', null), eb('lastActivityTime', '<', new Date(now.getTime() - stepMs))]))
    .execute();

export async function resolveCurrentUser(ctx: AppContext, token: string, ip?: string): Promise<CurrentUser | null> {
  return (await resolveSession(ctx, token, ip)).user;
}

export async function resolveSession(ctx: AppContext, token: string, ip?: string): Promise<{ user: CurrentUser | null; ended: SessionEnd }> {
  const now = ctx.now();
  const nowMs = now.getTime();
  const cached = await ctx.sessions.get(token, nowMs);
  if (cached) {
    const { idleMs, stepMs } = idlePolicy(ctx, cached.user.roleKind);
    // idle for long enough by this process's knowledge: another process may know a later request — ask the database
    if (!(idleMs > 0 && nowMs - cached.activity > idleMs + stepMs)) {
      if (idleMs > 0 && nowMs - cached.activity >= stepMs) {
        cached.activity = nowMs;
        await writeActivity(ctx, cached.user.sessionId, now, stepMs, ip);
      }
      return { user: cached.user, ended: null };
    }
    ctx.sessions.drop(token);
  }
  const claims = verifyToken(ctx.config.jwtSecret, token, Math.floor(nowMs / 1000));
  if (!claims) return { user: null, ended: null };
  // read before the database: a change made meanwhile leaves what is read now void
  const stamp = await ctx.sessions.stamp(claims.jti, Number(claims.sub));
  const row = await ctx.db
    .selectFrom('authSessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .leftJoin('roles as r', 'r.id', 's.roleId')
    .leftJoin('organizations as o', 'o.id', 's.organId')
    .leftJoin('organizations as mo', 'mo.id', 'u.organId')
    .select([
      'mo.organPath as memberOrganPath',
      's.id as sessionId', 's.roleId', 's.organId', 'u.id as userId', 'u.userName', 'u.name', 'u.userType', 'u.organId as memberOrganId',
      'r.isDefault', 'o.organName', 'o.organPath', 'o.organLevel',
      's.lastActivityTime', 's.creationTime', 's.secondFactor', 's.passwordExpired', 'u.totpEnabledAt',
      // the role may have been taken away since sign-in
      sql<boolean>`exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role_id = s.role_id and ur.organ_id = s.organ_id)`.as('holdsRole'),
      // the roles he holds, for the session stamp: a role granted or ended elsewhere shows at his next request
      sql<string | null>`(select string_agg(ur.role_id::text || '@' || ur.organ_id::text, ',' order by ur.role_id, ur.organ_id) from user_roles ur where ur.user_id = u.id)`.as('rolesKey'),
      'mo.organName as memberOrganName',
    ])
    .where('s.id', '=', claims.jti)
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', now)
    .where('u.isDeleted', '=', false)
    .where('u.isActive', '=', true)
    .executeTakeFirst();
  if (!row || String(row.userId) !== claims.sub) {
    // a signed token whose session ended: say why when the user should be told (the idle timeout)
    const ended = await ctx.db.selectFrom('authSessions').select('endReason').where('id', '=', claims.jti).executeTakeFirst();
    return { user: null, ended: ended?.endReason === 'idle' ? 'idle' : null };
  }
  const roleId = row.holdsRole ? row.roleId : null;
  const roleKind: RoleKind = roleId != null && !row.isDefault ? 'admin' : 'member';
  const { idleMs, stepMs } = idlePolicy(ctx, roleKind);
  const lastActive = (row.lastActivityTime ?? row.creationTime).getTime();
  if (idleMs > 0 && nowMs - lastActive > idleMs + stepMs) {
    const ended = await ctx.db.updateTable('authSessions').set({ revokedAt: now, endReason: 'idle' }).where('id', '=', row.sessionId).where('revokedAt', 'is', null).executeTakeFirst();
    // logged by the one request (of whichever process) that ended it
    if (Number(ended.numUpdatedRows) === 1) {
      await securityEvent(ctx, { type: 'timeout', result: 'success', actorUserId: row.userId, actorName: row.userName, target: `user:${row.userId}`, detail: { roleKind, idleMinutes: idleMs / 60_000, lastActivity: new Date(lastActive).toISOString() }, organPath: row.organPath ?? row.memberOrganPath ?? null });
    }
    await ctx.sessions.invalidateSession(row.sessionId);
    return { user: null, ended: 'idle' };
  }
  const restriction = row.passwordExpired
    ? 'changePassword'
    : !row.secondFactor && secondFactorRequired(ctx, roleKind, row.totpEnabledAt != null)
      ? 'secondFactor'
      : null;
  const user: CurrentUser = {
    userId: row.userId,
    userName: row.userName,
    name: row.name,
    userType: row.userType,
    sessionId: row.sessionId,
    roleId,
    isDefaultRole: !!row.isDefault && roleId != null,
    organId: roleId != null ? row.organId : null,
    organName: roleId != null ? row.organName ?? '' : '',
    organPath: roleId != null ? row.organPath ?? '' : '',
    organLevel: roleId != null ? row.organLevel ?? null : null,
    memberOrganId: row.memberOrganId,
    memberOrganPath: row.memberOrganPath ?? null,
    // a restricted session holds no permission until it did what it must
    permissions: restriction ? new Set<string>() : await ctx.permissions.forRole(roleId),
    roleKind,
    secondFactor: row.secondFactor,
    restriction,
  };
  user.sessionStamp = sessionStampOf([roleId, user.organId, user.organName, row.memberOrganId, row.memberOrganName, row.rolesKey, row.userType]);
  ctx.sessions.set(token, user, nowMs, claims.exp, stamp, Math.max(lastActive, nowMs));
  // only on a cache miss (at most every few seconds per token), and a no-op within the step
  await writeActivity(ctx, row.sessionId, now, stepMs, ip);
  return { user, ended: null };
}
