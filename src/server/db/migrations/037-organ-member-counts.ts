import { sql, type Kysely } from 'kysely';

/**
 * Member counts per organisation subtree, kept by the writes that change them instead of counted
 * from a million member rows per call (the 组织管理 tree asked one `count(*) … like path%` per child:
 * 5.7 s at the root of a generated province). A row trigger on party_members moves one member's
 * weight out of the old path's organisations and into the new path's — inserts, edits, transfers,
 * moves of a whole subtree (each member's path changes), soft deletes and status changes alike — in
 * the writing transaction, so the counts are right at commit on PGlite and PostgreSQL and across
 * processes; a member without sex or type counts in `members` only. Ancestors are updated root first, the same order in every transaction, so concurrent
 * writers queue on the root's row instead of deadlocking. Counted: members with status 1, not deleted.
 */
const statements = [
  `CREATE TABLE organ_member_counts (
    organ_id bigint PRIMARY KEY,
    members int NOT NULL DEFAULT 0,
    formal int NOT NULL DEFAULT 0,
    probationary int NOT NULL DEFAULT 0,
    male int NOT NULL DEFAULT 0,
    female int NOT NULL DEFAULT 0
  )`,
  `CREATE FUNCTION organ_member_counts_apply(path text, sign int, member_type int, member_sex int) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE a text;
  BEGIN
    FOREACH a IN ARRAY string_to_array(trim(both '/' from path), '/') LOOP
      CONTINUE WHEN a = '';
      INSERT INTO organ_member_counts AS c (organ_id, members, formal, probationary, male, female)
      VALUES (a::bigint, sign, sign * coalesce(member_type = 1, false)::int, sign * coalesce(member_type = 2, false)::int, sign * coalesce(member_sex = 1, false)::int, sign * coalesce(member_sex = 2, false)::int)
      ON CONFLICT (organ_id) DO UPDATE SET
        members = c.members + excluded.members, formal = c.formal + excluded.formal, probationary = c.probationary + excluded.probationary,
        male = c.male + excluded.male, female = c.female + excluded.female;
    END LOOP;
  END $$`,
  `CREATE FUNCTION organ_member_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' AND OLD.status = 1 AND NOT OLD.is_deleted THEN
      IF TG_OP = 'UPDATE' AND NEW.status = 1 AND NOT NEW.is_deleted AND NEW.organ_path = OLD.organ_path
         AND NEW.party_member_type IS NOT DISTINCT FROM OLD.party_member_type AND NEW.sex IS NOT DISTINCT FROM OLD.sex THEN
        RETURN NULL; -- an edit that changes nothing counted
      END IF;
      PERFORM organ_member_counts_apply(OLD.organ_path, -1, OLD.party_member_type, OLD.sex);
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.status = 1 AND NOT NEW.is_deleted THEN
      PERFORM organ_member_counts_apply(NEW.organ_path, 1, NEW.party_member_type, NEW.sex);
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER trg_organ_member_counts AFTER INSERT OR UPDATE OR DELETE ON party_members FOR EACH ROW EXECUTE FUNCTION organ_member_counts_trigger()`,
];

/** Recounts every subtree from the member rows (the migration's backfill; the generator after a bulk load). */
export const REBUILD_ORGAN_MEMBER_COUNTS = `
  DELETE FROM organ_member_counts;
  INSERT INTO organ_member_counts (organ_id, members, formal, probationary, male, female)
  SELECT a::bigint, count(*), count(*) FILTER (WHERE m.party_member_type = 1), count(*) FILTER (WHERE m.party_member_type = 2),
         count(*) FILTER (WHERE m.sex = 1), count(*) FILTER (WHERE m.sex = 2)
  FROM party_members m, unnest(string_to_array(trim(both '/' from m.organ_path), '/')) a
  WHERE m.status = 1 AND NOT m.is_deleted AND a <> ''
  GROUP BY a::bigint`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
  for (const s of REBUILD_ORGAN_MEMBER_COUNTS.split(';')) await sql.raw(s).execute(db);
}
