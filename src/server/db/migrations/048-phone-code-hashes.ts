import { sql, type Kysely } from 'kysely';

/**
 * Phone codes name their number by its keyed search hash (docs/SECURITY.md §19), never in plain text:
 * the codes kept so far (numbers in plain text, the oldest long expired) go — one asked for in the
 * last ten minutes is asked for again.
 */
const statements = [
  `DELETE FROM phone_codes`,
  `ALTER TABLE phone_codes RENAME COLUMN phone_number TO phone_hash`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
