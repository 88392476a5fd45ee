/**
 * 管理员 and 角色菜单 (settings): an administrator creates, edits, (de)activates and resets
 * the password of administrators only inside his managed subtree and only with roles he may grant;
 * a role's menus reach its signed-in users at their next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, startTestApp, svc, type TestApp } from './harness';
import { P } from '../../src/contract/permissions';
import { MSG } from '../../src/contract/messages';

let app: TestApp;
const stamp = Date.now().toString(36);
const PASSWORD = 'Admin@2024x';

interface Acting { token: string; organId: number; organPath: string; roleId: number }

/** Signs in and acts in the managed organisation whose role is named `roleName`. */
async function actAs(userName: string, roleName: string): Promise<Acting> {
  const token = await app.login(userName);
  const roles = ok<any[]>(await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token }));
  const role = roles.find((r) => r.roleName === roleName);
  expect(role, `${userName} as ${roleName}`).toBeTruthy();
  const r = ok(await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } }));
  return { token, organId: role.organId, organPath: r.organPath, roleId: role.roleId };
}

const roleId = async (name: string) => (await app.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const organUnder = async (path: string, organLevel?: number) =>
  (await app.db.selectFrom('organizations').select(['id', 'organPath']).where('organPath', 'like', `${path}_%`).where('isDeleted', '=', false)
    .$if(organLevel != null, (q) => q.where('organLevel', '=', organLevel!)).orderBy('id').executeTakeFirstOrThrow());

let province: Acting;
let district: Acting;
let district2: Acting;

beforeAll(async () => {
  app = await startTestApp();
  province = await actAs('admin', '省级管理员');
  district = await actAs('districtadmin', '区县管理员');
  district2 = await actAs('district2admin', '区县管理员');
});
afterAll(async () => app?.close());

const create = (who: Acting, body: Record<string, unknown>) => app.call('POST', svc('UserService', 'CreateAdminAsync'), { token: who.token, body });
const adminBody = (suffix: string, organId: number, role: number) => ({ userName: `adm_${stamp}_${suffix}`, name: `测试管理员${suffix}`, password: PASSWORD, roleId: role, organId });

describe('CreateAdminAsync', () => {
  it('refuses a phone number or a generated member name (dy + digits) as the user name', async () => {
    // a number there would sit in plain text beside the sealed phone columns (docs/SECURITY.md §19)
    for (const userName of ['13912340001', 'dy42', 'DY7']) {
      const r = await create(district, { ...adminBody('r', district.organId, await roleId('BranchAdmin')), userName });
      expect(r.status, userName).toBe(400);
      expect(r.body.error.message).toBe(MSG.userNameReserved);
    }
  });

  it('offers a district administrator only roles at or below his level', async () => {
    const roles = ok<any[]>(await app.call('GET', svc('UserService', 'GetGrantableRoles'), { token: district.token }));
    const names = roles.map((r) => r.name);
    expect(names).toContain('DistrictAdmin');
    expect(names).toContain('BranchAdmin');
    expect(names).not.toContain('ProvinceAdmin');
    expect(names).not.toContain('CityAdmin');
    expect(names).not.toContain('PartyMember');
    // level-free roles are the province's to grant
    expect(names).not.toContain('Teacher');
    const all = ok<any[]>(await app.call('GET', svc('UserService', 'GetGrantableRoles'), { token: province.token })).map((r) => r.name);
    expect(all).toEqual(expect.arrayContaining(['ProvinceAdmin', 'CityAdmin', 'DistrictAdmin', 'BranchAdmin', 'Teacher']));
    expect(all).not.toContain('PartyMember');
  });

  it('creates an administrator inside the subtree with a grantable role; he must change the password', async () => {
    // a 支部级 role on a 支部 (a role fits the level of the organisation it is granted at)
    const branch = await organUnder(district.organPath, 5);
    const made = ok(await create(district, adminBody('b1', branch.id, await roleId('BranchAdmin'))));
    expect(made.roles).toEqual([expect.objectContaining({ organId: branch.id, roleName: '支部管理员' })]);
    const signIn = ok(await app.call('POST', '/api/TokenAuth/Sigin', { body: { userName: `adm_${stamp}_b1`, password: PASSWORD } }));
    expect(signIn.needChangePassword).toBe(true);
  });

  it('refuses a role above the creator (403) and an organisation beyond his subtree (403)', async () => {
    const above = await create(district, adminBody('p1', district.organId, await roleId('ProvinceAdmin')));
    expect(above.status).toBe(403);
    expect(above.body.error.message).toBe('不能授予高于本级的管理角色');
    const city = await create(district, adminBody('c1', district.organId, await roleId('CityAdmin')));
    expect(city.status).toBe(403);
    const teacher = await create(district, adminBody('t1', district.organId, await roleId('Teacher')));
    expect(teacher.status).toBe(403);
    // a sibling district
    const sibling = await create(district, adminBody('s1', district2.organId, await roleId('DistrictAdmin')));
    expect(sibling.status).toBe(403);
    // the province above him
    const up = await create(district, adminBody('u1', province.organId, await roleId('BranchAdmin')));
    expect(up.status).toBe(403);
    expect(await app.db.selectFrom('users').select('id').where('userName', 'like', `adm_${stamp}_%1`).where('userName', '!=', `adm_${stamp}_b1`).execute()).toEqual([]);
  });

  it('answers bad input with a Chinese 400', async () => {
    const weak = await create(district, { ...adminBody('w1', district.organId, await roleId('DistrictAdmin')), password: '123' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    const member = await create(district, adminBody('m1', district.organId, await roleId('PartyMember')));
    expect(member.status).toBe(400);
    const missing = await create(district, adminBody('x1', district.organId, 99999999));
    expect(missing.status).toBe(400);
    const noRole = await create(district, { userName: `adm_${stamp}_n1`, name: '缺角色', password: PASSWORD, organId: district.organId });
    expect(noRole.status).toBe(400);
    expect(noRole.body.error.message).toMatch(/角色/);
    const dup = await create(district, adminBody('b1', district.organId, await roleId('DistrictAdmin')));
    expect(dup.status).toBe(400);
    // a member has no user-management permission
    const member2 = await app.login('member');
    expect((await app.call('POST', svc('UserService', 'CreateAdminAsync'), { token: member2, body: adminBody('z1', district.organId, await roleId('DistrictAdmin')) })).status).toBe(403);
    expect((await app.call('POST', svc('UserService', 'CreateAdminAsync'), { body: adminBody('z2', district.organId, await roleId('DistrictAdmin')) })).status).toBe(401);
  });
});

describe('managing an administrator by id', () => {
  let mine: number; // made by district in his subtree
  let theirs: number; // made by district2 in the sibling district

  beforeAll(async () => {
    mine = ok(await create(district, adminBody('d1', district.organId, await roleId('DistrictAdmin')))).id;
    theirs = ok(await create(district2, adminBody('e1', district2.organId, await roleId('DistrictAdmin')))).id;
  });

  it('reads, updates and (de)activates his own subtree’s administrator', async () => {
    expect(ok(await app.call('GET', svc('UserService', 'GetAdminAsync'), { token: district.token, query: { id: mine } })).id).toBe(mine);
    const upd = ok(await app.call('PUT', svc('UserService', 'UpdateAdminAsync'), { token: district.token, body: { id: mine, name: '改名管理员', phoneNumber: '13912345678' } }));
    expect(upd).toMatchObject({ name: '改名管理员', phoneNumber: '13912345678' });
    // an emptied phone field (the 编辑 dialog sends '') clears the number; a bad one is a Chinese 400
    expect(ok(await app.call('PUT', svc('UserService', 'UpdateAdminAsync'), { token: district.token, body: { id: mine, name: '改名管理员', phoneNumber: '' } })).phoneNumber).toBeNull();
    const badPhone = await app.call('PUT', svc('UserService', 'UpdateAdminAsync'), { token: district.token, body: { id: mine, name: '改名管理员', phoneNumber: '12345' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error.message).toMatch(/手机号/);
    expect(ok(await app.call('POST', svc('UserService', 'SetAdminActiveAsync'), { token: district.token, body: { id: mine, isActive: false } }))).toBe(true);
    const off = await app.call('POST', '/api/TokenAuth/Sigin', { body: { userName: `adm_${stamp}_d1`, password: PASSWORD } });
    expect(off.status).not.toBe(200);
    ok(await app.call('POST', svc('UserService', 'SetAdminActiveAsync'), { token: district.token, body: { id: mine, isActive: true } }));
  });

  it('answers a sibling district’s administrator as missing (404) to every call', async () => {
    const t = district.token;
    expect((await app.call('GET', svc('UserService', 'GetAdminAsync'), { token: t, query: { id: theirs } })).status).toBe(404);
    expect((await app.call('PUT', svc('UserService', 'UpdateAdminAsync'), { token: t, body: { id: theirs, name: '越权' } })).status).toBe(404);
    expect((await app.call('POST', svc('UserService', 'SetAdminActiveAsync'), { token: t, body: { id: theirs, isActive: false } })).status).toBe(404);
    expect((await app.call('POST', svc('UserService', 'ResetPassword'), { token: t, body: { userId: theirs, newPassword: 'Other@2024x' } })).status).toBe(404);
    expect((await app.call('DELETE', svc('UserService', 'Delete'), { token: t, query: { id: theirs } })).status).toBe(404);
    // the province administrator above both manages it
    expect((await app.call('GET', svc('UserService', 'GetAdminAsync'), { token: province.token, query: { id: theirs } })).status).toBe(200);
    // and the district administrator above him is no one he manages either
    const districtUser = (await app.db.selectFrom('users').select('id').where('userName', '=', 'district2admin').executeTakeFirstOrThrow()).id;
    expect((await app.call('GET', svc('UserService', 'GetAdminAsync'), { token: t, query: { id: districtUser } })).status).toBe(404);
  });

  it('refuses an update that grants a role above him or an organisation beyond him', async () => {
    expect((await app.call('PUT', svc('UserService', 'UpdateAdminAsync'), { token: district.token, body: { id: mine, name: '升级', roleId: await roleId('ProvinceAdmin'), organId: district.organId } })).status).toBe(403);
    expect((await app.call('PUT', svc('UserService', 'UpdateAdminAsync'), { token: district.token, body: { id: mine, name: '外调', roleId: await roleId('BranchAdmin'), organId: district2.organId } })).status).toBe(403);
    const roles = ok(await app.call('GET', svc('UserService', 'GetAdminAsync'), { token: province.token, query: { id: mine } })).roles;
    expect(roles.map((r: any) => r.roleName)).toEqual(['区县管理员']);
  });

  it('resets a password that must be changed at the next sign-in, by the password rules, and signs him out', async () => {
    const before = await app.login(`adm_${stamp}_d1`, PASSWORD);
    expect((await app.call('GET', svc('PartyMemberService', 'GetCurrentUserSessionData'), { token: before })).status).toBe(200);
    const weak = await app.call('POST', svc('UserService', 'ResetPassword'), { token: district.token, body: { userId: mine, newPassword: 'abc' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(ok(await app.call('POST', svc('UserService', 'ResetPassword'), { token: district.token, body: { userId: mine, newPassword: 'Reset@2024x' } }))).toBe(true);
    const signIn = ok(await app.call('POST', '/api/TokenAuth/Sigin', { body: { userName: `adm_${stamp}_d1`, password: 'Reset@2024x' } }));
    expect(signIn.needChangePassword).toBe(true);
    // the session signed in with the old password has ended
    expect((await app.call('GET', svc('PartyMemberService', 'GetCurrentUserSessionData'), { token: before })).status).toBe(401);
    // without a token: 401; a member: 403
    expect((await app.call('POST', svc('UserService', 'ResetPassword'), { body: { userId: mine, newPassword: 'Reset@2024y' } })).status).toBe(401);
    const member = await app.login('member');
    expect((await app.call('POST', svc('UserService', 'ResetPassword'), { token: member, body: { userId: mine, newPassword: 'Reset@2024y' } })).status).toBe(403);
  });
});

describe('role menus', () => {
  it('reach a signed-in administrator of the role at his next request', async () => {
    // roles are the 安全管理员's (三员分立)
    const roles = await actAs('secadmin', '安全管理员');
    const role = ok(await app.call('POST', svc('RoleService', 'Create'), { token: roles.token, body: { name: `R${stamp}`, displayName: `测试角色${stamp}`, level: 3, userType: 1 } }));
    const messages = await app.db.selectFrom('menus').select('id').where('permissionName', '=', P.Messages).executeTakeFirstOrThrow();
    const users = await app.db.selectFrom('menus').select('id').where('permissionName', '=', P.Users).executeTakeFirstOrThrow();
    ok(await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: roles.token, body: { roleId: role.id, menuIds: [messages.id] } }));
    const made = ok(await create(district, { ...adminBody('r1', district.organId, role.id) }));
    expect(made.id).toBeGreaterThan(0);
    const token = await app.login(`adm_${stamp}_r1`, PASSWORD);
    const names = async () => ok<string[]>(await app.call('GET', svc('PermissionService', 'GetCurrentUserPermissionNames'), { token }));
    expect(await names()).toContain(P.Messages);
    expect(await names()).not.toContain(P.Users);
    expect((await app.call('GET', svc('UserService', 'AdminPageList'), { token })).status).toBe(403);

    // the same session, no new sign-in: the next request sees the new menus
    ok(await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: roles.token, body: { roleId: role.id, menuIds: [users.id] } }));
    expect(await names()).toContain(P.Users);
    expect(await names()).not.toContain(P.Messages);
    expect((await app.call('GET', svc('UserService', 'AdminPageList'), { token })).status).toBe(200);
    const tree = ok<any[]>(await app.call('GET', svc('MenuButtonService', 'GetCurrentUserRoleMenuButton'), { token }));
    const flat = (l: any[]): any[] => l.flatMap((m) => [m, ...flat(m.children ?? [])]);
    expect(flat(tree).map((m) => m.id)).toContain(users.id);
    expect(flat(tree).map((m) => m.id)).not.toContain(messages.id);
  });

  it('lets a district administrator not change the menus of a role above him', async () => {
    const provinceRole = await roleId('ProvinceAdmin');
    const r = await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: district.token, body: { roleId: provinceRole, menuIds: [] } });
    expect([403, 404]).toContain(r.status);
  });
});
