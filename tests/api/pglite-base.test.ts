/**
 * The embedded database's kept empty cluster (src/server/db/pglite-base.ts): a fresh data directory
 * opened with it holds a working cluster (the migrations run, the data survive a reopen); a data
 * directory that already holds one never loads it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { isFreshDataDir, makePgliteBase, pgliteBaseFor, pgliteBasePath } from '../../src/server/db/pglite-base';
import { onPostgres } from './harness';

const dirs: string[] = [];
const temp = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), name));
  dirs.push(d);
  return d;
};
afterAll(() => {
  delete process.env.PGLITE_BASE_DIR;
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('PGlite empty cluster kept by the build', () => {
  it('a first start loads it; the cluster is migrated and kept; a later start does not load it again', async () => {
    process.env.PGLITE_BASE_DIR = temp('pglite-base-');
    const dataDir = temp('pglite-data-');
    expect(pgliteBaseFor(dataDir)).toBeUndefined(); // nothing made yet: initdb as before
    expect(await makePgliteBase()).toBe(pgliteBasePath());
    expect(pgliteBaseFor(dataDir)).toBeInstanceOf(Blob);

    const first = (await openDatabase({ dataDir })).db;
    await migrateToLatest(first);
    await sql`insert into settings (key, value) values ('probe', 'kept')`.execute(first);
    await first.destroy();
    expect(isFreshDataDir(dataDir)).toBe(false);
    expect(pgliteBaseFor(dataDir)).toBeUndefined();

    const again = (await openDatabase({ dataDir })).db;
    const row = (await sql<{ value: string }>`select value from settings where key = 'probe'`.execute(again)).rows[0];
    expect(row?.value).toBe('kept');
    await again.destroy();
  }, 180_000);
});
