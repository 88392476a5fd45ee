import { sql, type Kysely } from 'kysely';

/**
 * The members' generation: a sequence every statement that writes `party_members`
 * advances, so that a cached statistic over members (党员分析 then; it is kept by the member writes since migration 043) knew, with one
 * read of a sequence, whether any member changed since it was computed — a change made by any code
 * path or API process. A sequence, not a counter row: advancing it never waits for another
 * transaction, so an import holding its transaction open blocks no other member write.
 */
const statements = [
  `CREATE SEQUENCE IF NOT EXISTS party_members_generation`,
  `CREATE OR REPLACE FUNCTION party_members_advance_generation() RETURNS trigger
  LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM nextval('party_members_generation');
    RETURN NULL;
  END $fn$`,
  `DROP TRIGGER IF EXISTS tr_party_members_generation ON party_members`,
  `CREATE TRIGGER tr_party_members_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON party_members
    FOR EACH STATEMENT EXECUTE FUNCTION party_members_advance_generation()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
