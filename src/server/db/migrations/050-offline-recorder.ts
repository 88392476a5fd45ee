import { sql, type Kysely } from 'kysely';

/**
 * 线下学时 imported by an administrator for members: who recorded the declaration, so that he is
 * not also the one to approve it (study-period.ts). Null for what members declared themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE offline_reports ADD COLUMN IF NOT EXISTS recorder_user_id integer REFERENCES users(id)`).execute(db);
}
