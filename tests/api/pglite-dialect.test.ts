/**
 * The PGlite dialect kept in src/server/db/pglite-dialect.ts (Kysely 0.28 on Node 20): one
 * connection held by one query or one transaction at a time. A write outside a transaction waits
 * for it and is never rolled back with it (STACK.md pitfall 7); savepoints and errors behave.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { onPostgres } from './harness';

let db: Database;
beforeAll(async () => {
  if (onPostgres) return;
  db = (await openDatabase({})).db;
  await sql`create table t (id serial primary key, v text not null)`.execute(db);
});
afterAll(() => db?.destroy());

const values = async () => (await sql<{ v: string }>`select v from t order by id`.execute(db)).rows.map((r) => r.v);

describe.skipIf(onPostgres)('PGlite dialect', () => {
  it('a write made while another transaction is open waits for it and survives its rollback', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const tx = db.transaction().execute(async (trx) => {
      await sql`insert into t (v) values ('in-tx')`.execute(trx);
      inside();
      await hold;
      throw new Error('roll back');
    });
    await entered;
    const outside = sql`insert into t (v) values ('outside')`.execute(db);
    release();
    await expect(tx).rejects.toThrow('roll back');
    await outside;
    expect(await values()).toEqual(['outside']);
  });

  it('commits, reports affected rows, and keeps working after a failed statement', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into t (v) values ('a'), ('b')`.execute(trx);
    });
    const r = await sql`update t set v = v || '!' where v in ('a', 'b')`.execute(db);
    expect(Number(r.numAffectedRows)).toBe(2);
    await expect(sql`insert into t (v) values (null)`.execute(db)).rejects.toThrow();
    expect(await values()).toEqual(['outside', 'a!', 'b!']);
  });

  it('a failed statement inside a transaction rolls the whole transaction back', async () => {
    await expect(db.transaction().execute(async (trx) => {
      await sql`insert into t (v) values ('lost')`.execute(trx);
      await sql`insert into t (v) values (null)`.execute(trx);
    })).rejects.toThrow();
    expect(await values()).not.toContain('lost');
  });
});
