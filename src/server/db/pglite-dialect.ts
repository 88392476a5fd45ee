import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * Kysely's dialect for embedded PGlite — the one Kysely 0.29 ships (MIT, kysely-org/kysely
 * `src/dialect/pglite/`), kept here because Kysely 0.29 declares Node ≥ 22 and the product runs on
 * Node 20 (README "Requirements"): Kysely 0.28 has everything else the server uses.
 *
 * One connection, held by one query or one whole transaction at a time (Kysely 0.29 does this in
 * its core for a dialect without several connections; 0.28 leaves it to the driver, as its SQLite
 * driver does): a query outside a transaction waits until it ends — inside one always use `trx`
 * (STACK.md pitfall 7). A transaction is PGlite's exclusive `transaction()`.
 */
export class PGliteDialect implements Dialect {
  constructor(private config: { pglite: PGlite }) {}
  createAdapter() {
    return new PGliteAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.config.pglite);
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteAdapter extends PostgresAdapter {
  // the one connection is the migrator's from acquiring the lock to releasing it: nothing to lock
  override async acquireMigrationLock() {}
  override async releaseMigrationLock() {}
}

/** One holder at a time: a transaction keeps the one connection from its begin to its end (as Kysely's SQLite driver does). */
class ConnectionMutex {
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;
  async lock() {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.release = resolve));
  }
  unlock() {
    const release = this.release;
    this.held = this.release = undefined;
    release?.();
  }
}

class PGliteDriver implements Driver {
  private connection!: PGliteConnection;
  private mutex = new ConnectionMutex();
  constructor(private pglite: PGlite) {}
  async init() {
    if (this.pglite.closed) throw new Error('PGlite instance is already closed.');
    await this.pglite.waitReady;
    this.connection = new PGliteConnection(this.pglite);
  }
  async acquireConnection() {
    await this.mutex.lock();
    return this.connection;
  }
  async beginTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).commit();
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).rollback();
  }
  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteIdent(name)}`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteIdent(name)}`));
  }
  async releaseConnection() {
    this.mutex.unlock();
  }
  async destroy() {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

class PGliteConnection implements DatabaseConnection {
  private transaction: Transaction | undefined;
  private commitIt: (() => void) | undefined;
  private rollbackIt: ((reason?: unknown) => void) | undefined;
  private closed: Promise<unknown> | undefined;
  constructor(private pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const { affectedRows, rows } = await (this.transaction ?? this.pglite).query<R>(query.sql, query.parameters as unknown[], { rowMode: 'object' });
      return { numAffectedRows: affectedRows != null ? BigInt(affectedRows) : undefined, rows: rows ?? [] };
    } catch (error) {
      // the caller's stack, not PGlite's worker queue
      if (error instanceof Error) error.stack = `${error.stack}\n${new Error().stack?.split('\n').slice(1).join('\n')}`;
      throw error;
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  /** PGlite's exclusive transaction, held open until commit or rollback. */
  async begin() {
    let hasBegun!: () => void;
    const begun = new Promise<void>((resolve) => (hasBegun = resolve));
    const decided = new Promise<void>((resolve, reject) => {
      this.commitIt = resolve;
      this.rollbackIt = reject;
    });
    this.closed = this.pglite.transaction(async (tx) => {
      this.transaction = tx;
      hasBegun();
      await decided;
    });
    // a failure to begin must not hang the caller
    await Promise.race([begun, this.closed]);
  }

  async commit() {
    this.commitIt?.();
    try {
      await this.closed;
    } finally {
      this.reset();
    }
  }

  async rollback() {
    this.rollbackIt?.(new Error('rollback'));
    await this.closed?.catch(() => {});
    this.reset();
  }

  private reset() {
    this.commitIt = this.rollbackIt = undefined;
    this.transaction = undefined;
    this.closed = undefined;
  }
}
