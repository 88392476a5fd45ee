import { sql, type Kysely } from 'kysely';

/**
 * 长辈模式 (issue 33): a member's own text-size preference, kept with his account so that every
 * browser he signs in from shows the same. 0 standard, 1 长辈模式 (大字), 2 长辈模式 (特大字).
 * A column of users, not a record: it is read with every session description.
 */
const statements = [`ALTER TABLE users ADD COLUMN elder_mode smallint NOT NULL DEFAULT 0 CONSTRAINT ck_users_elder_mode CHECK (elder_mode BETWEEN 0 AND 2)`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
