import { sql, type Kysely } from 'kysely';

/**
 * Overrides of the shipped configuration (screens/, schemas/) made in the browser (设置 → 界面配置).
 * One append-only table: every save, roll-back or return to the shipped file is a new version of its
 * (kind, key); the newest version is the one in force, and `body` null means "the shipped file".
 * The body is kept as text, not jsonb: jsonb reorders keys, and the order of a form's fields is
 * part of what an implementer configures. `shipped_hash` is the SHA-256 of the shipped file the
 * version was made over: an upgrade that changes the file marks the override for review.
 * The table's highest id is the overrides' generation, which every API process compares with
 * the one its overlay was built at (services/screen-config/overlay.ts).
 */
const statements = [
  `CREATE TABLE config_overrides (
    id serial PRIMARY KEY,
    kind text NOT NULL,
    key text NOT NULL,
    version int NOT NULL,
    body text,
    shipped_hash text,
    comment text NOT NULL DEFAULT '',
    action text NOT NULL,
    author_id int,
    author_name text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ck_config_overrides_kind CHECK (kind IN ('screen', 'entity')),
    CONSTRAINT ck_config_overrides_action CHECK (action IN ('save', 'rollback', 'reset', 'import')),
    CONSTRAINT uq_config_overrides_version UNIQUE (kind, key, version)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
