import { sql, type Kysely } from 'kysely';

/**
 * The record store's own indexes, back. Migration 002 made them, but the step that
 * follows every start — dropping the entity indexes a configuration no longer declares — matched
 * its prefix `ix_rec_` with LIKE, where `_` is any character, so `ix_records_…` went too and every
 * record-store list scanned its table (found with EXPLAIN on the generated province; the step now
 * compares the prefix exactly).
 *
 * And one more: the record lists' order (pinned first, then `sort`, newest first) served by an
 * index, so a first page over a province's records reads ten rows instead of sorting them all.
 */
const statements = [
  `CREATE INDEX IF NOT EXISTS ix_records_entity_path ON records(entity, organ_path text_pattern_ops, id DESC) WHERE NOT is_deleted`,
  `CREATE INDEX IF NOT EXISTS ix_records_entity_organ ON records(entity, organ_id, id DESC) WHERE NOT is_deleted`,
  `CREATE INDEX IF NOT EXISTS ix_records_entity_owner ON records(entity, owner_user_id, id DESC) WHERE NOT is_deleted`,
  `CREATE INDEX IF NOT EXISTS ix_records_parent ON records(parent_id, id) WHERE NOT is_deleted`,
  `CREATE INDEX IF NOT EXISTS ix_records_data ON records USING gin (data jsonb_path_ops)`,
  `CREATE INDEX IF NOT EXISTS ix_records_entity_order ON records(entity, is_top DESC, top_time DESC NULLS LAST, sort, id DESC) WHERE NOT is_deleted`,
  `CREATE INDEX IF NOT EXISTS ix_organizations_level_order ON organizations(organ_level, sort, id) WHERE NOT is_deleted`,
  `ANALYZE records`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
