/**
 * 线下学时 import: a collective study's hours typed in by an administrator for the members who
 * attended — each row held to the member's own declaration rules, entered as a pending declaration
 * recorded by the importer, which another administrator audits (never the importer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxBuffer, readXlsxSheets, type Cell } from '../../src/server/xlsx/xlsx';
import { ok, signInAsAdmin, startTestApp, svc, uploadFile, type TestApp } from './harness';

const S = (a: string) => svc('OfflinePeriodService', a);
let app: TestApp;
let district: Awaited<ReturnType<typeof signInAsAdmin>>;
let city: Awaited<ReturnType<typeof signInAsAdmin>>;
let member: { userId: number; name: string; idCard: string };
let outsider: { name: string; idCard: string };
const HEADER = ['姓名', '身份证号', '学习内容', '学习日期', '学时', '学习心得'];

beforeAll(async () => {
  app = await startTestApp();
  app.freeze('2026-06-15T02:00:00Z');
  district = await signInAsAdmin(app, 'districtadmin');
  city = await signInAsAdmin(app, 'cityadmin');
  const memberId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
  const m = await app.db.selectFrom('partyMembers').select(['userId', 'name', 'idCard']).where('userId', '=', memberId).where('isDeleted', '=', false).executeTakeFirstOrThrow();
  member = { userId: m.userId!, name: m.name, idCard: m.idCard! };
  const o = await app.db.selectFrom('partyMembers').select(['name', 'idCard']).where('organPath', 'not like', `${district.organPath}%`).where('idCard', 'is not', null).where('status', '=', 1).where('isDeleted', '=', false).executeTakeFirstOrThrow();
  outsider = { name: o.name, idCard: o.idCard! };
});
afterAll(() => app?.close());

const importRows = async (token: string, rows: Cell[][]) => {
  const file = ok(await uploadFile(app, token, 4, { name: '线下学时.xlsx', content: await xlsxBuffer([{ sheetName: '线下学时', header: HEADER, batches: [rows] }]) }));
  return app.call('POST', S('ImportAsync'), { token, body: { fileId: file.id, progressKey: `offline-${Date.now()}` } });
};
const pendingIds = async (token: string) => (ok(await app.call('GET', S('GetAuditOffineReportPageList'), { token, query: { status: 0, maxResultCount: 100 } })).items as { id: number }[]).map((r) => r.id);

describe('线下学时 import', () => {
  it('answers a template with an example row and 说明; 401 without a token, 403 for a member', async () => {
    const r = await app.call('GET', S('GetImportTemplate'), { token: district.token });
    expect(r.status).toBe(200);
    const sheets = readXlsxSheets(r.raw);
    expect(sheets.get('线下学时')![0]).toEqual(HEADER);
    expect(sheets.get('线下学时')![1][2]).toBe('示例：支部主题党日集中学习');
    expect(sheets.has('说明')).toBe(true);
    expect((await app.call('GET', S('GetImportTemplate'))).status).toBe(401);
    expect((await app.call('POST', S('ImportAsync'), { body: { fileId: 'x' } })).status).toBe(401);
    const memberToken = await app.login('member');
    expect((await app.call('GET', S('GetImportTemplate'), { token: memberToken })).status).toBe(403);
    expect((await app.call('POST', S('ImportAsync'), { token: memberToken, body: { fileId: 'x' } })).status).toBe(403);
  });

  it('adds members’ rows inside the subtree under the member’s own rules, refuses the rest with reasons', async () => {
    const r = ok(await importRows(district.token, [
      [member.name, member.idCard, '支部主题党日集中学习', '2026-06-10', 2, '学习党章'],
      [member.name, member.idCard, '同一天再学23小时', '2026-06-10', 23, ''],
      ['王冒名', member.idCard, '冒名', '2026-06-10', 1, ''],
      [outsider.name, outsider.idCard, '范围外', '2026-06-10', 1, ''],
      [member.name, member.idCard, '明天的学习', '2026-06-16', 1, ''],
      [member.name, member.idCard, '去年的学习', '2025-12-01', 1, ''],
      [member.name, member.idCard, '', '2026-06-11', 1, ''],
      [member.name, member.idCard, '学时太多', '2026-06-11', 30, ''],
    ]));
    expect(r).toMatchObject({ totalCount: 8, importedCount: 1, refusedCount: 7 });
    expect(r.refused).toEqual([
      { line: 3, messages: ['学时：2026-06-10已申报2小时（含待审核），当日最多还能申报22小时：一天的申报合计不能超过24小时'] },
      { line: 4, messages: ['姓名：与身份证号登记的姓名不一致'] },
      { line: 5, messages: ['身份证号：本人管理范围内没有该身份证号的在册党员'] },
      { line: 6, messages: ['学习日期：学习日期不能晚于今天'] },
      { line: 7, messages: ['学习日期：学习日期不能早于本考核年度的开始（2026-01-01），往年的学时不能再申报'] },
      { line: 8, messages: ['学习内容：请填写学习内容'] },
      { line: 9, messages: [expect.stringMatching(/^学时：/)] },
    ]);
  });

  it('enters a pending declaration recorded by the importer: he cannot approve it, another administrator does', async () => {
    const row = await app.db.selectFrom('offlineReports').select(['id', 'status', 'recorderUserId', 'userId']).where('title', '=', '支部主题党日集中学习').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 0, userId: member.userId });
    // not in the importer's 待审核 list (nor counted on his 工作台), but in the city administrator's
    expect(await pendingIds(district.token)).not.toContain(row.id);
    expect(await pendingIds(city.token)).toContain(row.id);
    const self = await app.call('POST', S('AuditOffinePeriod'), { token: district.token, body: { id: row.id, approved: true } });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe('不能审核本人导入的学时申报，须由其他管理员审核');
    ok(await app.call('POST', S('AuditOffinePeriod'), { token: city.token, body: { id: row.id, approved: true } }));
    const detail = ok(await app.call('GET', S('GetOfflineReport'), { token: await app.login('member'), query: { id: row.id } }));
    expect(detail).toMatchObject({ status: 1, hours: 2, studyDate: '2026-06-10' });
    expect(detail.history.map((h: { title: string; actorName: string }) => h.title)).toEqual(['代为申报', '审核']);
  });
});
