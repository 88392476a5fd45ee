import { sql, type Expression, type SqlBool } from 'kysely';
import type { Call } from '../../http/actions';
import { invalid, notFound } from '../../http/errors';
import type { PagingInput } from '../../http/paging';
import { actingOrgan, isInSubtree, subtreeRange } from '../../scope';
import { iso as isoOf } from '../../services/query-helpers';
import { BIG_SCREEN_MSG as M } from '../../../contract/big-screen';

/**
 * What every table of 大屏信息管理 shares: each row belongs to an organisation (organ_id, organ_path)
 * and is read and written only inside the caller's managed subtree; an id outside it answers exactly
 * as a missing one (404, the table's own message).
 */

export const perm = (p: string) => ({ permission: p });
export const organIdProp = { organId: { type: ['integer', 'null'], minimum: 1, title: '所属组织' } };

/** A list's input: paging, `organId` (that organisation), `organPath` (the engine's organ filter: that subtree), `keyword`. */
export type Paged<T = object> = PagingInput & { organId?: number | null; organPath?: string; keyword?: string } & T;
export const listProps = {
  ...organIdProp,
  organPath: { type: 'string', maxLength: 2000, pattern: '^/([0-9]+/)*$', title: '党组织（含下级）', 'x-message': '党组织不正确' },
  keyword: { type: 'string', maxLength: 100, title: '关键字' },
};

/** A time as ISO text (null stays null). */
export const iso = (d: Date | string | null | undefined) => (d == null ? null : isoOf(d));

/** A trimmed optional text: blank is null. */
export const textOrNull = (v: string | null | undefined) => v?.trim() || null;

/** A required text after trimming; blank is refused with the field's Chinese message. */
export function requireText(value: string | undefined | null, member: string, message: string): string {
  const v = (value ?? '').trim();
  if (!v) throw invalid([{ message, members: [member] }]);
  return v;
}

/** The organisation a write targets: the named one inside the caller's subtree, else his own; outside it 404. */
export async function targetOrgan(call: Call<unknown>, organId: number | null | undefined) {
  const scope = actingOrgan(call.user);
  const o = await call.ctx.db.selectFrom('organizations').select(['id', 'organPath', 'organName']).where('id', '=', organId ?? scope.id).where('isDeleted', '=', false).executeTakeFirst();
  if (!o || !isInSubtree(o.organPath, scope.path)) throw notFound(M.organNotFound);
  return o;
}

/** A row loaded by id, if it lies in the caller's subtree; else the table's 404. */
export function visible<R extends { organPath: string }>(call: Call<unknown>, row: R | undefined, message: string): R {
  if (!row || !isInSubtree(row.organPath, actingOrgan(call.user).path)) throw notFound(message);
  return row;
}

/**
 * A list's organisation filters over a table aliased `t`: `organPath` that organisation and its
 * subtree (inside the caller's, else 403), `organId` that organisation only (inside the subtree, else 404).
 */
export async function organFilter(call: Call<unknown>, organId: number | null | undefined): Promise<Expression<SqlBool>> {
  const conds: Expression<SqlBool>[] = [];
  const organPath = (call.input as { organPath?: string }).organPath;
  if (organPath) {
    call.requireScope(organPath);
    conds.push(subtreeRange('t.organPath', organPath));
  }
  if (organId != null) conds.push(sql<boolean>`t.organ_id = ${(await targetOrgan(call, organId)).id}`);
  return conds.length ? sql<boolean>`(${sql.join(conds, sql` and `)})` : sql<boolean>`true`;
}

