/**
 * Live rooms (LiveRoomService): create and audit on the record store, the member's hall and room
 * within the room's scope of organisations, viewers counted once per member, signed and expiring
 * push and pull addresses — with the clock held so that "live now" never depends on when it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { verifyStreamSign } from '../../src/server/domains/live/sign';

const L = (action: string) => svc('LiveRoomService', action);
const KEY = 'test-live-sign-key-0123456789';

let app: TestApp;
let member: string;
let district: { token: string; organId: number; organPath: string };
let district2: { token: string; organId: number; organPath: string };
let city: { token: string; organId: number; organPath: string };
let videoId: number;

beforeAll(async () => {
  app = await startTestApp({
    config: { tokenTtlSeconds: 30 * 86400, live: { rtmpUrl: 'rtmp://live.example.org/live', pullBase: 'https://pull.example.org/live', signKey: KEY, ttlSeconds: 3600 } },
  });
  // 10:00 on 1 July in China
  app.freeze('2026-07-01T02:00:00Z');
  member = await app.login('member');
  district = await signInAsAdmin(app, 'districtadmin');
  district2 = await signInAsAdmin(app, 'district2admin');
  city = await signInAsAdmin(app, 'cityadmin');
  const v = await sql<{ id: number }>`select id from resources where resource_type = 1 and is_deleted = false order by id limit 1`.execute(app.db);
  videoId = Number(v.rows[0].id);
});
afterAll(() => app?.close());

const room = (extra: Record<string, unknown> = {}) => ({
  title: '学习贯彻党的二十大精神专题直播',
  startTime: '2026-07-01 09:30',
  endTime: '2026-07-01 11:30',
  uname: '陈晓燕',
  deviceType: 1,
  resourceId: null as number | null,
  ...extra,
});

describe('live rooms: audit, scope, viewers, addresses', () => {
  let id: number;

  it('refuses without a token, without the permission and on bad input', async () => {
    expect((await app.call('GET', L('GetManageLiveList'))).status).toBe(401);
    expect((await app.call('GET', L('GetUserLiveLists'))).status).toBe(401);
    expect((await app.call('POST', L('CreateLiveRoom'), { token: member, body: room() })).status).toBe(403);
    expect((await app.call('GET', L('GetPushUrl'), { token: member, query: { id: 1 } })).status).toBe(403);
    expect((await app.call('POST', L('AuditeLive'), { token: member, body: { id: 1, approved: true } })).status).toBe(403);
    const bad = await app.call('POST', L('CreateLiveRoom'), { token: district.token, body: room({ endTime: '2026-07-01 08:00' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('结束时间不能早于开始时间');
    const noTitle = await app.call('POST', L('CreateLiveRoom'), { token: district.token, body: room({ title: '' }) });
    expect(noTitle.status).toBe(400);
    const span = await app.call('GET', L('GetLiveListByTimeSpan'), { token: district.token, query: { startTime: '2026-07-01', endTime: '2026-12-31' } });
    expect(span.status).toBe(400);
    expect(span.body.error.message).toBe('请选择不超过62天的时间范围');
    expect((await app.call('GET', L('GetUserLiveLists'), { token: member, query: { type: 9 } })).status).toBe(400);
  });

  it('scope organisations and the recorded video must lie within reach', async () => {
    const outside = await app.call('POST', L('CreateLiveRoom'), { token: district.token, body: room({ scopeOrgans: String(district2.organId) }) });
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toBe('观看范围须为本人管理范围内的党组织');
    const audio = await sql<{ id: number }>`select id from resources where resource_type = 3 order by id limit 1`.execute(app.db);
    const notVideo = await app.call('POST', L('CreateLiveRoom'), { token: district.token, body: room({ resourceId: Number(audio.rows[0].id) }) });
    expect(notVideo.status).toBe(400);
    expect(notVideo.body.error.message).toBe('录播视频须为本组织或上级组织发布、已启用的视频资源');
  });

  it('a new room waits for audit and reaches no member before it', async () => {
    const created = ok(await app.call('POST', L('CreateLiveRoom'), { token: district.token, body: room({ resourceId: videoId, scopeOrgans: String(district.organId) }) }));
    id = created.id;
    expect(created.auditStatus).toBe(0);
    expect(created.scopeOrganNames).toEqual(['中共成都市温江区委员会']);
    expect((await app.call('POST', L('IntoRoomAsync'), { token: member, body: { id } })).status).toBe(404);
    // nobody approves his own room (docs/SECURITY.md separation of duties): it waits for the city, not for its creator
    const todo = ok(await app.call('GET', L('AuditPageList'), { token: city.token }));
    expect(todo.items.map((x: any) => x.id)).toContain(id);
    const own = await app.call('POST', L('AuditeLive'), { token: district.token, body: { id, approved: true } });
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe('不能审核本人的直播间');
    // another district neither sees nor decides it
    expect((await app.call('POST', L('AuditeLive'), { token: district2.token, body: { id, approved: true } })).status).toBe(404);
    const noRemark = await app.call('POST', L('AuditeLive'), { token: city.token, body: { id, approved: false } });
    expect(noRemark.status).toBe(400);
    const approved = ok(await app.call('POST', L('AuditeLive'), { token: city.token, body: { id, approved: true } }));
    expect(approved.auditStatus).toBe(1);
    const twice = await app.call('POST', L('AuditeLive'), { token: city.token, body: { id, approved: false, remark: '重复' } });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('该记录已审核');
  });

  it('the hall lists it as live now; a member in the scope enters, counted once', async () => {
    const live = ok(await app.call('GET', L('GetUserLiveLists'), { token: member, query: { type: 1 } }));
    const item = live.items.find((x: any) => x.id === id);
    expect(item).toMatchObject({ title: '学习贯彻党的二十大精神专题直播', uname: '陈晓燕', liveStatus: 1, watchUserCount: 0, resourceId: videoId });
    const upcoming = ok(await app.call('GET', L('GetUserLiveLists'), { token: member, query: { type: 2 } }));
    expect(upcoming.items.map((x: any) => x.id)).not.toContain(id);
    const first = ok(await app.call('POST', L('IntoRoomAsync'), { token: member, body: { id } }));
    expect(first.watchUserCount).toBe(1);
    // a live server is configured: the live pull addresses, 高清 HLS and 普通 FLV
    expect(first.sources.mode).toBe('live');
    expect(first.sources.high).toMatch(/^https:\/\/pull\.example\.org\/live\/room-\d+\.m3u8\?expires=\d+&sign=[0-9a-f]{64}$/);
    expect(first.sources.normal).toMatch(/\.flv\?/);
    const again = ok(await app.call('POST', L('IntoRoomAsync'), { token: member, body: { id } }));
    expect(again.watchUserCount).toBe(1);
    const other = ok(await app.call('POST', L('IntoRoomAsync'), { token: district.token, body: { id } }));
    expect(other.watchUserCount).toBe(2);
    const viewers = ok(await app.call('GET', L('ViewerPageList'), { token: district.token, query: { id } }));
    expect(viewers.totalCount).toBe(2);
  });

  it('a member of another district is refused, by list and by id', async () => {
    // district2admin is a member of a branch of 郫都区
    const lists = ok(await app.call('GET', L('GetUserLiveLists'), { token: district2.token, query: { type: 1 } }));
    expect(lists.items.map((x: any) => x.id)).not.toContain(id);
    expect((await app.call('POST', L('IntoRoomAsync'), { token: district2.token, body: { id } })).status).toBe(404);
    expect((await app.call('GET', L('Detail'), { token: district2.token, query: { id } })).status).toBe(404);
    expect((await app.call('GET', L('GetPushUrl'), { token: district2.token, query: { id } })).status).toBe(404);
    // a room scoped to 郫都区 is not 温江区's member's
    const theirs = ok(await app.call('POST', L('CreateLiveRoom'), { token: district2.token, body: room({ title: '郫都区专题直播' }) }));
    ok(await app.call('POST', L('AuditeLive'), { token: city.token, body: { id: theirs.id, approved: true } }));
    expect((await app.call('POST', L('IntoRoomAsync'), { token: member, body: { id: theirs.id } })).status).toBe(404);
    expect(ok(await app.call('POST', L('IntoRoomAsync'), { token: district2.token, body: { id: theirs.id } })).watchUserCount).toBe(1);
  });

  it('a disabled room leaves the hall', async () => {
    ok(await app.call('POST', L('SetEnabled'), { token: district.token, body: { id, isEnabled: false } }));
    expect((await app.call('POST', L('IntoRoomAsync'), { token: member, body: { id } })).status).toBe(404);
    ok(await app.call('POST', L('SetEnabled'), { token: district.token, body: { id, isEnabled: true } }));
    expect(ok(await app.call('POST', L('IntoRoomAsync'), { token: member, body: { id } })).watchUserCount).toBe(2);
  });

  it('the push address is signed and expires', async () => {
    const p = ok(await app.call('GET', L('GetPushUrl'), { token: district.token, query: { id } }));
    expect(p.server).toBe('rtmp://live.example.org/live');
    const m = /^rtmp:\/\/live\.example\.org\/live\/(room-\d+)\?expires=(\d+)&sign=([0-9a-f]{64})$/.exec(p.pushUrl);
    expect(m).not.toBeNull();
    const [, stream, exp, sign] = m!;
    expect(stream).toBe(`room-${id}`);
    expect(Number(exp)).toBe(Date.parse('2026-07-01T02:00:00Z') / 1000 + 3600);
    const now = new Date('2026-07-01T02:00:00Z');
    expect(verifyStreamSign(KEY, `/live/${stream}`, Number(exp), sign, now)).toBe(true);
    // another stream, a stretched expiry, another key, or after the expiry: refused
    expect(verifyStreamSign(KEY, `/live/room-${id + 1}`, Number(exp), sign, now)).toBe(false);
    expect(verifyStreamSign(KEY, `/live/${stream}`, Number(exp) + 3600, sign, now)).toBe(false);
    expect(verifyStreamSign('another-key-0123456789', `/live/${stream}`, Number(exp), sign, now)).toBe(false);
    expect(verifyStreamSign(KEY, `/live/${stream}`, Number(exp), sign, new Date((Number(exp) + 1) * 1000))).toBe(false);
    const hls = new URL(p.hlsUrl);
    expect(verifyStreamSign(KEY, hls.pathname, Number(hls.searchParams.get('expires')), hls.searchParams.get('sign')!, now)).toBe(true);
    // not before approval
    const pending = ok(await app.call('POST', L('CreateLiveRoom'), { token: district.token, body: room({ title: '待审核的直播' }) }));
    const refused = await app.call('GET', L('GetPushUrl'), { token: district.token, query: { id: pending.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('直播间尚未审核通过，不能推流');
  });

  it('the calendar shows the rooms of the month in the subtree', async () => {
    const cal = ok(await app.call('GET', L('GetLiveListByTimeSpan'), { token: district.token, query: { startTime: '2026-07-01', endTime: '2026-07-31' } }));
    expect(cal.items.map((x: any) => x.id)).toContain(id);
    expect(cal.items.every((x: any) => x.startTime >= '2026-07-01' && x.startTime < '2026-08-01')).toBe(true);
    const june = ok(await app.call('GET', L('GetLiveListByTimeSpan'), { token: district.token, query: { startTime: '2026-06-01', endTime: '2026-06-30' } }));
    expect(june.items.map((x: any) => x.id)).not.toContain(id);
    const theirs = ok(await app.call('GET', L('GetLiveListByTimeSpan'), { token: district2.token, query: { startTime: '2026-07-01', endTime: '2026-07-31' } }));
    expect(theirs.items.map((x: any) => x.id)).not.toContain(id);
  });

  it('after the end it is a past room playing its recording', async () => {
    app.freeze('2026-07-01T04:00:00Z');
    const past = ok(await app.call('GET', L('GetUserLiveLists'), { token: member, query: { type: 3 } }));
    expect(past.items.map((x: any) => x.id)).toContain(id);
    const d = ok(await app.call('GET', L('Detail'), { token: member, query: { id } }));
    expect(d.liveStatus).toBe(2);
    expect(d.sources.mode).toBe('record');
    expect(d.sources.high).toMatch(/^\/file\//);
    app.freeze('2026-07-01T02:00:00Z');
  });
});

describe('live rooms without a live server', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp({ config: { tokenTtlSeconds: 30 * 86400, live: null } });
    plain.freeze('2026-07-01T02:00:00Z');
  });
  afterAll(() => plain?.close());

  it('a room plays its recorded video and GetPushUrl says no server is configured', async () => {
    const admin = await signInAsAdmin(plain, 'districtadmin');
    const m = await plain.login('member');
    const created = ok(await plain.call('POST', L('CreateLiveRoom'), { token: admin.token, body: room({ resourceId: videoId }) }));
    ok(await plain.call('POST', L('AuditeLive'), { token: (await signInAsAdmin(plain, 'cityadmin')).token, body: { id: created.id, approved: true } }));
    const into = ok(await plain.call('POST', L('IntoRoomAsync'), { token: m, body: { id: created.id } }));
    expect(into.sources.mode).toBe('record');
    expect(into.sources.high).toMatch(/^\/file\//);
    const push = await plain.call('GET', L('GetPushUrl'), { token: admin.token, query: { id: created.id } });
    expect(push.status).toBe(400);
    expect(push.body.error.message).toContain('未配置直播服务器');
  });
});
