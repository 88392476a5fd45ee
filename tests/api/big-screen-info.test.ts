/**
 * 大屏信息管理 (docs/big-screen.md): registration-code lifecycle (create, register, pull the
 * version, delete, refused at once), one current version per organisation, the nearest current
 * version (currentContent), the subtree by id, concerns from the screen answered by BackConcern,
 * 401/403, and bad input answered 400 in Chinese, never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { currentContent } from '../../src/server/domains/big-screen/content';
import { BIG_SCREEN_MSG } from '../../src/contract/big-screen';
import { DEMO_SCREEN_CODE } from '../../src/server/db/seed/demo-big-screen';
import { WENJIANG_BRANCH, WENJIANG_DISTRICT } from '../../src/server/db/seed/accounts';

let app: TestApp;
let province: string;
let district: string; // 温江区
let district2: string; // 郫都区
let branch: string; // 凤凰 branch administrator: no 大屏信息管理 menu
let member: string;

const B = (a: string) => svc('BigScreenService', a);
const N = (a: string) => svc('NewsService', a);
const C = (a: string) => svc('BigScreenConcernService', a);
const D = (a: string) => svc('BigScreenDeviceService', a);
const call = (token: string | null, method: string, path: string, input: Record<string, unknown> = {}, remoteAddress?: string) =>
  method === 'GET' || method === 'DELETE' ? app.call(method, path, { token, query: input, remoteAddress }) : app.call(method, path, { token, body: input, remoteAddress });

const organ = (name: string) => app.db.selectFrom('organizations').select(['id', 'organPath']).where('organName', '=', name).executeTakeFirstOrThrow();

beforeAll(async () => {
  app = await startTestApp();
  province = (await signInAsAdmin(app, 'admin')).token;
  district = (await signInAsAdmin(app, 'districtadmin')).token;
  district2 = (await signInAsAdmin(app, 'district2admin')).token;
  branch = (await signInAsAdmin(app, 'branchadmin')).token;
  member = await app.login('member');
}, 120_000);
afterAll(async () => app?.close());

describe('registration codes and the device', () => {
  it('the demo code pulls 温江区\'s current version with its modules, news (latest first) and the library video', async () => {
    const pulled = ok(await call(null, 'GET', D('Pull'), { code: DEMO_SCREEN_CODE }));
    const wj = await organ(WENJIANG_DISTRICT);
    expect(pulled.organId).toBe(wj.id);
    expect(pulled.screenName).toBe('温江区智慧党建大屏');
    expect(pulled.version).toMatchObject({ versionName: '2024 常规版', organId: wj.id });
    expect(pulled.version.modules).toContain('map');
    expect(pulled.news.map((n: any) => n.title)).toEqual(['关于做好本季度党员学习教育的通知', '温江区开展“三会一课”规范化建设']);
    const sample = await app.db.selectFrom('resources').select(['id', 'playUrl']).where('resourceType', '=', 1).where('playUrl', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    expect(pulled.video.videoUrl).toBe(sample.playUrl);
  });

  it('create → register → pull → delete → refused at once (401 in Chinese)', async () => {
    const created = ok(await call(district, 'POST', B('CreateRegistCode'), { remark: '大厅' }));
    expect(created.code).toMatch(/^[A-Z2-9]{12}$/);
    const other = ok(await call(district, 'POST', B('CreateRegistCode'), {}));
    expect(other.code).not.toBe(created.code);
    const reg = ok(await call(null, 'POST', D('Register'), { code: created.code, deviceName: '一楼大厅' }));
    expect(reg).toMatchObject({ organName: WENJIANG_DISTRICT, deviceName: '一楼大厅' });
    const pulled = ok(await call(null, 'GET', D('Pull'), { code: created.code }));
    expect(pulled.version.versionName).toBe('2024 常规版');
    const got = ok(await call(district, 'GET', B('GetRegistCodebyId'), { id: created.id }));
    expect(got).toMatchObject({ deviceName: '一楼大厅', isRegistered: true });
    expect(got.lastPullTime).not.toBeNull();
    const list = ok(await call(district, 'GET', B('GetPagedRegistCodeList'), { maxResultCount: 100 }));
    expect(list.items.map((c: any) => c.code)).toEqual(expect.arrayContaining([created.code, DEMO_SCREEN_CODE]));

    ok(await call(district, 'DELETE', B('DeleteRegistCode'), { id: created.id }));
    for (const r of [await call(null, 'GET', D('Pull'), { code: created.code }), await call(null, 'POST', D('Register'), { code: created.code })]) {
      expect(r.status).toBe(401);
      expect(r.body.error.message).toBe(BIG_SCREEN_MSG.codeInvalid);
    }
    expect((await call(district, 'GET', B('GetRegistCodebyId'), { id: created.id })).status).toBe(404);
    // the other code still works
    ok(await call(null, 'GET', D('Pull'), { code: other.code }));
  });

  it('an unknown or malformed code is refused, never 500; device calls are rate-limited per address', async () => {
    expect((await call(null, 'GET', D('Pull'), { code: 'NOSUCHCODE99' })).status).toBe(401);
    expect((await call(null, 'GET', D('Pull'), { code: "x' or 1=1 --" })).status).toBe(401);
    expect((await call(null, 'GET', D('Pull'), {})).status).toBe(400);
    const addr = '10.9.8.7';
    let last = 0;
    for (let i = 0; i < 125; i++) last = (await call(null, 'GET', D('Pull'), { code: DEMO_SCREEN_CODE }, addr)).status;
    expect(last).toBe(429);
    // another address is not affected
    ok(await call(null, 'GET', D('Pull'), { code: DEMO_SCREEN_CODE }, '10.9.8.8'));
  });
});

describe('versions', () => {
  it('one current version per organisation; the current one cannot be deleted', async () => {
    const wj = await organ(WENJIANG_DISTRICT);
    const v = ok(await call(district, 'POST', B('CreateBigScreenVersion'), { versionName: '测试版', modules: ['members', 'news'] }));
    expect(v).toMatchObject({ organId: wj.id, isCurrent: false, moduleNames: '党员人数、新闻资讯' });
    ok(await call(district, 'POST', B('SetBigScreenVersion'), { id: v.id }));
    const current = ok(await call(district, 'GET', B('GetPagedBigScreenVersionList'), { organId: wj.id, isCurrent: true }));
    expect(current.items.map((x: any) => x.id)).toEqual([v.id]);
    expect((await currentContent(app.db, wj.organPath)).version?.id).toBe(v.id);
    const del = await call(district, 'DELETE', B('DeleteBigScreenVersion'), { id: v.id });
    expect(del.status).toBe(400);
    expect(del.body.error.message).toBe(BIG_SCREEN_MSG.currentVersionDelete);
    // back to the demo's version
    const demo = ok(await call(district, 'GET', B('GetPagedBigScreenVersionList'), { keyword: '常规版' })).items[0];
    ok(await call(district, 'POST', B('SetBigScreenVersion'), { id: demo.id }));
    ok(await call(district, 'DELETE', B('DeleteBigScreenVersion'), { id: v.id }));
    const rows = await app.db.selectFrom('bigScreenVersions').select('id').where('organId', '=', wj.id).where('isCurrent', '=', true).where('isDeleted', '=', false).execute();
    expect(rows.map((r) => r.id)).toEqual([demo.id]);
  });

  it('a branch without a version shows its district\'s; its own current version takes over, with its own news', async () => {
    const b = await organ(WENJIANG_BRANCH);
    expect((await currentContent(app.db, b.organPath)).version?.versionName).toBe('2024 常规版');
    const v = ok(await call(district, 'POST', B('CreateBigScreenVersion'), { organId: b.id, versionName: '支部版', modules: ['news'] }));
    ok(await call(district, 'POST', B('SetBigScreenVersion'), { id: v.id }));
    ok(await call(district, 'POST', B('CreateBigScreenNews'), { organId: b.id, newsType: 1, title: '支部新闻', content: '<p>内容</p><script>alert(1)</script>' }));
    const content = await currentContent(app.db, b.organPath);
    expect(content.version?.id).toBe(v.id);
    expect(content.news.map((n) => n.title)).toEqual(['支部新闻']);
    const stored = await app.db.selectFrom('bigScreenNews').select('content').where('title', '=', '支部新闻').executeTakeFirstOrThrow();
    expect(stored.content).not.toContain('script');
    // the screen's news set for the branch: its own
    const set = ok(await call(district, 'GET', N('GetPagedBigScreenNewsSetByType'), { organId: b.id }));
    expect(set).toMatchObject({ totalCount: 1, versionOrganId: b.id });
    // nothing on the path: nothing shown
    expect(await currentContent(app.db, (await organ('中共成都市郫都区委员会')).organPath)).toEqual({ version: null, news: [], video: null });
  });

  it('a video from the resource library, or refused when it is not a playable video', async () => {
    const sample = await app.db.selectFrom('resources').select('id').where('resourceType', '=', 1).where('playUrl', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const v = ok(await call(district, 'POST', B('AddBigScreenVideo'), { title: '宣传片', resourceId: sample.id }));
    expect(v.videoUrl).toMatch(/^\/file\//);
    const pdf = await app.db.selectFrom('resources').select('id').where('resourceType', '=', 4).orderBy('id').executeTakeFirstOrThrow();
    const bad = await call(district, 'POST', B('AddBigScreenVideo'), { title: '文档', resourceId: pdf.id });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain(BIG_SCREEN_MSG.libraryResourceNotFound);
    const none = await call(district, 'POST', B('AddBigScreenVideo'), { title: '空' });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body.error)).toContain(BIG_SCREEN_MSG.videoRequired);
    const list = ok(await call(district, 'GET', B('GetBigScreenVideo'), { maxResultCount: 100 }));
    expect(list.items.map((x: any) => x.id)).toContain(v.id);
  });

  it('resources map onto a version and leave it', async () => {
    const r = ok(await call(district, 'POST', B('CreateBigScreenResourcesInfo'), { name: '背景图', resourceType: 1, url: '/file/f/bg.png' }));
    const v = ok(await call(district, 'GET', B('GetPagedBigScreenVersionList'), { keyword: '草稿' })).items[0];
    expect(ok(await call(district, 'POST', B('AddBigScreenResourceMap'), { versionId: v.id, resourceIds: [r.id, r.id] }))).toMatchObject({ resourceCount: 1 });
    expect(ok(await call(district, 'GET', B('GetBigScreenVersionById'), { id: v.id })).resources.map((x: any) => x.id)).toEqual([r.id]);
    ok(await call(district, 'POST', B('DelBigScreenResourceMap'), { versionId: v.id, resourceId: r.id }));
    expect(ok(await call(district, 'GET', B('GetBigScreenVersionById'), { id: v.id })).resources).toEqual([]);
    ok(await call(district, 'POST', B('DelBigScreenResource'), { id: r.id }));
    expect((await call(district, 'POST', B('AddBigScreenResourceMap'), { versionId: v.id, resourceIds: [r.id] })).status).toBe(400);
  });
});

describe('concerns', () => {
  it('a screen user submits a concern with the code; the district answers it', async () => {
    const { id } = ok(await call(null, 'POST', D('SubmitConcern'), { code: DEMO_SCREEN_CODE, name: '张三', phone: '13900000000', content: '希望增加党史学习内容' }));
    const list = ok(await call(district, 'GET', C('GetPagedOrganBsConcern'), { isBack: false, maxResultCount: 100 }));
    expect(list.items.map((x: any) => x.id)).toContain(id);
    const answered = ok(await call(district, 'POST', C('BackConcern'), { id, backContent: '已安排' }));
    expect(answered).toMatchObject({ isBack: true, backContent: '已安排' });
    expect(ok(await call(district, 'GET', C('GetBigScreenConcernById'), { id }))).toMatchObject({ isBack: true, name: '张三' });
    const blank = await call(district, 'POST', C('BackConcern'), { id, backContent: '   ' });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body.error)).toContain('请输入回复内容');
    expect((await call(district2, 'POST', C('BackConcern'), { id, backContent: '越权' })).status).toBe(404);
    expect((await call(district2, 'DELETE', C('DeleteBsConcer'), { id })).status).toBe(404);
    ok(await call(district, 'DELETE', C('DeleteBsConcer'), { id }));
    expect((await call(district, 'GET', C('GetBigScreenConcernById'), { id })).status).toBe(404);
  });
});

describe('access and scope', () => {
  it('401 without token, 403 without the menu permission', async () => {
    for (const [m, p] of [['GET', B('GetPagedRegistCodeList')], ['GET', B('GetPagedBigScreenVersionList')], ['GET', N('SiteList')], ['GET', C('GetPagedOrganBsConcern')], ['POST', B('CreateRegistCode')]] as const) {
      expect((await call(null, m, p)).status).toBe(401);
      expect((await call(member, m, p)).status).toBe(403);
      expect((await call(branch, m, p)).status).toBe(403);
    }
  });

  it('district2admin can neither read nor change 温江区\'s by id, nor target 温江区', async () => {
    const code = ok(await call(district, 'GET', B('GetPagedRegistCodeList'), { keyword: DEMO_SCREEN_CODE })).items[0];
    const version = ok(await call(district, 'GET', B('GetPagedBigScreenVersionList'), { keyword: '常规版' })).items[0];
    const news = ok(await call(district, 'GET', N('GetPagedBigScreenNewsByType'), { newsType: 2 })).items[0];
    const wj = await organ(WENJIANG_DISTRICT);
    expect((await call(district2, 'GET', B('GetRegistCodebyId'), { id: code.id })).status).toBe(404);
    expect((await call(district2, 'DELETE', B('DeleteRegistCode'), { id: code.id })).status).toBe(404);
    expect((await call(district2, 'GET', B('GetBigScreenVersionById'), { id: version.id })).status).toBe(404);
    expect((await call(district2, 'POST', B('SetBigScreenVersion'), { id: version.id })).status).toBe(404);
    expect((await call(district2, 'POST', B('ModifyBigScreenVersion'), { id: version.id, versionName: '改' })).status).toBe(404);
    expect((await call(district2, 'DELETE', B('DeleteBigScreenNews'), { id: news.id })).status).toBe(404);
    expect((await call(district2, 'POST', B('CreateRegistCode'), { organId: wj.id })).status).toBe(404);
    expect((await call(district2, 'GET', B('GetPagedRegistCodeList'), { organId: wj.id })).status).toBe(404);
    const own = ok(await call(district2, 'GET', B('GetPagedRegistCodeList'), { maxResultCount: 100 }));
    expect(own.items.map((c: any) => c.code)).not.toContain(DEMO_SCREEN_CODE);
    // the province sees it
    expect(ok(await call(province, 'GET', B('GetRegistCodebyId'), { id: code.id })).code).toBe(DEMO_SCREEN_CODE);
    // organisations' overview: the district's own subtree, with its screen
    const overview = ok(await call(district, 'GET', B('GetPagedBigScreenOrganInfoList'), { maxResultCount: 5 }));
    const codes = await app.db.selectFrom('bigScreenRegistCodes').select('id').where('organId', '=', wj.id).where('isDeleted', '=', false).execute();
    expect(overview.items[0]).toMatchObject({ organId: wj.id, screenName: '温江区智慧党建大屏', currentVersionName: '2024 常规版', codeCount: codes.length });
  });

  it('bad input: 400 with a Chinese message, never 500', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['POST', B('CreateBigScreenVersion'), {}],
      ['POST', B('CreateBigScreenVersion'), { versionName: '   ' }],
      ['POST', B('CreateBigScreenVersion'), { versionName: 'x', modules: ['nope'] }],
      ['POST', B('CreateBigScreenVersion'), { versionName: 'x', videoId: 999999 }],
      ['POST', B('SetBigScreenVersion'), { id: 'abc' }],
      ['POST', B('CreateBigScreenNews'), { newsType: 9, title: 'x' }],
      ['POST', B('CreateBigScreenResourcesInfo'), { name: 'x', resourceType: 1, url: 'javascript:alert(1)' }],
      ['POST', B('AddBigScreenVideo'), { title: 'x', videoUrl: 'ftp://x' }],
      ['GET', B('GetPagedRegistCodeList'), { maxResultCount: 100000 }],
      ['POST', D('SubmitConcern'), { code: DEMO_SCREEN_CODE, name: '', content: 'x' }],
      ['POST', B('ModifyBigScreenInfo'), { screenName: '' }],
    ];
    for (const [m, p, input] of cases) {
      const r = await call(district, m, p, input);
      expect(r.status, `${p} ${JSON.stringify(input)}`).toBe(400);
      expect(JSON.stringify(r.body.error)).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await call(district, 'GET', B('GetBigScreenVersionById'), { id: 99999999 })).status).toBe(404);
  });

  it('ModifyBigScreenInfo keeps one information per organisation', async () => {
    const a = ok(await call(district, 'POST', B('ModifyBigScreenInfo'), { screenName: '温江区党建大屏' }));
    const b = ok(await call(district, 'POST', B('ModifyBigScreenInfo'), { screenName: '温江区党建大屏（新）' }));
    expect(b.id).toBe(a.id);
    expect(ok(await call(null, 'GET', D('Pull'), { code: DEMO_SCREEN_CODE })).screenName).toBe('温江区党建大屏（新）');
    const list = ok(await call(district, 'GET', B('GetPagedBigScreenInfoList'), {}));
    expect(list.totalCount).toBe(1);
  });
});
