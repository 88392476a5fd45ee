import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import type { CurrentUser } from '../http/auth';
import { clientAddress } from '../security/rate-limits';
import { securityEvent } from '../security/security-log';

/**
 * A change of who may do what (a role's permissions, a grant, an account enabled or disabled) in the
 * security log, inside the changing transaction: the change and its record commit together.
 */
export function grantEvent(
  ctx: AppContext,
  trx: Kysely<DB>,
  user: CurrentUser,
  req: { ip: string },
  type: 'roleChange' | 'grant' | 'accountChange' | 'forceLogout',
  target: string,
  detail: Record<string, unknown>,
) {
  return securityEvent(ctx, { type, result: 'success', actorUserId: user.userId, actorName: user.userName, target, detail, clientIp: clientAddress(req), organPath: user.organPath || null }, trx);
}
