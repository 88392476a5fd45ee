/**
 * The session follows the member (issue 33): every answer to a signed-in caller carries
 * x-session-stamp, what his session shows (role, its organisation and name, his own organisation,
 * the roles he holds). A transfer that completes or a role granted to him changes it at his next
 * request on the same token — no new sign-in — and GetCurrentUserSessionData then answers the new
 * organisation, which the browser shows in its header (state/session.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const C = (action: string) => svc('OrganizationChangeService', action);
const sessionOf = (token: string) => app.call('GET', svc('PartyMemberService', 'GetCurrentUserSessionData'), { token });
const stampOf = async (token: string) => {
  const r = await sessionOf(token);
  expect(r.status).toBe(200);
  const stamp = r.headers['x-session-stamp'];
  expect(stamp).toMatch(/^[A-Za-z0-9_-]{16}$/);
  return { stamp: String(stamp), session: r.body.result };
};

describe('x-session-stamp', () => {
  it('is absent without a token and stays the same while nothing changes', async () => {
    const anon = await app.call('GET', svc('BaseCodeService', 'GetBaseCodeVersion'));
    expect(anon.headers['x-session-stamp']).toBeUndefined();
    const token = await app.login('teacher');
    const a = await stampOf(token);
    const b = await stampOf(token);
    expect(b.stamp).toBe(a.stamp);
  });

  it('a completed transfer shows on the member’s open session at its next request', async () => {
    const token = await app.login('member');
    const before = await stampOf(token);
    expect(before.session.organName).toBe('柳城街道凤凰社区党支部');
    const city = await signInAsAdmin(app, 'cityadmin');
    const target = await app.db.selectFrom('organizations').select(['id', 'organName']).where('organName', '=', '郫筒街道机关党支部').executeTakeFirstOrThrow();
    const a = ok(await app.call('POST', C('Apply'), { token, body: { changeType: 1, toOrganId: target.id, reason: 'work', contactPhone: '13800000002', explain: '调往郫都区' } }));
    ok(await app.call('POST', C('Audit'), { token: city.token, body: { id: a.id, approved: true } }));
    expect(ok(await app.call('POST', C('Audit'), { token: city.token, body: { id: a.id, approved: true } })).auditStatus).toBe(3);
    // the same token, no new sign-in: a new stamp, and the session names the new branch
    const after = await stampOf(token);
    expect(after.stamp).not.toBe(before.stamp);
    expect(after.session).toMatchObject({ organId: target.id, organName: '郫筒街道机关党支部', roleId: before.session.roleId });
    // and what he does as 党员 follows: the announcements of the new district reach him, not the old one's
    const district = await signInAsAdmin(app, 'districtadmin');
    const old = ok(await app.call('POST', svc('PartyPublicInfoService', 'AnnounceCreate'), { token: district.token, body: { title: '温江区通知（转出后）', content: '<p>x</p>' } })).id;
    const list = ok(await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token, body: { skipCount: 0, maxResultCount: 100, source: 2 } }));
    expect(list.items.map((i: { messageId: number; kind: string }) => `${i.kind}-${i.messageId}`)).not.toContain(`announce-${old}`);
  });

  it('a role granted shows at the next request', async () => {
    const token = await app.login('teacher');
    const before = await stampOf(token);
    const province = await signInAsAdmin(app, 'admin');
    const teacher = await app.db.selectFrom('users').select(['id', 'name']).where('userName', '=', 'teacher').executeTakeFirstOrThrow();
    const role = await app.db.selectFrom('roles').select('id').where('name', '=', 'CityAdmin').executeTakeFirstOrThrow();
    const organ = await app.db.selectFrom('organizations').select('id').where('organName', '=', '中共成都市委员会').executeTakeFirstOrThrow();
    ok(await app.call('PUT', svc('UserService', 'UpdateAdminAsync'), { token: province.token, body: { id: teacher.id, name: teacher.name, roleId: role.id, organId: organ.id } }));
    const after = await stampOf(token);
    expect(after.stamp).not.toBe(before.stamp);
    expect(ok<any[]>(await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token })).map((r) => r.organId)).toContain(organ.id);
  });
});
