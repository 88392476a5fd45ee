/**
 * 党建地图: GetPartyOrganMap answers the organisations with coordinates of the caller's
 * area only, `keyword` searches them by name or address (the address picker without a map key), and
 * the session tells the browser which map provider the deployment configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

const MAP = svc('PartyOrganizationService', 'GetPartyOrganMap');

let app: TestApp;
let member: string;
let memberOrgan: { id: number; organPath: string; organLevel: number };
let district: { token: string; organId: number; organPath: string };

/** the district of a branch: the first three ids of its path */
const districtOf = (organPath: string) => `/${organPath.split('/').filter(Boolean).slice(0, 3).join('/')}/`;

beforeAll(async () => {
  app = await startTestApp();
  member = await app.login('member');
  district = await signInAsAdmin(app, 'districtadmin');
  memberOrgan = ok(await app.call('GET', svc('PartyOrganizationService', 'GetOrganInfoForApp'), { token: member }));
});
afterAll(() => app?.close());

const pathsOf = async (ids: number[]) =>
  new Map((await app.db.selectFrom('organizations').select(['id', 'organPath']).where('id', 'in', ids.length ? ids : [0]).execute()).map((r) => [r.id, r.organPath]));

describe('GetPartyOrganMap', () => {
  it('needs a sign-in', async () => {
    expect((await app.call('GET', MAP)).status).toBe(401);
  });

  it("a member sees the organisations with coordinates of his district, his branch among them", async () => {
    expect(memberOrgan.organLevel).toBeGreaterThanOrEqual(4);
    const rows = ok<any[]>(await app.call('GET', MAP, { token: member }));
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.map((r) => r.id)).toContain(memberOrgan.id);
    const paths = await pathsOf(rows.map((r) => r.id));
    const area = districtOf(memberOrgan.organPath);
    for (const r of rows) {
      expect(paths.get(r.id)!.startsWith(area)).toBe(true);
      expect(typeof r.longitude).toBe('number');
      expect(typeof r.latitude).toBe('number');
      expect(Object.keys(r).sort()).toEqual(['address', 'areaCode', 'contactPhone', 'id', 'latitude', 'longitude', 'organLevel', 'organName', 'secretaryName']);
    }
    // the map fits the member's area by the district committee's 行政区划代码 (温江区)
    const top = rows.reduce((a, b) => (b.organLevel < a.organLevel ? b : a));
    expect(top).toMatchObject({ organName: '中共成都市温江区委员会', organLevel: 3, areaCode: '510115' });
  });

  it('keyword finds organisations by name or address, at most 20', async () => {
    const all = ok<any[]>(await app.call('GET', MAP, { token: member }));
    const some = all.find((r) => r.address && r.organLevel === 5)!;
    const word = some.organName.slice(0, 4);
    const hits = ok<any[]>(await app.call('GET', MAP, { token: member, query: { keyword: word } }));
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(20);
    for (const h of hits) expect(`${h.organName}|${h.address}`).toContain(word);
    const byAddress = ok<any[]>(await app.call('GET', MAP, { token: member, query: { keyword: some.address } }));
    expect(byAddress.map((r) => r.id)).toContain(some.id);
    // LIKE's wildcards are plain characters in a keyword
    expect(ok<any[]>(await app.call('GET', MAP, { token: member, query: { keyword: '%' } }))).toEqual([]);
    expect(ok<any[]>(await app.call('GET', MAP, { token: member, query: { keyword: '没有这个地方的名字' } }))).toEqual([]);
  });

  it('organId narrows the map inside the area and is refused beyond it', async () => {
    const inside = ok<any[]>(await app.call('GET', MAP, { token: member, query: { organId: memberOrgan.id } }));
    expect(inside.map((r) => r.id)).toContain(memberOrgan.id);
    const paths = await pathsOf(inside.map((r) => r.id));
    for (const p of paths.values()) expect(p.startsWith(memberOrgan.organPath)).toBe(true);
    // an organisation of another city
    const area = districtOf(memberOrgan.organPath);
    const other = await app.db.selectFrom('organizations').select(['id']).where('organPath', 'not like', `${area}%`).where('organLevel', '=', 5).where('isDeleted', '=', false).executeTakeFirstOrThrow();
    const out = await app.call('GET', MAP, { token: member, query: { organId: other.id } });
    expect(out.status).toBe(404);
    expect(out.body.error.message).toBe('党组织不存在');
    expect((await app.call('GET', MAP, { token: district.token, query: { organId: other.id } })).status).toBe(404);
  });

  it("an administrator's map is his managed subtree", async () => {
    const rows = ok<any[]>(await app.call('GET', MAP, { token: district.token, query: { organLevel: 5 } }));
    expect(rows.length).toBeGreaterThan(0);
    const paths = await pathsOf(rows.map((r) => r.id));
    for (const r of rows) {
      expect(r.organLevel).toBe(5);
      expect(paths.get(r.id)!.startsWith(district.organPath)).toBe(true);
    }
  });

  it('bad input is a 400 with a Chinese message, never a 500', async () => {
    for (const query of [{ organLevel: 'abc' }, { organId: -3 }, { keyword: 'x'.repeat(51) }, { organId: '1e400' }]) {
      const r = await app.call('GET', MAP, { token: member, query });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('map settings reach the browser with the session', () => {
  it('without a key the provider is the bundled outline', async () => {
    const s = ok(await app.call('GET', svc('PartyMemberService', 'GetCurrentUserSessionData'), { token: member }));
    expect(s.map).toEqual({ provider: 'outline' });
  });

  it('with AMAP_KEY the provider is AMap, with its key and security code, from the sign-in on', async () => {
    const before = app.ctx.config.map;
    app.ctx.config.map = { provider: 'amap', amapKey: 'k-123', amapSecurityCode: 's-456' };
    try {
      const r = await app.call('POST', '/api/TokenAuth/Sigin', { body: { userName: 'member', password: 'Demo@123456' } });
      expect(r.body.result.map).toEqual({ provider: 'amap', amapKey: 'k-123', amapSecurityCode: 's-456' });
    } finally {
      app.ctx.config.map = before;
    }
  });
});
