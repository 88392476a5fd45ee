import { sql } from 'kysely';
import type { Database } from './database';
import type { EntityFile } from '../records/entities';

/**
 * Indexes an entity file declares (`service.indexes`): expression indexes on the body fields its
 * lists filter and sort on, partial to the entity's live rows. They are part of the migration that
 * runs at every start: declared ones are created, ones no longer declared are dropped, so the
 * database follows the configuration like it follows the SQL migrations.
 */
const PREFIX = 'ix_rec_';

export function declaredIndexes(entities: EntityFile[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of entities) {
    for (const ix of e.service?.indexes ?? []) {
      // names and fields are ASCII identifiers (the meta-schema's patterns), safe in SQL text
      const name = `${PREFIX}${e.name}_${ix.fields.join('_')}`.toLowerCase().slice(0, 63);
      const exprs = ix.fields.map((f) => `(data->>'${f}')`).join(', ');
      out.set(name, `CREATE INDEX IF NOT EXISTS ${name} ON records (entity, ${exprs}, id DESC) WHERE NOT is_deleted AND entity = '${e.name}'`);
    }
  }
  return out;
}

export async function syncEntityIndexes(db: Database, entities: EntityFile[]) {
  const wanted = declaredIndexes(entities);
  // the prefix compared exactly: in LIKE its `_` would be any character, and match ix_records_…
  const existing = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'records' and schemaname = current_schema() and left(indexname, ${PREFIX.length}) = ${PREFIX}`.execute(db);
  for (const { indexname } of existing.rows) if (!wanted.has(indexname)) await sql.raw(`DROP INDEX IF EXISTS ${indexname}`).execute(db);
  for (const create of wanted.values()) await sql.raw(create).execute(db);
}
