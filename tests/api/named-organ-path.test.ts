/**
 * `records.named_organ_path` (migration 016): the path of the organisation a record's body names,
 * which the receiving side's lists (scopes `otherSide`, `sides`) read as a range of an index. It
 * must follow every write of the body, every move of the organisation, and the configuration.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncNamedOrganFields } from '../../src/server/db/named-organs';
import { loadEntityFiles } from '../../src/server/records/entities';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
let wenjiang: Awaited<ReturnType<typeof signInAsAdmin>>;
let pidu: Awaited<ReturnType<typeof signInAsAdmin>>;
let city: Awaited<ReturnType<typeof signInAsAdmin>>;
const M = (action: string) => svc('MovingRecordService', action);

beforeAll(async () => {
  app = await startTestApp();
  wenjiang = await signInAsAdmin(app, 'districtadmin');
  pidu = await signInAsAdmin(app, 'district2admin');
  city = await signInAsAdmin(app, 'cityadmin');
});
afterAll(() => app?.close());

/** Records whose column differs from the path of the organisation their field names now. */
const wrong = async () =>
  (await sql<{ id: number }>`
    select r.id from records r join record_named_fields f on f.entity = r.entity
    left join organizations o on o.id = case when jsonb_typeof(r.data->f.field) = 'number' then (r.data->>f.field)::bigint end
    where r.named_organ_path is distinct from o.organ_path`.execute(app.db)).rows;
const flowIn = async (token: string) => ok(await app.call('GET', M('FlowInPageList'), { token, query: { maxResultCount: 100 } })).items.map((r: any) => r.id as number);

describe('the named organisation’s path on a record', () => {
  let rec: { id: number; flowInOrganId: number };

  it('is written with the record (the seeded flow into a 郫都 branch) and read by the flow-in list', async () => {
    const fields = (await sql<{ entity: string; field: string }>`select entity, field from record_named_fields order by entity`.execute(app.db)).rows;
    expect(fields).toEqual([{ entity: 'movingRecord', field: 'flowInOrganId' }, { entity: 'organChange', field: 'toOrganId' }]);
    const rows = await app.db.selectFrom('records').select(['id', 'data', sql<string | null>`named_organ_path`.as('named')]).where('entity', '=', 'movingRecord').where('isDeleted', '=', false).execute();
    const into = rows.find((r) => r.named?.startsWith(pidu.organPath))!;
    expect(into).toBeTruthy();
    rec = { id: into.id, flowInOrganId: Number((into.data as any).flowInOrganId) };
    expect(await wrong()).toEqual([]);
    expect(await flowIn(pidu.token)).toContain(rec.id);
    expect(await flowIn(wenjiang.token)).not.toContain(rec.id);
  });

  it('follows a move of the named organisation into another district', async () => {
    const named = await app.db.selectFrom('organizations').select(['id', 'parentId', 'organPath']).where('id', '=', rec.flowInOrganId).executeTakeFirstOrThrow();
    const into = await app.db.selectFrom('organizations').select(['id']).where('organPath', 'like', `${wenjiang.organPath}%`).where('organLevel', '=', 4).where('auditStatus', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    ok(await app.call('PUT', svc('OrganizationService', 'UpdateAsync'), { token: city.token, body: { id: named.id, parentId: into.id } }));
    expect(await wrong()).toEqual([]);
    expect(await flowIn(wenjiang.token)).toContain(rec.id);
    expect(await flowIn(pidu.token)).not.toContain(rec.id);
    ok(await app.call('PUT', svc('OrganizationService', 'UpdateAsync'), { token: city.token, body: { id: named.id, parentId: named.parentId } }));
    expect(await wrong()).toEqual([]);
    expect(await flowIn(pidu.token)).toContain(rec.id);
  });

  it('follows every write of the body, whatever writes it; junk names nothing', async () => {
    const other = await app.db.selectFrom('organizations').select(['id', 'organPath']).where('organPath', 'like', `${wenjiang.organPath}%`).where('organType', '=', '5').orderBy('id').executeTakeFirstOrThrow();
    await sql`update records set data = jsonb_set(data, '{flowInOrganId}', to_jsonb(${other.id}::bigint)) where id = ${rec.id}`.execute(app.db);
    expect(await flowIn(wenjiang.token)).toContain(rec.id);
    expect(await flowIn(pidu.token)).not.toContain(rec.id);
    await sql`update records set data = jsonb_set(data, '{flowInOrganId}', '"abc"') where id = ${rec.id}`.execute(app.db);
    expect((await sql<{ p: string | null }>`select named_organ_path as p from records where id = ${rec.id}`.execute(app.db)).rows[0].p).toBeNull();
    expect(await flowIn(wenjiang.token)).not.toContain(rec.id);
    await sql`update records set data = jsonb_set(data, '{flowInOrganId}', to_jsonb(${rec.flowInOrganId}::bigint)) where id = ${rec.id}`.execute(app.db);
    expect(await wrong()).toEqual([]);
    expect(await flowIn(pidu.token)).toContain(rec.id);
  });

  it('follows the configuration: an entity that names no organisation any more has none, and back', async () => {
    const entities = loadEntityFiles();
    const without = entities.map((e) => (e.name === 'movingRecord' ? { ...e, service: { ...e.service!, organFields: [] } } : e));
    await syncNamedOrganFields(app.db, without);
    const filled = async () => Number((await sql<{ n: number }>`select count(named_organ_path) as n from records where entity = 'movingRecord'`.execute(app.db)).rows[0].n);
    expect(await filled()).toBe(0);
    await syncNamedOrganFields(app.db, entities);
    expect(await filled()).toBeGreaterThan(0);
    expect(await wrong()).toEqual([]);
  });
});
