/**
 * The big-screen dashboard: a device with a registration code and no user session reads
 * its organisation's figures. Every figure is checked against a count written here independently
 * (LIKE prefixes, platform periods computed in JavaScript) on the demo, and again after the database
 * changes; unknown and deleted codes are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { calendarDay, instantOf } from '../../src/contract/platform-time';
import { makeIdCard } from '../../src/server/db/seed/idcard';
import { DEMO_SCREEN_CODE } from '../../src/server/db/seed/demo-big-screen';
import { MARKER_CAP } from '../../src/server/domains/big-screen/figures';

const FIGURES = svc('BigScreenDashboardService', 'Figures');
const WENJIANG = '中共成都市温江区委员会';

let app: TestApp;
let wj: { id: number; organPath: string };
const tz = () => app.ctx.config.platformTz;

beforeAll(async () => {
  app = await startTestApp();
  // one instant for the whole file: "today" and "this quarter" must not move between call and count
  app.freeze(new Date());
  wj = await app.db.selectFrom('organizations').select(['id', 'organPath']).where('organName', '=', WENJIANG).executeTakeFirstOrThrow();
});
afterAll(() => app?.close());

const figures = (code: string, token?: string) => app.call('GET', FIGURES, { query: { code }, token });

/** The figures of a subtree, counted the plain way. */
async function expected(path: string) {
  const now = app.ctx.now();
  const day = calendarDay(now, tz());
  const month = day.slice(0, 7);
  const q = Math.floor((Number(day.slice(5, 7)) - 1) / 3);
  const members = await app.db.selectFrom('partyMembers').select(['userId', 'organId']).where('organPath', 'like', `${path}%`).where('status', '=', 1).where('isDeleted', '=', false).execute();
  const organOf = new Map(members.filter((m) => m.userId).map((m) => [m.userId!, m.organId]));
  const organs = await app.db.selectFrom('organizations').select(['id', 'longitude', 'latitude']).where('organPath', 'like', `${path}%`).where('isDeleted', '=', false).where('auditStatus', '=', 1).execute();
  const studies = (await sql<{ userId: number; day: string; seconds: number }>`select user_id as "userId", to_char(day, 'YYYY-MM-DD') as day, seconds from study_days`.execute(app.db)).rows.filter((s) => organOf.has(Number(s.userId)));
  const today = studies.filter((s) => s.day === day);
  const monthByOrgan = new Map<number, number>();
  for (const s of studies.filter((x) => x.day.startsWith(month))) monthByOrgan.set(organOf.get(Number(s.userId))!, (monthByOrgan.get(organOf.get(Number(s.userId))!) ?? 0) + s.seconds);
  const meetings = (await app.db.selectFrom('records').select(['data']).where('entity', '=', 'partyMeeting').where('isDeleted', '=', false).where('organPath', 'like', `${path}%`).execute()).filter((r) => {
    const begin = instantOf((r.data as any).beginTime, tz());
    if (!begin || begin.getTime() > now.getTime()) return false;
    const d = calendarDay(begin, tz());
    return d.slice(0, 4) === day.slice(0, 4) && Math.floor((Number(d.slice(5, 7)) - 1) / 3) === q;
  });
  const top = [...monthByOrgan.entries()].filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 10);
  return {
    memberCount: members.length,
    organCount: organs.length,
    todaySeconds: today.reduce((n, s) => n + s.seconds, 0),
    todayLearners: new Set(today.map((s) => Number(s.userId))).size,
    quarterMeetings: meetings.length,
    markerTotal: organs.filter((o) => o.longitude != null && o.latitude != null).length,
    top,
  };
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

function expectMatches(r: any, e: Awaited<ReturnType<typeof expected>>) {
  expect(r).toMatchObject({
    memberCount: e.memberCount,
    organCount: e.organCount,
    todayHours: hours(e.todaySeconds),
    todayLearners: e.todayLearners,
    quarterMeetings: e.quarterMeetings,
    markerTotal: e.markerTotal,
  });
  expect(r.topBranches.map((b: any) => [b.organId, b.hours])).toEqual(e.top.map(([id, s]) => [id, hours(s)]));
  expect(r.markers.length).toBe(Math.min(e.markerTotal, MARKER_CAP));
}

describe('BigScreenDashboardService/Figures', () => {
  it('answers the demo screen of 温江区 without a session, its figures equal to direct counts', async () => {
    const r = ok(await figures(DEMO_SCREEN_CODE));
    expect(r).toMatchObject({ organId: wj.id, organName: WENJIANG, areaCode: '510115', day: calendarDay(app.ctx.now(), tz()) });
    expect(new Date(r.serverTime).getTime()).toBe(app.ctx.now().getTime());
    const e = await expected(wj.organPath);
    expectMatches(r, e);
    // the demo is not empty: members, organisations, today's study, a ranking, meetings, markers
    expect(e.memberCount).toBeGreaterThan(10);
    expect(e.todaySeconds).toBeGreaterThan(0);
    expect(e.top.length).toBeGreaterThan(0);
    expect(e.quarterMeetings).toBeGreaterThan(0);
    expect(r.markers.length).toBeGreaterThan(0);
    const inside = await app.db.selectFrom('organizations').select('id').where('organPath', 'like', `${wj.organPath}%`).execute();
    const ids = new Set(inside.map((o) => o.id));
    expect(r.markers.every((m: any) => ids.has(m.id) && typeof m.longitude === 'number' && m.name)).toBe(true);
    // nothing configured yet by 大屏信息管理: empty content, not an error
    expect(r.content).toMatchObject({ news: expect.any(Array) });
    // a signed-in browser gets the same answer (the token is not what authenticates)
    const member = await app.login('member');
    expect(ok(await figures(DEMO_SCREEN_CODE, member)).memberCount).toBe(r.memberCount);
  });

  it('follows the database: a new member, a study record of today, a meeting held this quarter', async () => {
    const before = ok(await figures(DEMO_SCREEN_CODE));
    const district = await signInAsAdmin(app, 'districtadmin');
    const branch = await app.db.selectFrom('organizations').select(['id', 'organPath', 'organLevel']).where('organPath', 'like', `${wj.organPath}%`).where('organType', '=', '5').where('isDeleted', '=', false).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const seq = Date.now() % 100_000_000;
    const made = ok(await app.call('POST', svc('PartyMemberService', 'SimpleCreate'), { token: district.token, body: { name: '大屏新党员', organId: branch.id, phoneNumber: `136${String(seq).padStart(8, '0')}`, idCard: makeIdCard('510115', '1991-02-03', (seq % 450) * 2), sex: 2 } }));
    const userId = made.userId ?? (await app.db.selectFrom('partyMembers').select('userId').where('id', '=', made.id).executeTakeFirstOrThrow()).userId!;
    const resource = await app.db.selectFrom('resources').select('id').orderBy('id').executeTakeFirstOrThrow();
    const day = calendarDay(app.ctx.now(), tz());
    await app.db.insertInto('studyDays').values({ userId, resourceId: resource.id, day, seconds: 7200, reports: 120 }).execute();
    // a meeting that began an hour ago, one that begins tomorrow (not held), one in another district
    const wall = (ms: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: tz(), year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(app.ctx.now().getTime() + ms)).replace('T', ' ');
    const meeting = (o: { id: number; organPath: string; organLevel: number }, begin: string, end: string) =>
      app.db.insertInto('records').values({ entity: 'partyMeeting', organId: o.id, organPath: o.organPath, organLevel: o.organLevel, ownerUserId: null, auditStatus: null, data: JSON.stringify({ title: '大屏测试会议', meetingType: 1, beginTime: begin, endTime: end, meetingAddress: '会议室' }) as any }).execute();
    await meeting(branch, wall(-3600_000), wall(-1800_000));
    await meeting(branch, wall(86400_000), wall(90000_000));
    const other = await app.db.selectFrom('organizations').select(['id', 'organPath', 'organLevel']).where('organName', '=', '中共成都市郫都区委员会').executeTakeFirstOrThrow();
    await meeting(other, wall(-3600_000), wall(-1800_000));

    const after = ok(await figures(DEMO_SCREEN_CODE));
    expectMatches(after, await expected(wj.organPath));
    expect(after.memberCount).toBe(before.memberCount + 1);
    expect(after.todayLearners).toBe(before.todayLearners + 1);
    expect(after.todayHours).toBeCloseTo(before.todayHours + 2, 2);
    // the meeting an hour ago counts unless the quarter began within that hour
    const startedThisQuarter = calendarDay(new Date(app.ctx.now().getTime() - 3600_000), tz()).slice(0, 7) >= `${day.slice(0, 4)}-${String(Math.floor((Number(day.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}`;
    expect(after.quarterMeetings).toBe(before.quarterMeetings + (startedThisQuarter ? 1 : 0));
    expect(after.topBranches[0]).toMatchObject({ organId: branch.id, hours: expect.any(Number) });
  });

  it('a code of a branch counts its subtree only', async () => {
    const branch = await app.db.selectFrom('organizations').select(['id', 'organPath']).where('organPath', 'like', `${wj.organPath}%`).where('organType', '=', '5').where('isDeleted', '=', false).orderBy('id').executeTakeFirstOrThrow();
    await app.db.insertInto('bigScreenRegistCodes').values({ code: 'TEST-BRANCH-01', organId: branch.id, organPath: branch.organPath }).execute();
    const r = ok(await figures('TEST-BRANCH-01'));
    expectMatches(r, await expected(branch.organPath));
    expect(r.organCount).toBe(1);
  });

  it('refuses unknown, malformed, missing and deleted codes', async () => {
    const refused = async (code: string) => {
      const res = await figures(code);
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe('注册码无效或已停用');
    };
    await refused('NO-SUCH-CODE');
    await refused("x' or '1'='1");
    const missing = await app.call('GET', FIGURES);
    expect(missing.status).toBe(400);
    expect(missing.body.error.validationErrors[0].message).toBe('请提供注册码');
    // a code created and deleted directly: answers while it lives, refused at once when deleted
    await app.db.insertInto('bigScreenRegistCodes').values({ code: 'TEST-DELETE-01', organId: wj.id, organPath: wj.organPath }).execute();
    expect(ok(await figures('TEST-DELETE-01')).organId).toBe(wj.id);
    await app.db.updateTable('bigScreenRegistCodes').set({ isDeleted: true, deletionTime: app.ctx.now() }).where('code', '=', 'TEST-DELETE-01').execute();
    await refused('TEST-DELETE-01');
  });
});
