/**
 * Offline study declarations (issue 32): what one member declares for one platform day, pending and
 * approved together, never exceeds 24 hours (a rejected one frees its hours), also when two are sent
 * at once; a day before the assessment year's start (the platform zone's calendar year) or before the
 * member joined the party is refused with the reason, as is a day after today.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ok, startTestApp, svc, type TestApp } from './harness';

const O = (action: string) => svc('OfflinePeriodService', action);
let app: TestApp;
let member: string;
let memberUserId: number;
let district: string;
let n = 0;
/** each body differs (title): the repeat-submit guard must not be what refuses */
const declare = (token: string, studyDate: string, hours: number) =>
  app.call('POST', O('CreateOfflineReport'), { token, body: { title: `线下学习第${++n}次`, studyDate, hours } });
const message = (r: { body: any }) => r.body.error?.validationErrors?.[0]?.message ?? r.body.error?.message;

beforeAll(async () => {
  app = await startTestApp();
  // 2026-06-15 12:00 in Shanghai
  app.freeze('2026-06-15T04:00:00Z');
  member = await app.login('member');
  memberUserId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
  await app.db.updateTable('partyMembers').set({ partyMember: sql`coalesce(party_member, '{}'::jsonb) || '{"joinPartyDate": "2010-07-01"}'::jsonb` }).where('userId', '=', memberUserId).execute();
  const token = await app.login('districtadmin');
  const role = ok<any[]>(await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token }))[0];
  ok(await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } }));
  district = token;
});
afterAll(async () => app?.close());

describe('one day holds 24 hours', () => {
  it('three declarations of 24 h for the same day: the second and third are refused', async () => {
    expect(ok(await declare(member, '2026-06-01', 24)).hours).toBe(24);
    const second = await declare(member, '2026-06-01', 24);
    expect(second.status).toBe(400);
    expect(message(second)).toBe('2026-06-01已申报满24小时（含待审核），不能再申报');
    expect(second.body.error.validationErrors[0].members).toEqual(['hours']);
    expect((await declare(member, '2026-06-01', 24)).status).toBe(400);
    // another day is another 24 hours
    expect((await declare(member, '2026-06-02', 24)).status).toBe(200);
  });

  it('10 + 10 + 5: the third is refused with the hours left; 4 fits', async () => {
    expect((await declare(member, '2026-06-03', 10)).status).toBe(200);
    expect((await declare(member, '2026-06-03', 10)).status).toBe(200);
    const third = await declare(member, '2026-06-03', 5);
    expect(third.status).toBe(400);
    expect(message(third)).toBe('2026-06-03已申报20小时（含待审核），当日最多还能申报4小时：一天的申报合计不能超过24小时');
    expect((await declare(member, '2026-06-03', 4)).status).toBe(200);
    expect((await declare(member, '2026-06-03', 0.5)).status).toBe(400);
  });

  it('approved hours count; rejected and deleted ones free the day', async () => {
    const a = ok(await declare(member, '2026-06-04', 12));
    const b = ok(await declare(member, '2026-06-04', 12));
    ok(await app.call('POST', O('AuditOffinePeriod'), { token: district, body: { id: a.id, approved: true } }));
    expect(message(await declare(member, '2026-06-04', 1))).toBe('2026-06-04已申报满24小时（含待审核），不能再申报');
    ok(await app.call('POST', O('AuditOffinePeriod'), { token: district, body: { id: b.id, approved: false, remark: '佐证不足' } }));
    const c = ok(await declare(member, '2026-06-04', 11.5));
    expect(message(await declare(member, '2026-06-04', 1))).toContain('当日最多还能申报0.5小时');
    ok(await app.call('POST', O('DelteOfflineReport'), { token: member, body: { id: c.id } }));
    expect((await declare(member, '2026-06-04', 12)).status).toBe(200);
  });

  it('two sent at once cannot together exceed the day', async () => {
    const both = await Promise.all([declare(member, '2026-06-05', 13), declare(member, '2026-06-05', 13)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const five = await Promise.all(Array.from({ length: 5 }, () => declare(member, '2026-06-06', 6)));
    expect(five.filter((r) => r.status === 200).length).toBe(4);
    const total = await app.db
      .selectFrom('offlineReports')
      .select(sql<number>`sum(hours)`.as('h'))
      .where('userId', '=', memberUserId)
      .where('studyDate', '=', '2026-06-06')
      .where('isDeleted', '=', false)
      .executeTakeFirstOrThrow();
    expect(Number(total.h)).toBe(24);
  });
});

describe('which days may be declared', () => {
  it('a day before the assessment year is refused with the reason', async () => {
    const old = await declare(member, '1990-01-01', 2);
    expect(old.status).toBe(400);
    expect(message(old)).toBe('学习日期不能早于本考核年度的开始（2026-01-01），往年的学时不能再申报');
    expect(old.body.error.validationErrors[0].members).toEqual(['studyDate']);
    expect(message(await declare(member, '2025-12-31', 2))).toContain('本考核年度的开始（2026-01-01）');
    expect((await declare(member, '2026-01-01', 2)).status).toBe(200);
  });

  it('the year is the platform zone\'s: at 00:30 on 1 January in Shanghai (still 31 December in UTC) the old year is closed', async () => {
    app.freeze('2026-12-31T16:30:00Z');
    try {
      const token = await app.login('member');
      expect(message(await declare(token, '2026-12-31', 1))).toBe('学习日期不能早于本考核年度的开始（2027-01-01），往年的学时不能再申报');
      expect((await declare(token, '2027-01-01', 1)).status).toBe(200);
    } finally {
      app.freeze('2026-06-15T04:00:00Z');
    }
  });

  it('a day before the member joined the party is refused with his joining date', async () => {
    await app.db.updateTable('partyMembers').set({ partyMember: sql`party_member || '{"joinPartyDate": "2026-03-10"}'::jsonb` }).where('userId', '=', memberUserId).execute();
    const before = await declare(member, '2026-03-09', 2);
    expect(before.status).toBe(400);
    expect(message(before)).toBe('学习日期不能早于您的入党日期（2026-03-10）');
    expect((await declare(member, '2026-03-10', 2)).status).toBe(200);
  });

  it('a day after today (the platform\'s) is refused', async () => {
    expect(message(await declare(member, '2026-06-16', 1))).toBe('学习日期不能晚于今天');
    expect((await declare(member, '2026-06-15', 1)).status).toBe(200);
  });
});
