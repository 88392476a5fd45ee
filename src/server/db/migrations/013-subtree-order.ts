import { sql, type Kysely } from 'kysely';

/**
 * Member lists in subtree order at province scale. The lists order by organ_path, id;
 * in the database's collation (C.UTF-8 here, which PostgreSQL 15 does not treat as "C") the
 * text_pattern_ops index can find a subtree but never supply that order, so a province's first
 * page sorted a million rows. This index is in byte order: a subtree is the range
 * [path, path-with-its-last-slash-made-'0') of it (scope.ts subtreeRange), read in order, so the
 * first page reads ten rows.
 *
 * The administrators' list finds the few holders of a non-default role among a million member
 * accounts through their roles (user_roles by role_id), not by walking every account.
 */
const statements = [
  `CREATE INDEX ix_party_members_path_c ON party_members ((organ_path COLLATE "C"), id) WHERE NOT is_deleted`,
  `CREATE INDEX ix_user_roles_role ON user_roles(role_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
