import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { startTestApp, svc, type TestApp } from './harness';

/**
 * One platform day (PLATFORM_TZ, default Asia/Shanghai) with the server's clock stopped at 23:30 and
 * at 00:30 China time. Both instants fall on 2026-11-22 in UTC (15:30Z and 16:30Z), so a day taken
 * from UTC or from the machine's zone would be wrong at one of them.
 */
const AT_2330 = '2026-11-22T23:30:00+08:00';
const AT_0030 = '2026-11-23T00:30:00+08:00';
const CAP_S = 60;

let app: TestApp;
let member: string;
let resource: { id: number; durationSeconds: number };
const study = (id: number) => app.call('POST', svc('ResourceLibaryService', 'ResrouceStudy'), { token: member, body: { periodSource: 1, resouceId: id } }).then((r) => r.body.result);
const declare = (studyDate: string, title = '参加支部主题党日') =>
  app.call('POST', svc('OfflinePeriodService', 'CreateOfflineReport'), { token: member, body: { title, studyDate, hours: 1 } });
const days = async () =>
  (await app.call('GET', svc('PeriodManageService', 'GetUserSyncPeriodList'), { token: member, query: { MaxResultCount: 10 } })).body.result.items.map((d: any) => [d.day, d.seconds]);

beforeAll(async () => {
  app = await startTestApp({ config: { studyDailyCapSeconds: CAP_S } });
  app.freeze(AT_2330);
  member = await app.login('member');
  const list = (await app.call('GET', svc('ResourceLibaryService', 'GetOrganResourceList'), { token: member, query: { MaxResultCount: 50 } })).body.result.items;
  const rows = await app.db.selectFrom('resources').select(['id', 'durationSeconds']).where('id', 'in', list.map((r: any) => r.id)).execute();
  // the longest resource the member may study: long enough to earn credit on both days
  resource = rows.sort((a, b) => (b.durationSeconds ?? 0) - (a.durationSeconds ?? 0))[0] as any;
  expect(resource.durationSeconds).toBeGreaterThan(CAP_S + 10);
});
afterAll(() => app?.close());

describe('the platform day (Asia/Shanghai) on the server', () => {
  it('sends the platform zone in the session data', async () => {
    const r = await app.call('POST', '/api/TokenAuth/Sigin', { body: { userName: 'member', password: 'Demo@123456' } });
    expect(r.body.result.timeZone).toBe('Asia/Shanghai');
  });

  it('refuses to start with an unknown PLATFORM_TZ', () => {
    expect(() => loadConfig({ PLATFORM_TZ: 'Asia/Atlantis' }, { dataDir: null })).toThrow(/PLATFORM_TZ/);
    expect(loadConfig({ PLATFORM_TZ: 'Asia/Urumqi' }, { dataDir: null }).platformTz).toBe('Asia/Urumqi');
  });

  it('at 23:30 China time: the study day is the 22nd and the daily cap is reached', async () => {
    await app.call('GET', svc('ResourceLibaryService', 'GetResourceById'), { token: member, query: { id: resource.id } });
    app.advance(60_000);
    expect((await study(resource.id)).credited).toBe(CAP_S);
    app.advance(60_000);
    expect(await study(resource.id)).toMatchObject({ studyState: 3, credited: 0, message: '今日学时已达上限，明天再来学习吧' });
    expect(await days()).toEqual([['2026-11-22', CAP_S]]);
  });

  it('at 23:30 China time a declaration dated today is accepted and tomorrow is refused', async () => {
    expect((await declare('2026-11-22')).status).toBe(200);
    const tomorrow = await declare('2026-11-23');
    expect(tomorrow.status).toBe(400);
    expect(tomorrow.body.error.validationErrors[0]).toMatchObject({ message: '学习日期不能晚于今天', members: ['studyDate'] });
    const noSuchDay = await declare('2026-02-30');
    expect(noSuchDay.status).toBe(400);
    expect(noSuchDay.body.error.validationErrors[0].message).toBe('学习日期格式不正确');
  });

  it('at 00:30 China time (still the 22nd in UTC) the day and its cap roll over', async () => {
    app.freeze(AT_0030);
    // more than a minute since the last report: one report earns at most 60 s, up to the resource's end
    const r = await study(resource.id);
    const expected = Math.min(60, resource.durationSeconds - CAP_S, CAP_S);
    expect(r.credited).toBe(expected);
    expect(await days()).toEqual([['2026-11-23', expected], ['2026-11-22', CAP_S]]);
  });

  it('at 00:30 China time a declaration dated the new day is accepted, and the member’s list shows that day', async () => {
    const r = await declare('2026-11-23', '参加专题党课');
    expect(r.status).toBe(200);
    expect(r.body.result.studyDate).toBe('2026-11-23');
    expect((await declare('2026-11-24')).status).toBe(400);
    const mine = (await app.call('GET', svc('OfflinePeriodService', 'GetMyOffineReportPageList'), { token: member })).body.result.items;
    expect(mine.map((d: any) => [d.title, d.studyDate])).toEqual([['参加专题党课', '2026-11-23'], ['参加支部主题党日', '2026-11-22']]);
  });

  it('follows PLATFORM_TZ: in Urumqi time (UTC+6) it is still the 22nd at 00:30 China time', async () => {
    const saved = app.ctx.config.platformTz;
    app.ctx.config.platformTz = 'Asia/Urumqi';
    try {
      const r = await declare('2026-11-23', '乌鲁木齐时间');
      expect(r.status).toBe(400);
      expect(r.body.error.validationErrors[0].message).toBe('学习日期不能晚于今天');
    } finally {
      app.ctx.config.platformTz = saved;
    }
  });
});
