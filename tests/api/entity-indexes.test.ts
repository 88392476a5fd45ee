/** Declared entity indexes follow the configuration through the migration step of every start. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredIndexes, syncEntityIndexes } from '../../src/server/db/entity-indexes';
import { loadEntityFiles } from '../../src/server/records/entities';
import { startTestApp, type TestApp } from './harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: false });
});
afterAll(() => app?.close());

const present = async () =>
  (await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'records' and schemaname = current_schema() and left(indexname, 7) = 'ix_rec_'`.execute(app.db)).rows.map((r) => r.indexname).sort();
const storeIndexes = ['ix_records_data', 'ix_records_entity_named', 'ix_records_entity_order', 'ix_records_entity_organ', 'ix_records_entity_owner', 'ix_records_entity_path', 'ix_records_parent'];
const storePresent = async () =>
  (await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'records' and schemaname = current_schema() and left(indexname, 11) = 'ix_records_'`.execute(app.db)).rows.map((r) => r.indexname).sort();

describe('declared entity indexes', () => {
  it('are created by the migrations, as expression indexes on the body fields', async () => {
    const wanted = declaredIndexes(loadEntityFiles());
    expect([...wanted.keys()]).toEqual(expect.arrayContaining(['ix_rec_villageofficial_villagename', 'ix_rec_volactivity_starttime']));
    expect(await present()).toEqual([...wanted.keys()].sort());
    const def = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'ix_rec_volactivity_starttime' and schemaname = current_schema()`.execute(app.db);
    expect(def.rows[0].indexdef).toMatch(/\(data ->> 'startTime'::text\)/);
    expect(def.rows[0].indexdef).toMatch(/WHERE \(\(NOT is_deleted\) AND \(entity = 'volActivity'::text\)\)/);
  });

  it('an index no longer declared is dropped, a new one created, at the next start', async () => {
    const entities = loadEntityFiles().map((e) => (e.name === 'volActivity' ? { ...e, service: { ...e.service!, indexes: [{ fields: ['title'] }] } } : e));
    await syncEntityIndexes(app.db, entities);
    const now = await present();
    expect(now).toContain('ix_rec_volactivity_title');
    expect(now).not.toContain('ix_rec_volactivity_starttime');
    await syncEntityIndexes(app.db, loadEntityFiles());
    expect(await present()).toContain('ix_rec_volactivity_starttime');
  });

  it('leave the record store’s own indexes alone (their names share the prefix’s letters)', async () => {
    // Besides its fixed indexes the store keeps one partial index a sealed record field (ix_records_plain_<md5>).
    const before = await storePresent();
    expect(before.filter((name) => !name.startsWith('ix_records_plain_'))).toEqual(storeIndexes);
    expect(before.some((name) => name.startsWith('ix_records_plain_'))).toBe(true);
    await syncEntityIndexes(app.db, loadEntityFiles());
    expect(await storePresent()).toEqual(before);
  });
});
