import { sql, type Kysely } from 'kysely';

/**
 * Limits against automated abuse: fixed-window counters keyed by what they limit (a
 * client address, a session, the platform's day), and the sign-in failures of names that are no
 * account, kept like an account's so that sign-in answers do not tell which accounts exist.
 * Failure counts are forgotten a day after the last failure, for accounts and unknown names alike.
 * Indexes for the question "who may read this file".
 */
const statements = [
  `CREATE TABLE rate_counters (
    key text PRIMARY KEY,
    count int NOT NULL,
    window_start timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
  )`,
  `CREATE INDEX ix_rate_counters_expires ON rate_counters(expires_at)`,
  `CREATE TABLE unknown_sign_in_names (
    name text PRIMARY KEY,
    failed_login_count int NOT NULL DEFAULT 0,
    lockout_end timestamptz,
    last_failed_login_at timestamptz NOT NULL
  )`,
  `CREATE INDEX ix_unknown_sign_in_names_last ON unknown_sign_in_names(last_failed_login_at)`,
  `ALTER TABLE users ADD COLUMN last_failed_login_at timestamptz`,
  // who may download a file is asked of the records that hold it (files/readers.ts)
  `CREATE INDEX ix_offline_reports_evidence ON offline_reports USING gin (evidence jsonb_path_ops)`,
  `CREATE INDEX ix_resources_file ON resources(file_id) WHERE file_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
