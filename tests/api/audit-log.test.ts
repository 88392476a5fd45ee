/**
 * 审计日志, 在线用户 and role rules: a write is logged with what it asked to change, minus
 * secrets, under the caller's organisation; the log is searched by user, service, action,
 * organisation and platform day within the caller's subtree; online sessions of the subtree can be
 * forced out (the next request is a 401); a role fits the level of the organisation it is granted
 * at; a role's menus reach its signed-in users at their next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { P } from '../../src/contract/permissions';
import { auditInput, REDACTED } from '../../src/server/http/audit-input';
import { makeIdCard } from '../../src/server/db/seed/idcard';
import { readXlsxRows } from '../../src/server/xlsx/xlsx';

let app: TestApp;
const stamp = Date.now().toString(36);
const PASSWORD = 'Audit@2024x';
// 2026-11-24T16:30Z is already 2026-11-25 00:30 in Shanghai: the log's days are platform days
const NOW = '2026-11-24T16:30:00Z';
const TODAY = '2026-11-25';
const UTC_DAY = '2026-11-24';

interface Acting { token: string; organId: number; organPath: string }

async function actAs(userName: string, roleName: string, password?: string): Promise<Acting> {
  const token = await app.login(userName, password);
  const roles = ok<any[]>(await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token }));
  const role = roles.find((r) => r.roleName === roleName);
  expect(role, `${userName} as ${roleName}`).toBeTruthy();
  const r = ok(await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } }));
  return { token, organId: role.organId, organPath: r.organPath };
}
const roleId = async (name: string) => (await app.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const organUnder = async (path: string, organLevel: number) =>
  app.db.selectFrom('organizations').select(['id', 'organPath', 'organName']).where('organPath', 'like', `${path}_%`).where('organLevel', '=', organLevel).where('isDeleted', '=', false).orderBy('id').executeTakeFirstOrThrow();
const logs = (who: Acting | null, query: Record<string, unknown>) => app.call('GET', svc('AuditLogService', 'GetAuditLogs'), { token: who?.token ?? null, query: { maxResultCount: 100, ...query } });
const sessions = (who: Acting | null, query: Record<string, unknown> = {}) => app.call('GET', svc('OnlineUserService', 'GetOnlineUsers'), { token: who?.token ?? null, query: { maxResultCount: 1000, ...query } });
const forceOut = (who: Acting, id: string) => app.call('POST', svc('OnlineUserService', 'ForceLogout'), { token: who.token, body: { id } });
const me = (token: string) => app.call('GET', svc('PartyMemberService', 'GetCurrentUserSessionData'), { token });

let province: Acting;
let district: Acting;
let district2: Acting;

beforeAll(async () => {
  app = await startTestApp();
  app.freeze(NOW);
  province = await actAs('admin', '省级管理员');
  district = await actAs('districtadmin', '区县管理员');
  district2 = await actAs('district2admin', '区县管理员');
});
afterAll(async () => app?.close());

describe('audit input', () => {
  it('drops secrets at any depth, keeps business codes, cuts long values', () => {
    const out = auditInput({ userName: 'a', password: 'x', nested: { newPassword: 'y', phoneCode: '123456', accessToken: 't' }, organCode: 'Z01', partyDutyCode: '2', code: '9999', note: 'n'.repeat(1000) }, 'UserService') as any;
    expect(out).toMatchObject({ userName: 'a', password: REDACTED, nested: { newPassword: REDACTED, phoneCode: REDACTED, accessToken: REDACTED }, organCode: 'Z01', partyDutyCode: '2', code: REDACTED });
    expect(out.note.length).toBeLessThan(400);
    // a code table's value is a name, not a proof
    expect((auditInput({ code: '01' }, 'BaseCodeService') as any).code).toBe('01');
    expect(JSON.stringify(auditInput({ items: Array.from({ length: 5000 }, (_, i) => ({ i, text: 'x'.repeat(200) })) })).length).toBeLessThan(4200);
  });
});

describe('AuditLogService/GetAuditLogs', () => {
  let adminName: string;
  beforeAll(async () => {
    adminName = `aud_${stamp}_d1`;
    ok(await app.call('POST', svc('UserService', 'CreateAdminAsync'), { token: district.token, body: { userName: adminName, name: `审计测试${stamp}`, password: PASSWORD, roleId: await roleId('DistrictAdmin'), organId: district.organId } }));
    const made = await app.db.selectFrom('users').select('id').where('userName', '=', adminName).executeTakeFirstOrThrow();
    ok(await app.call('POST', svc('UserService', 'ResetPassword'), { token: district.token, body: { userId: made.id, newPassword: 'Reset@2024y' } }));
    // a write of the sibling district and one of the province
    ok(await app.call('POST', svc('UserService', 'CreateAdminAsync'), { token: district2.token, body: { userName: `aud_${stamp}_e1`, name: `兄弟区${stamp}`, password: PASSWORD, roleId: await roleId('DistrictAdmin'), organId: district2.organId } }));
  });

  it('records what a write asked to change, without its secrets, under the caller\'s organisation', async () => {
    const rows = ok(await logs(district, { service: 'UserService', action: 'CreateAdminAsync' })).items.filter((r: any) => r.input?.userName === adminName);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ service: 'UserService', action: 'CreateAdminAsync', status: 200, isSuccess: true, organId: district.organId, name: expect.any(String) });
    expect(rows[0].input).toMatchObject({ userName: adminName, name: `审计测试${stamp}`, password: REDACTED, organId: district.organId });
    expect(rows[0]).toMatchObject({ module: '管理员', operation: '新增', targetName: `审计测试${stamp}` });
    expect(rows[0].changes).toContain(adminName);
    expect(rows[0].changes).not.toContain('密码');
    expect(JSON.stringify(rows[0])).not.toContain(PASSWORD);
    const reset = ok(await logs(district, { action: 'ResetPassword' })).items;
    expect(reset.length).toBeGreaterThan(0);
    expect(reset[0].input.newPassword).toBe(REDACTED);
    expect(JSON.stringify(reset)).not.toContain('Reset@2024y');
    // nothing secret stored at all
    const raw = await app.db.selectFrom('auditLogs').select('detail').execute();
    expect(JSON.stringify(raw)).not.toContain(PASSWORD);
  });

  it('searches by user, service, action, organisation and platform day', async () => {
    const { name } = await app.db.selectFrom('users').select('name').where('userName', '=', 'districtadmin').executeTakeFirstOrThrow();
    const byUser = ok(await logs(province, { userName: name, service: 'UserService' })).items;
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((r: any) => r.name === name && r.service === 'UserService')).toBe(true);
    expect(ok(await logs(province, { userName: 'district2admin' })).items.every((r: any) => r.userName === 'district2admin')).toBe(true);
    const nobody = ok(await logs(province, { userName: `无此人${stamp}` }));
    expect(nobody.totalCount).toBe(0);
    const byAction = ok(await logs(province, { action: 'ResetPassword' })).items;
    expect(byAction.every((r: any) => r.action === 'ResetPassword')).toBe(true);
    expect(ok(await logs(province, { service: 'NoSuchService' })).totalCount).toBe(0);
    // the district's subtree from the province: the district's writes, not its sibling's
    const inDistrict = ok(await logs(province, { organPath: district.organPath, service: 'UserService', action: 'CreateAdminAsync' })).items;
    expect(inDistrict.some((r: any) => r.input?.userName === adminName)).toBe(true);
    expect(inDistrict.some((r: any) => r.input?.userName === `aud_${stamp}_e1`)).toBe(false);
    // the day in Shanghai, not the UTC day
    expect(ok(await logs(province, { action: 'ResetPassword', creationTimeStart: TODAY, creationTimeEnd: TODAY })).totalCount).toBeGreaterThan(0);
    expect(ok(await logs(province, { action: 'ResetPassword', creationTimeStart: UTC_DAY, creationTimeEnd: UTC_DAY })).totalCount).toBe(0);
    expect(ok(await logs(province, { action: 'ResetPassword', creationTimeStart: '2026-11-26' })).totalCount).toBe(0);
    const bad = await logs(province, { creationTimeStart: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('shows an administrator his subtree only', async () => {
    const mine = ok(await logs(district, {})).items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((r: any) => r.input?.userName === `aud_${stamp}_e1`)).toBe(false);
    const theirs = ok(await logs(district2, { service: 'UserService' })).items;
    expect(theirs.some((r: any) => r.input?.userName === `aud_${stamp}_e1`)).toBe(true);
    expect(theirs.some((r: any) => r.input?.userName === adminName)).toBe(false);
    // the province's own writes lie above the district
    expect((await logs(district, { organPath: district2.organPath })).status).toBe(403);
    expect((await logs(district, { organPath: '/1/' })).status).toBe(403);
  });

  it('answers 401 without a token, 403 without the permission, 400 on bad input', async () => {
    expect((await logs(null, {})).status).toBe(401);
    const member = { token: await app.login('member'), organId: 0, organPath: '' };
    expect((await logs(member, {})).status).toBe(403);
    expect((await sessions(member)).status).toBe(403);
    expect((await sessions(null)).status).toBe(401);
    expect((await logs(province, { organPath: 'abc' })).status).toBe(400);
    expect((await logs(province, { maxResultCount: 5000 })).status).toBe(400);
  });
});

describe('OnlineUserService', () => {
  it('lists the subtree\'s sessions and forces one out: his next request is a 401', async () => {
    const branch = await actAs('branchadmin', '支部管理员');
    const other = await actAs('district2admin', '区县管理员');
    expect(ok(await me(branch.token)).userName).toBe('branchadmin');
    const list = ok(await sessions(district)).items;
    const his = list.find((s: any) => s.userName === 'branchadmin');
    expect(his).toMatchObject({ name: expect.any(String), organName: expect.any(String), roleName: '支部管理员', loginTime: expect.any(String), clientIp: expect.any(String) });
    expect(his.lastActivityTime).toBeTruthy();
    // never another district's sessions
    expect(list.some((s: any) => s.userName === 'district2admin')).toBe(false);
    const mine = list.find((s: any) => s.isCurrent);
    expect(mine?.userName).toBe('districtadmin');

    ok(await forceOut(district, his.id));
    expect((await me(branch.token)).status).toBe(401);
    expect(ok(await sessions(district)).items.some((s: any) => s.id === his.id)).toBe(false);
    // once ended, or never there: the same 404
    expect((await forceOut(district, his.id)).status).toBe(404);
    expect((await forceOut(district, 'no-such-session')).status).toBe(404);
    // a session of the sibling district answers like a missing one, and stays
    const theirs = ok(await sessions(district2)).items.find((s: any) => s.userName === 'district2admin');
    const refused = await forceOut(district, theirs.id);
    expect(refused.status).toBe(404);
    expect((await me(other.token)).status).toBe(200);
    // not oneself
    const self = await forceOut(district, mine.id);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('不能强制本人下线');
    expect((await me(district.token)).status).toBe(200);
    expect((await app.call('POST', svc('OnlineUserService', 'ForceLogout'), { token: district.token, body: {} })).status).toBe(400);
  });
});

describe('role grants', () => {
  it('refuses a role whose level does not fit the organisation', async () => {
    const branch = await organUnder(district.organPath, 5);
    const r = await app.call('POST', svc('UserService', 'CreateAdminAsync'), { token: province.token, body: { userName: `aud_${stamp}_lv`, name: '层级不符', password: PASSWORD, roleId: await roleId('DistrictAdmin'), organId: branch.id } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(`角色“区县管理员”为县（市、区）级角色，只能在县（市、区）级党组织授予，“${branch.organName}”为基层党组织`);
    expect(await app.db.selectFrom('users').select('id').where('userName', '=', `aud_${stamp}_lv`).executeTakeFirst()).toBeUndefined();
    // the reverse too, and on an update
    const made = ok(await app.call('POST', svc('UserService', 'CreateAdminAsync'), { token: province.token, body: { userName: `aud_${stamp}_ok`, name: '层级相符', password: PASSWORD, roleId: await roleId('BranchAdmin'), organId: branch.id } }));
    const up = await app.call('PUT', svc('UserService', 'UpdateAdminAsync'), { token: province.token, body: { id: made.id, name: '改名不生效', roleId: await roleId('BranchAdmin'), organId: district.organId } });
    expect(up.status).toBe(400);
    expect(up.body.error.message).toContain('基层角色');
    expect((await app.db.selectFrom('users').select('name').where('id', '=', made.id).executeTakeFirstOrThrow()).name).toBe('层级相符');
  });

  it('a role menu change reaches a signed-in user at his next request', async () => {
    // roles are the 安全管理员's (三员分立)
    const security = await signInAsAdmin(app, 'secadmin');
    const role = ok(await app.call('POST', svc('RoleService', 'Create'), { token: security.token, body: { name: `Aud${stamp}`, displayName: `审计角色${stamp}`, level: 3, userType: 1 } }));
    const auditMenu = await app.db.selectFrom('menus').select('id').where('permissionName', '=', 'Pages.Administration.AuditLogs').executeTakeFirstOrThrow();
    // a business menu (a 系统管理员 menu such as 项目管理 would make the role privileged: 三员分立)
    const projects = await app.db.selectFrom('menus').select('id').where('permissionName', '=', 'Pages.PartyMember').where('type', '!=', 2).executeTakeFirstOrThrow();
    ok(await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: security.token, body: { roleId: role.id, menuIds: [projects.id] } }));
    ok(await app.call('POST', svc('UserService', 'CreateAdminAsync'), { token: district.token, body: { userName: `aud_${stamp}_rm`, name: '菜单生效', password: PASSWORD, roleId: role.id, organId: district.organId } }));
    const him = await actAs(`aud_${stamp}_rm`, `审计角色${stamp}`, PASSWORD);
    expect((await logs(him, {})).status).toBe(403);
    ok(await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: security.token, body: { roleId: role.id, menuIds: [auditMenu.id] } }));
    // same token, no new sign-in
    expect((await logs(him, {})).status).toBe(200);
    ok(await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: security.token, body: { roleId: role.id, menuIds: [projects.id] } }));
    expect((await logs(him, {})).status).toBe(403);
  });
});

describe('organisation targets: progress', () => {
  it('shows a branch\'s actual pass rate and average 学时 against its target of the year', async () => {
    const E = (a: string) => svc('ExaminationService', a);
    // made by the province: approved at once (a district's new branch waits for 组织审核 and takes no members)
    const branch = ok(await app.call('POST', svc('OrganizationService', 'CreateAsync'), { token: province.token, body: { parentId: district.organId, organName: `考核进度支部${stamp}` } }));
    const userIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const seq = (Date.now() + i * 7919) % 100_000_000;
      const made = ok(await app.call('POST', svc('PartyMemberService', 'SimpleCreate'), { token: district.token, body: { name: `进度${i}`, organId: branch.id, phoneNumber: `137${String(seq).padStart(8, '0')}`, idCard: makeIdCard('510115', '1990-01-01', ((seq + i) % 450) * 2 + 1), sex: 1 } }));
      userIds.push(made.userId ?? (await app.db.selectFrom('partyMembers').select('userId').where('id', '=', made.id).executeTakeFirstOrThrow()).userId!);
    }
    const resource = await app.db.selectFrom('resources').select('id').orderBy('id').executeTakeFirstOrThrow();
    // this platform year (2026): A 10 h online + 2 h offline, B 3 h online, C nothing; A's 2025 hours do not count
    await app.db.insertInto('studyDays').values([
      { userId: userIds[0], resourceId: resource.id, day: '2026-03-01', seconds: 36_000 },
      { userId: userIds[0], resourceId: resource.id, day: '2025-12-31', seconds: 90_000 },
      { userId: userIds[1], resourceId: resource.id, day: '2026-11-25', seconds: 10_800 },
    ]).execute();
    await app.db.insertInto('offlineReports').values({ userId: userIds[0], organId: branch.id, organPath: branch.organPath, title: '线下学习', studyDate: '2026-05-01', hours: 2, evidence: JSON.stringify([]) as any, status: 1 }).execute();
    // the member rule (8 h online) and the targets (达标率 30 %, 人均 6 h), both set on the branch
    ok(await app.call('POST', E('SetUserExRuleForCurrentYear'), { token: district.token, body: { organId: branch.id, onlinePassPeriodForYear: 8, offlinePassPeriodForYear: 0 } }));
    ok(await app.call('POST', E('SetOrganExRuleForCurrentYear'), { token: district.token, body: { organId: branch.id, passRate: 30, avgPeriodForYear: 6 } }));
    const items = ok(await app.call('GET', E('OrganExaminationRuleList'), { token: district.token, query: { organId: branch.id } })).items;
    // by hand: 1 of 3 passes → 33.33 %; (12 + 3 + 0) / 3 = 5 h; 33.33 ≥ 30 but 5 < 6 → 未达成
    expect(items[0]).toMatchObject({ year: 2026, applies: true, passRate: 30, avgPeriodForYear: 6, memberCount: 3, passedCount: 1, actualPassRate: 33.33, actualAvgHours: 5, isReached: false, progressText: '未达成' });
    // an offline hour more for B does not pass him (the online requirement is his), but lifts the average to 6 h
    await app.db.insertInto('offlineReports').values({ userId: userIds[1], organId: branch.id, organPath: branch.organPath, title: '线下学习', studyDate: '2026-06-01', hours: 3, evidence: JSON.stringify([]) as any, status: 1 }).execute();
    const again = ok(await app.call('GET', E('OrganExaminationRuleList'), { token: district.token, query: { organId: branch.id } })).items[0];
    expect(again).toMatchObject({ passedCount: 1, actualPassRate: 33.33, actualAvgHours: 6, isReached: true, progressText: '已达成' });
    // another district's branch: refused like a missing one
    expect((await app.call('GET', E('OrganExaminationRuleList'), { token: district2.token, query: { organId: branch.id } })).status).toBe(403);
  });
});

describe('the 审计日志 as an auditor reads it (操作日志)', () => {
  const S = (a: string) => svc('PartyMemberService', a);
  let memberId: number;
  let branch: { id: number; organPath: string; organName: string };
  const idCard = makeIdCard('510115', '1988-04-02', 417);
  beforeAll(async () => {
    branch = await organUnder(district.organPath, 5);
    const seq = Date.now() % 100_000_000;
    const made = ok(await app.call('POST', S('SimpleCreate'), { token: district.token, body: { name: `审计对象${stamp}`, organId: branch.id, phoneNumber: `136${String(seq).padStart(8, '0')}`, idCard, sex: 1 } }));
    memberId = made.id;
    ok(await app.call('POST', S('SimpleUpdate'), { token: district.token, body: { id: memberId, name: `审计改名${stamp}`, organId: branch.id, phoneNumber: `136${String(seq).padStart(8, '0')}`, idCard } }));
  });

  it('does not record reads asked by POST, and does not show reads recorded before', async () => {
    const before = Number((await app.db.selectFrom('auditLogs').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'write').executeTakeFirstOrThrow()).n);
    ok(await app.call('POST', S('PageList'), { token: district.token, body: { skipCount: 0, maxResultCount: 5 } }));
    ok(await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token: district.token, body: { skipCount: 0, maxResultCount: 5, source: 1 } }));
    ok(await app.call('POST', S('SimpleGet'), { token: district.token, body: { id: memberId } }));
    const after = Number((await app.db.selectFrom('auditLogs').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'write').executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
    // a read row as the log kept them before migration 032
    await app.db.insertInto('auditLogs').values({ userId: null, service: 'SiteMessageService', action: 'MyReceiveMessagePagedList', targetId: null, detail: JSON.stringify({ status: 200 }), clientIp: '127.0.0.1', creationTime: new Date(NOW), organId: district.organId, organPath: district.organPath, kind: 'read' }).execute();
    expect(ok(await logs(district, { service: 'SiteMessageService' })).items.some((r: any) => r.action === 'MyReceiveMessagePagedList')).toBe(false);
  });

  it('names the module, operation and target in Chinese, with the changed fields before and after', async () => {
    const rows = ok(await logs(district, { module: '党员管理', targetName: stamp })).items;
    const created = rows.find((r: any) => r.action === 'SimpleCreate');
    const updated = rows.find((r: any) => r.action === 'SimpleUpdate');
    expect(created).toMatchObject({ module: '党员管理', operation: '新增', title: '快速新增党员', targetName: `审计对象${stamp}`, isSuccess: true });
    expect(updated).toMatchObject({ module: '党员管理', operation: '修改', targetName: `审计对象${stamp}`, targetId: String(memberId) });
    // only what changed, labelled from the entity file
    expect(updated.changeList).toEqual([{ field: 'name', label: '姓名', before: `审计对象${stamp}`, after: `审计改名${stamp}` }]);
    expect(updated.changes).toBe(`姓名：审计对象${stamp} → 审计改名${stamp}`);
    // the creation lists its fields, the identity card and phone masked
    const idRow = created.changeList.find((c: any) => c.field === 'idCard');
    expect(idRow).toMatchObject({ label: '身份证号', before: null });
    expect(idRow.after).toBe(`${idCard.slice(0, 6)}********${idCard.slice(-4)}`);
    expect(JSON.stringify(created.changeList)).not.toContain(idCard);
    expect(created.changeList.find((c: any) => c.field === 'phoneNumber').after).toMatch(/^136\*{4}\d{4}$/);
  });

  it('a deletion shows what was deleted; filters by operation, person, organisation and day', async () => {
    ok(await app.call('DELETE', S('Delete'), { token: district.token, query: { id: memberId } }));
    const del = ok(await logs(district, { operation: '删除', module: '党员管理' })).items.find((r: any) => r.targetId === String(memberId));
    expect(del).toMatchObject({ operation: '删除', targetName: `审计改名${stamp}` });
    expect(del.changeList.find((c: any) => c.field === 'name')).toMatchObject({ before: `审计改名${stamp}`, after: null });
    const byOp = ok(await logs(district, { operation: '修改' })).items;
    expect(byOp.length).toBeGreaterThan(0);
    expect(byOp.every((r: any) => r.operation === '修改')).toBe(true);
    expect(ok(await logs(district, { operation: '导出', targetName: stamp })).totalCount).toBe(0);
    expect(ok(await logs(province, { organPath: district2.organPath, targetName: `审计对象${stamp}` })).totalCount).toBe(0);
    expect(ok(await logs(province, { organPath: district.organPath, targetName: `审计对象${stamp}`, userName: 'districtadmin', creationTimeStart: TODAY, creationTimeEnd: TODAY })).totalCount).toBeGreaterThan(0);
    expect(ok(await logs(province, { targetName: `审计对象${stamp}`, creationTimeStart: UTC_DAY, creationTimeEnd: UTC_DAY })).totalCount).toBe(0);
    // the sibling district sees none of it
    expect(ok(await logs(district2, { targetName: `审计改名${stamp}` })).totalCount).toBe(0);
  });

  it('exports the filtered log as Excel', async () => {
    const columns = JSON.stringify([
      { field: 'creationTime', title: '操作时间', valueType: 'dateTime' }, { field: 'name', title: '操作人' }, { field: 'module', title: '模块' },
      { field: 'operation', title: '操作类型' }, { field: 'targetName', title: '操作对象' }, { field: 'changes', title: '变更内容' },
    ]);
    const r = await app.call('GET', svc('ExportService', 'Export'), { token: district.token, query: { call: 'AuditLogService/GetAuditLogs', columns, fileName: '审计日志', module: '党员管理', targetName: stamp } });
    expect(r.status).toBe(200);
    const rows = readXlsxRows(r.raw);
    expect(rows[0]).toEqual(['操作时间', '操作人', '模块', '操作类型', '操作对象', '变更内容']);
    expect(rows.slice(1).map((x) => x[3]).sort()).toEqual(['修改', '删除', '新增']);
    expect(rows.some((x) => x[5] === `姓名：审计对象${stamp} → 审计改名${stamp}`)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(idCard);
    // the export is not itself an operation of this log; without the permission: 403
    const member = await app.login('member');
    expect((await app.call('GET', svc('ExportService', 'Export'), { token: member, query: { call: 'AuditLogService/GetAuditLogs', columns } })).status).toBe(403);
  });
});
