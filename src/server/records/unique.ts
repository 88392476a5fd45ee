import { sql } from 'kysely';
import { badRequest } from '../http/errors';
import type { Executor } from '../workflow/types';
import type { EntityFile } from './entities';

/**
 * Entity invariants `service.unique` (one appraisal per organisation and year, one rating per member
 * in an appraisal, one study report per member and article): at most one live record per value of
 * the keys. Checked inside the writing transaction under an advisory lock on the key values, so two
 * simultaneous submissions of the same key queue and the second is refused — a plain check would
 * let both pass.
 */
export const UNIQUE_COLUMNS = ['parentId', 'ownerUserId', 'organId'];
const COLUMN_SQL: Record<string, string> = { parentId: 'parent_id', ownerUserId: 'owner_user_id', organId: 'organ_id' };

/** What a record is known by: its columns and its body. */
export interface UniqueSubject {
  parentId: number | null;
  ownerUserId: number | null;
  organId: number;
  data: Record<string, unknown>;
}

const valueOf = (s: UniqueSubject, field: string) => (UNIQUE_COLUMNS.includes(field) ? (s as unknown as Record<string, unknown>)[field] : s.data[field]);

/**
 * Refuses (400, the rule's message on its first body field) when another live record holds the same
 * keys. `changed`: on an update, only rules whose body fields the update touches are checked. Rules
 * with an empty key value (a field left blank) do not bind.
 */
export async function assertUnique(trx: Executor, entity: EntityFile, subject: UniqueSubject, opts: { excludeId?: number; changed?: string[] } = {}) {
  for (const rule of entity.service?.unique ?? []) {
    if (opts.changed && !rule.fields.some((f) => opts.changed!.includes(f))) continue;
    const values = rule.fields.map((f) => valueOf(subject, f));
    if (values.some((v) => v === undefined || v === null || v === '')) continue;
    const key = `${entity.name}|${rule.fields.join(',')}|${values.map(String).join('|')}`;
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    let q = trx.selectFrom('records').select('id').where('entity', '=', entity.name).where('isDeleted', '=', false);
    rule.fields.forEach((f, i) => {
      q = UNIQUE_COLUMNS.includes(f) ? q.where(sql`${sql.ref(COLUMN_SQL[f])}`, '=', sql.val(values[i])) : q.where(sql`data->>${f}`, '=', String(values[i]));
    });
    if (opts.excludeId) q = q.where('id', '<>', opts.excludeId);
    if (await q.executeTakeFirst()) {
      const field = rule.fields.find((f) => !UNIQUE_COLUMNS.includes(f));
      throw badRequest(rule.message, field ? { validationErrors: [{ message: rule.message, members: [field] }] } : undefined);
    }
  }
}

export const hasUnique = (entity: EntityFile) => !!entity.service?.unique?.length;
