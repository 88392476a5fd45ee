import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './harness';
import { pruneSecurityLog, securityEvent, verifySecurityLog } from '../../src/server/security/security-log';
import { P } from '../../src/contract/permissions';

let app: TestApp;
const svc = (s: string, a: string) => `/api/services/app/${s}/${a}`;
const roleIdOf = async (name: string) => (await app.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const userIdOf = async (name: string) => (await app.db.selectFrom('users').select('id').where('userName', '=', name).executeTakeFirstOrThrow()).id;
const province = async () => (await app.db.selectFrom('organizations').select('id').where('organLevel', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  app = await startTestApp();
  app.freeze('2026-06-01T02:00:00Z');
});
afterAll(async () => app?.close());

describe('the security log (等保 安全审计)', () => {
  it('records sign-in success and failure, and sign-out, with time, type, actor, target, result and address', async () => {
    expect((await app.call('POST', '/api/TokenAuth/Sigin', { body: { userName: 'member', password: 'wrong-password' }, remoteAddress: '10.1.2.3' })).status).toBe(400);
    const token = await app.login('member');
    expect((await app.call('POST', '/api/TokenAuth/Logout', { token })).status).toBe(200);
    const rows = await app.db.selectFrom('securityLogs').selectAll().where('actorName', '=', 'member').orderBy('seq').execute();
    const kinds = rows.map((r) => `${r.eventType}:${r.result}`);
    expect(kinds).toEqual(expect.arrayContaining(['signInFailure:failure', 'signIn:success', 'signOut:success']));
    const failure = rows.find((r) => r.eventType === 'signInFailure')!;
    expect(failure.clientIp).toBe('10.1.2.3');
    expect(failure.occurredAt.toISOString()).toBe('2026-06-01T02:00:00.000Z');
    expect(failure.detail).toContain('password');
  });

  it('is read and verified by the 审计管理员 only; nobody else, and no route changes it', async () => {
    const audit = await app.login('auditadmin');
    const list = await app.call('GET', svc('SecurityLogService', 'GetList'), { token: audit, query: { eventType: 'signIn', SkipCount: 0, MaxResultCount: 10 } });
    expect(list.status).toBe(200);
    expect(list.body.result.items.length).toBeGreaterThan(0);
    expect(list.body.result.items[0]).toMatchObject({ eventName: '登录', resultName: '成功' });
    const verify = await app.call('GET', svc('SecurityLogService', 'Verify'), { token: audit });
    expect(verify.body.result).toMatchObject({ valid: true, firstBroken: null });
    for (const who of ['admin', 'secadmin', 'sysadmin', 'member']) {
      const t = await app.login(who);
      const r = await app.call('GET', svc('SecurityLogService', 'GetList'), { token: t, query: { SkipCount: 0, MaxResultCount: 10 } });
      expect(r.status, who).toBe(403);
      expect((await app.call('GET', svc('SecurityLogService', 'Verify'), { token: t })).status, who).toBe(403);
    }
    expect((await app.call('GET', svc('SecurityLogService', 'Verify'), {})).status).toBe(401);
    // the service has no write action at all
    for (const a of ['Delete', 'Update', 'Create', 'Clear']) expect((await app.call('POST', svc('SecurityLogService', a), { token: audit, body: {} })).status).toBe(404);
  });

  it('names the first broken link after a row is changed directly in the database, and a deleted row', async () => {
    for (let i = 0; i < 3; i++) await securityEvent(app.ctx, { type: 'export', result: 'success', actorName: 'tester', target: `list:${i}` });
    expect((await verifySecurityLog(app.db)).valid).toBe(true);
    const victim = await app.db.selectFrom('securityLogs').select(['seq', 'target']).where('target', '=', 'list:1').executeTakeFirstOrThrow();
    await sql`UPDATE security_logs SET target = 'list:forged' WHERE seq = ${victim.seq}`.execute(app.db);
    let check = await verifySecurityLog(app.db);
    expect(check.valid).toBe(false);
    expect(check.firstBroken!.seq).toBe(Number(victim.seq));
    const audit = await app.login('auditadmin');
    const api = await app.call('GET', svc('SecurityLogService', 'Verify'), { token: audit });
    expect(api.body.result).toMatchObject({ valid: false, brokenSeq: Number(victim.seq) });
    expect(api.body.result.message).toContain(`第 ${victim.seq} 条`);
    await sql`UPDATE security_logs SET target = ${victim.target} WHERE seq = ${victim.seq}`.execute(app.db);
    expect((await verifySecurityLog(app.db)).valid).toBe(true);
    // a row deleted in the middle
    await sql`DELETE FROM security_logs WHERE seq = ${victim.seq}`.execute(app.db);
    check = await verifySecurityLog(app.db);
    expect(check.firstBroken!.seq).toBe(Number(victim.seq));
    expect(check.firstBroken!.reason).toContain('缺失');
  });
});

describe('retention (held clock)', () => {
  it('keeps 180 days, prunes what is older, and the chain still verifies from its anchor', async () => {
    const fresh = await startTestApp({ seed: false });
    try {
      fresh.freeze('2026-01-01T00:00:00Z');
      await securityEvent(fresh.ctx, { type: 'signIn', result: 'success', actorName: 'old' });
      await securityEvent(fresh.ctx, { type: 'signIn', result: 'success', actorName: 'old2' });
      fresh.advance(100 * 86_400_000);
      await securityEvent(fresh.ctx, { type: 'signIn', result: 'success', actorName: 'mid' });
      fresh.advance(90 * 86_400_000); // the first two are 190 days old, the third 90
      expect(await pruneSecurityLog(fresh.ctx, 180)).toBe(2);
      const names = (await fresh.db.selectFrom('securityLogs').select('actorName').orderBy('seq').execute()).map((r) => r.actorName);
      expect(names).toEqual(['mid', null]); // and the pruning's own record
      expect(await verifySecurityLog(fresh.db)).toMatchObject({ valid: true, prunedThrough: 2 });
      expect(await pruneSecurityLog(fresh.ctx, 180)).toBe(0);
      // the anchor's first kept record removed behind the job's back is found
      await sql`DELETE FROM security_logs WHERE seq = 3`.execute(fresh.db);
      expect((await verifySecurityLog(fresh.db)).firstBroken?.seq).toBe(3);
    } finally {
      await fresh.close();
    }
  });
});

describe('三员分立', () => {
  it('admin keeps the business and system settings but neither role management nor the security log', async () => {
    const t = await app.login('admin');
    expect((await app.call('GET', svc('RoleService', 'GetVisibleRoleList'), { token: t })).status).toBe(403);
    const perms = (await app.call('GET', svc('PermissionService', 'GetCurrentUserPermissionNames'), { token: t })).body.result as string[];
    expect(perms).not.toContain(P.SecurityLogs);
  });

  it('refuses to combine two families on one role, by RoleService and by SetRoleMenu, with a Chinese message', async () => {
    const sec = await app.login('secadmin');
    const menuOf = async (p: string) => (await app.db.selectFrom('menus').select('id').where('permissionName', '=', p).executeTakeFirstOrThrow()).id;
    const both = [await menuOf(P.Menus), await menuOf(P.SecurityLogs)];
    const created = await app.call('POST', svc('RoleService', 'Create'), { token: sec, body: { name: 'Mixed', displayName: '混合', level: 1, menuIds: both } });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toContain('三员分立');
    expect(await app.db.selectFrom('roles').select('id').where('name', '=', 'Mixed').executeTakeFirst()).toBeUndefined();
    const role = await app.call('POST', svc('RoleService', 'Create'), { token: sec, body: { name: 'OnlyMenus', displayName: '菜单', level: 1, menuIds: [both[0]] } });
    expect(role.status).toBe(200);
    const set = await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: sec, body: { roleId: role.body.result.id, menuIds: both } });
    expect(set.status).toBe(400);
    expect(set.body.error.message).toContain('三员分立');
    const upd = await app.call('PUT', svc('RoleService', 'Update'), { token: sec, body: { id: role.body.result.id, displayName: '菜单', menuIds: both } });
    expect(upd.status).toBe(400);
  });

  it('refuses to combine two privileged roles on one account, and privileged grants by anyone but the 安全管理员', async () => {
    const sec = await app.login('secadmin');
    const organId = await province();
    // the 审计管理员 role for the 系统管理员's account
    const combine = await app.call('PUT', svc('UserService', 'UpdateAdminAsync'), { token: sec, body: { id: await userIdOf('sysadmin'), name: '周建民', roleId: await roleIdOf('AuditAdmin'), organId } });
    expect(combine.status).toBe(400);
    expect(combine.body.error.message).toMatch(/三员分立：.*不能由同一账号兼任/);
    // admin (a province administrator with the 管理员 screen) may not grant a privileged role
    const admin = await app.login('admin');
    expect((await app.call('GET', '/api/TokenAuth/UserChangeRole', { token: admin, query: { roleId: await roleIdOf('ProvinceAdmin'), organId } })).status).toBe(200);
    const byAdmin = await app.call('POST', svc('UserService', 'CreateAdminAsync'), { token: admin, body: { userName: 'auditor2', name: '甲', password: 'Strong@2026x', roleId: await roleIdOf('AuditAdmin'), organId } });
    expect([403]).toContain(byAdmin.status);
    expect(byAdmin.body.error.message).toContain('三员分立');
    // the 安全管理员 may
    const bySec = await app.call('POST', svc('UserService', 'CreateAdminAsync'), { token: sec, body: { userName: 'auditor2', name: '甲', password: 'Strong@2026x', roleId: await roleIdOf('AuditAdmin'), organId } });
    expect(bySec.status).toBe(200);
    const grant = await app.db.selectFrom('securityLogs').select(['eventType', 'actorName']).where('eventType', '=', 'grant').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(grant.actorName).toBe('secadmin');
  });

  it('refuses self-grants: his own account, the role he holds, a menu his role holds', async () => {
    const sec = await app.login('secadmin');
    const organId = await province();
    const self = await app.call('PUT', svc('UserService', 'UpdateAdminAsync'), { token: sec, body: { id: await userIdOf('secadmin'), name: '吴海燕', roleId: await roleIdOf('CityAdmin'), organId } });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe('三员分立：不能变更本人的角色授权');
    const own = await roleIdOf('SecurityAdmin');
    const upd = await app.call('PUT', svc('RoleService', 'Update'), { token: sec, body: { id: own, displayName: '安全管理员', menuIds: [] } });
    expect(upd.status).toBe(403);
    expect(upd.body.error.message).toBe('三员分立：不能修改本人所持角色的权限');
    const setMenu = await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: sec, body: { roleId: own, menuIds: [] } });
    expect(setMenu.status).toBe(403);
    // the 系统管理员 renaming the permission of a menu his own role holds
    const sys = await app.login('sysadmin');
    const menu = await app.db.selectFrom('menus').selectAll().where('permissionName', '=', P.BaseCodes).executeTakeFirstOrThrow();
    const rename = await app.call('PUT', svc('MenuButtonService', 'Update'), { token: sys, body: { id: menu.id, displayName: menu.displayName, type: menu.type, permissionName: P.SecurityLogs } });
    expect(rename.status).toBe(403);
    expect((await app.db.selectFrom('menus').select('permissionName').where('id', '=', menu.id).executeTakeFirstOrThrow()).permissionName).toBe(P.BaseCodes);
  });
});
