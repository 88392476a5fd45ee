import { sql, type Kysely } from 'kysely';

/**
 * The big-screen dashboard counts one platform day's (and month's) study credit of a
 * subtree. study_days was indexed by (user_id, day) only, which serves a member's day but not "every
 * credit of today": a province's screen would read the whole table. With (day, user_id) the day's
 * rows are a range, joined to the subtree's members by user id.
 */
const statements = [`CREATE INDEX IF NOT EXISTS ix_study_days_day ON study_days (day, user_id)`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
