/**
 * A member's account is named after its id (`dy<user id>`), never after his phone number: the user
 * name is a login identifier kept in plain text, and a number there would undo the sealing of the
 * phone columns (docs/SECURITY.md §19). Members still sign in with their phone number — sign-in
 * matches it through `users.phone_number_hash`.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { RESEAL_BATCH } from './data-reseal';

/** The generated account name of a member's account. */
export const memberAccountName = (userId: number) => `dy${userId}`;

/** Names of that form are the platform's: an administrator cannot give one to an account. */
export const isReservedAccountName = (name: string) => /^dy\d+$/i.test(name.trim());

/** A user name that is (or looks like) a mainland mobile number. */
export const PHONE_NAME_SQL = '^1[0-9]{10}$';
/** The condition as literal SQL text, the predicate of migration 049's partial index (a bound parameter would not match it). */
export const PHONE_NAMED = sql<boolean>`user_name ~ ${sql.lit(PHONE_NAME_SQL)}`;

/** One batch of accounts named by a phone number, after `afterId` (exported for the EXPLAIN test). */
export const phoneNamedBatch = (db: Database, afterId: number, limit: number) =>
  db.selectFrom('users').select(['id', 'userName', 'phoneNumber']).where(PHONE_NAMED).where('id', '>', afterId).orderBy('id').limit(limit);

/** The next id of `users` (so that the account name can be written with the row). */
export async function nextUserId(db: Database): Promise<number> {
  const r = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('users', 'id'))::bigint as id`.execute(db);
  return Number(r.rows[0].id);
}

/**
 * Accounts named by a phone number (made before this rule, or by a bulk load) get their generated
 * name, in batches, at start after the migrations. The old name keeps working as the phone number it
 * is: an account without a phone number gets that one (unless another account already has it), so
 * sign-in by phone finds it. Answers the accounts renamed.
 */
export async function renamePhoneAccounts(db: Database, limit = RESEAL_BATCH): Promise<number> {
  let afterId = 0;
  let total = 0;
  for (;;) {
    const rows = await phoneNamedBatch(db, afterId, limit).execute();
    if (!rows.length) return total;
    afterId = rows.at(-1)!.id;
    for (const r of rows.filter((x) => !x.phoneNumber)) {
      const taken = await db.selectFrom('users').select('id').where('phoneNumber', '=', r.userName).where('isDeleted', '=', false).executeTakeFirst();
      if (!taken) await db.updateTable('users').set({ phoneNumber: r.userName }).where('id', '=', r.id).execute();
    }
    // one statement per batch; a generated name already taken (never given by hand, see isReservedAccountName) leaves that row as it is
    const res = await sql`update users u set user_name = 'dy' || u.id
      where u.id in (${sql.join(rows.map((r) => r.id))})
        and not exists (select 1 from users o where lower(o.user_name) = 'dy' || u.id and o.id <> u.id and not o.is_deleted)`.execute(db);
    total += Number(res.numAffectedRows ?? 0);
  }
}
