import { sql, type Kysely } from 'kysely';

/**
 * The members of an organisation's subtree by index (issue 33): an announcement's audience and its
 * 未读党员 list (AnnounceReadService) join the subtree's organisations to their users by
 * `users.organ_id`, which had no index — every such count read the whole users table.
 */
const statements = [`CREATE INDEX IF NOT EXISTS ix_users_organ ON users(organ_id, id) WHERE NOT is_deleted`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
