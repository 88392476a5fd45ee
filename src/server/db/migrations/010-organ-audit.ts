import { sql, type Kysely } from 'kysely';

/**
 * 组织审核: an organisation or unit created by a level below the province waits for the
 * level above its creator. Columns on the existing tables rather than records: every organisation
 * query already reads `organizations`, and a member picker filters on one indexed column.
 * `audit_status`: 0 待审核, 1 已通过 (the default: every existing row counts as approved), 2 未通过.
 * `submit_organ_path`: the creator's managed organisation; its administrators' superiors audit.
 * It ends in `organ_path` on purpose, so a move rewrites it with every other organisation path.
 * The decisions themselves go to workflow_history (subject types organization / unit).
 */
const statements = [
  `ALTER TABLE organizations ADD COLUMN audit_status int NOT NULL DEFAULT 1`,
  `ALTER TABLE organizations ADD COLUMN audit_remark text`,
  `ALTER TABLE organizations ADD COLUMN submit_organ_path text`,
  `CREATE INDEX ix_organizations_audit ON organizations(submit_organ_path text_pattern_ops) WHERE submit_organ_path IS NOT NULL AND NOT is_deleted`,
  `ALTER TABLE units ADD COLUMN audit_status int NOT NULL DEFAULT 1`,
  `ALTER TABLE units ADD COLUMN audit_remark text`,
  `ALTER TABLE units ADD COLUMN submit_organ_path text`,
  `ALTER TABLE units ADD COLUMN creator_user_id bigint`,
  `ALTER TABLE units ADD COLUMN last_modification_time timestamptz`,
  `CREATE INDEX ix_units_audit ON units(submit_organ_path text_pattern_ops) WHERE submit_organ_path IS NOT NULL AND NOT is_deleted`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
