import { sql, type Kysely } from 'kysely';

/**
 * The background-job queue (src/server/jobs/): video packaging and the periodic sweeps, taken by
 * whichever API process is free, on PGlite and PostgreSQL alike. A hand-written table: claiming
 * needs `FOR UPDATE SKIP LOCKED` and a lease, which the record store cannot express.
 * `(kind, key)` is unique: one job per file to package, one row per periodic sweep (per machine
 * for a sweep of the machine's own disk, `group_only`).
 */
const statements = [
  `CREATE TABLE jobs (
    id bigserial PRIMARY KEY,
    kind text NOT NULL,
    key text NOT NULL,
    payload jsonb NOT NULL DEFAULT '{}'::jsonb,
    status text NOT NULL DEFAULT 'queued',
    attempts int NOT NULL DEFAULT 0,
    max_attempts int NOT NULL DEFAULT 3,
    run_at timestamptz NOT NULL DEFAULT now(),
    group_only text,
    locked_by text,
    locked_group text,
    locked_until timestamptz,
    last_error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    CONSTRAINT ck_jobs_status CHECK (status IN ('queued', 'running', 'done', 'failed')),
    CONSTRAINT uq_jobs_kind_key UNIQUE (kind, key)
  )`,
  `CREATE INDEX ix_jobs_due ON jobs (kind, status, run_at)`,
  `CREATE INDEX ix_jobs_running ON jobs (kind, locked_group, locked_until) WHERE status = 'running'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
