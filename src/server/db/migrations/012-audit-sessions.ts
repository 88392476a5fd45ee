import { sql, type Kysely } from 'kysely';

/**
 * 审计日志 and 在线用户. An audit row keeps the caller's organisation at the time of the
 * write (`organ_path`), so that an administrator's search is one indexed subtree prefix over the log
 * and a log row does not move when the user later changes organisation. A session keeps the last
 * time and address it was used from (written at most every half minute, see http/auth.ts) so the
 * online list can show them.
 */
const statements = [
  `ALTER TABLE audit_logs ADD COLUMN organ_id bigint`,
  `ALTER TABLE audit_logs ADD COLUMN organ_path text`,
  `CREATE INDEX ix_audit_logs_path ON audit_logs(organ_path text_pattern_ops, creation_time)`,
  `ALTER TABLE auth_sessions ADD COLUMN last_activity_time timestamptz`,
  `ALTER TABLE auth_sessions ADD COLUMN client_ip text`,
  `CREATE INDEX ix_auth_sessions_live ON auth_sessions(expires_at) WHERE revoked_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
