/**
 * Participants, sign-in and statistics on a real service (VolActivityService, volunteer
 * activities), and the village-official wall (one like per member) — with a clock held at chosen
 * instants so that deadlines and windows never depend on when the suite runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { readXlsxRows } from '../../src/server/xlsx/xlsx';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

const V = (action: string) => svc('VolActivityService', action);
const VO = (action: string) => svc('VillageOfficalService', action);

let app: TestApp;
let member: string;
let district: { token: string; organId: number; organPath: string };
let district2: { token: string; organId: number; organPath: string };
/** members who got a place in the rush (user id → token) */
const joined = new Map<number, string>();

beforeAll(async () => {
  // the clock moves over days here: tokens live a month
  app = await startTestApp({ config: { tokenTtlSeconds: 30 * 86400 } });
  // 10:00 on 1 July in China
  app.freeze('2026-07-01T02:00:00Z');
  member = await app.login('member');
  district = await signInAsAdmin(app, 'districtadmin');
  district2 = await signInAsAdmin(app, 'district2admin');
});
afterAll(() => app?.close());

const activity = (extra: Record<string, unknown> = {}) => ({
  title: '社区环境整治志愿服务',
  type: 'environment',
  startTime: '2026-07-05 09:00',
  endTime: '2026-07-05 12:00',
  lastApplyTime: '2026-07-04 18:00',
  needUserCount: 10,
  address: '凤凰社区党群服务中心',
  contacts: '陈晓燕',
  contactsPhone: '028-82600000',
  publishMark: true,
  ...extra,
});

describe('volunteer activities: join with a capacity, leave, sign in by code', () => {
  let id: number;

  it('an organiser publishes; times are checked in order', async () => {
    const bad = await app.call('POST', V('Create'), { token: district.token, body: activity({ endTime: '2026-07-05 08:00' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('结束时间不能早于开始时间');
    const late = await app.call('POST', V('Create'), { token: district.token, body: activity({ lastApplyTime: '2026-07-06 08:00' }) });
    expect(late.body.error.message).toBe('报名截止时间不能晚于开始时间');
    id = ok(await app.call('POST', V('Create'), { token: district.token, body: activity() })).id;
    const draft = ok(await app.call('POST', V('Create'), { token: district.token, body: activity({ title: '草稿', publishMark: false }) }));
    const list = ok(await app.call('GET', V('PublicPageList'), { token: member }));
    expect(list.items.map((x: any) => x.id)).toContain(id);
    expect(list.items.map((x: any) => x.id)).not.toContain(draft.id);
    expect((await app.call('POST', V('Apply'), { token: member, body: { id: draft.id } })).status).toBe(404);
  });

  it('a member joins once, leaves before the start, joins again', async () => {
    expect(ok(await app.call('POST', V('Apply'), { token: member, body: { id } }))).toEqual({ participantCount: 1, isJoined: true });
    const twice = await app.call('POST', V('Apply'), { token: member, body: { id } });
    expect(twice.body.error.message).toBe('您已报名，请勿重复报名');
    const mine = ok(await app.call('GET', V('MyVolActPageList'), { token: member }));
    expect(mine.items.map((x: any) => [x.id, x.isJoined, x.isSigned, x.participantCount])).toEqual([[id, true, false, 1]]);
    ok(await app.call('POST', V('ApplyCancel'), { token: member, body: { id } }));
    expect(ok(await app.call('GET', V('MyVolActPageList'), { token: member })).items).toEqual([]);
    expect((await app.call('POST', V('ApplyCancel'), { token: member, body: { id } })).body.error.message).toBe('您未报名该活动');
    expect(ok(await app.call('POST', V('Apply'), { token: member, body: { id } })).participantCount).toBe(1);
  });

  it('fifty simultaneous joins never exceed the places', async () => {
    const city = await signInAsAdmin(app, 'cityadmin');
    const rush = ok(await app.call('POST', V('Create'), { token: city.token, body: activity({ title: '全市义务植树' }) }));
    const people = await app.db
      .selectFrom('users as u')
      .innerJoin('organizations as o', 'o.id', 'u.organId')
      .select(['u.id', 'u.userName'])
      .where('o.organPath', 'like', `${city.organPath}%`)
      .where('u.userType', '=', 0)
      .where('u.userName', '!=', 'member')
      // 温江区's members first: they fill the district's activity afterwards
      .orderBy(sql`o.organ_path like ${`${district.organPath}%`}`, 'desc')
      .orderBy('u.id')
      .limit(50)
      .execute();
    expect(people).toHaveLength(50);
    const tokens: string[] = [];
    for (const p of people) tokens.push(await app.login(p.userName));
    const answers = await Promise.all(tokens.map((token) => app.call('POST', V('Apply'), { token, body: { id: rush.id } })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(new Set(answers.filter((r) => r.status !== 200).map((r) => r.body.error.message))).toEqual(new Set(['名额已满']));
    expect(ok(await app.call('GET', V('Get'), { token: city.token, query: { id: rush.id } })).participantCount).toBe(10);
    const rows = await app.db.selectFrom('recordParticipants').select(sql<number>`count(*)`.as('n')).where('recordId', '=', rush.id).where('status', '=', 1).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(10);
    ok(await app.call('DELETE', V('Delete'), { token: city.token, query: { id: rush.id } }));
    // members of 温江区 take places in the district's activity (the member holds one already)
    for (const [i, p] of people.entries()) {
      if (joined.size === 9) break;
      const inDistrict = await app.db.selectFrom('users as u').innerJoin('organizations as o', 'o.id', 'u.organId').select('u.id').where('u.id', '=', p.id).where('o.organPath', 'like', `${district.organPath}%`).where('u.userName', '!=', 'member').executeTakeFirst();
      if (!inDistrict) continue;
      ok(await app.call('POST', V('Apply'), { token: tokens[i], body: { id } }));
      joined.set(p.id, tokens[i]);
    }
    expect(joined.size).toBe(9);
    expect((await app.call('POST', V('Apply'), { token: await app.login('admin'), body: { id } })).status).toBe(404); // 省委 is above 温江区: not published to him
  });

  it('the organiser adds and removes members of his subtree only', async () => {
    const page = ok(await app.call('GET', V('UserPageList'), { token: district.token, query: { id, maxResultCount: 20 } }));
    expect(page.totalCount).toBe(10);
    expect(page.items[0].phoneNumber).toMatch(/^\d{3}\*{4}\d{4}$/);
    const gone = page.items[1].userId;
    ok(await app.call('POST', V('RemoveUser'), { token: district.token, body: { id, userId: gone } }));
    const outsider = await app.db.selectFrom('users as u').innerJoin('organizations as o', 'o.id', 'u.organId').select('u.id').where('o.organPath', 'like', `${district2.organPath}%`).where('u.userType', '=', 0).executeTakeFirstOrThrow();
    const refused = await app.call('POST', V('AddUser'), { token: district.token, body: { id, userIds: [outsider.id] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('所选党员不在您的管理范围内');
    expect(ok(await app.call('POST', V('AddUser'), { token: district.token, body: { id, userIds: [gone] } })).participantCount).toBe(10);
    expect((await app.call('GET', V('UserPageList'), { token: district2.token, query: { id } })).status).toBe(404);
    expect((await app.call('GET', V('UserPageList'), { token: member, query: { id } })).status).toBe(403);
  });

  it('joining closes at the deadline; leaving closes when sign-in opens, and at the start', async () => {
    app.freeze('2026-07-04T10:01:00Z'); // 18:01 in China, after the deadline
    const other = ok(await app.call('POST', V('Create'), { token: district.token, body: activity({ needUserCount: 0 }) }));
    const closed = await app.call('POST', V('Apply'), { token: member, body: { id: other.id } });
    expect(closed.body.error.message).toBe('报名已截止');
    app.freeze('2026-07-05T00:30:00Z'); // 08:30: sign-in opens, half an hour before the start
    const signInOpen = await app.call('POST', V('ApplyCancel'), { token: member, body: { id } });
    expect(signInOpen.status).toBe(400);
    expect(signInOpen.body.error.message).toBe('活动已开始签到，不能取消报名');
    app.freeze('2026-07-05T01:01:00Z'); // 09:01, started
    const started = await app.call('POST', V('ApplyCancel'), { token: member, body: { id } });
    expect(started.body.error.message).toBe('活动已开始，不能取消报名');
  });

  it('sign-in: by the organiser’s code, in the window, once; the organiser signs in the rest', async () => {
    app.freeze('2026-07-05T00:00:00Z'); // 08:00, before the window opens at 08:30
    const code = ok(await app.call('GET', V('SignInCode'), { token: district.token, query: { id } }));
    expect(code.code).toMatch(/^\d{6}$/);
    expect(new Date(code.validFrom).toISOString()).toBe('2026-07-05T00:30:00.000Z');
    expect(new Date(code.validTo).toISOString()).toBe('2026-07-05T04:00:00.000Z');
    expect((await app.call('POST', V('SignIn'), { token: member, body: { id, code: code.code } })).body.error.message).toBe('不在签到时间内');
    app.freeze('2026-07-05T00:45:00Z'); // 08:45
    const wrong = await app.call('POST', V('SignIn'), { token: member, body: { id, code: code.code === '000000' ? '111111' : '000000' } });
    expect(wrong.body.error.message).toBe('签到码错误');
    expect(ok(await app.call('POST', V('SignIn'), { token: member, body: { id, code: code.code } })).signInTime).toBeTruthy();
    expect((await app.call('POST', V('SignIn'), { token: member, body: { id, code: code.code } })).body.error.message).toBe('您已签到');
    // one who signed in attended: no 取消报名, whatever the clock says
    const cancelSigned = await app.call('POST', V('ApplyCancel'), { token: member, body: { id } });
    expect(cancelSigned.status).toBe(400);
    expect(cancelSigned.body.error.message).toBe('您已签到，不能取消报名');
    const outsider = await app.login('teacher');
    expect((await app.call('POST', V('SignIn'), { token: outsider, body: { id, code: code.code } })).status).toBe(404);
    const page = ok(await app.call('GET', V('UserPageList'), { token: district.token, query: { id, signed: false, maxResultCount: 1 } }));
    ok(await app.call('POST', V('SignInSup'), { token: district.token, body: { id, userId: page.items[0].userId } }));
    const signed = ok(await app.call('GET', V('UserPageList'), { token: district.token, query: { id, signed: true } }));
    expect(signed.totalCount).toBe(2);
    expect(signed.items.map((x: any) => x.signInBy)).toContain('陈晓燕');
    app.freeze('2026-07-05T04:00:00Z'); // 12:00, ended
    const late = [...joined].find(([userId]) => userId !== page.items[0].userId)![1];
    expect((await app.call('POST', V('SignIn'), { token: late, body: { id, code: code.code } })).body.error.message).toBe('不在签到时间内');
  });

  it('the organiser exports the participants as XLSX with labels; without the permission, 403; without a token, 401', async () => {
    const columns = JSON.stringify([
      { field: 'name', title: '姓名' },
      { field: 'organName', title: '所在组织' },
      { field: 'phoneNumber', title: '手机号' },
      { field: 'signInStatus', title: '签到', statusList: 'signIn' },
      { field: 'signInTime', title: '签到时间', valueType: 'dateTime' },
    ]);
    const query = { call: 'VolActivityService/UserPageList', id, columns, fileName: '参加人员' };
    const r = await app.call('GET', svc('ExportService', 'Export'), { token: district.token, query });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(r.headers['content-disposition']))).toContain('参加人员-2026-07-05.xlsx');
    const rows = readXlsxRows(r.raw);
    expect(rows[0]).toEqual(['姓名', '所在组织', '手机号', '签到', '签到时间']);
    expect(rows).toHaveLength(11);
    expect(rows.slice(1).every((row) => /^\d{3}\*{4}\d{4}$/.test(row[2]))).toBe(true);
    expect(rows.slice(1).filter((row) => row[3] === '已签到')).toHaveLength(2);
    expect(rows.slice(1).find((row) => row[3] === '已签到')![4]).toMatch(/^2026-07-05 08:45$|^2026-07-05 12:00$/);
    expect((await app.call('GET', svc('ExportService', 'Export'), { token: member, query })).status).toBe(403);
    expect((await app.call('GET', svc('ExportService', 'Export'), { query })).status).toBe(401);
    expect((await app.call('GET', svc('ExportService', 'Export'), { token: district2.token, query })).status).toBe(404);
    const junk = await app.call('GET', svc('ExportService', 'Export'), { token: district.token, query: { ...query, columns: '[{"field":"x;drop"}]' } });
    expect(junk.status).toBe(400);
    expect((await app.call('GET', svc('ExportService', 'Export'), { token: district.token, query: { ...query, call: 'VolActivityService/Nope' } })).status).toBe(404);
  });

  it('statistics by child organisation and by month', async () => {
    // July's activities only: the demo seed may hold others
    const july = { startTimeStart: '2026-07-01', startTimeEnd: '2026-07-31' };
    const byOrgan = ok(await app.call('GET', V('StatisticsPageList'), { token: district.token, query: july }));
    expect(byOrgan.measures.map((m: any) => m.title)).toEqual(['活动数', '参与人次']);
    expect(byOrgan.rows[0]).toMatchObject({ label: '本级', count: 3, participants: 10 });
    expect(byOrgan.totals).toEqual({ count: 3, participants: 10 });
    const byMonth = ok(await app.call('GET', V('MonthStatistics'), { token: district.token }));
    expect(byMonth.rows.find((r: any) => r.key === '2026-07')).toEqual({ key: '2026-07', label: '2026-07', count: 3, participants: 10 });
    const province = await signInAsAdmin(app, 'admin');
    const top = ok(await app.call('GET', V('StatisticsPageList'), { token: province.token, query: july }));
    expect(top.totals.count).toBe(3);
    expect(top.rows.filter((r: any) => r.count > 0)).toHaveLength(1);
  });
});

describe('village officials: apply, audit, the district wall, one like per member', () => {
  it('an approved official appears on his district’s wall only; members like once and unlike', async () => {
    const applied = ok(await app.call('POST', VO('ApplyVillageOffical'), { token: member, body: { villageName: '凤凰社区', post: 'secretary', startDate: '2023-01-01', introduction: '扎根社区十年，带领居民建设美丽家园。' } }));
    expect(applied.auditStatus).toBe(0);
    const wallIds = async (token: string) => ok(await app.call('GET', VO('GetUserVillageList'), { token, query: { maxResultCount: 1000 } })).items.map((x: any) => x.id);
    expect(await wallIds(member)).not.toContain(applied.id);
    const r = await app.call('POST', VO('Audit'), { token: district.token, body: { id: applied.id, approved: false } });
    expect(r.body.error.message).toBe('请输入备注');
    expect((await app.call('POST', VO('Audit'), { token: district2.token, body: { id: applied.id, approved: true } })).status).toBe(404);
    ok(await app.call('POST', VO('Audit'), { token: district.token, body: { id: applied.id, approved: true } }));
    const wall = ok(await app.call('GET', VO('GetUserVillageList'), { token: member, query: { maxResultCount: 1000 } }));
    expect(wall.items.filter((x: any) => x.id === applied.id).map((x: any) => [x.villageName, x.ownerName])).toEqual([['凤凰社区', '李明']]);
    const far = await app.db.selectFrom('users as u').innerJoin('organizations as o', 'o.id', 'u.organId').select('u.userName').where('o.organPath', 'like', `${district2.organPath}%`).where('u.userType', '=', 0).executeTakeFirstOrThrow();
    const farToken = await app.login(far.userName);
    expect(await wallIds(farToken)).not.toContain(applied.id);
    expect((await app.call('POST', VO('Like'), { token: farToken, body: { id: applied.id } })).status).toBe(404);
    const neighbour = await app.db.selectFrom('users as u').innerJoin('organizations as o', 'o.id', 'u.organId').select('u.userName').where('o.organPath', 'like', `${district.organPath}%`).where('u.userType', '=', 0).where('u.userName', '!=', 'member').executeTakeFirstOrThrow();
    const n = await app.login(neighbour.userName);
    expect(ok(await app.call('POST', VO('Like'), { token: n, body: { id: applied.id } }))).toEqual({ likeCount: 1, isLiked: true });
    expect(ok(await app.call('POST', VO('Like'), { token: n, body: { id: applied.id } }))).toEqual({ likeCount: 1, isLiked: true });
    expect(ok(await app.call('POST', VO('Like'), { token: member, body: { id: applied.id } }))).toEqual({ likeCount: 2, isLiked: true });
    expect(ok(await app.call('POST', VO('UnLike'), { token: n, body: { id: applied.id } }))).toEqual({ likeCount: 1, isLiked: false });
    const history = ok(await app.call('GET', VO('MyApplyPageList'), { token: member }));
    expect(history.items.map((x: any) => [x.auditStatus, x.likeCount, x.isLiked])).toEqual([[1, 1, true]]);
  });
});
