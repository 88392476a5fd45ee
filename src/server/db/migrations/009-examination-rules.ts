import { sql, type Kysely } from 'kysely';

/**
 * 考核设置: the assessment rules of an organisation for one year — a member rule (the
 * 学时 a member must earn online and offline) and an organisation rule (its targets) — one row per
 * organisation, year and kind. A table of its own rather than the record store: the period check
 * looks the rule up by organisation path for every listed member (the nearest ancestor's rule
 * applies), and a set is an upsert keyed by (organisation, year, kind); both are plain indexed SQL
 * here. `organ_path` follows the organisation when it moves (UpdateAsync rewrites every
 * `*organ_path` column).
 */
const statements = [
  `CREATE TABLE examination_rules (
    id bigserial PRIMARY KEY,
    organ_id bigint NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    year int NOT NULL,
    assess_type int NOT NULL,
    online_pass_period_for_year numeric(8,2),
    offline_pass_period_for_year numeric(8,2),
    pass_rate numeric(5,2),
    avg_period_for_year numeric(8,2),
    creator_user_id bigint REFERENCES users(id),
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modifier_user_id bigint REFERENCES users(id),
    last_modification_time timestamptz,
    CONSTRAINT uq_examination_rules UNIQUE (organ_id, year, assess_type)
  )`,
  `CREATE INDEX ix_examination_rules_path ON examination_rules(year, assess_type, organ_path)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
