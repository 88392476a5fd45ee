import { CamelCasePlugin, Kysely, type KyselyPlugin, PostgresDialect, type SelectQueryBuilder } from 'kysely';
import { PGliteDialect } from './pglite-dialect';
import type { PGlite } from '@electric-sql/pglite';
import type { DB } from './schema';
import { pgliteBaseFor } from './pglite-base';
import { SealedColumnsPlugin } from './sealed-columns';
import { processKeyRing } from '../security/data-keys';
import type { KeyRing } from '../security/data-cipher';

export type Database = Kysely<DB>;

/**
 * The server's one escape from Kysely's static types. Kysely types every join and column into the
 * builder, so a helper that takes a select of whatever tables (paging counts and cuts it; the record
 * store adds the record columns to whatever a list joined: an upward report, an issue) cannot name
 * them. Such helpers take an `AnySelect`; everything else uses `Database` and the row types.
 */
// Kysely's database, tables and row, left to run time
type Dynamic = any;
export type AnySelect = SelectQueryBuilder<Dynamic, Dynamic, Dynamic>;

export interface DatabaseTarget {
  /** postgres://… — real PostgreSQL. */
  url?: string;
  /** PGlite data directory; absent means an in-memory database (tests). */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests isolate each file in its own schema). */
  schema?: string;
  /** told when an idle PostgreSQL connection breaks (the server restarted); the pool reconnects by itself */
  onConnectionError?: (err: Error) => void;
  /** the keys of personal data at rest (default: the process's, from the environment) */
  keyRing?: KeyRing;
}

const PGLITE_CONF = ['shared_buffers = 32MB', 'maintenance_work_mem = 16MB', 'work_mem = 4MB', 'temp_buffers = 4MB', 'wal_buffers = 1MB'];

/**
 * Opens the database: PostgreSQL when a URL is given, else embedded PGlite.
 * Both speak the same SQL, so the migrations and every query are shared.
 */
export async function openDatabase(target: DatabaseTarget): Promise<{ db: Database; kind: 'postgres' | 'pglite' }> {
  // after CamelCasePlugin: the sealing sees the database's own (snake_case) names
  const ring = target.keyRing ?? processKeyRing();
  const plugins = [new CamelCasePlugin(), new SealedColumnsPlugin(ring)];
  const opened = await openWith(target, plugins);
  keyRings.set(opened.db, ring);
  return opened;
}

const keyRings = new WeakMap<Database, KeyRing>();
/**
 * The key ring a database was opened with (its sealed columns are read and written under it) — a
 * transaction of it too: it shares the database's plugins, the sealing one holding the ring.
 */
export const keyRingOf = (db: Database): KeyRing =>
  keyRings.get(db) ?? db.getExecutor().plugins.find((p): p is SealedColumnsPlugin => p instanceof SealedColumnsPlugin)?.ring ?? processKeyRing();

async function openWith(target: DatabaseTarget, plugins: KyselyPlugin[]): Promise<{ db: Database; kind: 'postgres' | 'pglite' }> {
  if (target.url) {
    const pg = await import('pg');
    // bigint (int8) ids and counts come back as JS numbers: ids stay far below 2^53.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    pg.default.types.setTypeParser(1700, (v: string) => Number(v));
    // a DATE is a calendar day, not an instant: keep 'YYYY-MM-DD' (pg would make it local midnight of the machine's zone)
    pg.default.types.setTypeParser(1082, (v: string) => v);
    const pool = new pg.default.Pool({
      connectionString: target.url,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    });
    // PostgreSQL restarted or gone (57P01 to every session): a connection's 'error' event, unheard,
    // ends the process — whether the connection is idle in the pool or checked out between two
    // statements of a transaction (no query of its own to fail). Heard here on every connection:
    // the broken one is not queryable any more, its query fails (503, app.ts) and the pool drops
    // it on release and opens a new one when asked, so the service recovers by itself.
    pool.on('connect', (client) => client.on('error', (err) => target.onConnectionError?.(err)));
    pool.on('error', () => {}); // the same error of an idle connection, told above already
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins }), kind: 'postgres' };
  }
  const { PGlite, types } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({
    dataDir: target.dataDir,
    // a first start loads the empty cluster kept by pglite-base.ts instead of running initdb here
    loadDataDir: pgliteBaseFor(target.dataDir),
    // PostgreSQL's server defaults (128 MB of shared buffers and more) live in WebAssembly memory,
    // which never shrinks: an embedded database of a demo or a county needs far less
    // (docs/BENCHMARKS.md, "The embedded database's memory")
    postgresqlconf: PGLITE_CONF,
    parsers: { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => Number(v), [types.DATE]: (v: string) => v },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), plugins });
  embedded.set(db, pglite);
  return { db, kind: 'pglite' };
}

/** The PGlite instance under a database opened on the embedded engine (for the online backup). */
const embedded = new WeakMap<Database, PGlite>();

/**
 * Runs `fn` while the embedded database does nothing at all: every query and transaction of the
 * process waits (PGlite's `transaction` holds the lock its `query` takes too), so the files of its
 * data directory copied by `fn` are the state after the last commit — what PostgreSQL would find
 * after a power cut at that instant, which it recovers from by itself. A checkpoint first makes that
 * recovery short. Null on PostgreSQL (pg_dump is consistent by itself).
 */
export async function whileEmbeddedIdle<T>(db: Database, fn: () => Promise<T>): Promise<T | null> {
  const pglite = embedded.get(db);
  if (!pglite) return null;
  await pglite.exec('CHECKPOINT');
  // an empty transaction of our own: BEGIN and COMMIT with no write assign no transaction id and write nothing
  return pglite.transaction(async () => fn());
}
