/**
 * Each member's 学时 of a year are kept by the study writes (migration 044, member_study_years):
 * after study-day inserts, updates and deletes, a day moved across the platform year's boundary,
 * offline reports filed, approved, edited, rejected and deleted, and concurrent writers, the kept
 * rows equal sums of the raw rows. The province's and cities' 学时达标进度 is the summary the job
 * `study.progress` writes: after member transfers, status changes and study writes it equals the
 * progress computed from the members at the moment it was summed; a member rule set since makes
 * the call compute it again until the job has run.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organProgress } from '../../src/server/domains/study/organ-progress';
import { refreshProgress } from '../../src/server/domains/study/study-progress';
import { platformDay } from '../../src/server/platform-day';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
let province: { token: string; organId: number; organPath: string };
let year: number;
beforeAll(async () => {
  // the summary on, its periodic run far away: the test runs the job's work itself
  app = await startTestApp({ config: { studyProgressSeconds: 86_400 } });
  province = await signInAsAdmin(app, 'admin');
  year = Number(platformDay(app.ctx).slice(0, 4));
});
afterAll(() => app?.close());

async function expectYearsInStep() {
  const kept = await sql<{ k: string; s: string; h: string }>`
    select user_id || '/' || year as k, online_seconds::text as s, offline_hours::numeric(14,2)::text as h from member_study_years
    where online_seconds <> 0 or offline_hours <> 0`.execute(app.db);
  const raw = await sql<{ k: string; s: string; h: string }>`
    select k, sum(s)::text as s, sum(h)::numeric(14,2)::text as h from (
      select user_id || '/' || extract(year from day)::int as k, seconds::bigint as s, 0::numeric as h from study_days
      union all select user_id || '/' || extract(year from study_date)::int, 0, hours from offline_reports where status = 1 and not is_deleted) x
    group by k having sum(s) <> 0 or sum(h) <> 0`.execute(app.db);
  const map = (rows: { k: string; s: string; h: string }[]) => Object.fromEntries(rows.map((r) => [r.k, `${r.s}s ${r.h}h`]));
  const [k, r] = [map(kept.rows), map(raw.rows)];
  expect(Object.keys(r).length).toBeGreaterThan(3);
  const differ = [...new Set([...Object.keys(k), ...Object.keys(r)])].filter((x) => k[x] !== r[x]);
  expect(differ.map((x) => ({ key: x, kept: k[x], raw: r[x] }))).toEqual([]);
}

const members = async (n: number) =>
  (await sql<{ userId: number; organId: number; organPath: string }>`
    select user_id, organ_id, organ_path from party_members where status = 1 and not is_deleted and user_id is not null order by id limit ${n}`.execute(app.db)).rows;
const resourceId = async () => Number((await sql<{ id: number }>`select id from resources order by id limit 1`.execute(app.db)).rows[0].id);

describe('member_study_years kept by the study writes', () => {
  it('the seeded province, then every kind of study write', async () => {
    const [a, b, c] = await members(3);
    const res = await resourceId();
    await sql`insert into study_days (user_id, resource_id, day, seconds, reports) values
      (${a.userId}, ${res}, ${`${year}-01-01`}, 1200, 1), (${a.userId}, ${res}, ${`${year - 1}-12-31`}, 700, 1), (${b.userId}, ${res}, ${`${year}-03-04`}, 300, 1)
      on conflict (user_id, resource_id, day) do update set seconds = study_days.seconds + excluded.seconds`.execute(app.db);
    await expectYearsInStep();
    // the study report's own upsert, then an edit, a day moved across the year's boundary, a delete
    await sql`insert into study_days (user_id, resource_id, day, seconds, reports) values (${a.userId}, ${res}, ${`${year}-01-01`}, 60, 1)
      on conflict (user_id, resource_id, day) do update set seconds = study_days.seconds + excluded.seconds, reports = study_days.reports + 1`.execute(app.db);
    await sql`update study_days set seconds = 10 where user_id = ${b.userId} and day = ${`${year}-03-04`}`.execute(app.db);
    await sql`update study_days set day = ${`${year - 1}-12-30`} where user_id = ${a.userId} and day = ${`${year}-01-01`}`.execute(app.db);
    await sql`update study_days set user_id = ${c.userId} where user_id = ${b.userId} and day = ${`${year}-03-04`}`.execute(app.db);
    await expectYearsInStep();
    await sql`delete from study_days where user_id = ${a.userId} and day = ${`${year - 1}-12-31`}`.execute(app.db);
    // offline reports: filed (pending), approved, edited, rejected, deleted, moved to another year
    const filed = await app.db.insertInto('offlineReports')
      .values([2.5, 1.25, 4].map((hours, i) => ({ userId: [a, b, c][i].userId, organId: a.organId, organPath: a.organPath, title: '集中学习', studyDate: `${year}-02-0${i + 1}`, hours, status: 0, evidence: JSON.stringify([]) }) as any))
      .returning('id').execute();
    const ids = filed.map((r) => Number(r.id));
    await expectYearsInStep();
    await sql`update offline_reports set status = 1 where id = any(${ids})`.execute(app.db);
    await expectYearsInStep();
    await sql`update offline_reports set hours = 3.75 where id = ${ids[0]}`.execute(app.db);
    await sql`update offline_reports set status = 2 where id = ${ids[1]}`.execute(app.db);
    await sql`update offline_reports set is_deleted = true where id = ${ids[2]}`.execute(app.db);
    await sql`update offline_reports set study_date = ${`${year - 1}-12-31`} where id = ${ids[0]}`.execute(app.db);
    await expectYearsInStep();
    await sql`delete from offline_reports where id = ${ids[0]}`.execute(app.db);
    await sql`update offline_reports set is_deleted = false where id = ${ids[2]}`.execute(app.db);
    await expectYearsInStep();
  });

  it('concurrent reports of the same and of different members lose nothing', async () => {
    const people = await members(4);
    const res = await resourceId();
    await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        app.db.transaction().execute(async (trx) => {
          const p = people[i % people.length];
          await sql`insert into study_days (user_id, resource_id, day, seconds, reports) values (${p.userId}, ${res}, ${`${year}-05-0${1 + (i % 3)}`}, ${10 + i}, 1)
            on conflict (user_id, resource_id, day) do update set seconds = study_days.seconds + excluded.seconds, reports = study_days.reports + 1`.execute(trx);
          if (i % 4 === 0) await sql`insert into offline_reports (user_id, organ_id, organ_path, title, study_date, hours, status) values (${p.userId}, ${p.organId}, ${p.organPath}, '并发', ${`${year}-06-01`}, 0.5, 1)`.execute(trx);
        }),
      ),
    );
    await expectYearsInStep();
  });
});

describe('学时达标进度 of the province and its cities: the summary of the job', () => {
  const organs = async () =>
    (await sql<{ id: number; organPath: string }>`select id, organ_path from organizations where not is_deleted and organ_path ~ '^/[0-9]+/([0-9]+/)?$' order by id`.execute(app.db)).rows;
  async function expectSummaryInStep() {
    await refreshProgress(app.ctx, year);
    const list = await organs();
    expect(list.length).toBeGreaterThan(1);
    for (const o of list) {
      const live = await organProgress(app.ctx, o.organPath, year);
      const kept = await app.db.selectFrom('organStudyProgress').selectAll().where('year', '=', year).where('organId', '=', o.id).executeTakeFirst();
      if (!kept) {
        expect(live.memberCount, o.organPath).toBe(0);
        continue;
      }
      const avg = (await sql<{ a: string | null }>`select (${kept.seconds}::bigint / 3600.0) / nullif(${kept.members}::int, 0) as a`.execute(app.db)).rows[0].a;
      expect({ memberCount: kept.members, passedCount: kept.passed, avg: kept.members ? Math.round(Number(avg) * 100) / 100 : null }, o.organPath).toEqual({
        memberCount: live.memberCount, passedCount: live.passedCount, avg: live.actualAvgHours,
      });
    }
  }

  it('equals the members\' progress after study writes, transfers between cities and status changes', async () => {
    const cityAdmin = await signInAsAdmin(app, 'cityadmin');
    await app.call('POST', svc('ExaminationService', 'SetUserExRuleForCurrentYear'), { token: cityAdmin.token, body: { onlinePassPeriodForYear: 0.5, offlinePassPeriodForYear: 0 } });
    const res = await resourceId();
    const [a, b, c] = await members(3);
    await sql`insert into study_days (user_id, resource_id, day, seconds, reports) values (${a.userId}, ${res}, ${`${year}-07-01`}, 3600, 1), (${b.userId}, ${res}, ${`${year}-07-01`}, 900, 1)
      on conflict (user_id, resource_id, day) do update set seconds = study_days.seconds + excluded.seconds`.execute(app.db);
    await expectSummaryInStep();
    const cities = (await organs()).filter((o) => o.organPath.split('/').filter(Boolean).length === 2);
    const other = cities.find((o) => !a.organPath.startsWith(o.organPath))!;
    await sql`update party_members set organ_id = ${other.id}, organ_path = ${other.organPath} where user_id = ${a.userId}`.execute(app.db);
    await sql`update party_members set status = 2 where user_id = ${c.userId}`.execute(app.db);
    await expectSummaryInStep();
    await sql`update party_members set organ_id = ${a.organId}, organ_path = ${a.organPath} where user_id = ${a.userId}`.execute(app.db);
    await sql`update party_members set status = 1 where user_id = ${c.userId}`.execute(app.db);
    await expectSummaryInStep();
  });

  it('OrganTargetProgress answers the summary (asOf), and computes again after a member rule is set until the job runs', async () => {
    await refreshProgress(app.ctx, year);
    const call = async () => ok<{ memberCount: number; passedCount: number; asOf: string | null }>(await app.call('GET', svc('PeriodManageService', 'OrganTargetProgress'), { token: province.token }));
    const kept = await call();
    expect(kept.asOf).not.toBeNull();
    const live = await organProgress(app.ctx, province.organPath, year);
    expect([kept.memberCount, kept.passedCount]).toEqual([live.memberCount, live.passedCount]);
    // a stricter rule at the province (members outside the city follow it): the answer follows at once —
    // computed again, or summed by the job the rule queued if that already ran after it
    app.advance(1000);
    const ruleAt = app.ctx.now().getTime();
    ok(await app.call('POST', svc('ExaminationService', 'SetUserExRuleForCurrentYear'), { token: province.token, body: { onlinePassPeriodForYear: 2000, offlinePassPeriodForYear: 0 } }));
    const after = await call();
    const now = await organProgress(app.ctx, province.organPath, year);
    if (after.asOf) expect(new Date(after.asOf).getTime()).toBeGreaterThan(ruleAt);
    expect(after.passedCount).toBe(now.passedCount);
    app.advance(1000);
    await refreshProgress(app.ctx, year);
    const summed = await call();
    expect(summed.asOf).not.toBeNull();
    expect(summed.passedCount).toBe(now.passedCount);
  });
});
