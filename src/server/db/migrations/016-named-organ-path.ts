import { sql, type Kysely } from 'kysely';

/**
 * The path of the organisation a record's body names: `records.named_organ_path`, so that
 * the receiving side's lists (scope `otherSide`, and `sides`) are a byte-order range of an index like
 * the record's own `organ_path` (`scope.ts` `subtreeRange`), not a test of every record's named
 * organisation along the list's order (96 ms for one district over 200,000 流动党员 records).
 *
 * Which body field names the organisation is configuration (an entity's `organFields` and its
 * field actors): the step after the migrations at every start writes it into `record_named_fields`
 * for each entity that names exactly one (`db/named-organs.ts`), and fills the column of that
 * entity's records when the field changed. A trigger keeps the column on every write of a record's
 * body, whatever code path writes it; an organisation's move rewrites it with every other
 * `…organ_path` column (`services/organs.ts` `pathColumns`). The trigger fires only when `data` or
 * `entity` is written, never on that move's own update of the path.
 */
const statements = [
  // byte order ("C") for the column itself: its statistics are then in the order of the range, so
  // the planner sees how few records one town's range holds and reads them by this index
  `ALTER TABLE records ADD COLUMN IF NOT EXISTS named_organ_path text COLLATE "C"`,
  `CREATE TABLE IF NOT EXISTS record_named_fields (entity text PRIMARY KEY, field text NOT NULL)`,
  `CREATE OR REPLACE FUNCTION records_named_organ() RETURNS trigger
  LANGUAGE plpgsql AS $fn$
  DECLARE f text; v jsonb;
  BEGIN
    SELECT field INTO f FROM record_named_fields WHERE entity = NEW.entity;
    IF f IS NULL THEN
      NEW.named_organ_path := NULL;
    ELSE
      v := NEW.data -> f;
      -- the store's organIdOf: a JSON number, else nothing (junk names no organisation)
      NEW.named_organ_path := CASE WHEN jsonb_typeof(v) = 'number' AND (v #>> '{}') ~ '^[0-9]{1,18}$'
        THEN (SELECT o.organ_path FROM organizations o WHERE o.id = (v #>> '{}')::bigint) END;
    END IF;
    RETURN NEW;
  END $fn$`,
  `DROP TRIGGER IF EXISTS tr_records_named_organ ON records`,
  `CREATE TRIGGER tr_records_named_organ BEFORE INSERT OR UPDATE OF data, entity ON records
    FOR EACH ROW EXECUTE FUNCTION records_named_organ()`,
  `CREATE INDEX IF NOT EXISTS ix_records_entity_named ON records(entity, named_organ_path, id DESC)
    WHERE NOT is_deleted AND named_organ_path IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
