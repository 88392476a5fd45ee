import { sql, type Kysely } from 'kysely';

/**
 * The accounts still named by a phone number (security/account-names.ts renames them at start): a
 * partial index of just those, so the start's look for them reads an empty index instead of every
 * account — the predicate is the start query's own text (PHONE_NAMED in account-names.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE INDEX IF NOT EXISTS ix_users_phone_named ON users (id) WHERE user_name ~ '^1[0-9]{10}$'`).execute(db);
}
