import { grantEvent } from './grant-events';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Call } from '../http/actions';
import { recordAuditEvent } from '../http/audit-log';
import { forbidden } from '../http/errors';
import { isInSubtree, subtreePattern } from '../scope';

/**
 * Roles follow membership. An administrator role (any role but the default 党员 role) held on an
 * organisation X ends when its holder, a member inside X's subtree, is a member inside it no longer:
 * he leaves the province (组织关系转接 转出省外 done), leaves the roster otherwise (deleted), or moves
 * to a branch outside X (a transfer in the province, an administrator's change of his organisation).
 * A role on X stays while his new branch is still inside X (a branch move within a district keeps
 * his 区县管理员 role), and a role on an organisation that never held him (an administrator who is
 * no member there) is not his membership's to end.
 *
 * In the transaction that moves him: the roles are deleted; when any ended, every session of his is
 * revoked (his tokens answer 401 at once — in every API process, through the auth generation once
 * the transaction committed), and one audit row, filed under the organisation he left, says which
 * roles ended and why. A member who administered nothing keeps his sessions: what he may do as 党员
 * follows him at his next request (the session cache is voided for him either way).
 *
 * What waits for those roles — applications, reports, payments to confirm — waits for the
 * organisation, not the person: every administrator step is addressed to an organisation (workflow
 * actors subtree, organ, above, a field's organisation), so the next administrator of X finds them
 * in his lists as they were.
 */

export interface Departure {
  userId: number;
  /** the organisation he belonged to */
  from: { id: number; organPath: string };
  /** the one he belongs to now; null: he is no longer on the province's roster */
  to: { id: number; organPath: string } | null;
  /** why, for the audit log: `组织关系转接（转出省外）` */
  reason: string;
}

/** The administrator roles a departure ends: on an organisation whose subtree held him and does not hold him any more. */
export async function rolesEnding(db: Kysely<DB>, d: Departure) {
  const held = await db
    .selectFrom('userRoles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.roleId')
    .innerJoin('organizations as o', 'o.id', 'ur.organId')
    .select(['ur.id', 'ur.roleId', 'ur.organId', 'r.displayName', 'o.organName', 'o.organPath'])
    .where('ur.userId', '=', d.userId)
    .where('r.isDefault', '=', false)
    .orderBy('ur.id')
    .execute();
  return held.filter((r) => isInSubtree(d.from.organPath, r.organPath) && !(d.to && isInSubtree(d.to.organPath, r.organPath)));
}

/**
 * An administrator's own change (deleting a member) may not end a role above his subtree: a branch
 * administrator deleting the record of the city's administrator would take the city's administration
 * away. Such a deletion is for an administrator of that organisation (or above) to make.
 */
export async function requireRolesInScope(call: Call<unknown>, db: Kysely<DB>, d: Departure) {
  const beyond = (await rolesEnding(db, d)).find((r) => !isInSubtree(r.organPath, call.user.organPath));
  if (beyond) throw forbidden(`该党员是${beyond.organName}的${beyond.displayName}，须由该党组织或其上级党组织的管理员办理`);
}

/** Ends the roles (see above) in the caller's transaction; answers what ended. */
export async function followMembership(trx: Kysely<DB>, call: Call<unknown>, d: Departure) {
  const ended = await rolesEnding(trx, d);
  if (ended.length) await trx.deleteFrom('userRoles').where('id', 'in', ended.map((r) => r.id)).execute();
  let sessions = 0;
  if (ended.length) {
    const revoked = await trx.updateTable('authSessions').set({ revokedAt: call.ctx.now() }).where('userId', '=', d.userId).where('revokedAt', 'is', null).returning('id').execute();
    sessions = revoked.length;
  }
  if (ended.length) {
    const who = await trx.selectFrom('users').select(['name', 'userName']).where('id', '=', d.userId).executeTakeFirst();
    const [service] = (call.req.actionName ?? 'PartyMemberService/').split('/');
    await grantEvent(call.ctx, trx, call.user, call.req, 'grant', `user:${d.userId}`, { action: '管理角色随组织关系收回', reason: d.reason, roles: ended.map((r) => ({ roleId: r.roleId, organId: r.organId })) });
    await recordAuditEvent(trx, call.ctx, call.req, {
      service,
      action: '管理角色随组织关系收回',
      module: '管理员',
      operation: '授权',
      targetName: who?.name ?? null,
      targetId: String(d.userId),
      organ: d.from,
      detail: {
        kind: 'rolesEnded',
        userId: d.userId,
        roles: ended.map((r) => ({ roleId: r.roleId, organId: r.organId })),
        input: {
          党员: who ? `${who.name}（${who.userName}）` : String(d.userId),
          原因: d.reason,
          收回角色: ended.map((r) => `${r.organName}${r.displayName}`).join('、'),
          注销会话: `${sessions}个`,
        },
      },
    });
  }
  // after the commit: a request resolving his session in between would keep the old state under the new generation
  call.afterSuccess(() => call.ctx.sessions.invalidateUser(d.userId));
  return { ended, sessions };
}

/**
 * An organisation moved under another parent, its subtree with it (paths already rewritten): its
 * members left the organisations above it that are not above it any more, and administrator roles
 * they held there end as for one member's move.
 */
export async function followSubtreeMove(trx: Kysely<DB>, call: Call<unknown>, move: { oldPath: string; newPath: string }) {
  const holders = await trx
    .selectFrom('partyMembers as m')
    .innerJoin('userRoles as ur', 'ur.userId', 'm.userId')
    .innerJoin('roles as r', 'r.id', 'ur.roleId')
    .select(['m.userId', 'm.organId', 'm.organPath'])
    .distinct()
    .where('m.isDeleted', '=', false)
    .where('r.isDefault', '=', false)
    .where('m.organPath', 'like', subtreePattern(move.newPath))
    .execute();
  for (const h of holders) {
    if (h.userId == null) continue;
    const from = { id: h.organId, organPath: move.oldPath + h.organPath.slice(move.newPath.length) };
    await followMembership(trx, call, { userId: h.userId, from, to: { id: h.organId, organPath: h.organPath }, reason: '所在党组织调整了上级党组织' });
  }
}
