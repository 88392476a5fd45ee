import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { buildAdminRoutes } from '../../src/client/routing/admin-routes';
import { screenFor } from '../../src/client/engine/resolve';
import { isNavigable, joinUrl } from '../../src/client/state/permissions';
import type { MenuDto } from '../../src/contract/types';

/** The first services of the contract; later services are checked by their own tests. */
const CORE_SERVICES = ['TeachingPlanService', 'BaseLibraryService', 'TeacherLibaryService', 'ForumService', 'PartyPublicInfoService', 'TokenAuth', 'PartyMemberService', 'UserService', 'OrganizationService', 'PartyOrganizationService', 'UnitService', 'BaseCodeService', 'PermissionService', 'MenuButtonService', 'RoleService', 'ProjectService', 'SiteMessageService'];

/** Calls that need no token: sign-in and its helpers, registration, password recovery, the public organisation tree and code tables. */
const PUBLIC = new Set([
  'POST /api/TokenAuth/Sigin', 'GET /api/TokenAuth/GetRandomCode', 'POST /api/TokenAuth/SsoSigin', 'GET /api/TokenAuth/GetUkeyChallenge',
  'POST /api/TokenAuth/SignUkey', 'GET /api/TokenAuth/GetDemoSoftwareKey',
  'POST /api/services/app/PartyMemberService/PartyMemberRegister',
  'POST /api/services/app/UserService/SendPhoneVierifCode', 'POST /api/services/app/UserService/FindPassword',
  'POST /api/services/app/UserService/ResetPassword', 'GET /api/services/app/UserService/CheckPhoneIsExists',
  'GET /api/services/app/OrganizationService/GetBranchOrganListByName', 'GET /api/services/app/OrganizationService/SearchSups',
  'GET /api/services/app/OrganizationService/GetListByParentIdAsync',
  'GET /api/services/app/BaseCodeService/GetAllBaseCodes', 'GET /api/services/app/BaseCodeService/GetBaseCodeVersion',
  // the transcoder's completion hook authenticates with its own callback token
  'POST /api/services/app/VodService/AliVideoCallBack',
  // the big screen authenticates with its registration code
  'GET /api/services/app/BigScreenDashboardService/Figures',
  // big-screen devices authenticate with their registration code
  'POST /api/services/app/BigScreenDeviceService/Register', 'GET /api/services/app/BigScreenDeviceService/Pull',
  'POST /api/services/app/BigScreenDeviceService/SubmitConcern',
]);

let app: TestApp;
let routes: { method: string; path: string; input: any }[] = [];
beforeAll(async () => {
  app = await startTestApp({ config: { apiDocs: 'public' } });
  const doc = (await app.call('GET', '/swagger/json')).body;
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries<any>(ops)) {
      const input = op.requestBody?.content?.['application/json']?.schema ?? { properties: Object.fromEntries((op.parameters ?? []).map((p: any) => [p.name, p.schema])) };
      routes.push({ method: method.toUpperCase(), path, input });
    }
  }
});
afterAll(() => app?.close());

describe('the contract', () => {
  it('registers every core call of endpoints.tsv', () => {
    const lines = readFileSync('docs/contract/endpoints.tsv', 'utf8').trim().split('\n').slice(1);
    const wanted = lines.map((l) => l.split('\t')).filter(([, path]) => CORE_SERVICES.some((s) => path.includes(`/${s}/`))).map(([m, p]) => `${m} ${p}`);
    expect(wanted.length).toBeGreaterThanOrEqual(100);
    const have = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(wanted.filter((w) => !have.has(w))).toEqual([]);
  });

  it('every route of the OpenAPI document refuses a missing token unless it is public', async () => {
    const open: string[] = [];
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      const res = await app.call(r.method, r.path, r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} });
      if (PUBLIC.has(key)) {
        expect(res.status, key).not.toBe(401);
        continue;
      }
      if (res.status !== 401) open.push(`${key} → ${res.status}`);
      else expect(res.body).toMatchObject({ success: false, unAuthorizedRequest: true });
    }
    expect(open).toEqual([]);
  });

  it('bad input never yields a 500, and every answer is an ABP envelope', async () => {
    const token = await app.login('admin');
    const manage = await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token });
    await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: manage.body.result[0].roleId, organId: manage.body.result[0].organId } });
    const junk = [{}, { id: -1 }, { id: 'abc' }, { id: 99999999 }, { id: 1e20 }];
    const failures: string[] = [];
    for (const r of routes) {
      if (r.path.endsWith('/Logout')) continue;
      const props = Object.keys(r.input?.properties ?? {});
      const garbage = Object.fromEntries(props.map((p) => [p, p.toLowerCase().includes('id') ? 'x\'; drop table users;--' : { nested: ['?'] }]));
      const long = Object.fromEntries(props.map((p) => [p, 'あ'.repeat(5000)]));
      for (const input of [...junk, garbage, long]) {
        const res = r.method === 'GET' || r.method === 'DELETE'
          ? await app.call(r.method, r.path, { token, query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])) })
          : await app.call(r.method, r.path, { token, body: input });
        // a file (an export, an import template) is the one answer that is not an envelope, and only on success
        const file = res.status === 200 && !String(res.headers['content-type'] ?? '').includes('json');
        if (res.status >= 500 || (!file && (typeof res.body !== 'object' || !('success' in res.body)))) failures.push(`${r.method} ${r.path} ${JSON.stringify(input).slice(0, 60)} → ${res.status}`);
        else if (file) continue;
        else if (!res.body.success && !/[\u4e00-\u9fa5]/.test(res.body.error.message)) failures.push(`${r.method} ${r.path}: non-Chinese message ${res.body.error.message}`);
      }
    }
    expect(failures).toEqual([]);
    // every route seven times over (the 工作台 runs a dozen lists per call): more than the default minute on a busy machine
  }, 240_000);

  it('unknown routes, broken JSON and wrong content types come back in the envelope', async () => {
    const missing = await app.call('GET', '/api/services/app/NoSuchService/Nothing');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error: { message: expect.stringContaining('请求的资源不存在') } });
    const broken = await app.call('POST', '/api/TokenAuth/Sigin', { headers: { 'content-type': 'application/json' }, body: undefined });
    expect(broken.status).toBe(400);
    const res = await app.call('POST', '/api/TokenAuth/Sigin', { headers: { 'content-type': 'text/plain' } });
    expect([400, 415]).toContain(res.status);
    expect(res.body.success).toBe(false);
  });

  it('paths match without regard to case, as the original ASP.NET Core server matched them', async () => {
    const { token } = await signInAsAdmin(app, 'admin');
    const query = { SkipCount: 0, MaxResultCount: 5, Name: '王' };
    const canonical = await app.call('GET', svc('PartyMemberService', 'SearchPageList'), { token, query });
    const lower = await app.call('GET', '/api/services/app/partymemberservice/searchpagelist', { token, query });
    const upper = await app.call('GET', '/API/SERVICES/APP/PARTYMEMBERSERVICE/SEARCHPAGELIST', { token, query });
    expect(canonical.status).toBe(200);
    expect(lower.body).toEqual(canonical.body);
    expect(upper.body).toEqual(canonical.body);
    expect((await app.call('POST', '/api/tokenauth/sigin', { body: { userName: 'admin', password: 'wrong-password' } })).body.error.message).toBe(
      (await app.call('POST', '/api/TokenAuth/Sigin', { body: { userName: 'admin', password: 'wrong-password' } })).body.error.message,
    );
    expect((await app.call('GET', '/api/services/app/partymemberservice/searchpagelist', { query })).status).toBe(401);
  });

  it('serves Swagger UI and the OpenAPI document', async () => {
    const ui = await app.call('GET', '/swagger/');
    expect(ui.status).toBe(200);
    expect(String(ui.body)).toContain('<html');
    expect(routes.length).toBeGreaterThanOrEqual(105);
  });
});

/**
 * The permission-guarded admin routes of admin-permission-routes.tsv as route paths: `video (list,
 * info)` is video/list and video/info; the 发展党员 row names its routes in words.
 */
function permissionRoutes(): [permission: string, sub: string][] {
  const WORDS: Record<string, string> = {
    'applicant creation': 'applicantCreate',
    'switch to activist': 'toActivist',
    'development object': 'developmentObject',
    'probationary member': 'probationary',
    'full member': 'fullMember',
  };
  const out: [string, string][] = [];
  for (const line of readFileSync('docs/contract/admin-permission-routes.tsv', 'utf8').trim().split('\n').slice(1)) {
    const [permission, list] = line.split('\t');
    for (const item of list.match(/[^,(]+(\([^)]*\))?/g) ?? []) {
      const grouped = /^(.+?)\s*\((.*)\)$/.exec(item.trim());
      const subs = grouped ? grouped[2].split(',').map((s) => `${grouped[1].trim()}/${s.trim()}`) : [item.trim()];
      for (const sub of subs) out.push([permission, WORDS[sub] ?? sub]);
    }
  }
  return out;
}

describe('admin-permission-routes.tsv against screens/', () => {
  it('every permission-guarded admin route is reached from a screen, under a menu carrying the permission', async () => {
    const wanted = permissionRoutes();
    expect(wanted.length).toBeGreaterThanOrEqual(69);
    // the product's menus and the screens the client builds its routes from, as the province administrator sees them
    const token = await app.login('admin');
    const province = (await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token })).body.result.find((r: { organName: string }) => r.organName === '中共四川省委员会');
    expect((await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: province.roleId, organId: province.organId } })).status).toBe(200);
    const menus = (await app.call('GET', svc('MenuButtonService', 'List'), { token })).body.result as MenuDto[];
    const screens = (await app.call('GET', svc('UiConfigService', 'GetAll'), { token })).body.result.screens;
    const routes = buildAdminRoutes(menus, screens);
    const byPath = new Map(routes.map((r) => [r.path.toLowerCase(), r]));
    // where each permission's menus are
    const carrying = new Map<string, string[]>();
    const walk = (list: MenuDto[], parentUrl: string) => {
      for (const m of list) {
        const full = isNavigable(m) && m.url ? joinUrl(parentUrl, m.url) : parentUrl;
        if (m.permissionName && full) carrying.set(m.permissionName, [...(carrying.get(m.permissionName) ?? []), full]);
        walk(m.children ?? [], full);
      }
    };
    walk(menus, '');
    const unreached: string[] = [];
    for (const [permission, sub] of wanted) {
      const reached = (carrying.get(permission) ?? []).some((menuPath) => {
        const r = byPath.get(`${menuPath}/${sub}`.toLowerCase());
        if (!r?.tag) return false;
        // a child route (from a <tag>/<sub> screen or the `routes` of the tag's own screen) guarded by
        // the menu's permission, or a submenu of that path with a screen of its own (支部空间's notice)
        return r.sub ? r.permissionName === permission && !!screenFor(screens, r.tag, r.sub) : !!screens[r.tag];
      });
      if (!reached) unreached.push(`${permission} ${sub}`);
    }
    expect(unreached).toEqual([]);
  });
});
