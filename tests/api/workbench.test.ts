/**
 * 工作台 (issue 34): WorkbenchService/Get counts what waits for the caller per 待办 list by running
 * that list itself — so each count equals the list's total, his own case is counted nowhere, and
 * nothing beyond his subtree; 401 without a token, 403 without Pages.Workbench.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ok, startTestApp, svc, type TestApp } from './harness';

const WB = svc('WorkbenchService', 'Get');
const DECLARATIONS = 'OfflinePeriodService/GetAuditOffineReportPageList';
/** the input each hand-written list is counted with (its pending filter); configured lists take none */
const PENDING_QUERY: Record<string, Record<string, unknown>> = {
  [DECLARATIONS]: { status: 0 },
  'PartyMemberService/RegisterAuditPageList': { status: 0 },
  'PartyDuesService/PayDuesPageList': { status: 0 },
  'ResourceLibaryService/GetOranReportAuditList': { status: 0 },
};

let app: TestApp;
let n = 0;

async function adminToken(userName: string) {
  const token = await app.login(userName);
  const role = ok<any[]>(await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token }))[0];
  ok(await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } }));
  return token;
}
const workbench = async (token: string) => ok<any>(await app.call('GET', WB, { token }));
const countOf = (wb: any, call: string) => wb.pending.find((p: any) => p.call === call)?.count;
const declare = (token: string) => app.call('POST', svc('OfflinePeriodService', 'CreateOfflineReport'), { token, body: { title: `学习${++n}`, studyDate: '2026-06-01', hours: 1 } });

let district: string;
let city: string;
let district2: string;

beforeAll(async () => {
  app = await startTestApp();
  app.freeze('2026-06-15T04:00:00Z');
  await app.db.updateTable('partyMembers').set({ partyMember: sql`coalesce(party_member, '{}'::jsonb) || '{"joinPartyDate": "2010-07-01"}'::jsonb` }).execute();
  [district, city, district2] = [await adminToken('districtadmin'), await adminToken('cityadmin'), await adminToken('district2admin')];
});
afterAll(async () => app?.close());

describe('WorkbenchService/Get', () => {
  it('401 without a token, 403 in the member role and for a role without Pages.Workbench', async () => {
    expect((await app.call('GET', WB)).status).toBe(401);
    const member = await app.login('member');
    const r = await app.call('GET', WB, { token: member });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toContain('Pages.Workbench');
    expect((await app.call('GET', WB, { token: await adminToken('teacher') })).status).toBe(403);
  });

  it('each pending count is the total of the list that decides them', async () => {
    for (const token of [district, city, await adminToken('branchadmin')]) {
      const wb = await workbench(token);
      expect(wb.pending.length).toBeGreaterThan(3);
      for (const p of wb.pending) {
        const [service, action] = p.call.split('/');
        const list = ok<any>(await app.call('GET', svc(service, action), { token, query: { SkipCount: 0, MaxResultCount: 10, ...(PENDING_QUERY[p.call] ?? {}) } }));
        expect({ call: p.call, count: p.count }).toEqual({ call: p.call, count: list.totalCount });
      }
    }
    // the demo holds work waiting for the district: a transfer and hardship applications at least
    const wb = await workbench(district);
    expect(wb.pending.reduce((s: number, p: any) => s + p.count, 0)).toBeGreaterThan(0);
  });

  it("a member's declaration counts for the administrators above him, not for another district; deciding it drops the count", async () => {
    const before = { district: countOf(await workbench(district), DECLARATIONS), city: countOf(await workbench(city), DECLARATIONS), other: countOf(await workbench(district2), DECLARATIONS) };
    const d = ok<any>(await declare(await app.login('member')));
    const after = { district: countOf(await workbench(district), DECLARATIONS), city: countOf(await workbench(city), DECLARATIONS), other: countOf(await workbench(district2), DECLARATIONS) };
    expect(after).toEqual({ district: before.district + 1, city: before.city + 1, other: before.other });
    ok(await app.call('POST', svc('OfflinePeriodService', 'AuditOffinePeriod'), { token: district, body: { id: d.id, approved: true } }));
    expect(countOf(await workbench(district), DECLARATIONS)).toBe(before.district);
  });

  it('his own case is not counted for him (nor listed), but for the administrators above', async () => {
    const mine = countOf(await workbench(district), DECLARATIONS);
    const above = countOf(await workbench(city), DECLARATIONS);
    // districtadmin, signed in as the party member he also is, declares
    const own = ok<any>(await declare(await app.login('districtadmin')));
    expect(countOf(await workbench(district), DECLARATIONS)).toBe(mine);
    const list = ok<any>(await app.call('GET', svc('OfflinePeriodService', 'GetAuditOffineReportPageList'), { token: district, query: { status: 0, MaxResultCount: 100 } }));
    expect(list.items.map((x: any) => x.id)).not.toContain(own.id);
    expect(countOf(await workbench(city), DECLARATIONS)).toBe(above + 1);
  });

  it('figures are of his own subtree', async () => {
    const d = await workbench(district);
    const c = await workbench(city);
    const o = await workbench(district2);
    expect(d.figures.memberCount).toBeGreaterThan(0);
    expect(c.figures.memberCount).toBeGreaterThan(d.figures.memberCount + o.figures.memberCount - 1);
    expect(c.figures.organCount).toBeGreaterThan(d.figures.organCount);
    const wjMembers = await app.db.selectFrom('partyMembers').select(sql<number>`count(*)::int`.as('n')).where('organPath', 'like', `${(await app.db.selectFrom('organizations').select('organPath').where('id', '=', d.organId).executeTakeFirstOrThrow()).organPath}%`).where('status', '=', 1).where('isDeleted', '=', false).executeTakeFirstOrThrow();
    expect(d.figures.memberCount).toBe(wjMembers.n);
    expect(d.studyTrend).toHaveLength(12);
    expect(d.studyTrend[11].month).toBe('2026-06');
    expect(d.day).toBe('2026-06-15');
  });
});

describe('PeriodManageService/MonthStatistics (学时核查 → 学时趋势)', () => {
  const MS = svc('PeriodManageService', 'MonthStatistics');
  it('twelve months of the subtree; 401, 403, an organisation beyond the subtree refused', async () => {
    expect((await app.call('GET', MS)).status).toBe(401);
    expect((await app.call('GET', MS, { token: await app.login('member') })).status).toBe(403);
    const r = ok<any>(await app.call('GET', MS, { token: district, query: { year: 2026 } }));
    expect(r.rows.map((x: any) => x.key)).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`));
    expect(r.measures.map((m: any) => m.key)).toEqual(['onlineHours', 'offlineHours', 'learners']);
    // the declaration approved above (2026-06-01, 1 h) is in June's offline hours
    expect(r.rows[5].offlineHours).toBeGreaterThanOrEqual(1);
    const other = ok<any>(await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token: district2 }));
    const otherPath = (await app.db.selectFrom('organizations').select('organPath').where('id', '=', other[0].organId).executeTakeFirstOrThrow()).organPath;
    expect((await app.call('GET', MS, { token: district, query: { organPath: otherPath } })).status).toBe(403);
    expect((await app.call('GET', MS, { token: district, query: { year: 'x' } })).status).toBe(400);
  });
});
