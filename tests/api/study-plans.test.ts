import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, svc, type TestApp } from './harness';

/**
 * The study report's plans whatever the tables' size history: the function's plans are
 * made once per connection, on a new database while the study tables are empty, and kept as the
 * tables grow. They must stay lookups of the member's own rows: the answers after a bulk growth are
 * those of the rules, and the function plans without sequential scans (migration 014).
 */
let app: TestApp;
let member: string;
let userId: number;
let doc: any;
let other: any;
const study = (id: number, seconds = 60) =>
  app.call('POST', svc('ResourceLibaryService', 'ResrouceStudy'), { token: member, body: { periodSource: 1, resouceId: id, seconds } }).then((r) => {
    expect(r.status).toBe(200);
    return r.body.result;
  });

beforeAll(async () => {
  app = await startTestApp({ config: { studyDailyCapSeconds: 100 } });
  app.freeze('2026-11-20T10:00:00+08:00');
  member = await app.login('member');
  userId = Number((await sql<{ id: number }>`select id from users where user_name = 'member'`.execute(app.db)).rows[0].id);
  const list = (await app.call('GET', svc('ResourceLibaryService', 'GetOrganResourceList'), { token: member, query: { MaxResultCount: 50 } })).body.result;
  const docs = list.items.filter((r: any) => r.resourceType === 4 && r.durationSeconds === 300);
  [doc, other] = docs;
  expect(other).toBeTruthy();
});
afterAll(() => app?.close());

describe('study_report after the study tables grew in bulk', () => {
  it('plans without sequential scans, whatever the statistics say', async () => {
    const cfg = (await sql<{ cfg: string[] }>`select proconfig as cfg from pg_proc where proname = 'study_report'`.execute(app.db)).rows;
    expect(cfg.length).toBeGreaterThan(0);
    for (const r of cfg) expect(r.cfg).toContain('enable_seqscan=off');
  });

  it('credits by the rules when the plans were made on empty tables and the tables grew since', async () => {
    await app.call('GET', svc('ResourceLibaryService', 'GetResourceById'), { token: member, query: { id: doc.id } });
    app.advance(61_000);
    // the first reports, on empty study tables: the connection makes the function's plans
    expect(await study(doc.id)).toMatchObject({ studyState: 1, credited: 60, seconds: 60 });
    // years of history on every resource (never today's), and 30 s today on another resource
    await sql`insert into study_days (user_id, resource_id, day, seconds, reports)
      select ${userId}::bigint, r.id, date '2026-11-19' - g, 60, 1 from resources r, generate_series(0, 1500) g
      on conflict do nothing`.execute(app.db);
    await sql`insert into study_days (user_id, resource_id, day, seconds, reports) values (${userId}, ${other.id}, date '2026-11-20', 30, 1)`.execute(app.db);
    await sql`insert into study_totals (user_id, resource_id, seconds, organ_path)
      select ${userId}::bigint, r.id, 120, '/' from resources r where r.id <> ${doc.id} on conflict do nothing`.execute(app.db);
    const n = Number((await sql<{ n: number }>`select count(*) as n from study_days`.execute(app.db)).rows[0].n);
    expect(n).toBeGreaterThan(15_000);
    app.advance(60_000);
    // today: 60 s on this resource and 30 s on the other, of a day's 100: 10 s left
    expect(await study(doc.id)).toMatchObject({ studyState: 3, credited: 10, seconds: 70 });
    app.advance(60_000);
    expect(await study(doc.id)).toMatchObject({ studyState: 3, credited: 0, seconds: 70 });
    const day = (await sql<{ seconds: number; reports: number }>`select seconds, reports from study_days where user_id = ${userId} and resource_id = ${doc.id} and day = date '2026-11-20'`.execute(app.db)).rows[0];
    expect(day).toMatchObject({ seconds: 70, reports: 2 });
  });
});
