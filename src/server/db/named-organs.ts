import { sql } from 'kysely';
import type { Database } from './database';
import type { EntityFile } from '../records/entities';
import { namedOrganColumnField } from '../records/named-organs';

/**
 * Which body field `records.named_organ_path` follows for each entity (migration 016), written at
 * every start after the migrations like the entities' declared indexes: an entity that now names a
 * different field (or none) gets the column of its records filled again, once.
 */
export async function syncNamedOrganFields(db: Database, entities: EntityFile[]) {
  const wanted = new Map<string, string>();
  for (const e of entities) {
    const field = namedOrganColumnField(e);
    if (field) wanted.set(e.name, field);
  }
  const { rows } = await sql<{ entity: string; field: string }>`select entity, field from record_named_fields`.execute(db);
  const have = new Map(rows.map((r) => [r.entity, r.field]));
  const changed = [...new Set([...wanted.keys(), ...have.keys()])].filter((e) => wanted.get(e) !== have.get(e));
  for (const entity of changed) {
    const field = wanted.get(entity);
    await db.transaction().execute(async (trx) => {
      await sql`delete from record_named_fields where entity = ${entity}`.execute(trx);
      if (field) await sql`insert into record_named_fields (entity, field) values (${entity}, ${field})`.execute(trx);
      // rewriting the body's own value fires the trigger, which reads the mapping just written
      await sql`update records set data = data where entity = ${entity}`.execute(trx);
    });
  }
  // the lists' plans depend on how the paths spread (a town's few records read by the path index)
  if (changed.length) await sql`analyze records`.execute(db);
}
