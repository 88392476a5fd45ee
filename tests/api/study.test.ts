import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStorage } from '../../src/server/files/storage';
import { startTestApp, svc, type TestApp } from './harness';

/** The study loop with a controlled clock: the server, not the player, decides what is credited. */
let app: TestApp;
let member: string;
let video: any;
let audio: any;
const study = (token: string, id: number) => app.call('POST', svc('ResourceLibaryService', 'ResrouceStudy'), { token, body: { periodSource: 1, resouceId: id } }).then((r) => r.body.result);
const minute = () => app.advance(60_000);

async function asAdmin(userName: string) {
  const token = await app.login(userName);
  const role = (await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token })).body.result[0];
  await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } });
  return token;
}

beforeAll(async () => {
  // a day's cap of 100 s makes the daily limit reachable with the 75 s and 90 s samples
  app = await startTestApp({ config: { studyDailyCapSeconds: 100 } });
  // mid-morning in China: the reports below never straddle the platform's midnight, whenever the suite runs
  app.freeze('2026-11-20T10:00:00+08:00');
  member = await app.login('member');
  const list = (await app.call('GET', svc('ResourceLibaryService', 'GetOrganResourceList'), { token: member, query: { MaxResultCount: 50 } })).body.result;
  video = list.items.find((r: any) => r.resourceType === 1);
  audio = list.items.find((r: any) => r.resourceType === 3);
  expect(video.resoursePeriod).toBe(0.02);
});
afterAll(() => app?.close());

describe('ResrouceStudy credit', () => {
  it('credits wall-clock time since the last accepted report, at most 60 s, and completion once', async () => {
    const opened = (await app.call('GET', svc('ResourceLibaryService', 'GetByIdAutoIncr'), { token: member, query: { id: video.id } })).body.result;
    expect(opened.viewCount).toBe(video.viewCount + 1);
    expect((await study(member, video.id)).credited).toBe(0); // reported at once: nothing has elapsed
    app.advance(10_000);
    expect(await study(member, video.id)).toMatchObject({ studyState: 1, credited: 10 });
    expect((await study(member, video.id)).credited).toBe(0); // faster than wall time earns nothing
    app.advance(5 * 60_000);
    expect((await study(member, video.id)).credited).toBe(60); // never more than 60 s however long the gap
    minute();
    const done = await study(member, video.id);
    expect(done).toMatchObject({ studyState: 2, credited: 5, message: '恭喜，本资源学习已完成，学时已记录', period: 0.02 });
    minute();
    expect(await study(member, video.id)).toMatchObject({ studyState: 1, credited: 0 }); // completion comes once
    const rows = await app.db.selectFrom('studyDays').selectAll().where('resourceId', '=', video.id).execute();
    expect(rows).toHaveLength(1); // one aggregated row per member, resource and day
    expect(rows[0].seconds).toBe(75);
  });

  it('honours the daily cap, and the next day credits again', async () => {
    await app.call('GET', svc('ResourceLibaryService', 'GetResourceById'), { token: member, query: { id: audio.id } });
    minute();
    const capped = await study(member, audio.id);
    expect(capped).toMatchObject({ studyState: 3, credited: 25, message: '今日学时已达上限，明天再来学习吧' });
    minute();
    expect((await study(member, audio.id)).credited).toBe(0);
    app.advance(24 * 3600_000);
    member = await app.login('member'); // yesterday's token has expired
    await app.call('GET', svc('ResourceLibaryService', 'GetResourceById'), { token: member, query: { id: audio.id } });
    minute();
    expect((await study(member, audio.id)).credited).toBe(60);
  });

  it('refuses a second device while the first is playing', async () => {
    const laptop = await app.login('teacher');
    const phone = await app.login('teacher');
    await app.call('GET', svc('ResourceLibaryService', 'GetResourceById'), { token: laptop, query: { id: audio.id } });
    app.advance(20_000);
    expect((await study(laptop, audio.id)).credited).toBe(20);
    await app.call('GET', svc('ResourceLibaryService', 'GetResourceById'), { token: phone, query: { id: audio.id } });
    const other = await study(phone, audio.id);
    expect(other).toMatchObject({ studyState: 4, credited: 0, message: '您正在其他设备上学习，同一时间只能在一台设备上学习' });
    app.advance(30_000);
    expect((await study(laptop, audio.id)).credited).toBe(30); // the first device is unaffected
    // once the first device has been quiet for a while, the second takes over, credited from then on
    app.advance(200_000);
    expect((await study(phone, audio.id)).credited).toBe(0);
    app.advance(30_000);
    expect((await study(phone, audio.id)).credited).toBe(30);
    expect((await study(laptop, audio.id)).studyState).toBe(4);
  });

  it('two simultaneous reports credit once', async () => {
    app.advance(200_000); // the previous test's devices have gone quiet
    const other = await app.login('cityadmin');
    await app.call('GET', svc('ResourceLibaryService', 'GetResourceById'), { token: other, query: { id: video.id } });
    minute();
    const [a, b] = await Promise.all([study(other, video.id), study(other, video.id)]);
    expect(a.credited + b.credited).toBe(60);
    const total = await app.db.selectFrom('studyTotals').select('seconds').where('resourceId', '=', video.id).where('userId', '=', (await app.db.selectFrom('users').select('id').where('userName', '=', 'cityadmin').executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
    expect(total.seconds).toBe(60);
    // four at once that complete the 75 s video: 15 s credited once, completion announced once
    minute();
    const four = await Promise.all([1, 2, 3, 4].map(() => study(other, video.id)));
    expect(four.reduce((n, r) => n + r.credited, 0)).toBe(15);
    expect(four.filter((r) => r.studyState === 2)).toHaveLength(1);
    expect(four.every((r) => r.period === 0.02)).toBe(true);
  });
});

describe('library, records and integrity', () => {
  it('collect and cancel, lately learnt, study records', async () => {
    const c = (await app.call('POST', svc('ResourceLibaryService', 'CollectResource'), { token: member, body: { id: audio.id } })).body.result;
    expect(c).toEqual({ collectionCount: 1, isCollected: true });
    const mine = (await app.call('GET', svc('ResourceLibaryService', 'GetUserCollectResourceList'), { token: member })).body.result;
    expect(mine.items.map((i: any) => i.id)).toEqual([audio.id]);
    expect((await app.call('POST', svc('ResourceLibaryService', 'CancelCollectResource'), { token: member, body: { id: audio.id } })).body.result).toEqual({ collectionCount: 0, isCollected: false });
    const lately = (await app.call('GET', svc('ResourceLibaryService', 'GetUserViewResourceList'), { token: member })).body.result;
    expect(lately.items[0]).toMatchObject({ id: audio.id, studiedSeconds: 85, percent: 94.44 });
    const records = (await app.call('GET', svc('ResourceLibaryService', 'MyResourceStudyRecordPageList'), { token: member })).body.result;
    expect(records.items.find((i: any) => i.id === video.id)).toMatchObject({ period: 0.02, completed: true, percent: 100 });
  });

  it('a resource whose bytes changed is marked tampered', async () => {
    const province = await asAdmin('admin');
    const f = await app.db.selectFrom('resources as r').innerJoin('files as f', 'f.id', 'r.fileId').select(['f.storageKey']).where('r.id', '=', video.id).executeTakeFirstOrThrow();
    expect((await app.call('POST', svc('ResourceLibaryService', 'VerifyIntegrity'), { token: province, body: {} })).body.result.tampered).toBe(0);
    const storage = FileStorage.for(app.ctx.config);
    const key = storage.objectKey(f.storageKey);
    await storage.put(key, Readable.from([await storage.readBuffer(key, 1 << 30), Buffer.from('x')]));
    expect((await app.call('POST', svc('ResourceLibaryService', 'VerifyIntegrity'), { token: province, body: { id: video.id } })).body.result.tampered).toBe(1);
    const got = (await app.call('GET', svc('ResourceLibaryService', 'GetResourceById'), { token: member, query: { id: video.id } })).body.result;
    expect(got.isIntegrity).toBe(false);
  });

  it('a district resource is reported upward and adopted by its city; members of other districts never see it', async () => {
    const district = await asAdmin('districtadmin');
    const created = await app.call('POST', svc('ResourceLibaryService', 'CreateResourceLibary'), { token: district, body: { name: '温江区党课视频', resourceType: 1, durationSeconds: 600 } });
    expect(created.status).toBe(200);
    const rid = created.body.result.id;
    expect((await app.call('POST', svc('ResourceReportService', 'CreateResourceReport'), { token: district, body: { resourceId: rid, remark: '推荐' } })).status).toBe(200);
    const city = await asAdmin('cityadmin');
    const queue = (await app.call('GET', svc('ResourceReportService', 'GetOranReportAuditList'), { token: city })).body.result;
    const rp = queue.items.find((i: any) => i.resourceId === rid);
    expect(rp).toMatchObject({ name: '温江区党课视频', status: 0 });
    expect((await app.call('POST', svc('ResourceReportService', 'AuditResourceReport'), { token: await asAdmin('district2admin'), body: { id: rp.id, approved: true } })).status).toBe(404);
    expect((await app.call('POST', svc('ResourceReportService', 'AuditResourceReport'), { token: city, body: { id: rp.id, approved: true } })).status).toBe(200);
    const cityList = (await app.call('GET', svc('ResourceLibaryService', 'GetOrganManageResourceList'), { token: city, query: { Name: '温江区党课视频' } })).body.result;
    expect(cityList.totalCount).toBe(2); // the district's original and the city's adopted copy
    const p = await app.login('13800000006'); // district2admin signs in as a member of the neighbouring district
    const seen = (await app.call('GET', svc('ResourceLibaryService', 'GetOrganResourceList'), { token: p, query: { Name: '温江区党课视频' } })).body.result;
    expect(seen.items.filter((i: any) => i.organPath.startsWith('/') && i.name === '温江区党课视频' && i.organName.includes('温江'))).toHaveLength(0);
  });
});

describe('no existence oracle: a resource beyond the caller\'s reach answers as a missing one', () => {
  it('district2admin (郫都区) gets the same 404 for a 温江区 resource as for a missing id, on every call that takes a resource id', async () => {
    const district = await asAdmin('districtadmin');
    const created = await app.call('POST', svc('ResourceLibaryService', 'CreateResourceLibary'), { token: district, body: { name: '温江区专题党课', resourceType: 1, keyWord: '专题', durationSeconds: 300 } });
    expect(created.status).toBe(200);
    const wenjiang = created.body.result.id;
    const missing = 99999999;
    const sibling = await asAdmin('district2admin');
    const calls: [string, string, string, (id: number) => Record<string, unknown>][] = [
      ['GET', 'ResourceLibaryService', 'GetRelationResourceList', (id) => ({ id })],
      ['GET', 'ResourceLibaryService', 'GetResourceById', (id) => ({ id })],
      ['GET', 'ResourceLibaryService', 'GetByIdAutoIncr', (id) => ({ id })],
      ['POST', 'ResourceLibaryService', 'ModifyResourceLibary', (id) => ({ id, name: 'x', resourceType: 1 })],
      ['POST', 'ResourceLibaryService', 'DeleteResourceLibary', (id) => ({ id })],
      ['POST', 'ResourceLibaryService', 'AdoptiveResource', (id) => ({ id })],
      ['POST', 'ResourceLibaryService', 'CollectResource', (id) => ({ id })],
      ['POST', 'ResourceLibaryService', 'VerifyIntegrity', (id) => ({ id })],
      ['POST', 'ResourceReportService', 'CreateResourceReport', (id) => ({ resourceId: id })],
    ];
    for (const [method, service, action, input] of calls) {
      const ask = (id: number) => app.call(method, svc(service, action), method === 'GET' ? { token: sibling, query: input(id) } : { token: sibling, body: input(id) });
      const out = await ask(wenjiang);
      const none = await ask(missing);
      expect(out.status, `${action} out of scope`).toBe(404);
      expect(out.body, action).toEqual(none.body);
    }
    // its own administrator and its members still reach it
    expect((await app.call('GET', svc('ResourceLibaryService', 'GetRelationResourceList'), { token: district, query: { id: wenjiang } })).status).toBe(200);
    expect((await app.call('GET', svc('ResourceLibaryService', 'GetRelationResourceList'), { token: member, query: { id: wenjiang } })).status).toBe(200);
    expect((await app.call('GET', svc('ResourceLibaryService', 'GetResourceById'), { token: district, query: { id: wenjiang } })).body.result.name).toBe('温江区专题党课');
  });
});

describe('offline study hours', () => {
  it('a declaration is audited by a superior and then counted', async () => {
    const decl = await app.call('POST', svc('OfflinePeriodService', 'CreateOfflineReport'), { token: member, body: { title: '参加支部主题党日', studyDate: '2026-11-01', hours: 2, content: '学习全会精神' } });
    expect(decl.status, JSON.stringify(decl.body)).toBe(200);
    expect((await app.call('POST', svc('OfflinePeriodService', 'CreateOfflineReport'), { token: member, body: { title: 'x', studyDate: '2026-11-01', hours: 30 } })).body.error.message).toBe('学时须在0.5至24小时之间');
    const district = await asAdmin('districtadmin');
    const queue = (await app.call('GET', svc('OfflinePeriodService', 'GetAuditOffineReportPageList'), { token: district })).body.result;
    expect(queue.items.map((i: any) => i.id)).toContain(decl.body.result.id);
    expect((await app.call('POST', svc('OfflinePeriodService', 'AuditOffinePeriod'), { token: district, body: { id: decl.body.result.id, approved: false } })).body.error.message).toBe('请输入备注');
    expect((await app.call('POST', svc('OfflinePeriodService', 'AuditOffinePeriod'), { token: district, body: { id: decl.body.result.id, approved: true } })).status).toBe(200);
    expect((await app.call('POST', svc('OfflinePeriodService', 'DelteOfflineReport'), { token: member, body: { id: decl.body.result.id } })).body.error.message).toBe('该申报已审核，不能删除');
    const check = (await app.call('GET', svc('PeriodManageService', 'PeriodCheckPageList'), { token: district, query: { Name: '李明', MaxResultCount: 50 } })).body.result;
    const row = check.items.find((i: any) => i.name === '李明');
    expect(row.offlineHours).toBe(2);
    expect(row.onlineHours).toBe(0.04); // 160 s of credit
    const mineOffline = (await app.call('GET', svc('PeriodManageService', 'GetUserOfflinePeriodList'), { token: member })).body.result;
    expect(mineOffline.items[0]).toMatchObject({ title: '参加支部主题党日', hours: 2, status: 1 });
    expect(mineOffline.totalHours).toBe(2);
    const days = (await app.call('GET', svc('PeriodManageService', 'GetUserSyncPeriodList'), { token: member })).body.result;
    expect(days.totalCount).toBe(2);
    // the totals cover every page, not the one asked for
    const oneDay = (await app.call('GET', svc('PeriodManageService', 'GetUserSyncPeriodList'), { token: member, query: { MaxResultCount: 1 } })).body.result;
    expect(oneDay.items).toHaveLength(1);
    expect(oneDay.totalSeconds).toBe(days.items.reduce((s: number, d: any) => s + d.seconds, 0));
    expect(oneDay.totalSeconds).toBe(160);
    // a member cannot read someone else's periods
    expect((await app.call('GET', svc('PeriodManageService', 'GetUserOnlinePeriodList'), { token: member, query: { userId: 1 } })).status).toBe(403);
  });

  it('a role with only the 学时审核 menu audits declarations, and 学时核查 stays with 线下学时', async () => {
    // roles are the 安全管理员's (三员分立)
    const security = await asAdmin('secadmin');
    const menu = await app.db.selectFrom('menus').select('id').where('tags', '=', 'offlinePeriodAudit').executeTakeFirstOrThrow();
    const role = await app.call('POST', svc('RoleService', 'Create'), { token: security, body: { name: 'PeriodAuditor', displayName: '学时审核员', level: 3, menuIds: [menu.id] } });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const auditor = await app.db.selectFrom('users').select('id').where('userName', '=', 'district2admin').executeTakeFirstOrThrow();
    const wenjiang = await app.db.selectFrom('organizations').select('id as organId').where('organName', '=', '中共成都市温江区委员会').executeTakeFirstOrThrow();
    await app.db.insertInto('userRoles').values({ userId: auditor.id, roleId: role.body.result.id, organId: wenjiang.organId }).execute();
    const token = await app.login('district2admin');
    await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.body.result.id, organId: wenjiang.organId } });

    const decl = await app.call('POST', svc('OfflinePeriodService', 'CreateOfflineReport'), { token: member, body: { title: '参加专题党课', studyDate: '2026-11-02', hours: 1 } });
    const queue = await app.call('GET', svc('OfflinePeriodService', 'GetAuditOffineReportPageList'), { token });
    expect(queue.status).toBe(200);
    expect(queue.body.result.items.map((i: any) => i.id)).toContain(decl.body.result.id);
    expect((await app.call('GET', svc('OfflinePeriodService', 'GetOfflineReport'), { token, query: { id: decl.body.result.id } })).status).toBe(200);
    expect((await app.call('POST', svc('OfflinePeriodService', 'AuditOffinePeriod'), { token, body: { id: decl.body.result.id, approved: true } })).status).toBe(200);
    const check = await app.call('GET', svc('PeriodManageService', 'PeriodCheckPageList'), { token });
    expect(check.status).toBe(403);
    expect(check.body.error.message).toContain('Pages.OfflinePeriod');
  });
});
