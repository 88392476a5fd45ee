/**
 * 考核设置 (ExaminationService) on the real server: access, the caller's subtree (by
 * organisation id too), the nearest ancestor's rule, the current year in the platform zone, Chinese
 * validation, and the progress 学时核查 and 学习考核 show.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organProgress } from '../../src/server/domains/study/organ-progress';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
let district: string;
let district2: string;
let city: string;
let member: string;
let memberUserId: number;
let pidu: number;
let wenjiang: number;

const E = (action: string) => svc('ExaminationService', action);
const organId = async (name: string) => (await app.db.selectFrom('organizations').select('id').where('organName', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  app = await startTestApp();
  // 2026-12-31 16:30 UTC is already 2027-01-01 00:30 in Asia/Shanghai: "this year" is 2027
  app.freeze('2026-12-31T16:30:00Z');
  district = (await signInAsAdmin(app, 'districtadmin')).token;
  district2 = (await signInAsAdmin(app, 'district2admin')).token;
  city = (await signInAsAdmin(app, 'cityadmin')).token;
  member = await app.login('member');
  memberUserId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
  pidu = await organId('中共成都市郫都区委员会');
  wenjiang = await organId('中共成都市温江区委员会');
});
afterAll(async () => {
  await app?.close();
});

describe('access', () => {
  it('401 without a token, 403 without the 考核设置 permission', async () => {
    for (const [m, a] of [['GET', 'UserExaminationRuleList'], ['GET', 'OrganExaminationRuleList'], ['POST', 'SetUserExRuleForCurrentYear'], ['POST', 'SetOrganExRuleForCurrentYear']]) {
      const body = m === 'POST' ? { onlinePassPeriodForYear: 1, offlinePassPeriodForYear: 1, passRate: 50 } : undefined;
      expect((await app.call(m, E(a), { body })).status).toBe(401);
      const r = await app.call(m, E(a), { token: member, body });
      expect(r.status).toBe(403);
      expect(r.body.error.message).toContain('Pages.Administration.Assessment');
    }
    expect((await app.call('GET', E('MyExamination'))).status).toBe(401);
  });
});

describe('rules', () => {
  it('the current year is the platform zone\'s: set at 2026-12-31T16:30Z it is 2027', async () => {
    const r = ok(await app.call('POST', E('SetUserExRuleForCurrentYear'), { token: city, body: { onlinePassPeriodForYear: 20, offlinePassPeriodForYear: 5 } }));
    expect(r).toMatchObject({ year: 2027, organName: '中共成都市委员会', onlinePassPeriodForYear: 20, offlinePassPeriodForYear: 5, requiredHours: 25, assessType: 1 });
    const list = ok(await app.call('GET', E('UserExaminationRuleList'), { token: city }));
    expect(list.currentYear).toBe(2027);
    expect(ok(await app.call('GET', E('UserExaminationRuleList'), { token: city, query: { year: 2026 } })).items).toEqual([]);
  });

  it('the nearest ancestor\'s rule applies until a lower organisation sets its own', async () => {
    // both districts inherit the city's rule
    for (const t of [district, district2]) {
      const items = ok(await app.call('GET', E('UserExaminationRuleList'), { token: t })).items;
      expect(items).toEqual([expect.objectContaining({ organName: '中共成都市委员会', year: 2027, isOwn: false, applies: true, source: '上级组织设置（中共成都市委员会）' })]);
    }
    expect(ok(await app.call('GET', E('MyExamination'), { token: member })).rule).toMatchObject({ organName: '中共成都市委员会', onlinePassPeriodForYear: 20 });

    // 温江区 sets its own: it applies there (and to its members), not in 郫都区
    ok(await app.call('POST', E('SetUserExRuleForCurrentYear'), { token: district, body: { onlinePassPeriodForYear: 8, offlinePassPeriodForYear: 4 } }));
    const own = ok(await app.call('GET', E('UserExaminationRuleList'), { token: district })).items;
    expect(own.map((r: any) => [r.organName, r.applies, r.isOwn])).toEqual([['中共成都市温江区委员会', true, true], ['中共成都市委员会', false, false]]);
    const sibling = ok(await app.call('GET', E('UserExaminationRuleList'), { token: district2 })).items;
    expect(sibling.map((r: any) => [r.organName, r.applies])).toEqual([['中共成都市委员会', true]]);
    expect(ok(await app.call('GET', E('MyExamination'), { token: member })).rule).toMatchObject({ organName: '中共成都市温江区委员会', onlinePassPeriodForYear: 8, offlinePassPeriodForYear: 4 });

    // setting again this year replaces the rule (one per organisation, year and kind)
    ok(await app.call('POST', E('SetUserExRuleForCurrentYear'), { token: district, body: { onlinePassPeriodForYear: 8, offlinePassPeriodForYear: 4, assessType: '1' } }));
    expect(ok(await app.call('GET', E('UserExaminationRuleList'), { token: district })).totalCount).toBe(2);
  });

  it('organisation targets: set, listed with the ancestors\', the nearest applies', async () => {
    ok(await app.call('POST', E('SetOrganExRuleForCurrentYear'), { token: city, body: { passRate: 90, avgPeriodForYear: 30 } }));
    const r = ok(await app.call('POST', E('SetOrganExRuleForCurrentYear'), { token: district, body: { passRate: 95 } }));
    expect(r).toMatchObject({ year: 2027, assessType: 2, passRate: 95, avgPeriodForYear: null, organName: '中共成都市温江区委员会' });
    const items = ok(await app.call('GET', E('OrganExaminationRuleList'), { token: district })).items;
    expect(items.map((i: any) => [i.organName, i.passRate, i.applies])).toEqual([['中共成都市温江区委员会', 95, true], ['中共成都市委员会', 90, false]]);
    // the member rules are a list of their own
    expect(items.every((i: any) => i.onlinePassPeriodForYear === undefined)).toBe(true);
  });
});

describe('scope', () => {
  it('a district administrator sets and lists his district, not a sibling — by id too', async () => {
    const set = await app.call('POST', E('SetUserExRuleForCurrentYear'), { token: district, body: { organId: pidu, onlinePassPeriodForYear: 1, offlinePassPeriodForYear: 1 } });
    expect(set.status).toBe(403);
    expect(set.body.error.message).toBeTruthy();
    expect((await app.call('POST', E('SetOrganExRuleForCurrentYear'), { token: district, body: { organId: pidu, passRate: 1 } })).status).toBe(403);
    expect((await app.call('GET', E('UserExaminationRuleList'), { token: district, query: { organId: pidu } })).status).toBe(403);
    expect((await app.call('GET', E('OrganExaminationRuleList'), { token: district, query: { organId: pidu } })).status).toBe(403);
    // an id that does not exist answers like one beyond the subtree
    expect((await app.call('POST', E('SetUserExRuleForCurrentYear'), { token: district, body: { organId: 99999999, onlinePassPeriodForYear: 1, offlinePassPeriodForYear: 1 } })).status).toBe(403);
    // upwards is outside too: a district does not set its city's rule
    const cityId = await organId('中共成都市委员会');
    expect((await app.call('POST', E('SetUserExRuleForCurrentYear'), { token: district, body: { organId: cityId, onlinePassPeriodForYear: 1, offlinePassPeriodForYear: 1 } })).status).toBe(403);
    // 郫都区 kept the city's rule
    expect(ok(await app.call('GET', E('UserExaminationRuleList'), { token: district2 })).items.map((r: any) => r.organName)).toEqual(['中共成都市委员会']);
    // the city may name a district of its subtree
    ok(await app.call('POST', E('SetOrganExRuleForCurrentYear'), { token: city, body: { organId: wenjiang, passRate: 96 } }));
    expect(ok(await app.call('GET', E('OrganExaminationRuleList'), { token: district })).items[0]).toMatchObject({ passRate: 96, isOwn: true });
  });
});

describe('validation', () => {
  it('bad input is a Chinese 400, never a 500', async () => {
    const cases: [string, unknown, string][] = [
      ['SetUserExRuleForCurrentYear', { offlinePassPeriodForYear: 1 }, '请输入线上学时年度达标最低学时'],
      ['SetUserExRuleForCurrentYear', { onlinePassPeriodForYear: -1, offlinePassPeriodForYear: 1 }, '线上学时最低要求须在0至2000小时之间'],
      ['SetUserExRuleForCurrentYear', { onlinePassPeriodForYear: 1, offlinePassPeriodForYear: 'abc' }, '线下学时最低要求须在0至2000小时之间'],
      ['SetOrganExRuleForCurrentYear', { passRate: 120 }, '党员学时达标率目标须在0至100之间'],
      ['SetOrganExRuleForCurrentYear', {}, '请输入党员学时达标率目标'],
      ['SetOrganExRuleForCurrentYear', { passRate: 50, avgPeriodForYear: -3 }, '人均学时目标须在0至2000小时之间'],
    ];
    for (const [a, body, message] of cases) {
      const r = await app.call('POST', E(a), { token: district, body });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.validationErrors.map((e: any) => e.message)).toContain(message);
    }
    const y = await app.call('GET', E('UserExaminationRuleList'), { token: district, query: { year: 'abc' } });
    expect(y.status).toBe(400);
    expect(y.body.error.validationErrors[0].message).toBe('年度须在2000至2100之间');
  });
});

describe('progress', () => {
  it('学时核查 and 学习考核 show the requirement of the year and the progress against it', async () => {
    // 2027's 学时 of the member: 10 h online, 2 h approved offline (and 3 h still pending, not counted)
    const resource = await app.db.selectFrom('resources').select('id').executeTakeFirstOrThrow();
    const m = await app.db.selectFrom('partyMembers').select(['organId', 'organPath', 'name']).where('userId', '=', memberUserId).executeTakeFirstOrThrow();
    await app.db.insertInto('studyDays').values({ userId: memberUserId, resourceId: resource.id, day: '2027-01-01', seconds: 36000, reports: 600 } as any).execute();
    for (const [hours, status] of [[2, 1], [3, 0]]) {
      await app.db.insertInto('offlineReports').values({ userId: memberUserId, organId: m.organId!, organPath: m.organPath, title: '集中学习', studyDate: '2027-01-01', hours, status, evidence: JSON.stringify([]) } as any).execute();
    }
    // 温江区's rule: 8 h online (met), 4 h offline (half): (8 + 2) / 12 = 83.33 %
    const page = ok(await app.call('GET', svc('PeriodManageService', 'PeriodCheckPageList'), { token: district, query: { name: m.name, year: 2027 } }));
    expect(page.assessYear).toBe(2027);
    const row = page.items.find((i: any) => i.userId === memberUserId);
    expect(row).toMatchObject({ onlineHours: 10, offlineHours: 2, totalHours: 12, requiredHours: 12, completionRate: 83.33, isPassed: false, assessText: '未达标' });
    // the district against its organisation target (set by the city above: 96 %): a call of its own beside the list
    const target = (query: Record<string, unknown>, token = district) => app.call('GET', svc('PeriodManageService', 'OrganTargetProgress'), { token, query });
    const progress = ok(await target({ year: 2027 }));
    expect(progress).toMatchObject({ year: 2027, passRate: 96, targetSource: '本组织设置', isReached: false, progressText: '未达成' });
    expect(progress.memberCount).toBeGreaterThan(1);
    const passedBefore = progress.passedCount;
    // scope and input: a sibling district's path is refused, a bad year is a Chinese 400, no token a 401
    const pidu = await app.db.selectFrom('organizations').select('organPath').where('organName', '=', '中共成都市郫都区委员会').executeTakeFirstOrThrow();
    expect((await target({ organPath: pidu.organPath })).status).toBe(403);
    expect((await target({ year: 'x' })).status).toBe(400);
    expect((await app.call('GET', svc('PeriodManageService', 'OrganTargetProgress'), { token: null })).status).toBe(401);
    expect((await target({}, member)).status).toBe(403);
    // without a year: this platform year's progress
    const now = ok(await app.call('GET', svc('PeriodManageService', 'PeriodCheckPageList'), { token: district, query: { name: m.name } }));
    expect(now.assessYear).toBe(2027);
    expect(now.items.find((i: any) => i.userId === memberUserId)).toMatchObject({ requiredHours: 12, completionRate: 83.33 });
    // a year without a rule
    const past = ok(await app.call('GET', svc('PeriodManageService', 'PeriodCheckPageList'), { token: district, query: { name: m.name, year: 2020 } }));
    expect(past.items.find((i: any) => i.userId === memberUserId)).toMatchObject({ requiredHours: null, completionRate: null, isPassed: null, assessText: '未设置' });
    expect(ok(await target({ year: 2020 }))).toMatchObject({ year: 2020, passRate: null, targetSource: '未设置', progressText: '未设置目标' });

    const mine = ok(await app.call('GET', svc('ExaminationService', 'MyExamination'), { token: member }));
    expect(mine).toMatchObject({ year: 2027, onlineHours: 10, offlineHours: 2, totalHours: 12, requiredHours: 12, completionRate: 83.33, isPassed: false });

    // another approved 2 h offline: both requirements met
    await app.db.updateTable('offlineReports').set({ status: 1 }).where('userId', '=', memberUserId).where('studyDate', '=', '2027-01-01').execute();
    expect(ok(await app.call('GET', svc('ExaminationService', 'MyExamination'), { token: member }))).toMatchObject({ offlineHours: 5, completionRate: 100, isPassed: true });
    // and he now counts among the district's members who pass
    expect(ok(await target({ year: 2027 })).passedCount).toBe(passedBefore + 1);
    expect(ok(await app.call('GET', svc('ExaminationService', 'MyExamination'), { token: member, query: { year: 2020 } }))).toMatchObject({ year: 2020, rule: null });
  });

  it('a city and a district agree with the figures counted member by member', async () => {
    // one rule lookup and two sums per member: the reference
    const reference = async (organPath: string, year: number) => {
      const [from, to] = [`${year}-01-01`, `${year}-12-31`];
      const r = (await sql<any>`
        with m as (
          select
            coalesce((select sum(d.seconds) from study_days d where d.user_id = pm.user_id and d.day between ${from} and ${to}), 0) as on_s,
            coalesce((select sum(f.hours) from offline_reports f where f.user_id = pm.user_id and f.status = 1 and not f.is_deleted and f.study_date between ${from} and ${to}), 0) as off_h,
            rule.req_on, rule.req_off
          from party_members pm
          left join lateral (
            select r.online_pass_period_for_year as req_on, r.offline_pass_period_for_year as req_off from examination_rules r
            where r.assess_type = 1 and r.year = ${year} and pm.organ_path like r.organ_path || '%' order by length(r.organ_path) desc limit 1
          ) rule on true
          where not pm.is_deleted and pm.status = 1 and pm.user_id is not null and pm.organ_path like ${`${organPath}%`}
        )
        select count(*) as members,
          count(*) filter (where (req_on is not null or req_off is not null)
            and floor(on_s) >= round(greatest(coalesce(req_on, 0), 0) * 3600)
            and round(off_h * 3600) >= round(greatest(coalesce(req_off, 0), 0) * 3600)) as passed,
          avg(on_s / 3600.0 + off_h) as avg
        from m`.execute(app.db)).rows[0];
      return { memberCount: Number(r.members), passedCount: Number(r.passed), actualAvgHours: Math.round(Number(r.avg ?? 0) * 100) / 100 };
    };
    // more 学时 of 2027: members of 郫都区 (under the city's rule, 20 h + 5 h) and of 温江区 (its own, 8 h + 4 h), some enough, some not
    const resource = await app.db.selectFrom('resources').select('id').executeTakeFirstOrThrow();
    const cityPath = (await app.db.selectFrom('organizations').select('organPath').where('organName', '=', '中共成都市委员会').executeTakeFirstOrThrow()).organPath;
    const [piduPath, wenjiangPath] = await Promise.all([pidu, wenjiang].map(async (id) => (await app.db.selectFrom('organizations').select('organPath').where('id', '=', id).executeTakeFirstOrThrow()).organPath));
    for (const [path, online, offline] of [[piduPath, 25, 6], [piduPath, 25, 1], [wenjiangPath, 8, 4], [wenjiangPath, 7.9, 4]] as const) {
      const m = await app.db.selectFrom('partyMembers').select(['userId', 'organId', 'organPath']).where('organPath', 'like', `${path}%`).where('status', '=', 1).where('isDeleted', '=', false)
        .where('userId', 'is not', null).where('userId', '!=', memberUserId)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('studyDays as d').select('d.userId').whereRef('d.userId', '=', 'partyMembers.userId'))))
        .orderBy('id').executeTakeFirstOrThrow();
      await app.db.insertInto('studyDays').values({ userId: m.userId!, resourceId: resource.id, day: '2027-01-02', seconds: Math.round(online * 3600), reports: 1 } as any).execute();
      await app.db.insertInto('offlineReports').values({ userId: m.userId!, organId: m.organId!, organPath: m.organPath, title: '集中学习', studyDate: '2027-01-02', hours: offline, status: 1, evidence: JSON.stringify([]) } as any).execute();
    }
    const byCity = ok(await app.call('GET', svc('PeriodManageService', 'OrganTargetProgress'), { token: city, query: { year: 2027 } }));
    const byDistrict = ok(await app.call('GET', svc('PeriodManageService', 'OrganTargetProgress'), { token: district, query: { year: 2027 } }));
    const [refCity, refDistrict] = [await reference(cityPath, 2027), await reference(wenjiangPath, 2027)];
    expect(refCity.passedCount).toBeGreaterThanOrEqual(3);
    expect(refDistrict.passedCount).toBeGreaterThanOrEqual(2);
    expect(byCity).toMatchObject(refCity);
    expect(byDistrict).toMatchObject(refDistrict);
    // the same by a rule lookup per organisation (what many rules inside the subtree take), wide and narrow
    for (const [path, ref] of [[cityPath, refCity], [wenjiangPath, refDistrict]] as const) {
      expect(await organProgress(app.ctx, path, 2027, 0)).toMatchObject(ref);
      expect(await organProgress(app.ctx, path, 2027)).toMatchObject(ref);
    }
    // and a year without member rules: nobody passes, the averages still count
    expect(ok(await app.call('GET', svc('PeriodManageService', 'OrganTargetProgress'), { token: city, query: { year: 2020 } }))).toMatchObject(await reference(cityPath, 2020));
  });
});

describe('学时核查 at any depth', () => {
  it('pages walk the subtree in one order, each row’s 学时 equal to the raw rows (this year and all years)', async () => {
    const call = ({ year, ...query }: Record<string, unknown>) => app.call('GET', svc('PeriodManageService', 'PeriodCheckPageList'), { token: district, query: year ? { ...query, year } : query });
    for (const year of [undefined, 2027]) {
      const whole = ok(await call({ year, maxResultCount: 1000 })).items as { userId: number; onlineHours: number; offlineHours: number }[];
      const walked: typeof whole = [];
      for (let skip = 0; skip < whole.length; skip += 7) walked.push(...ok(await call({ year, skipCount: skip, maxResultCount: 7 })).items);
      expect(walked.map((r) => r.userId)).toEqual(whole.map((r) => r.userId));
      const ids = whole.map((r) => r.userId);
      const from = year ? sql`and d.day between ${`${year}-01-01`} and ${`${year}-12-31`}` : sql``;
      const offFrom = year ? sql`and f.study_date between ${`${year}-01-01`} and ${`${year}-12-31`}` : sql``;
      const online = year
        ? await sql<{ userId: number; s: string }>`select d.user_id, sum(d.seconds)::text as s from study_days d where d.user_id = any(${ids}) ${from} group by 1`.execute(app.db)
        : await sql<{ userId: number; s: string }>`select t.user_id, sum(t.seconds)::text as s from study_totals t where t.user_id = any(${ids}) group by 1`.execute(app.db);
      const offline = await sql<{ userId: number; h: string }>`select f.user_id, sum(f.hours)::text as h from offline_reports f where f.user_id = any(${ids}) and f.status = 1 and not f.is_deleted ${offFrom} group by 1`.execute(app.db);
      const seconds = new Map(online.rows.map((r) => [Number(r.userId), Number(r.s)]));
      const hoursOf = new Map(offline.rows.map((r) => [Number(r.userId), Number(r.h)]));
      for (const r of whole) {
        expect(r.offlineHours, `${r.userId}`).toBeCloseTo(hoursOf.get(r.userId) ?? 0, 2);
        expect(Math.abs(r.onlineHours - (seconds.get(r.userId) ?? 0) / 3600), `${r.userId}`).toBeLessThan(0.01);
      }
      expect(whole.some((r) => r.onlineHours > 0) && whole.some((r) => r.offlineHours > 0)).toBe(true);
    }
  });
});

