import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, svc, type TestApp } from './harness';
import { P } from '../../src/contract/permissions';
import type { MenuDto, PermissionEntry } from '../../src/contract/types';
import { sendSiteMessage } from '../../src/server/services/site-message';

let app: TestApp;
let admin: string; // admin, switched to the role that carries the settings permissions
let member: string;
let security: string; // secadmin: the 安全管理员 (roles and grants)

const hasChinese = (s: unknown) => typeof s === 'string' && /[\u4e00-\u9fa5]/.test(s);

const flatten = (menus: MenuDto[]): MenuDto[] => menus.flatMap((m) => [m, ...flatten(m.children ?? [])]);

async function permissions(token: string): Promise<PermissionEntry[]> {
  const r = await app.call('GET', svc('PermissionService', 'GetCurrentUserPermission'), { token });
  expect(r.status).toBe(200);
  return r.body.result;
}

/** Switches the session to the first held role whose menus carry `permission`. */
async function switchToRoleWith(token: string, permission: string) {
  const entry = (await permissions(token)).find((p) => flatten(p.menus).some((m) => m.permissionName === permission));
  expect(entry, `a role with ${permission}`).toBeTruthy();
  const r = await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: entry!.roleId, organId: entry!.organId } });
  expect(r.status).toBe(200);
  return entry!;
}

const userId = async (userName: string) => (await app.db.selectFrom('users').select('id').where('userName', '=', userName).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login('admin');
  member = await app.login('member');
  await switchToRoleWith(admin, P.Menus);
  // roles and permissions are the 安全管理员's (三员分立, docs/SECURITY.md §15)
  security = await app.login('secadmin');
});
afterAll(async () => app?.close());

describe('PermissionService', () => {
  it('gives admin at least two roles with menus, the default one first', async () => {
    const perms = await permissions(await app.login('admin'));
    expect(perms.length).toBeGreaterThanOrEqual(2);
    expect(perms.filter((p) => p.isDefault)).toHaveLength(1);
    expect(perms[0].isDefault).toBe(true);
    for (const p of perms) {
      expect(p).toMatchObject({ roleId: expect.any(Number), roleName: expect.any(String), organName: expect.any(String) });
      expect(p.menus.length).toBeGreaterThan(0);
    }
    const adminRole = perms.find((p) => !p.isDefault)!;
    const all = flatten(adminRole.menus);
    expect(all.every((m) => [1, 2, 6].includes(m.type))).toBe(true);
    expect(all.some((m) => m.children.length > 0)).toBe(true);
    // siblings in sort-then-id order, children point at their parent
    const check = (list: MenuDto[], parentId: number | null) => {
      list.forEach((m, i) => {
        if (parentId != null) expect(m.parentId).toBe(parentId);
        if (i > 0) expect(list[i - 1].sort < m.sort || (list[i - 1].sort === m.sort && list[i - 1].id < m.id)).toBe(true);
        check(m.children, m.id);
      });
    };
    check(adminRole.menus, null);
  });

  it('gives member only the default role', async () => {
    const perms = await permissions(member);
    expect(perms).toHaveLength(1);
    expect(perms[0].isDefault).toBe(true);
  });

  it('lists the names of the current role and all permissions as a tree', async () => {
    const names = await app.call('GET', svc('PermissionService', 'GetCurrentUserPermissionNames'), { token: security });
    expect(names.body.result).toContain(P.Roles);
    const all = await app.call('GET', svc('PermissionService', 'GetAllPermission'), { token: security });
    expect(all.status).toBe(200);
    const flat = (n: any[]): string[] => n.flatMap((x) => [x.name, ...flat(x.children)]);
    expect(flat(all.body.result)).toContain(P.Roles);
    const forbidden = await app.call('GET', svc('PermissionService', 'GetAllPermission'), { token: member });
    expect(forbidden.status).toBe(403);
  });
});

describe('BaseCodeService', () => {
  const version = async () => (await app.call('GET', svc('BaseCodeService', 'GetBaseCodeVersion'))).body.result as string;

  it('versions every change of the code tables', async () => {
    const v0 = await version();
    expect(typeof v0).toBe('string');
    const type = await app.call('POST', svc('BaseCodeService', 'CreateBaseCodeType'), { token: admin, body: { name: 'TestRegion', displayName: '测试区域', isTree: true } });
    expect(type.status).toBe(200);
    const v1 = await version();
    expect(v1).not.toBe(v0);

    const create = (body: object) => app.call('POST', svc('BaseCodeService', 'CreateOrUpdateBaseCode'), { token: admin, body });
    const parent = await create({ typeName: 'TestRegion', label: '成都市', value: '5101' });
    expect(parent.status).toBe(200);
    const v2 = await version();
    expect(v2).not.toBe(v1);
    const child = await create({ typeName: 'TestRegion', label: '温江区', value: '510115', parentValue: '5101' });
    expect(child.status).toBe(200);

    const all = (await app.call('GET', svc('BaseCodeService', 'GetAllBaseCodes'))).body.result;
    expect(all.TestRegion).toEqual([{ label: '成都市', value: '5101', children: [{ label: '温江区', value: '510115' }] }]);

    const kids = await app.call('GET', svc('BaseCodeService', 'GetBaseCodeByTypeOrParentValue'), { token: member, query: { typeName: 'TestRegion', parentValue: '5101' } });
    expect(kids.body.result.map((c: any) => c.value)).toEqual(['510115']);
    const noFilter = await app.call('GET', svc('BaseCodeService', 'GetBaseCodeByTypeOrParentValue'), { token: member });
    expect(noFilter.status).toBe(400);
    expect(hasChinese(noFilter.body.error.message)).toBe(true);

    // bad input: duplicate value, unknown type, unknown parent, missing label
    for (const body of [
      { typeName: 'TestRegion', label: '重复', value: '5101' },
      { typeName: 'NoSuchType', label: '甲', value: '1' },
      { typeName: 'TestRegion', label: '乙', value: '9', parentValue: 'nope' },
      { typeName: 'TestRegion', value: '8' },
    ]) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(hasChinese(r.body.error.message)).toBe(true);
    }

    // a parent with children cannot go; its renamed value carries the children along
    const refuse = await app.call('DELETE', svc('BaseCodeService', 'DeleteBaseCode'), { token: admin, query: { id: parent.body.result.id } });
    expect(refuse.status).toBe(400);
    const renamed = await create({ id: parent.body.result.id, typeName: 'TestRegion', label: '成都', value: '5101X' });
    expect(renamed.status).toBe(200);
    const v3 = await version();
    expect(v3).not.toBe(v2);
    const after = (await app.call('GET', svc('BaseCodeService', 'GetAllBaseCodes'))).body.result;
    expect(after.TestRegion[0].children[0].value).toBe('510115');

    const del = await app.call('DELETE', svc('BaseCodeService', 'DeleteBaseCode'), { token: admin, query: { id: child.body.result.id } });
    expect(del.status).toBe(200);
    const v4 = await version();
    expect(v4).not.toBe(v3);
    const again = await app.call('DELETE', svc('BaseCodeService', 'DeleteBaseCode'), { token: admin, query: { id: child.body.result.id } });
    expect(again.status).toBe(404);

    const types = await app.call('GET', svc('BaseCodeService', 'GetBaseCodeTypes'), { token: admin, query: { Keyword: 'testregion', MaxResultCount: 5 } });
    expect(types.body.result).toMatchObject({ totalCount: 1, items: [{ name: 'TestRegion', codeCount: 1 }] });
    const dupType = await app.call('POST', svc('BaseCodeService', 'CreateBaseCodeType'), { token: admin, body: { name: 'TestRegion', displayName: '重复' } });
    expect(dupType.status).toBe(400);

    const delType = await app.call('DELETE', svc('BaseCodeService', 'DeleteBaseCodeType'), { token: admin, query: { id: type.body.result.id } });
    expect(delType.status).toBe(200);
    expect(await version()).not.toBe(v4);
    expect((await app.call('GET', svc('BaseCodeService', 'GetAllBaseCodes'))).body.result.TestRegion).toBeUndefined();
  });
});

describe('RoleService', () => {
  it('creates, reads, updates and deletes a role; refuses static and in-use roles', async () => {
    const levels = await app.call('GET', svc('RoleService', 'GetRoleLevelList'), { token: security });
    expect(levels.body.result.map((l: any) => l.label)).toEqual(['省级', '市（州）级', '县（市、区）级', '乡镇（街道）级', '基层党组织']);

    const created = await app.call('POST', svc('RoleService', 'Create'), { token: security, body: { name: 'TestAuditor', displayName: '测试审核员', level: 3 } });
    expect(created.status).toBe(200);
    const id = created.body.result.id;
    expect(created.body.result.levelName).toBe('县（市、区）级');

    const dup = await app.call('POST', svc('RoleService', 'Create'), { token: security, body: { name: 'testauditor', displayName: '重复' } });
    expect(dup.status).toBe(400);
    expect(hasChinese(dup.body.error.message)).toBe(true);
    const noName = await app.call('POST', svc('RoleService', 'Create'), { token: security, body: { name: 'X1' } });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toContain('角色显示名称');

    const page = await app.call('GET', svc('RoleService', 'GetVisiblePageRoleList'), { token: security, query: { Keyword: '测试审核', SkipCount: 0, MaxResultCount: 10 } });
    expect(page.body.result).toMatchObject({ totalCount: 1, items: [{ id, name: 'TestAuditor' }] });

    const updated = await app.call('PUT', svc('RoleService', 'Update'), { token: security, body: { id, displayName: '区县审核员', description: '测试' } });
    expect(updated.status).toBe(200);
    const forEdit = await app.call('GET', svc('RoleService', 'GetRoleForEdit'), { token: security, query: { id } });
    expect(forEdit.body.result.role).toMatchObject({ displayName: '区县审核员', level: 3 });
    expect(forEdit.body.result.menuIds).toEqual([]);

    const missing = await app.call('PUT', svc('RoleService', 'Update'), { token: security, body: { id: 999999, displayName: '无' } });
    expect(missing.status).toBe(404);

    // in use
    const memberOrgan = (await app.db.selectFrom('users').select('organId').where('userName', '=', 'member').executeTakeFirstOrThrow()).organId!;
    await app.db.insertInto('userRoles').values({ userId: await userId('member'), roleId: id, organId: memberOrgan }).execute();
    const inUse = await app.call('DELETE', svc('RoleService', 'Delete'), { token: security, query: { id } });
    expect(inUse.status).toBe(400);
    expect(inUse.body.error.message).toBe('该角色仍有用户使用，不能删除');
    await app.db.deleteFrom('userRoles').where('roleId', '=', id).execute();

    // static
    await app.db.updateTable('roles').set({ isStatic: true }).where('id', '=', id).execute();
    const isStatic = await app.call('DELETE', svc('RoleService', 'Delete'), { token: security, query: { id } });
    expect(isStatic.status).toBe(400);
    expect(isStatic.body.error.message).toBe('系统内置角色不能删除');
    await app.db.updateTable('roles').set({ isStatic: false }).where('id', '=', id).execute();

    const del = await app.call('DELETE', svc('RoleService', 'Delete'), { token: security, query: { id } });
    expect(del.status).toBe(200);
    expect((await app.call('GET', svc('RoleService', 'GetRoleForEdit'), { token: security, query: { id } })).status).toBe(404);
  });

  it('keeps exactly one default role', async () => {
    const roles = (await app.call('GET', svc('RoleService', 'GetVisibleRoleList'), { token: security })).body.result as any[];
    const defaults = roles.filter((r) => r.isDefault);
    expect(defaults).toHaveLength(1);
    const other = roles.find((r) => !r.isDefault)!;
    expect((await app.call('POST', svc('RoleService', 'SetDefault'), { token: security, body: { id: other.id } })).status).toBe(200);
    let now = await app.db.selectFrom('roles').select('id').where('isDefault', '=', true).execute();
    expect(now.map((r) => r.id)).toEqual([other.id]);
    expect((await app.call('POST', svc('RoleService', 'SetDefault'), { token: security, body: { id: defaults[0].id } })).status).toBe(200);
    now = await app.db.selectFrom('roles').select('id').where('isDefault', '=', true).execute();
    expect(now.map((r) => r.id)).toEqual([defaults[0].id]);
  });

  it('shows a lower-level administrator only roles at or below his level', async () => {
    // give the district administrator role the role-management menu for this test (not the city's:
    // admin holds it besides the province's system administration, and 三员分立 refuses that)
    const roleMenu = await app.db.selectFrom('menus').select('id').where('permissionName', '=', P.Roles).executeTakeFirstOrThrow();
    const cityToken = await app.login('districtadmin');
    const city = (await permissions(cityToken)).find((p) => !p.isDefault)!;
    const cityRole = await app.db.selectFrom('roles').selectAll().where('id', '=', city.roleId).executeTakeFirstOrThrow();
    const current = await app.call('GET', svc('MenuButtonService', 'RoleMenusList'), { token: security, query: { roleId: city.roleId } });
    await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: security, body: { roleId: city.roleId, menuIds: [...current.body.result.menuIds, roleMenu.id] } });
    await app.call('GET', '/api/TokenAuth/UserChangeRole', { token: cityToken, query: { roleId: city.roleId, organId: city.organId } });

    const list = (await app.call('GET', svc('RoleService', 'GetVisibleRoleList'), { token: cityToken })).body.result as any[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.level == null || r.level >= cityRole.level!)).toBe(true);
    const province = await app.db.selectFrom('roles').select('id').where('level', '<', cityRole.level!).executeTakeFirst();
    if (province) {
      // a role above his level is not his to see: it answers as a missing one
      const r = await app.call('GET', svc('RoleService', 'GetRoleForEdit'), { token: cityToken, query: { id: province.id } });
      expect(r.status).toBe(404);
      const create = await app.call('POST', svc('RoleService', 'Create'), { token: cityToken, body: { name: 'TooHigh', displayName: '越级', level: 1 } });
      expect(create.status).toBe(403);
    }
    await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: security, body: { roleId: city.roleId, menuIds: current.body.result.menuIds } });
  });
});

describe('MenuButtonService', () => {
  it('SetRoleMenu changes what a user of the role may do, parents included', async () => {
    const role = (await app.call('POST', svc('RoleService', 'Create'), { token: security, body: { name: 'TestProjects', displayName: '项目管理员', level: 2 } })).body.result;
    const memberOrgan = (await app.db.selectFrom('users').select('organId').where('userName', '=', 'member').executeTakeFirstOrThrow()).organId!;
    await app.db.insertInto('userRoles').values({ userId: await userId('member'), roleId: role.id, organId: memberOrgan }).execute();

    const projectsMenu = await app.db.selectFrom('menus').select(['id', 'parentId']).where('permissionName', '=', P.Projects).executeTakeFirstOrThrow();
    const set = await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: security, body: { roleId: role.id, menuIds: [projectsMenu.id] } });
    expect(set.status).toBe(200);
    if (projectsMenu.parentId) expect(set.body.result).toContain(projectsMenu.parentId);

    const token = await app.login('member');
    const changed = await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.id, organId: memberOrgan } });
    expect(changed.status).toBe(200);
    let names = (await app.call('GET', svc('PermissionService', 'GetCurrentUserPermissionNames'), { token })).body.result;
    expect(names).toContain(P.Projects);
    expect(names).not.toContain(P.BaseCodes);
    expect((await app.call('GET', svc('ProjectService', 'GetPageProjectList'), { token })).status).toBe(200);

    const baseCodesMenu = await app.db.selectFrom('menus').select('id').where('permissionName', '=', P.BaseCodes).executeTakeFirstOrThrow();
    await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: security, body: { roleId: role.id, menuIds: [baseCodesMenu.id] } });
    names = (await app.call('GET', svc('PermissionService', 'GetCurrentUserPermissionNames'), { token })).body.result;
    expect(names).toContain(P.BaseCodes);
    expect(names).not.toContain(P.Projects);
    expect((await app.call('GET', svc('ProjectService', 'GetPageProjectList'), { token })).status).toBe(403);
    const rolePerms = await app.call('GET', svc('PermissionService', 'GetRolePermission'), { token: security, query: { roleId: role.id } });
    expect(rolePerms.body.result).toEqual(names);

    const tree = await app.call('GET', svc('MenuButtonService', 'GetCurrentUserRoleMenuButton'), { token });
    expect(flatten(tree.body.result).map((m) => m.id)).toContain(baseCodesMenu.id);

    const bad = await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: security, body: { roleId: role.id, menuIds: [9999999] } });
    expect(bad.status).toBe(400);
    await app.db.deleteFrom('userRoles').where('roleId', '=', role.id).execute();
  });

  it('creates, clones, updates and deletes menus with validation', async () => {
    const call = (method: string, action: string, body?: object, query?: object) =>
      app.call(method, svc('MenuButtonService', action), { token: admin, body, query: query as any });
    expect((await call('POST', 'Create', { displayName: '坏类型', type: 3 })).status).toBe(400);
    expect((await call('POST', 'Create', { type: 1 })).body.error.message).toContain('菜单名称');
    expect((await call('POST', 'Create', { displayName: '孤儿', type: 1, parentId: 9999999 })).status).toBe(400);

    const parent = (await call('POST', 'Create', { displayName: '测试菜单', type: 1, url: '/test', tags: 'test' })).body.result;
    const child = (await call('POST', 'Create', { displayName: '测试按钮', type: 2, parentId: parent.id, permissionName: 'Pages.Test.Modify' })).body.result;
    expect(child.parentId).toBe(parent.id);

    const clone = await call('POST', 'Clone', { id: parent.id });
    expect(clone.status).toBe(200);
    expect(clone.body.result.displayName).toBe('测试菜单（副本）');
    expect(clone.body.result.children).toHaveLength(1);
    expect(clone.body.result.children[0]).toMatchObject({ displayName: '测试按钮', permissionName: 'Pages.Test.Modify' });

    const cycle = await call('PUT', 'Update', { id: parent.id, displayName: '测试菜单', type: 1, parentId: child.id });
    expect(cycle.status).toBe(400);
    const upd = await call('PUT', 'Update', { id: child.id, displayName: '测试按钮2', type: 2, sort: 5 });
    expect(upd.body.result).toMatchObject({ displayName: '测试按钮2', sort: 5, parentId: parent.id });

    const refuse = await call('DELETE', 'Delete', undefined, { id: parent.id });
    expect(refuse.status).toBe(400);
    expect(refuse.body.error.message).toBe('该菜单下仍有子菜单，不能删除');
    expect((await call('DELETE', 'Delete', undefined, { id: child.id })).status).toBe(200);
    expect((await call('DELETE', 'Delete', undefined, { id: parent.id })).status).toBe(200);
    expect((await call('DELETE', 'Delete', undefined, { id: parent.id })).status).toBe(404);

    const list = await app.call('GET', svc('MenuButtonService', 'List'), { token: admin });
    expect(flatten(list.body.result).some((m) => m.id === clone.body.result.id)).toBe(true);
    const ids = await app.call('GET', svc('MenuButtonService', 'TenantMenusIdList'), { token: admin });
    expect(ids.body.result).toContain(clone.body.result.id);
  });

  it('returns the current role buttons as flags', async () => {
    const r = await app.call('GET', svc('MenuButtonService', 'GetCurrentUserMenuButton'), { token: admin });
    expect(r.status).toBe(200);
    expect(Object.values(r.body.result).every((v) => v === true)).toBe(true);
  });
});

describe('ProjectService', () => {
  it('does project CRUD with a unique code', async () => {
    const call = (method: string, action: string, o: { body?: object; query?: object } = {}) =>
      app.call(method, svc('ProjectService', action), { token: admin, body: o.body, query: o.query as any });
    const created = await call('POST', 'CreateProject', { body: { code: 'TestProduct', name: '测试项目' } });
    expect(created.status).toBe(200);
    const id = created.body.result.id;
    const dup = await call('POST', 'CreateProject', { body: { code: 'testproduct', name: '重复' } });
    expect(dup.status).toBe(400);
    expect(dup.body.error.message).toBe('项目编码已存在');
    expect((await call('POST', 'CreateProject', { body: { code: 'a b', name: '坏编码' } })).status).toBe(400);

    expect((await call('POST', 'ModifyProject', { body: { id, name: '测试项目二', description: '说明' } })).body.result).toMatchObject({ name: '测试项目二', code: 'TestProduct' });
    expect((await call('POST', 'DisableProject', { body: { id } })).body.result.isEnabled).toBe(false);
    let page = await call('GET', 'GetPageProjectList', { query: { Keyword: 'TestProd', IsEnabled: false } });
    expect(page.body.result).toMatchObject({ totalCount: 1, items: [{ id }] });
    expect((await call('POST', 'EnableProject', { body: { id } })).body.result.isEnabled).toBe(true);
    expect((await call('GET', 'GetProjectById', { query: { id } })).body.result.name).toBe('测试项目二');

    expect((await call('DELETE', 'DeleteProject', { query: { id } })).status).toBe(200);
    expect((await call('GET', 'GetProjectById', { query: { id } })).status).toBe(404);
    page = await call('GET', 'GetPageProjectList', { query: { Keyword: 'TestProd' } });
    expect(page.body.result.totalCount).toBe(0);
    // the deleted project's code may be used again
    expect((await call('POST', 'CreateProject', { body: { code: 'TestProduct', name: '新测试项目' } })).status).toBe(200);
    expect((await call('POST', 'ModifyProject', { body: { id: 999999, name: '无' } })).status).toBe(404);
  });
});

describe('SiteMessageService', () => {
  it('pages, counts and marks the caller’s own messages only', async () => {
    const adminId = await userId('admin');
    const memberId = await userId('member');
    const unread = async (token: string, source: number) =>
      (await app.call('GET', svc('SiteMessageService', 'GetUserUnReadMessageCount'), { token, query: { source } })).body.result as number;
    const before = await unread(member, 2);

    const mine: number[] = [];
    for (let i = 1; i <= 3; i++) {
      mine.push((await sendSiteMessage(app.db, { title: `测试消息${i}`, content: `内容${i}`, messageType: '1', organName: '测试党委', userIds: [memberId], source: 2 }))!);
    }
    const adminOnly = (await sendSiteMessage(app.db, { title: '管理员消息', content: '仅管理员', messageType: '1', userIds: [adminId], source: 1 }))!;

    expect(await unread(member, 2)).toBe(before + 3);
    const page = await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token: member, body: { maxResultCount: 2, skipCount: 0, source: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.result.totalCount).toBeGreaterThanOrEqual(3);
    expect(page.body.result.items).toHaveLength(2);
    expect(page.body.result.items[0]).toMatchObject({ messageId: mine[2], title: '测试消息3', isRead: false, organName: '测试党委', messageType: '1' });
    expect(page.body.result.items[1].messageId).toBe(mine[1]);

    const info = await app.call('GET', svc('SiteMessageService', 'GetMessageInfo'), { token: member, query: { id: mine[0] } });
    expect(info.body.result).toMatchObject({ messageId: mine[0], content: '内容1', isRead: true });
    expect(await unread(member, 2)).toBe(before + 2);
    const unreadOnly = await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token: member, body: { maxResultCount: 100, skipCount: 0, source: 2, isRead: false } });
    expect(unreadOnly.body.result.items.map((m: any) => m.messageId)).not.toContain(mine[0]);
    // the header preview: unread first, so that the badge's unread are the dots it shows (up to six)
    const count = await unread(member, 2);
    const preview = await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token: member, body: { maxResultCount: 6, skipCount: 0, source: 2, unreadFirst: true } });
    const flags: boolean[] = preview.body.result.items.map((m: any) => m.isRead);
    expect(flags).toHaveLength(6);
    expect(flags.filter((f) => !f)).toHaveLength(Math.min(6, count));
    expect(flags).toEqual([...flags].sort());

    // never another user's message
    const foreign = await app.call('GET', svc('SiteMessageService', 'GetMessageInfo'), { token: member, query: { id: adminOnly } });
    expect(foreign.status).toBe(404);
    const all = await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token: member, body: { maxResultCount: 1000, skipCount: 0 } });
    expect(all.body.result.items.map((m: any) => m.messageId)).not.toContain(adminOnly);
    const adminList = await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token: admin, body: { maxResultCount: 1000, skipCount: 0, source: 1 } });
    expect(adminList.body.result.items.map((m: any) => m.messageId)).toContain(adminOnly);
    expect(adminList.body.result.items.map((m: any) => m.messageId)).not.toContain(mine[0]);

    const bad = await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token: member, body: { maxResultCount: 5000 } });
    expect(bad.status).toBe(400);
    expect((await app.call('GET', svc('SiteMessageService', 'GetMessageInfo'), { token: null, query: { id: mine[0] } })).status).toBe(401);
  });
});

describe('settings writes', () => {
  it('refuse a plain member with 403', async () => {
    const writes: [string, string, string, object][] = [
      ['POST', 'BaseCodeService', 'CreateBaseCodeType', { name: 'X', displayName: '甲' }],
      ['POST', 'BaseCodeService', 'CreateOrUpdateBaseCode', { typeName: 'sex', label: '甲', value: '9' }],
      ['DELETE', 'BaseCodeService', 'DeleteBaseCodeType', { id: 1 }],
      ['DELETE', 'BaseCodeService', 'DeleteBaseCode', { id: 1 }],
      ['POST', 'MenuButtonService', 'SetRoleMenu', { roleId: 1, menuIds: [1] }],
      ['POST', 'MenuButtonService', 'SetTenantMenu', { menuIds: [1] }],
      ['POST', 'MenuButtonService', 'Create', { displayName: '甲', type: 1 }],
      ['POST', 'MenuButtonService', 'Clone', { id: 1 }],
      ['PUT', 'MenuButtonService', 'Update', { id: 1, displayName: '甲', type: 1 }],
      ['DELETE', 'MenuButtonService', 'Delete', { id: 1 }],
      ['POST', 'RoleService', 'Create', { name: 'X', displayName: '甲' }],
      ['POST', 'RoleService', 'SetDefault', { id: 1 }],
      ['PUT', 'RoleService', 'Update', { id: 1, displayName: '甲' }],
      ['DELETE', 'RoleService', 'Delete', { id: 1 }],
      ['POST', 'ProjectService', 'CreateProject', { code: 'X', name: '甲' }],
      ['POST', 'ProjectService', 'ModifyProject', { id: 1, name: '甲' }],
      ['POST', 'ProjectService', 'DisableProject', { id: 1 }],
      ['POST', 'ProjectService', 'EnableProject', { id: 1 }],
      ['DELETE', 'ProjectService', 'DeleteProject', { id: 1 }],
    ];
    for (const [method, service, action, input] of writes) {
      const inQuery = method === 'DELETE';
      const r = await app.call(method, svc(service, action), { token: member, body: inQuery ? undefined : input, query: inQuery ? (input as any) : undefined });
      expect(r.status, `${service}/${action}`).toBe(403);
      expect(hasChinese(r.body.error.message)).toBe(true);
    }
  });
});

describe('role options and tenant menus', () => {
  it('offers the roles matching an organisation level, plus generic ones', async () => {
    const district = await app.db.selectFrom('organizations').select('id').where('organLevel', '=', 3).orderBy('id').executeTakeFirstOrThrow();
    const r = await app.call('GET', svc('RoleService', 'GetVisibleRoleListByOrganType'), { token: security, query: { organId: district.id } });
    expect(r.status).toBe(200);
    const names = r.body.result.map((x: any) => x.name);
    expect(names).toContain('DistrictAdmin');
    expect(names).not.toContain('CityAdmin');
    expect(r.body.result.every((x: any) => x.level == null || x.level === 3)).toBe(true);
    expect((await app.call('GET', svc('RoleService', 'GetVisibleRoleListByOrganType'), { token: security })).status).toBe(400);
    expect((await app.call('GET', svc('RoleService', 'GetVisibleRoleListByOrganType'), { token: security, query: { organId: 99999999 } })).status).toBe(404);
  });

  it('SetTenantMenu withdraws a menu from the tenant and from every role', async () => {
    const tenant = (await app.call('GET', svc('MenuButtonService', 'TenantMenusList'), { token: admin })).body.result;
    const leaf = await app.db.selectFrom('menus').select('id').where('permissionName', '=', 'Pages.Administration.ResourceClasses').executeTakeFirstOrThrow();
    expect(tenant.menuIds).toContain(leaf.id);
    const kept = tenant.menuIds.filter((id: number) => id !== leaf.id);
    const set = await app.call('POST', svc('MenuButtonService', 'SetTenantMenu'), { token: admin, body: { menuIds: kept } });
    expect(set.status).toBe(200);
    expect(set.body.result).not.toContain(leaf.id);
    const names = (await app.call('GET', svc('PermissionService', 'GetCurrentUserPermissionNames'), { token: admin })).body.result;
    expect(names).not.toContain('Pages.Administration.ResourceClasses');
    const province = await app.db.selectFrom('roles').select('id').where('name', '=', 'ProvinceAdmin').executeTakeFirstOrThrow();
    const refuse = await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: security, body: { roleId: province.id, menuIds: [leaf.id] } });
    expect(refuse.status).toBe(400);
    expect(hasChinese(refuse.body.error.message)).toBe(true);
    expect((await app.call('POST', svc('MenuButtonService', 'SetTenantMenu'), { token: admin, body: { menuIds: [] } })).status).toBe(400);
  });
});
