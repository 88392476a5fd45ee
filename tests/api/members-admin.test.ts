/**
 * 党员管理 for administrators: Excel import (row by row, refused rows with reasons, accounts as Create makes
 * them), its template, export with labels and masking, the ViewSensitive right and its audit
 * trail, 党员分析 within the subtree, and the scope of the bonus/penalty and abroad records.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeIdCard } from '../../src/server/db/seed/idcard';
import { IMPORT_COLUMNS } from '../../src/server/domains/members/member-import';
import { readXlsxRows, readXlsxSheets, xlsxBuffer, type Cell } from '../../src/server/xlsx/xlsx';
import { ok, readTemplate, signInAsAdmin, startTestApp, svc, uploadFile, type TestApp } from './harness';

const S = (a: string) => svc('PartyMemberService', a);
const dataDir = mkdtempSync(join(tmpdir(), 'pm-admin-test-'));
type Admin = { token: string; organId: number; organPath: string };
let app: TestApp;
let province: Admin;
let district: Admin;
let district2: Admin;
let branch: { id: number; organName: string; organPath: string };

beforeAll(async () => {
  app = await startTestApp({ config: { dataDir } });
  province = await signInAsAdmin(app, 'admin');
  district = await signInAsAdmin(app, 'districtadmin');
  district2 = await signInAsAdmin(app, 'district2admin');
  // a branch of the district whose name is unique in the province
  const rows = await app.db.selectFrom('organizations').select(['id', 'organName', 'organPath']).where('organPath', 'like', `${district.organPath}%`).where('organLevel', '=', 5).orderBy('id').execute();
  for (const r of rows) {
    const same = await app.db.selectFrom('organizations').select('id').where('organName', '=', r.organName).execute();
    if (same.length === 1) {
      branch = r;
      break;
    }
  }
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const workbook = (rows: Cell[][]) => xlsxBuffer([{ sheetName: '党员', header: rows[0].map(String), batches: [rows.slice(1)] }]);
const importRows = async (rows: Cell[][], token = province.token) => {
  const file = ok(await uploadFile(app, token, 4, { name: '党员.xlsx', content: await workbook(rows) }));
  return app.call('POST', S('Import'), { token, body: { fileId: file.id } });
};
const memberCount = async () => Number((await app.db.selectFrom('partyMembers').select(sql<number>`count(*)`.as('n')).where('isDeleted', '=', false).executeTakeFirstOrThrow()).n);
const auditCount = async (action: string) => Number((await app.db.selectFrom('auditLogs').select(sql<number>`count(*)`.as('n')).where('service', '=', 'PartyMemberService').where('action', '=', action).executeTakeFirstOrThrow()).n);

/** the imported members are 44 or 45 on any day (41至50岁), whatever year the suite runs in */
const BIRTH_YEAR = new Date().getUTCFullYear() - 45;
const HEADER = ['姓名', '性别', '身份证号', '手机号', '所在党组织', '民族', '出生日期', '学历', '入党日期', '党员类型', '入党介绍人'];
/** A member row with a valid identity card (check digit) and a phone of its own. */
const row = (n: number, organName = branch.organName): Cell[] => [
  `导入党员${n}`, n % 2 ? '男' : '女', makeIdCard('510105', `${BIRTH_YEAR}-03-${String((n % 27) + 1).padStart(2, '0')}`, n), `1770001${String(n).padStart(4, '0')}`, organName, '汉族', `${BIRTH_YEAR}-03-${String((n % 27) + 1).padStart(2, '0')}`, '大学本科', '2010-07-01', '正式党员', '李四、王五',
];

describe('import template', () => {
  it('offers the code columns as lists from the code tables, an example row and 说明; only for those who may create members', async () => {
    const r = await app.call('GET', S('ImportTemplate'), { token: district.token });
    expect(r.status).toBe(200);
    const { sheets, lists } = readTemplate(r.raw);
    expect([...sheets.keys()]).toEqual(['党员', '说明', '代码表']);
    const [header, example] = sheets.get('党员')!;
    expect(header).toEqual(IMPORT_COLUMNS.map((c) => c.title));
    expect(header.slice(0, 5)).toEqual(['姓名', '性别', '身份证号', '手机号', '所在党组织']);
    const cell = (title: string) => example[header.indexOf(title)];
    expect([cell('姓名'), cell('性别'), cell('身份证号'), cell('党员类型')]).toEqual(['示例张三', '男', '510115199205061239', '正式党员']);
    const labels = async (table: string) => (await app.db.selectFrom('baseCodes').select('label').where('typeName', '=', table).orderBy('sort').orderBy('id').execute()).map((x) => x.label);
    expect(lists.get('性别')).toEqual(['男', '女']);
    expect(lists.get('党员类型')).toEqual(['正式党员', '预备党员']);
    // 民族 is long: read from the hidden 代码表
    expect(lists.get('民族')).toEqual(await labels('nation'));
    expect(lists.get('民族')).toHaveLength(56);
    expect(lists.get('学历')).toEqual(await labels('education'));
    expect(lists.get('党内职务')).toEqual(await labels('partyDuty'));
    expect(lists.has('所在党组织')).toBe(false);
    const notes = sheets.get('说明')!.map((l) => l.join(' '));
    expect(notes.some((l) => l.startsWith('身份证号 必填') && l.includes('校验码'))).toBe(true);
    expect(notes.some((l) => l.startsWith('所在党组织 必填') && l.includes('本人管理范围内'))).toBe(true);
    expect((await app.call('GET', S('ImportTemplate'), { token: await app.login('member') })).status).toBe(403);
    expect((await app.call('GET', S('ImportTemplate'), {})).status).toBe(401);
  });

  it('round trip: the template filled in below its example row imports the row, not the example', async () => {
    const [header, example] = readXlsxSheets((await app.call('GET', S('ImportTemplate'), { token: district.token })).raw).get('党员')!;
    const values: Record<string, Cell> = { 姓名: '模板党员', 性别: '女', 身份证号: makeIdCard('510105', '1991-05-06', 502), 手机号: '17700029001', 所在党组织: branch.organName, 党员类型: '预备党员', 党内职务: '' };
    const r = ok(await importRows([header, example, header.map((h) => values[h] ?? '')], district.token));
    expect(r).toMatchObject({ totalCount: 1, importedCount: 1, refusedCount: 0 });
    const m = await app.db.selectFrom('partyMembers').selectAll().where('phoneNumber', '=', '17700029001').executeTakeFirstOrThrow();
    expect(m).toMatchObject({ name: '模板党员', sex: 2, organId: branch.id, partyMemberType: 2 });
  });
});

describe('import: row by row', () => {
  it('adds the good rows with accounts and refuses each bad one with its reasons in Chinese', async () => {
    const before = await memberCount();
    const good = Array.from({ length: 20 }, (_, i) => row(i + 1));
    const rows = good.map((r) => [...r]);
    rows[3][2] = String(rows[3][2]).slice(0, 17) + (String(rows[3][2]).endsWith('0') ? '1' : '0'); // wrong check digit, line 5
    rows[9][1] = '未知'; // not a sex label, line 11
    rows[12][3] = rows[11][3]; // the same phone twice, line 14
    rows[15][0] = ''; // no name, line 17
    const key = `member-${Date.now()}`;
    const file = ok(await uploadFile(app, province.token, 4, { name: '党员.xlsx', content: await workbook([HEADER, ...rows]) }));
    const r = ok(await app.call('POST', S('Import'), { token: province.token, body: { fileId: file.id, progressKey: key } }));
    expect(r).toMatchObject({ progressKey: key, totalCount: 20, importedCount: 16, refusedCount: 4 });
    expect(r.refused).toEqual([
      { line: 5, messages: ['身份证号：身份证号格式错误'] },
      { line: 11, messages: ['性别：性别取值无效'] },
      { line: 14, messages: ['手机号：与第13行重复'] },
      { line: 17, messages: ['姓名：请填写姓名'] },
    ]);
    expect(await memberCount()).toBe(before + 16);
    expect(ok(await app.call('GET', svc('ImportService', 'GetImportProgress'), { token: province.token, query: { progressKey: key } }))).toMatchObject({ doneCount: 20, importedCount: 16, refusedCount: 4, finished: true });
    const one = await app.db.selectFrom('partyMembers').selectAll().where('phoneNumber', '=', '17700010001').executeTakeFirstOrThrow();
    expect(one).toMatchObject({ name: '导入党员1', sex: 1, organId: branch.id, partyMemberType: 1 });
    expect((one.addition as any).nation).toBe('01');
    expect((one.partyMember as any).joinIntroducers).toEqual(['李四', '王五']);
    // an account as Create opens it: named dy<id> (never by the number, SECURITY §19) with the phone to sign in by,
    // the member role, first login changes the password, SMS sent
    const user = await app.db.selectFrom('users').selectAll().where('id', '=', one.userId!).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ userName: `dy${user.id}`, phoneNumber: '17700010001', needChangePassword: true });
    expect(app.sms.sent.get('17700010001')).toContain('初始密码');

    // the refused rows corrected: they are added; a row already imported is refused as a duplicate
    const again = ok(await importRows([HEADER, good[0], good[3], good[9], good[12], good[15]]));
    expect(again).toMatchObject({ importedCount: 4, refusedCount: 1 });
    expect(again.refused).toEqual([{ line: 2, messages: ['手机号：该手机号已被注册', '身份证号：该身份证号已登记'] }]);
    expect(await memberCount()).toBe(before + 20);
  });

  it('the ID card does the typing: 性别 and 出生日期 left empty follow it, a contradiction is refused in Chinese', async () => {
    const blank = row(61);
    blank[1] = '';
    blank[6] = '';
    const contradicts = row(62);
    contradicts[1] = contradicts[1] === '男' ? '女' : '男';
    const wrongDay = row(63);
    wrongDay[6] = `${BIRTH_YEAR - 1}-01-01`;
    const r = ok(await importRows([HEADER, blank, contradicts, wrongDay]));
    expect(r).toMatchObject({ importedCount: 1, refusedCount: 2 });
    expect(r.refused).toEqual([
      { line: 3, messages: [`性别：性别与身份证号不符：身份证号显示为${contradicts[1] === '男' ? '女' : '男'}`] },
      { line: 4, messages: [`出生日期：出生日期与身份证号不符：身份证号显示为${BIRTH_YEAR}-03-${String((63 % 27) + 1).padStart(2, '0')}`] },
    ]);
    const one = await app.db.selectFrom('partyMembers').selectAll().where('phoneNumber', '=', String(blank[3])).executeTakeFirstOrThrow();
    expect(one.sex).toBe(1); // the card's sequence 061: an odd sex digit, 男
    expect((one.addition as any).birthday).toBe(`${BIRTH_YEAR}-03-${String((61 % 27) + 1).padStart(2, '0')}`);
  });

  it('refuses an organisation outside the importer\'s subtree row by row; a missing column, another\'s file, 401 and 403 as a whole', async () => {
    const other = await app.db.selectFrom('organizations').select('organName').where('organPath', 'like', `${district2.organPath}%`).where('organLevel', '=', 5).executeTakeFirstOrThrow();
    const before = await memberCount();
    const r = ok(await importRows([HEADER, row(90, other.organName), row(92)], district.token));
    expect(r).toMatchObject({ importedCount: 1, refusedCount: 1 });
    expect(r.refused).toEqual([{ line: 2, messages: [`所在党组织：“${other.organName}”不在本人管理范围内或不存在`] }]);
    expect(await memberCount()).toBe(before + 1);
    const missing = await importRows([['姓名', '手机号'], ['甲', '17700019999']], district.token);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('缺少“身份证号”列，请使用导入模板');
    expect((await app.call('POST', S('Import'), { token: district.token, body: {} })).status).toBe(400);
    // somebody else's upload tells nothing
    const theirs = ok(await uploadFile(app, province.token, 4, { name: '党员.xlsx', content: await workbook([HEADER, row(91)]) }));
    expect((await app.call('POST', S('Import'), { token: district.token, body: { fileId: theirs.id } })).status).toBe(400);
    expect((await app.call('POST', S('Import'), { token: await app.login('member'), body: { fileId: theirs.id } })).status).toBe(403);
    expect((await app.call('POST', S('Import'), { body: { fileId: theirs.id } })).status).toBe(401);
  });
});

describe('masking, the ViewSensitive right and its audit trail', () => {
  const columns = JSON.stringify([
    { field: 'name', title: '姓名' },
    { field: 'sex', title: '性别', codeTable: 'sex' },
    { field: 'idCard', title: '身份证号' },
    { field: 'phoneNumber', title: '手机号' },
    { field: 'partyMemeberType', title: '党员类型', codeTable: 'partyMemberType' },
  ]);

  it('exports the filtered list with code-table labels, identity card and phone masked', async () => {
    const r = await app.call('GET', svc('ExportService', 'Export'), { token: district.token, query: { call: 'PartyMemberService/PageList', columns, name: '导入党员1', fileName: '党员' } });
    expect(r.status).toBe(200);
    const rows = readXlsxRows(r.raw);
    expect(rows[0]).toEqual(['姓名', '性别', '身份证号', '手机号', '党员类型']);
    const first = rows.find((x) => x[0] === '导入党员1')!;
    expect(first[1]).toBe('男');
    expect(first[2]).toMatch(/^510105\*{8}\d{3}[\dX]$/);
    expect(first[3]).toBe('177****0001');
    expect(first[4]).toBe('正式党员');
  });

  it('only a holder of the right sees the numbers in full, and every such view is logged with who and whom', async () => {
    const m = await app.db.selectFrom('partyMembers').select(['id', 'idCard', 'phoneNumber']).where('phoneNumber', '=', '17700010002').executeTakeFirstOrThrow();
    const masked = ok(await app.call('GET', S('Get'), { token: district.token, query: { id: m.id } }));
    expect(masked.addition.idCard).toContain('*');
    expect(masked.phoneNumber).toBe('177****0002');
    const before = await auditCount('Get');
    const full = ok(await app.call('GET', S('Get'), { token: province.token, query: { id: m.id } }));
    expect(full.addition.idCard).toBe(m.idCard);
    expect(full.phoneNumber).toBe(m.phoneNumber);
    expect(await auditCount('Get')).toBe(before + 1);
    const log = await app.db.selectFrom('auditLogs').selectAll().where('action', '=', 'Get').where('service', '=', 'PartyMemberService').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const provinceUser = await app.db.selectFrom('users').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ userId: provinceUser.id, targetId: String(m.id) });
    expect(log.detail).toMatchObject({ kind: 'sensitiveView', memberIds: [m.id] });
    // and 审计日志 finds it under the viewer's organisation, like any write
    const found = ok(await app.call('GET', svc('AuditLogService', 'GetAuditLogs'), { token: province.token, query: { service: 'PartyMemberService', action: 'Get', maxResultCount: 5 } }));
    expect(found.items[0]).toMatchObject({ id: log.id, userId: provinceUser.id, targetId: String(m.id) });

    // an edit by a district administrator sends the masked numbers back: they are kept
    const upd = await app.call('PUT', S('UpdatePartyMemberInfo'), { token: district.token, body: { ...masked, name: '导入党员二' } });
    expect(upd.status, JSON.stringify(upd.body.error)).toBe(200);
    const after = await app.db.selectFrom('partyMembers').select(['name', 'idCard', 'phoneNumber']).where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ name: '导入党员二', idCard: m.idCard, phoneNumber: m.phoneNumber });

    // the full export: refused without the right, logged with it
    const q = { call: 'PartyMemberService/PageList', columns, name: '导入党员1', reveal: 'true' };
    expect((await app.call('GET', svc('ExportService', 'Export'), { token: district.token, query: q })).status).toBe(403);
    expect((await app.call('GET', S('PageList'), { token: district.token, query: { reveal: true } })).status).toBe(403);
    const listed = await auditCount('PageList');
    const r = await app.call('GET', svc('ExportService', 'Export'), { token: province.token, query: q });
    expect(r.status).toBe(200);
    const row1 = readXlsxRows(r.raw).find((x) => x[0] === '导入党员1')!;
    expect(row1[3]).toBe('17700010001');
    expect(await auditCount('PageList')).toBe(listed + 1);
  });

  it('the right is a button of 党员管理, granted to the province role only', async () => {
    const menu = await app.db.selectFrom('menus').select(['id', 'type']).where('permissionName', '=', 'Pages.PartyMember.ViewSensitive').executeTakeFirstOrThrow();
    expect(menu.type).toBe(2);
    const roles = await app.db.selectFrom('roleMenus as rm').innerJoin('roles as r', 'r.id', 'rm.roleId').select('r.name').where('rm.menuId', '=', menu.id).execute();
    expect(roles.map((r) => r.name)).toEqual(['ProvinceAdmin']);
  });
});

describe('the buttons of 党员管理 are checked by the server', () => {
  it('a role that may list members but holds no 新增/编辑/删除 gets 403 on each, and reads as before', async () => {
    const stamp = Date.now() % 1_000_000;
    // roles are the 安全管理员's (三员分立)
    const security = await signInAsAdmin(app, 'secadmin');
    const role = ok(await app.call('POST', svc('RoleService', 'Create'), { token: security.token, body: { name: `PmRead${stamp}`, displayName: `党员只读${stamp}`, level: 3, userType: 1 } }));
    const listMenu = await app.db.selectFrom('menus').select('id').where('permissionName', '=', 'Pages.PartyMember').where('type', '!=', 2).executeTakeFirstOrThrow();
    ok(await app.call('POST', svc('MenuButtonService', 'SetRoleMenu'), { token: security.token, body: { roleId: role.id, menuIds: [listMenu.id] } }));
    ok(await app.call('POST', svc('UserService', 'CreateAdminAsync'), { token: district.token, body: { userName: `pm_read_${stamp}`, name: '只读管理员', password: 'Reader@2024x', roleId: role.id, organId: district.organId } }));
    const token = await app.login(`pm_read_${stamp}`, 'Reader@2024x');
    const roles = ok<any[]>(await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token }));
    const mine = roles.find((r) => r.roleName === `党员只读${stamp}`);
    ok(await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: mine.roleId, organId: mine.organId } }));

    const m = await app.db.selectFrom('partyMembers').select('id').where('organPath', 'like', `${district.organPath}%`).where('isDeleted', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const profile = ok(await app.call('GET', S('Get'), { token, query: { id: m.id } }));
    const refused = [
      await app.call('POST', S('Create'), { token, body: { name: '不应新增', organId: branch.id, phoneNumber: '17700049001', addition: { idCard: makeIdCard('510105', '1990-01-01', 901), sex: 1 }, partyMember: {} } }),
      await app.call('POST', S('SimpleCreate'), { token, body: { name: '不应新增', organId: branch.id, phoneNumber: '17700049002', idCard: makeIdCard('510105', '1990-01-01', 902), sex: 1 } }),
      await app.call('PUT', S('UpdatePartyMemberInfo'), { token, body: { ...profile, name: '不应修改' } }),
      await app.call('PUT', S('UpdateBonusPenalty'), { token, body: { memberId: m.id, type: 1, bonnusPenaltyName: '不应新增', approvalDate: '2024-01-01' } }),
      await app.call('DELETE', S('Delete'), { token, query: { id: m.id } }),
      await app.call('GET', S('ImportTemplate'), { token }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await app.db.selectFrom('partyMembers').select(['name', 'isDeleted']).where('id', '=', m.id).executeTakeFirstOrThrow())).toEqual({ name: profile.name, isDeleted: false });
  });
});

describe('administrator create: core §5 messages with the check digit', () => {
  it('a wrong identity card is 身份证号格式错误 on addition.idCard; a right one creates', async () => {
    const body = { name: '表单党员', organId: branch.id, phoneNumber: '17700039001', isJoinOneLineSituation: 'true', addition: { idCard: '510105198503010011', sex: 1 }, partyMember: { partyMemeberType: 1, joinIntroducers: ['张三'], isFlowMember: 'false' } };
    const wrong = await app.call('POST', S('Create'), { token: district.token, body });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.validationErrors).toEqual([{ message: '身份证号格式错误', members: ['addition.idCard'] }]);
    const right = await app.call('POST', S('Create'), { token: district.token, body: { ...body, addition: { ...body.addition, idCard: makeIdCard('510105', '1985-03-01', 11) } } });
    expect(right.status, JSON.stringify(right.body.error)).toBe(200);
    expect(right.body.result.isJoinOneLineSituation).toBe(true);
    expect(right.body.result.partyMember).toMatchObject({ isFlowMember: false, joinIntroducers: ['张三'] });
  });
});

describe('党员分析', () => {
  it('counts the chosen subtree by GROUP BY, each dimension summing to the total', async () => {
    const r = ok(await app.call('GET', S('Analysis'), { token: province.token, query: { organPath: district.organPath } }));
    const total = Number((await app.db.selectFrom('partyMembers').select(sql<number>`count(*)`.as('n')).where('organPath', 'like', `${district.organPath}%`).where('isDeleted', '=', false).where('status', '=', 1).executeTakeFirstOrThrow()).n);
    expect(r.totals.count).toBe(total);
    expect(r.groups.map((g: any) => g.key)).toEqual(['age', 'sex', 'nation', 'education', 'joinYear', 'partyDuty', 'memberType']);
    for (const g of r.groups) expect(g.rows.reduce((n: number, x: any) => n + x.count, 0), g.key).toBe(total);
    const sex = r.groups.find((g: any) => g.key === 'sex');
    expect(sex.rows.map((x: any) => x.label).sort()).toEqual(expect.arrayContaining(['女', '男']));
    expect(r.groups.find((g: any) => g.key === 'memberType').rows.map((x: any) => x.label)).toContain('正式党员');
    // children: each a drillable organisation inside the district
    expect(r.rows.length).toBeGreaterThan(0);
    for (const c of r.rows.filter((x: any) => x.key !== 'self')) {
      expect(c.organPath.startsWith(district.organPath)).toBe(true);
      // counted in the same scan as the dimensions: each child as its own subtree holds
      const n = Number((await app.db.selectFrom('partyMembers').select(sql<number>`count(*)`.as('n')).where('organPath', 'like', `${c.organPath}%`).where('isDeleted', '=', false).where('status', '=', 1).executeTakeFirstOrThrow()).n);
      expect(c.count, c.label).toBe(n);
    }
    // the children and 本级 add up to the total
    expect(r.rows.reduce((n: number, x: any) => n + x.count, 0)).toBe(total);
  });

  it('ages are whole years on the platform day', async () => {
    // the imported members were born in March, 45 years before this year: 44 or 45 today, in the 41至50岁 band
    const r = ok(await app.call('GET', S('Analysis'), { token: district.token, query: { organPath: branch.organPath } }));
    const age = r.groups.find((g: any) => g.key === 'age');
    expect(age.rows.map((x: any) => x.label)).toContain('41至50岁');
    const order = ['30岁及以下', '31至40岁', '41至50岁', '51至60岁', '61至70岁', '71岁及以上', '未填写'];
    const labels = age.rows.map((x: any) => x.label);
    expect([...labels].sort((a: string, b: string) => order.indexOf(a) - order.indexOf(b))).toEqual(labels);
  });

  it('a member\'s change shows at once: the counts are kept by the member writes, whatever wrote them', async () => {
    const sexOf = (r: any) => Object.fromEntries(r.groups.find((g: any) => g.key === 'sex').rows.map((x: any) => [x.key, x.count]));
    const before = ok(await app.call('GET', S('Analysis'), { token: province.token, query: { organPath: district.organPath } }));
    expect(ok(await app.call('GET', S('Analysis'), { token: province.token, query: { organPath: district.organPath } }))).toEqual(before);
    const one = await app.db.selectFrom('partyMembers').select(['id', 'sex']).where('organPath', 'like', `${district.organPath}%`).where('isDeleted', '=', false).where('status', '=', 1).where('sex', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const other = String(one.sex) === '1' ? 2 : 1;
    // a write outside the services (as another API process or a script would make it)
    await sql`update party_members set sex = ${other} where id = ${one.id}`.execute(app.db);
    const after = ok(await app.call('GET', S('Analysis'), { token: province.token, query: { organPath: district.organPath } }));
    expect(after.totals.count).toBe(before.totals.count);
    expect(sexOf(after)[String(other)]).toBe((sexOf(before)[String(other)] ?? 0) + 1);
    await sql`update party_members set sex = ${one.sex} where id = ${one.id}`.execute(app.db);
    expect(ok(await app.call('GET', S('Analysis'), { token: province.token, query: { organPath: district.organPath } }))).toEqual(before);
  });

  it('stays in the caller\'s subtree; bad input is a 400, no token 401, no right 403', async () => {
    const own = ok(await app.call('GET', S('Analysis'), { token: district.token }));
    const scoped = ok(await app.call('GET', S('Analysis'), { token: province.token, query: { organPath: district.organPath } }));
    expect(own.totals.count).toBe(scoped.totals.count);
    expect((await app.call('GET', S('Analysis'), { token: district.token, query: { organPath: district2.organPath } })).status).toBe(403);
    expect((await app.call('GET', S('Analysis'), { token: district.token, query: { organPath: 'abc' } })).status).toBe(400);
    expect((await app.call('GET', S('Analysis'), {})).status).toBe(401);
    expect((await app.call('GET', S('Analysis'), { token: await app.login('member') })).status).toBe(403);
  });
});

describe('bonus/penalty and abroad records', () => {
  it('are written and deleted only within the subtree (404 outside), bad input 400', async () => {
    const m = await app.db.selectFrom('partyMembers').select(['id', 'userId']).where('phoneNumber', '=', '17700010003').executeTakeFirstOrThrow();
    const bonus = ok(await app.call('PUT', S('UpdateBonusPenalty'), { token: district.token, body: { memberId: m.id, type: 1, bonnusPenaltyName: '优秀共产党员', approvalDate: '2021-07-01', approvaOrganId: '中共成都市温江区委员会' } }));
    const edited = ok(await app.call('PUT', S('UpdateBonusPenalty'), { token: district.token, body: { id: bonus.id, memberId: m.id, type: 1, bonnusPenaltyName: '优秀党务工作者' } }));
    expect(edited).toMatchObject({ bonnusPenaltyName: '优秀党务工作者', memberId: m.id });
    // the original client names the member by his account (userId), as in its BonusPenalty model
    const byUser = ok(await app.call('PUT', S('UpdateBonusPenalty'), { token: district.token, body: { userId: m.userId, type: 2, bonnusPenaltyName: '警告', approvalDate: '2022-03-01', revocationDate: '2023-03-01' } }));
    expect(byUser).toMatchObject({ memberId: m.id, userId: m.userId, revocationDate: '2023-03-01' });
    expect(ok(await app.call('GET', S('BonusPenaltyList'), { token: district.token, query: { userId: m.userId } })).totalCount).toBe(2);
    expect((await app.call('DELETE', S('DeleteBonusPenalty'), { token: district.token, query: { id: byUser.id } })).status).toBe(200);
    // dates in order, and a member must be named
    const early = await app.call('PUT', S('UpdateBonusPenalty'), { token: district.token, body: { memberId: m.id, type: 2, bonnusPenaltyName: '警告', approvalDate: '2022-03-01', revocationDate: '2021-03-01' } });
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe('撤销日期不能早于批准日期');
    const back = await app.call('PUT', S('UpdateAbroad'), { token: district.token, body: { memberId: m.id, abroadCountry: '日本', abroadDate: '2019-05-01', backDate: '2019-04-01' } });
    expect(back.body.error.message).toBe('回国日期不能早于出境日期');
    const nobody = await app.call('PUT', S('UpdateAbroad'), { token: district.token, body: { abroadCountry: '日本', abroadDate: '2019-05-01' } });
    expect(nobody.status).toBe(400);
    expect(nobody.body.error.message).toBe('请指定党员');
    const abroad = ok(await app.call('PUT', S('UpdateAbroad'), { token: district.token, body: { memberId: m.id, abroadCountry: '新加坡', abroadDate: '2019-05-01', abroadReason: '探亲' } }));
    const got = ok(await app.call('GET', S('Get'), { token: district.token, query: { id: m.id } }));
    expect(got.bonusPenalties).toEqual([expect.objectContaining({ id: bonus.id, bonnusPenaltyName: '优秀党务工作者' })]);
    expect(got.abroads).toEqual([expect.objectContaining({ id: abroad.id, abroadCountry: '新加坡', abroadReason: '探亲' })]);

    // the sibling district: as if missing
    expect((await app.call('PUT', S('UpdateBonusPenalty'), { token: district2.token, body: { memberId: m.id, type: 2, bonnusPenaltyName: '警告' } })).status).toBe(404);
    expect((await app.call('DELETE', S('DeleteBonusPenalty'), { token: district2.token, query: { id: bonus.id } })).status).toBe(404);
    expect((await app.call('DELETE', S('DeleteAbroad'), { token: district2.token, query: { id: abroad.id } })).status).toBe(404);
    expect((await app.call('PUT', S('UpdateAbroad'), { token: district2.token, body: { id: abroad.id, memberId: m.id, abroadCountry: '日本', abroadDate: '2019-05-01' } })).status).toBe(404);
    // bad input
    const bad = await app.call('PUT', S('UpdateBonusPenalty'), { token: district.token, body: { memberId: m.id, type: 9 } });
    expect(bad.status).toBe(400);
    expect((await app.call('PUT', S('UpdateAbroad'), { token: district.token, body: { memberId: 'x', abroadCountry: '' } })).status).toBe(400);
    expect((await app.call('DELETE', S('DeleteAbroad'), { token: district.token, query: { id: 'x' } })).status).toBe(400);
    expect((await app.call('PUT', S('UpdateAbroad'), { body: { memberId: m.id } })).status).toBe(401);

    expect((await app.call('DELETE', S('DeleteBonusPenalty'), { token: district.token, query: { id: bonus.id } })).status).toBe(200);
    expect((await app.call('DELETE', S('DeleteAbroad'), { token: district.token, query: { id: abroad.id } })).status).toBe(200);
    const after = ok(await app.call('GET', S('Get'), { token: district.token, query: { id: m.id } }));
    expect(after.bonusPenalties).toEqual([]);
    expect(after.abroads).toEqual([]);
  });
});
