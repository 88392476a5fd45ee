import { sql, type Kysely } from 'kysely';

/**
 * One row per import of a workbook: its progress while it runs (rows done of all, added, refused)
 * and, once done, the refused rows with their cells and reasons — so any API process answers the
 * progress the client polls, and the refused rows can be downloaded as a workbook. Keyed by the
 * importer and a key the client chose; kept a week.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE import_runs (
    user_id bigint NOT NULL,
    key text NOT NULL,
    title text NOT NULL,
    header jsonb NOT NULL DEFAULT '[]',
    total int NOT NULL DEFAULT 0,
    done int NOT NULL DEFAULT 0,
    added int NOT NULL DEFAULT 0,
    refused int NOT NULL DEFAULT 0,
    refused_rows jsonb NOT NULL DEFAULT '[]',
    finished boolean NOT NULL DEFAULT false,
    creation_time timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
  )`.execute(db);
  await sql`CREATE INDEX ix_import_runs_time ON import_runs (creation_time)`.execute(db);
}
