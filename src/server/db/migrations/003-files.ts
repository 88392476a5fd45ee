import { sql, type Kysely } from 'kysely';

/** Uploaded files: bytes live under DATA_DIR/files by a random key; the name is only metadata. */
const statements = [
  `CREATE TABLE files (
    id text PRIMARY KEY,
    storage_key text NOT NULL UNIQUE,
    name text NOT NULL,
    ext text NOT NULL DEFAULT '',
    size bigint NOT NULL,
    content_type text NOT NULL,
    kind text NOT NULL,
    sha256 text NOT NULL,
    head_md5 text,
    project text NOT NULL,
    attach_class int NOT NULL,
    uploader_user_id bigint REFERENCES users(id),
    duration_seconds double precision,
    hls_status text,
    hls_progress int,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_files_head_md5 ON files(head_md5, size) WHERE head_md5 IS NOT NULL`,
  `CREATE INDEX ix_files_sha256 ON files(sha256)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
