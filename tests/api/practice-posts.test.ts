/**
 * 示范岗与责任区, 民意收集 and 疫情防控 — configured services on the record store
 * (schemas/party-member-demostration.json, party-member-response.json, public-opinion.json,
 * epidemic-report.json, epidemic-notice.json): one record per member, likes counted once under
 * simultaneous clicks and taken back, the district's members only, an answer from the branch side
 * only, reports summed by organisation — with 401/403/404 and Chinese 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

const D = (a: string) => svc('PartyMemberDemostrationService', a);
const R = (a: string) => svc('PartyMemberResponseService', a);
const O = (a: string) => svc('PublicOpinionService', a);
const E = (a: string) => svc('EpidemicService', a);

type Admin = { token: string; organId: number; organPath: string };
let app: TestApp;
let member: string;
/** another member of 温江区 (not a named account) and one of 郫都区 */
let neighbour: string;
let far: string;
let district: Admin;
let district2: Admin;
let branch: Admin;

const demo = (extra: Record<string, unknown> = {}) => ({
  title: '党员先锋岗', postName: '社区便民服务窗口', workUnit: '凤凰社区党群服务中心', pledge: '亮身份、作表率，群众事务当日受理、限时办结。', ...extra,
});

async function bulkMemberUnder(path: string, not: string[] = []) {
  const u = await app.db
    .selectFrom('users as u')
    .innerJoin('organizations as o', 'o.id', 'u.organId')
    .innerJoin('partyMembers as m', 'm.userId', 'u.id')
    .select('u.userName')
    .where('o.organPath', 'like', `${path}%`)
    .where('u.userType', '=', 0)
    .where('u.userName', 'not in', ['member', ...not])
    .orderBy('u.id', 'desc')
    .executeTakeFirstOrThrow();
  return u.userName;
}

beforeAll(async () => {
  app = await startTestApp({ config: { tokenTtlSeconds: 30 * 86400 } });
  // 10:00 on 1 July in China
  app.freeze('2026-07-01T02:00:00Z');
  member = await app.login('member');
  district = await signInAsAdmin(app, 'districtadmin');
  district2 = await signInAsAdmin(app, 'district2admin');
  branch = await signInAsAdmin(app, 'branchadmin');
  neighbour = await app.login(await bulkMemberUnder(district.organPath));
  far = await app.login(await bulkMemberUnder(district2.organPath));
});
afterAll(() => app?.close());

describe('示范岗: one per member, the district’s list, likes once and unlike', () => {
  let mine: any;

  it('refuses without a token, without the permission and with bad input', async () => {
    expect((await app.call('GET', D('GetUserDemoList'))).status).toBe(401);
    expect((await app.call('GET', D('PageList'), { token: member })).status).toBe(403);
    // the branch administrator has no 示范岗责任区 menu
    expect((await app.call('GET', D('PageList'), { token: branch.token })).status).toBe(403);
    const short = await app.call('POST', D('CreateDemostration'), { token: member, body: demo({ pledge: '短' }) });
    expect(short.status).toBe(400);
    expect(short.body.error.validationErrors[0].members).toEqual(['pledge']);
    const missing = await app.call('POST', D('CreateDemostration'), { token: member, body: { title: '先锋岗' } });
    expect(missing.status).toBe(400);
    const foreign = await app.call('POST', D('CreateDemostration'), { token: member, body: demo({ photos: ['https://example.com/a.png'] }) });
    expect(foreign.status).toBe(400);
    expect(ok(await app.call('GET', D('GetMyDemostration'), { token: member }))).toBeNull();
  });

  it('creates one 示范岗 per member, even when submitted several times at once', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => app.call('POST', D('CreateDemostration'), { token: member, body: demo({ postName: `便民服务窗口${i}` }) })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.status === 400 && a.body.error.message === '您已创建示范岗，请修改您的示范岗')).toBe(true);
    mine = ok(await app.call('GET', D('GetMyDemostration'), { token: member }));
    expect(mine).toMatchObject({ title: '党员先锋岗', ownerName: '李明', likeCount: 0 });
    const again = await app.call('POST', D('CreateDemostration'), { token: member, body: demo({ title: '第二个岗' }) });
    expect(again.body.error.message).toBe('您已创建示范岗，请修改您的示范岗');
  });

  it('only the owner updates his own', async () => {
    expect((await app.call('PUT', D('UpdateDemostration'), { token: neighbour, body: { id: mine.id, ...demo({ title: '别人的岗' }) } })).status).toBe(404);
    const updated = ok(await app.call('PUT', D('UpdateDemostration'), { token: member, body: { id: mine.id, ...demo({ title: '党员示范窗口' }) } }));
    expect(updated.title).toBe('党员示范窗口');
    const cleared = await app.call('PUT', D('UpdateDemostration'), { token: member, body: { id: mine.id, ...demo({ pledge: '' }) } });
    expect(cleared.status).toBe(400);
  });

  it('a like counts once under ten simultaneous clicks; unlike takes it back; two members make two', async () => {
    const clicks = await Promise.all(Array.from({ length: 10 }, () => app.call('POST', D('Like'), { token: neighbour, body: { id: mine.id } })));
    expect(clicks.every((c) => c.status === 200)).toBe(true);
    expect(ok(await app.call('GET', D('GetDemostrationById'), { token: neighbour, query: { id: mine.id } }))).toMatchObject({ likeCount: 1, isLiked: true });
    expect(ok(await app.call('POST', D('UnLike'), { token: neighbour, body: { id: mine.id } }))).toEqual({ likeCount: 0, isLiked: false });
    expect(ok(await app.call('POST', D('UnLike'), { token: neighbour, body: { id: mine.id } }))).toEqual({ likeCount: 0, isLiked: false });
    await Promise.all([member, neighbour, member, neighbour].map((token) => app.call('POST', D('Like'), { token, body: { id: mine.id } })));
    const list = ok(await app.call('GET', D('GetUserDemoList'), { token: neighbour, query: { maxResultCount: 100 } }));
    expect(list.items.find((x: any) => x.id === mine.id)).toMatchObject({ likeCount: 2, isLiked: true, ownerName: '李明' });
    expect(ok(await app.call('GET', D('GetMyDemostration'), { token: member }))).toMatchObject({ id: mine.id, likeCount: 2, isLiked: true });
  });

  it('members of another district neither see nor like it; administrators see their subtree only', async () => {
    const farList = ok(await app.call('GET', D('GetUserDemoList'), { token: far, query: { maxResultCount: 100 } }));
    expect(farList.items.map((x: any) => x.id)).not.toContain(mine.id);
    expect((await app.call('POST', D('Like'), { token: far, body: { id: mine.id } })).status).toBe(404);
    expect((await app.call('GET', D('GetDemostrationById'), { token: far, query: { id: mine.id } })).status).toBe(404);
    const admin = ok(await app.call('GET', D('PageList'), { token: district.token, query: { maxResultCount: 100, title: '示范窗口' } }));
    expect(admin.items.map((x: any) => x.id)).toEqual([mine.id]);
    expect(ok(await app.call('GET', D('Get'), { token: district.token, query: { id: mine.id } })).title).toBe('党员示范窗口');
    expect(ok(await app.call('GET', D('GetDemostrationById'), { token: district.token, query: { id: mine.id } })).title).toBe('党员示范窗口');
    expect((await app.call('GET', D('Get'), { token: district2.token, query: { id: mine.id } })).status).toBe(404);
    expect((await app.call('GET', D('Get'), { token: district.token, query: { id: 'x' } })).status).toBe(400);
    const other = ok(await app.call('GET', D('PageList'), { token: district2.token, query: { maxResultCount: 100 } }));
    expect(other.items.map((x: any) => x.id)).not.toContain(mine.id);
  });
});

describe('责任区: the same rules on the second entity', () => {
  it('one per member, my zone, likes once', async () => {
    expect(ok(await app.call('GET', R('GetMyResponseById'), { token: member }))).toBeNull();
    const body = { zoneName: '凤凰社区3号网格', area: '凤凰社区3号网格6栋至9栋，共212户', pledge: '每周走访网格内群众，收集并反映诉求。' };
    const zone = ok(await app.call('POST', R('CreateResponse'), { token: member, body }));
    expect((await app.call('POST', R('CreateResponse'), { token: member, body: { ...body, zoneName: '另一个网格' } })).body.error.message).toBe('您已创建责任区，请修改您的责任区');
    expect(ok(await app.call('GET', R('GetMyResponseById'), { token: member })).id).toBe(zone.id);
    await Promise.all(Array.from({ length: 10 }, () => app.call('POST', R('Like'), { token: neighbour, body: { id: zone.id } })));
    expect(ok(await app.call('GET', R('GetResponseById'), { token: member, query: { id: zone.id } }))).toMatchObject({ likeCount: 1, isLiked: false });
    expect(ok(await app.call('POST', R('UnLike'), { token: neighbour, body: { id: zone.id } }))).toEqual({ likeCount: 0, isLiked: false });
    expect((await app.call('PUT', R('UpdateResponse'), { token: neighbour, body: { id: zone.id, ...body } })).status).toBe(404);
    expect((await app.call('GET', R('Get'), { token: district2.token, query: { id: zone.id } })).status).toBe(404);
    expect((await app.call('GET', R('GetUserResponseList'))).status).toBe(401);
  });
});

describe('民意收集: a member submits, the branch side answers, the member reads the answer', () => {
  it('answered only by administrators whose subtree holds it; anonymous to them', async () => {
    expect((await app.call('POST', O('Create'), { token: member, body: { title: '建议', category: 'nope', content: '这是一条内容足够长的意见建议。' } })).status).toBe(400);
    const op = ok(await app.call('POST', O('Create'), { token: member, body: { title: '建议增设社区夜间照明', category: 'livelihood', content: '凤凰社区北门至菜市场一段夜间没有路灯，老人出行不便。', anonymous: true } }));
    expect(op).toMatchObject({ auditStatus: 0, ownerName: '李明' });
    // the branch sees it waiting, without the member's name
    const waiting = ok(await app.call('GET', O('WaitPageList'), { token: branch.token, query: { maxResultCount: 100 } }));
    const seen = waiting.items.find((x: any) => x.id === op.id);
    expect(seen).toMatchObject({ ownerName: '匿名', ownerUserId: null, availableTransitions: ['answer'] });
    const detail = ok(await app.call('GET', O('Get'), { token: branch.token, query: { id: op.id } }));
    expect([detail.ownerName, detail.history.map((h: any) => h.actorName)]).toEqual(['匿名', ['匿名']]);
    expect((await app.call('POST', O('Answer'), { token: member, body: { id: op.id, replyContent: '自己答复自己' } })).status).toBe(403);
    expect((await app.call('POST', O('Answer'), { token: district2.token, body: { id: op.id, replyContent: '不是我的辖区' } })).status).toBe(404);
    const empty = await app.call('POST', O('Answer'), { token: branch.token, body: { id: op.id } });
    expect(empty.status).toBe(400);
    const answered = ok(await app.call('POST', O('Answer'), { token: branch.token, body: { id: op.id, replyContent: '已联系街道，本月底前安装路灯。' } }));
    expect(answered).toMatchObject({ auditStatus: 1, replyContent: '已联系街道，本月底前安装路灯。' });
    const twice = await app.call('POST', O('Answer'), { token: district.token, body: { id: op.id, replyContent: '再答复一次' } });
    expect([twice.status, twice.body.error.message]).toEqual([400, '该记录当前状态不能答复']);
    // the member reads the answer and has a site message
    const read = ok(await app.call('GET', O('MyGet'), { token: member, query: { id: op.id } }));
    expect(read).toMatchObject({ auditStatus: 1, replyContent: '已联系街道，本月底前安装路灯。', ownerName: '李明' });
    expect(read.history.map((h: any) => h.title)).toEqual(['提交', '答复']);
    expect((await app.call('GET', O('MyGet'), { token: neighbour, query: { id: op.id } })).status).toBe(404);
    const messages = ok(await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token: member, body: { skipCount: 0, maxResultCount: 20, source: 2 } }));
    expect(messages.items.some((m: any) => m.title === '您的民意诉求：已答复')).toBe(true);
    expect((await app.call('GET', O('PageList'), { token: member })).status).toBe(403);
    expect((await app.call('GET', O('MyPageList'))).status).toBe(401);
  });
});

describe('疫情防控: reports of organisations, summed by organisation', () => {
  const report = (extra: Record<string, unknown> = {}) => ({ reportDate: '2026-06-30', onDutyCount: 12, joinCount: 8, volunteerTimes: 20, description: '组织党员在小区卡口值守，开展入户排查。', ...extra });

  it('a branch reports for itself; the district sees and sums it; others do not', async () => {
    const before = ok(await app.call('GET', E('ReportStatistics'), { token: district.token, query: { reportDateStart: '2026-06-30', reportDateEnd: '2026-06-30' } }));
    const r = ok(await app.call('POST', E('ReportCreate'), { token: branch.token, body: report() }));
    expect(r).toMatchObject({ organId: branch.organId, joinCount: 8 });
    const tooMany = await app.call('POST', E('ReportCreate'), { token: branch.token, body: report({ joinCount: 13 }) });
    expect(tooMany.body.error.validationErrors[0]).toEqual({ message: '参与防控党员数不能多于在岗党员数', members: ['joinCount'] });
    const future = await app.call('POST', E('ReportCreate'), { token: branch.token, body: report({ reportDate: '2026-07-02' }) });
    expect(future.body.error.message).toBe('报告日期不能晚于今天');
    expect((await app.call('PUT', E('ReportUpdate'), { token: branch.token, body: { id: r.id, ...report({ joinCount: 99 }) } })).status).toBe(400);
    expect((await app.call('POST', E('ReportCreate'), { token: member, body: report() })).status).toBe(403);
    expect((await app.call('POST', E('ReportCreate'), { body: report() })).status).toBe(401);
    const after = ok(await app.call('GET', E('ReportStatistics'), { token: district.token, query: { reportDateStart: '2026-06-30', reportDateEnd: '2026-06-30' } }));
    expect(after.totals.count - before.totals.count).toBe(1);
    expect(after.totals.joined - before.totals.joined).toBe(8);
    expect(after.totals.volunteer - before.totals.volunteer).toBe(20);
    expect((await app.call('GET', E('ReportGet'), { token: district2.token, query: { id: r.id } })).status).toBe(404);
    // the district reads it but cannot change a branch's report
    expect(ok(await app.call('GET', E('ReportGet'), { token: district.token, query: { id: r.id } })).onDutyCount).toBe(12);
    expect((await app.call('PUT', E('ReportUpdate'), { token: district.token, body: { id: r.id, ...report() } })).status).toBe(403);
  });

  it('notices: the district publishes, its branches read them', async () => {
    const n = ok(await app.call('POST', E('NoticeCreate'), { token: district.token, body: { title: '关于做好近期疫情防控工作的通知', level: 'urgent', content: '<p>各党组织：请组织党员志愿者<script>x</script>参与值守。</p>' } }));
    expect(n.content).not.toContain('script');
    const list = ok(await app.call('GET', E('NoticePageList'), { token: branch.token, query: { maxResultCount: 100 } }));
    expect(list.items.map((x: any) => x.id)).toContain(n.id);
    expect((await app.call('GET', E('NoticeGet'), { token: district2.token, query: { id: n.id } })).status).toBe(404);
    expect((await app.call('DELETE', E('NoticeDelete'), { token: branch.token, query: { id: n.id } })).status).toBe(404);
  });
});

describe('the demo of 温江区', () => {
  it('has 示范岗 and 责任区 with likes, an opinion waiting for branchadmin and reports to sum', async () => {
    const posts = ok(await app.call('GET', D('GetUserDemoList'), { token: member, query: { maxResultCount: 100 } }));
    expect(posts.items.filter((x: any) => x.ownerName !== '李明').length).toBeGreaterThanOrEqual(4);
    expect(posts.items.some((x: any) => x.likeCount > 0)).toBe(true);
    const zones = ok(await app.call('GET', R('GetUserResponseList'), { token: member, query: { maxResultCount: 100 } }));
    expect(zones.items.filter((x: any) => x.ownerName !== '李明').length).toBeGreaterThanOrEqual(3);
    const waiting = ok(await app.call('GET', O('WaitPageList'), { token: branch.token, query: { maxResultCount: 100 } }));
    expect(waiting.items.map((x: any) => x.title)).toContain('希望支部多组织党员志愿服务活动');
    const all = ok(await app.call('GET', O('PageList'), { token: branch.token, query: { maxResultCount: 100, auditStatus: 1 } }));
    expect(all.items.map((x: any) => x.title)).toContain('建议在凤凰社区增设夜间照明');
    const stats = ok(await app.call('GET', E('ReportStatistics'), { token: district.token }));
    expect(stats.totals.count).toBeGreaterThanOrEqual(9);
  });
});
