import { sql } from 'kysely';
import type { AppContext } from '../context';
import { verifyToken } from './token';

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
  permissions: Set<string>;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

export async function resolveCurrentUser(ctx: AppContext, token: string): Promise<CurrentUser | null> {
  const now = ctx.now();
  const claims = verifyToken(ctx.config.jwtSecret, token, Math.floor(now.getTime() / 1000));
  if (!claims) return null;
  const row = await ctx.db
    .selectFrom('authSessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .leftJoin('roles as r', 'r.id', 's.roleId')
    .leftJoin('organizations as o', 'o.id', 's.organId')
    .select([
      's.id as sessionId', 's.roleId', 's.organId', 'u.id as userId', 'u.userName', 'u.name', 'u.userType', 'u.organId as memberOrganId',
      'r.isDefault', 'o.organName', 'o.organPath', 'o.organLevel',
      // the role may have been taken away since sign-in
      sql<boolean>`exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role_id = s.role_id and ur.organ_id = s.organ_id)`.as('holdsRole'),
    ])
    .where('s.id', '=', claims.jti)
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', now)
    .where('u.isDeleted', '=', false)
    .where('u.isActive', '=', true)
    .executeTakeFirst();
  if (!row || String(row.userId) !== claims.sub) return null;
  const roleId = row.holdsRole ? row.roleId : null;
  return {
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
    permissions: await ctx.permissions.forRole(roleId),
  };
}
