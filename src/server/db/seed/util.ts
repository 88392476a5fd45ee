import { sql, type Kysely } from 'kysely';
import { keyRingOf, type Database } from '../database';
import type { DB } from '../schema';
import { hashColumnsFor, sealRowForInsert } from '../sealed-columns';

export type Db = Kysely<DB>;

/**
 * Reserves n ids of a bigserial table in one round trip, so whole trees (organisations with their
 * paths, users with their members) can be built in memory and inserted with multi-row statements.
 */
export async function reserveIds(db: Db, table: string, n: number): Promise<number[]> {
  if (n <= 0) return [];
  const r = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::bigint as id from generate_series(1, ${n}::int)`.execute(db);
  return r.rows.map((x) => Number(x.id)).sort((a, b) => a - b);
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Bulk insert: the rows travel as ONE jsonb parameter and are expanded by jsonb_populate_recordset
 * against the table's own row type. On PGlite this is about twice as fast as a multi-row VALUES
 * with thousands of bind parameters, and it never meets PostgreSQL's 65535-parameter limit.
 * Keys are the camelCase column names (jsonb columns take plain objects, not JSON text); columns
 * absent from the first row take their defaults.
 */
export async function insertChunked<T extends keyof DB & string>(db: Db, table: T, rows: readonly object[], chunk = 2000): Promise<void> {
  if (!rows.length) return;
  const tableName = snake(table);
  const keys = Object.keys(rows[0]);
  const valueOf = (r: object, k: string) => (r as Record<string, unknown>)[k];
  // raw SQL, past the sealing plugin: personal data is sealed here as the plugin would (a value written
  // in plain text even once stays in the table's pages and the WAL, where a backup would find it)
  const hashColumns = hashColumnsFor(tableName, keys.map(snake));
  const ring = keyRingOf(db as unknown as Database);
  const cols = [...keys.map(snake), ...hashColumns].join(', ');
  for (let i = 0; i < rows.length; i += chunk) {
    const payload = rows.slice(i, i + chunk).map((r) => {
      const o: Record<string, unknown> = {};
      for (const k of keys) {
        const v = valueOf(r, k);
        o[snake(k)] = v instanceof Date ? v.toISOString() : v;
      }
      sealRowForInsert(ring, tableName, o);
      return o;
    });
    await sql`insert into ${sql.raw(tableName)} (${sql.raw(cols)}) select ${sql.raw(cols)} from jsonb_populate_recordset(null::${sql.raw(tableName)}, ${JSON.stringify(payload)}::jsonb)`.execute(db);
  }
}

export const json = (v: unknown) => JSON.stringify(v);

export const pad2 = (n: number) => String(n).padStart(2, '0');
export const isoDate = (y: number, m: number, d: number) => `${y}-${pad2(m)}-${pad2(d)}`;

