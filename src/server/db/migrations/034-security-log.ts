import { sql, type Kysely } from 'kysely';

/**
 * The security log (等保 2.0 安全审计; docs/SECURITY.md §14): sign-ins, sign-outs, second-factor
 * events, grants, policy changes, exports and unmasked views of personal data. A hand-written table:
 * every row carries a hash chained to the row before it, and the chain's head is one row
 * (`security_log_head`) that every writer locks (`UPDATE … RETURNING`) before appending, so two
 * processes never fork the chain. `seq` is the chain's order; pruning moves the anchor
 * (`pruned_seq`, `pruned_hash`) in the same transaction, so rows removed past it are found too.
 * No action of the product updates or deletes a row (only the retention job deletes the oldest).
 */
const statements = [
  `CREATE TABLE security_logs (
    seq bigint PRIMARY KEY,
    occurred_at timestamptz NOT NULL,
    event_type text NOT NULL,
    result text NOT NULL,
    actor_user_id int,
    actor_name text,
    target text,
    detail text,
    client_ip text,
    organ_path text,
    prev_hash text NOT NULL,
    hash text NOT NULL,
    CONSTRAINT ck_security_logs_result CHECK (result IN ('success', 'failure'))
  )`,
  `CREATE INDEX ix_security_logs_time ON security_logs (occurred_at, seq)`,
  `CREATE INDEX ix_security_logs_type ON security_logs (event_type, occurred_at)`,
  `CREATE INDEX ix_security_logs_actor ON security_logs (actor_user_id, occurred_at)`,
  `CREATE TABLE security_log_head (
    id int PRIMARY KEY,
    seq bigint NOT NULL,
    hash text NOT NULL,
    pruned_seq bigint NOT NULL DEFAULT 0,
    pruned_hash text NOT NULL,
    CONSTRAINT ck_security_log_head_one CHECK (id = 1)
  )`,
  `INSERT INTO security_log_head (id, seq, hash, pruned_seq, pruned_hash) VALUES (1, 0, 'genesis', 0, 'genesis')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
