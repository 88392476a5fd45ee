import { sql } from 'kysely';
import type { Database } from './db/database';
import type { CurrentUser } from './http/auth';
import type { Call } from './http/actions';
import { badRequest, forbidden, notFound } from './http/errors';
import { MSG } from '../contract/messages';

/**
 * Organisation subtree rules. organPath is '/1/5/23/': an organisation lies in a manager's subtree
 * exactly when its path starts with the manager's path.
 */
export const isInSubtree = (organPath: string, scopePath: string) => scopePath.length > 0 && organPath.startsWith(scopePath);

/** The LIKE pattern of a subtree; paths hold only digits and slashes, so nothing needs escaping. */
export const subtreePattern = (scopePath: string) => `${scopePath}%`;

/**
 * A subtree as a range of the path in byte order (COLLATE "C"): every path under '/1/5/' lies in
 * ['/1/5/', '/1/50') ('0' follows '/'). An index on (organ_path COLLATE "C", id) serves both the
 * range and `subtreeOrder`, so a first page reads its rows in order instead of sorting the subtree
 * (migration 013; a LIKE prefix in the database's collation can filter but not order).
 */
export const subtreeRange = (column: string, scopePath: string) =>
  sql<boolean>`(${sql.ref(column)} collate "C" >= ${scopePath} and ${sql.ref(column)} collate "C" < ${`${scopePath.slice(0, -1)}0`})`;
export const subtreeOrder = (column: string) => sql`${sql.ref(column)} collate "C"`;

export const childPath = (parentPath: string, id: number) => `${parentPath}${id}/`;

/** The organisation a caller acts for: the managed one in an administrator role, his own as a member. */
export function actingOrgan(user: CurrentUser) {
  if (user.organId && user.organPath) return { id: user.organId, path: user.organPath, level: user.organLevel ?? 0 };
  throw forbidden(MSG.forbidden);
}

/** The ancestors-or-self of a path: '/1/5/23/' → ['/1/', '/1/5/', '/1/5/23/']. */
export const pathChain = (path: string) => {
  const ids = path.split('/').filter(Boolean);
  return ids.map((_, i) => `/${ids.slice(0, i + 1).join('/')}/`);
};

/**
 * A hand-written query's organisation filter: `column` (an organisation path) lies in the subtree of
 * the organisation the caller acts for — the same byte-order range the record store uses, so the
 * (organ_path collate "C", id) indexes serve it. Refuses (403) a caller who acts for no organisation.
 */
export const withinScope = (call: Pick<Call<unknown>, 'user'>, column: string) => subtreeRange(column, actingOrgan(call.user).path);

/** Organisation audit states (组织审核): a new organisation waits for the administrator above. */
export const ORGAN_AUDIT = { pending: 0, approved: 1, rejected: 2 } as const;

/** Refuses to hang anything (a child, a unit, a member, a moved subtree) under an organisation not yet approved. */
export function requireApproved(organ: { auditStatus: number; organName: string }) {
  if (organ.auditStatus !== ORGAN_AUDIT.approved) throw badRequest(`党组织“${organ.organName}”尚未审核通过`);
}

/** A live organisation by id, or the 404 every caller gives for a missing one. */
export async function getOrgan(db: Database, id: number) {
  const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst();
  if (!row) throw notFound(MSG.organNotFound);
  return row;
}
