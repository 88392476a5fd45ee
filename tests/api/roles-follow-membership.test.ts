/**
 * Roles follow membership (issue 32): an administrator role on an organisation ends when its
 * holder is no longer a member inside that organisation's subtree — a transfer out of the province,
 * a transfer to a branch elsewhere in the province, an administrator's change of his organisation,
 * the deletion of his record, the move of his organisation under another parent. In the same
 * transaction his sessions are revoked (the old token answers 401 at once) and the audit log says
 * which roles ended and why; a role on an organisation that still holds him stays; what waited for
 * the ended role waits for the organisation, and its next administrator sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, startTestApp, svc, type TestApp } from './harness';

const C = (action: string) => svc('OrganizationChangeService', action);
const P = (action: string) => svc('PartyMemberService', action);
const D = (action: string) => svc('DifficultyService', action);
const ROLE_ENDED = '管理角色随组织关系收回';

let app: TestApp;
interface Acting { token: string; organId: number; organPath: string }

async function actAs(userName: string, roleName: string, organId?: number): Promise<Acting> {
  const token = await app.login(userName);
  const roles = ok<any[]>(await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token }));
  const role = roles.find((r) => r.roleName === roleName && (organId === undefined || r.organId === organId));
  expect(role, `${userName} as ${roleName}`).toBeTruthy();
  const r = ok(await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } }));
  return { token, organId: role.organId, organPath: r.organPath };
}
const userIdOf = async (userName: string) => (await app.db.selectFrom('users').select('id').where('userName', '=', userName).executeTakeFirstOrThrow()).id;
const roleIdOf = async (name: string) => (await app.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const organ = async (organName: string) => app.db.selectFrom('organizations').select(['id', 'organPath', 'organName']).where('organName', '=', organName).executeTakeFirstOrThrow();
const memberOf = async (userName: string) =>
  app.db.selectFrom('partyMembers').select(['id', 'organId', 'organPath', 'status', 'name', 'phoneNumber', 'idCard']).where('userId', '=', await userIdOf(userName)).where('isDeleted', '=', false).executeTakeFirstOrThrow();
/** grants a role directly (the test's setup: who holds what before the move) */
const grant = async (userName: string, roleName: string, organId: number) =>
  app.db.insertInto('userRoles').values({ userId: await userIdOf(userName), roleId: await roleIdOf(roleName), organId }).execute();
const heldRoles = async (userName: string) =>
  (await app.db.selectFrom('userRoles as ur').innerJoin('roles as r', 'r.id', 'ur.roleId').select(['r.name', 'ur.organId']).where('ur.userId', '=', await userIdOf(userName)).orderBy('ur.id').execute()).map((r) => `${r.name}@${r.organId}`);
const me = (token: string) => app.call('GET', svc('PermissionService', 'GetCurrentUserPermission'), { token });
const auditRows = async (who: Acting, targetUserName: string) =>
  ok(await app.call('GET', svc('AuditLogService', 'GetAuditLogs'), { token: who.token, query: { action: ROLE_ENDED, maxResultCount: 100 } })).items.filter(
    (r: any) => r.targetId === String(targetUserId.get(targetUserName)),
  );
const targetUserId = new Map<string, number>();

let province: Acting;
let city: Acting;
let district: Acting;

beforeAll(async () => {
  app = await startTestApp();
  province = await actAs('admin', '省级管理员');
  city = await actAs('cityadmin', '市级管理员');
  district = await actAs('districtadmin', '区县管理员');
  for (const u of ['branchadmin', 'districtadmin', 'member', 'teacher']) targetUserId.set(u, await userIdOf(u));
});
afterAll(async () => app?.close());

describe('a branch administrator transferred out of the province', () => {
  let asMember: string;
  let asBranch: Acting;
  let branch: Awaited<ReturnType<typeof organ>>;
  let waitingBefore: number[];

  it('applies as 党员 while also signed in as 支部管理员 of his branch', async () => {
    branch = await organ('柳城街道凤凰社区党支部');
    asBranch = await actAs('branchadmin', '支部管理员');
    expect(asBranch.organId).toBe(branch.id);
    waitingBefore = ok(await app.call('GET', D('GetAuditDifficultyApplyList'), { token: asBranch.token, query: { maxResultCount: 100 } })).items.map((r: any) => r.id).sort();
    expect(waitingBefore.length).toBeGreaterThan(0);
    expect((await app.call('GET', svc('PartyDuesService', 'PayDuesPageList'), { token: asBranch.token })).status).toBe(200);
    asMember = await app.login('branchadmin');
    const r = ok(await app.call('POST', C('Apply'), { token: asMember, body: { changeType: 2, toOrganName: '中共北京市海淀区中关村街道科技园社区党支部', reason: 'work', contactPhone: '02888888888', explain: '工作调动到北京' } }));
    expect(r.availableTransitions).toEqual(['withdraw']);
    // approved by another administrator (the district's): the transfer completes
    const done = ok(await app.call('POST', C('Audit'), { token: district.token, body: { id: r.id, approved: true } }));
    expect(done.auditStatus).toBe(3);
    expect((await memberOf('branchadmin')).status).toBe(3);
  });

  it('both his tokens answer 401 at once', async () => {
    expect((await me(asBranch.token)).status).toBe(401);
    expect((await me(asMember)).status).toBe(401);
    expect((await app.call('GET', svc('PartyDuesService', 'PayDuesPageList'), { token: asBranch.token })).status).toBe(401);
    const live = await app.db.selectFrom('authSessions').select('id').where('userId', '=', targetUserId.get('branchadmin')!).where('revokedAt', 'is', null).execute();
    expect(live).toEqual([]);
  });

  it('signed in again he is no 支部管理员 of the branch he left', async () => {
    const token = await app.login('branchadmin');
    // his managed organisations: none left (the 党员 role is not listed there)
    expect(ok<any[]>(await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token }))).toEqual([]);
    expect((await app.call('GET', svc('PartyDuesService', 'PayDuesPageList'), { token })).status).toBe(403);
    expect((await app.call('GET', D('GetAuditDifficultyApplyList'), { token })).status).toBe(403);
    const adminRole = await roleIdOf('BranchAdmin');
    const change = await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: adminRole, organId: branch.id } });
    expect(change.status).toBe(400);
  });

  it('the audit log says which role ended and why, for the district and the province', async () => {
    for (const who of [district, province]) {
      const rows = await auditRows(who, 'branchadmin');
      expect(rows.length).toBe(1);
      expect(rows[0]).toMatchObject({ service: 'OrganizationChangeService', action: ROLE_ENDED, isSuccess: true, organId: branch.id, userName: 'districtadmin' });
      expect(rows[0].changes).toContain('收回角色=柳城街道凤凰社区党支部支部管理员');
      expect(rows[0].changes).toContain('转出省外');
      expect(rows[0].changes).toContain('赵丽华');
    }
  });

  it('what waited for him waits for the branch: its next administrator sees the same applications', async () => {
    await grant('member', 'BranchAdmin', branch.id);
    const next = await actAs('member', '支部管理员');
    const waiting = ok(await app.call('GET', D('GetAuditDifficultyApplyList'), { token: next.token, query: { maxResultCount: 100 } })).items.map((r: any) => r.id).sort();
    expect(waiting).toEqual(waitingBefore);
  });
});

describe('a move inside the province', () => {
  it('a transfer to another district ends the roles there; his token answers 401; the audit log has it', async () => {
    // districtadmin: member of 柳城街道机关党支部 (温江), 区县管理员 of 温江区 — and, for this test, 支部管理员 of his own branch
    const own = await memberOf('districtadmin');
    await grant('districtadmin', 'BranchAdmin', own.organId);
    const target = await organ('郫筒街道机关党支部');
    const old = await actAs('districtadmin', '区县管理员');
    const asMember = await app.login('districtadmin');
    const a = ok(await app.call('POST', C('Apply'), { token: asMember, body: { changeType: 1, toOrganId: target.id, reason: 'work', contactPhone: '13800000005', explain: '调往郫都区' } }));
    expect(ok(await app.call('POST', C('Audit'), { token: city.token, body: { id: a.id, approved: true } })).auditStatus).toBe(2);
    expect(ok(await app.call('POST', C('Audit'), { token: city.token, body: { id: a.id, approved: true } })).auditStatus).toBe(3);
    expect(await heldRoles('districtadmin')).toEqual([`PartyMember@${target.id}`]);
    expect((await me(old.token)).status).toBe(401);
    expect((await me(asMember)).status).toBe(401);
    const rows = await auditRows(city, 'districtadmin');
    expect(rows.length).toBe(1);
    expect(rows[0].changes).toContain('中共成都市温江区委员会区县管理员');
    expect(rows[0].changes).toContain('柳城街道机关党支部支部管理员');
    expect(rows[0].changes).toContain('省内转至郫筒街道机关党支部');
  });

  it('a move to another branch under the same district ends the branch role but not the district role', async () => {
    // teacher: for this test a member of a 温江 branch, 支部管理员 there and 区县管理员 of 温江区
    const wenjiang = await organ('中共成都市温江区委员会');
    const from = await organ('柳城街道凤凰社区党支部');
    const to = await app.db.selectFrom('organizations').select(['id', 'organPath', 'organName']).where('organPath', 'like', `${wenjiang.organPath}%`).where('organType', '=', '5').where('id', '!=', from.id).where('auditStatus', '=', 1).where('isDeleted', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const teacher = await memberOf('teacher');
    await app.db.updateTable('partyMembers').set({ organId: from.id, organPath: from.organPath }).where('id', '=', teacher.id).execute();
    await app.db.updateTable('users').set({ organId: from.id }).where('id', '=', targetUserId.get('teacher')!).execute();
    await app.db.updateTable('userRoles').set({ organId: from.id }).where('userId', '=', targetUserId.get('teacher')!).where('roleId', '=', await roleIdOf('PartyMember')).execute();
    await grant('teacher', 'BranchAdmin', from.id);
    await grant('teacher', 'DistrictAdmin', wenjiang.id);
    const before = await heldRoles('teacher');
    const asDistrict = await actAs('teacher', '区县管理员');
    // the city's administrator moves him (the quick form): his branch role ends, the district's and the 教师 role stay
    const r = await app.call('POST', P('SimpleUpdate'), { token: city.token, body: { id: teacher.id, name: teacher.name, organId: to.id, phoneNumber: teacher.phoneNumber, idCard: teacher.idCard } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await heldRoles('teacher');
    expect(after).toContain(`DistrictAdmin@${wenjiang.id}`);
    expect(after).toContain(`PartyMember@${to.id}`);
    expect(after).not.toContain(`BranchAdmin@${from.id}`);
    expect(after.filter((x) => x.startsWith('Teacher@'))).toEqual(before.filter((x) => x.startsWith('Teacher@')));
    expect((await me(asDistrict.token)).status).toBe(401);
    const rows = await auditRows(city, 'teacher');
    expect(rows.length).toBe(1);
    expect(rows[0].changes).toContain(`收回角色=${from.organName}支部管理员`);
    expect(rows[0].changes).not.toContain('区县管理员');
    // signed in again he still administers the district
    expect((await actAs('teacher', '区县管理员')).organId).toBe(wenjiang.id);
  });

  it('a member without administrator roles keeps his session when he moves', async () => {
    const m = await memberOf('member');
    const token = await app.login('member');
    // member holds 支部管理员 of 凤凰 from the first block: take it away first
    await app.db.deleteFrom('userRoles').where('userId', '=', targetUserId.get('member')!).where('roleId', '=', await roleIdOf('BranchAdmin')).execute();
    const to = await app.db.selectFrom('organizations').select(['id']).where('organPath', 'like', `${district.organPath}%`).where('organType', '=', '5').where('id', '!=', m.organId).where('auditStatus', '=', 1).where('isDeleted', '=', false).orderBy('id').executeTakeFirstOrThrow();
    ok(await app.call('POST', P('SimpleUpdate'), { token: city.token, body: { id: m.id, name: m.name, organId: to.id, phoneNumber: m.phoneNumber, idCard: m.idCard } }));
    const session = ok(await app.call('GET', P('GetCurrentUserSessionData'), { token }));
    expect(session.organId).toBe(to.id);
    expect(await auditRows(city, 'member')).toEqual([]);
  });
});

describe('deleting a member who administers', () => {
  it('is refused to an administrator below the role he holds, done by one above it: the role ends with his record', async () => {
    // cityadmin: 市级管理员 of 成都市, a member of a 成都 branch; 温江's administrator cannot see him
    const wenjiangMember = await app.db
      .selectFrom('partyMembers').select(['id', 'userId', 'organId']).where('organPath', 'like', `${(await organ('中共成都市温江区委员会')).organPath}%`)
      .where('status', '=', 1).where('isDeleted', '=', false).where('userId', 'is not', null).where('userId', 'not in', [...targetUserId.values()]).orderBy('id').executeTakeFirstOrThrow();
    const cityOrgan = await organ('中共成都市委员会');
    await app.db.insertInto('userRoles').values({ userId: wenjiangMember.userId!, roleId: await roleIdOf('CityAdmin'), organId: cityOrgan.id }).execute();
    // an administrator of the district (below the city; district2admin given 温江 for this test): 403 with the reason
    const wenjiangAdmin = await app.db.selectFrom('users').select('userName').where('id', '=', wenjiangMember.userId!).executeTakeFirstOrThrow();
    const wenjiang = await organ('中共成都市温江区委员会');
    await grant('district2admin', 'DistrictAdmin', wenjiang.id);
    const below = await actAs('district2admin', '区县管理员', wenjiang.id);
    const refused = await app.call('DELETE', P('Delete'), { token: below.token, query: { id: wenjiangMember.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('该党员是中共成都市委员会的市级管理员，须由该党组织或其上级党组织的管理员办理');
    expect((await app.db.selectFrom('partyMembers').select('isDeleted').where('id', '=', wenjiangMember.id).executeTakeFirstOrThrow()).isDeleted).toBe(false);
    // the city's own administrator deletes him: the city role ends, his account (nothing left) is disabled
    const token = await app.login(wenjiangAdmin.userName);
    ok(await app.call('DELETE', P('Delete'), { token: city.token, query: { id: wenjiangMember.id } }));
    expect(await app.db.selectFrom('userRoles').select('id').where('userId', '=', wenjiangMember.userId!).execute()).toEqual([]);
    expect((await me(token)).status).toBe(401);
    const rows = ok(await app.call('GET', svc('AuditLogService', 'GetAuditLogs'), { token: province.token, query: { action: ROLE_ENDED, maxResultCount: 100 } })).items.filter((r: any) => r.targetId === String(wenjiangMember.userId));
    expect(rows.length).toBe(1);
    expect(rows[0]).toMatchObject({ service: 'PartyMemberService', userName: 'cityadmin' });
    expect(rows[0].changes).toContain('党员档案被删除');
  });
});

describe('an organisation moved under another parent', () => {
  it('its members lose the roles on the organisations it left, keep those it is still under', async () => {
    // teacher: since the block above a member of a 温江 branch and 区县管理员 of 温江区
    const teacher = await memberOf('teacher');
    const wenjiang = await organ('中共成都市温江区委员会');
    const pidu = await organ('中共成都市郫都区委员会');
    await grant('teacher', 'CityAdmin', (await organ('中共成都市委员会')).id);
    const asDistrict = await actAs('teacher', '区县管理员', wenjiang.id);
    const r = await app.call('PUT', svc('OrganizationService', 'UpdateAsync'), { token: province.token, body: { id: teacher.organId, parentId: pidu.id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await heldRoles('teacher');
    expect(after).not.toContain(`DistrictAdmin@${wenjiang.id}`);
    expect(after).toContain(`CityAdmin@${(await organ('中共成都市委员会')).id}`);
    expect((await me(asDistrict.token)).status).toBe(401);
    const rows = (await auditRows(province, 'teacher')).filter((x: any) => x.service === 'OrganizationService');
    expect(rows.length).toBe(1);
    expect(rows[0].changes).toContain('中共成都市温江区委员会区县管理员');
    expect(rows[0].changes).toContain('所在党组织调整了上级党组织');
  });
});
