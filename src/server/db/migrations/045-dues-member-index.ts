import { sql, type Kysely } from 'kysely';

/**
 * 我的党费 (MyPayRecord) reads one member's payments of a year, newest first; without an index that
 * leads with the member it scanned every payment of the province (110–142 ms at 100 K members, growing
 * with the province). docs/BENCHMARKS.md "Every read call (sweep)".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS ix_party_dues_payments_member ON party_dues_payments (member_id, year, id)`.execute(db);
}
