/**
 * 组织管理's import through the one import path: each row a new organisation under a parent named by
 * its full name inside the importer's subtree (an earlier row's organisation may be one), refused
 * rows with their reasons, the template's lists and instructions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsxSheets, xlsxBuffer, type Cell } from '../../src/server/xlsx/xlsx';
import { readZip } from '../../src/server/xlsx/zip';
import { ok, signInAsAdmin, startTestApp, svc, uploadFile, type TestApp } from './harness';

const O = (a: string) => svc('OrganizationService', a);
const dataDir = mkdtempSync(join(tmpdir(), 'party-organ-import-'));
let app: TestApp;
let province: { token: string; organId: number; organPath: string };
let district: { token: string; organId: number; organPath: string };
const nameOf = async (id: number) => (await app.db.selectFrom('organizations').select('organName').where('id', '=', id).executeTakeFirstOrThrow()).organName;

beforeAll(async () => {
  app = await startTestApp({ config: { dataDir } });
  province = await signInAsAdmin(app, 'admin');
  district = await signInAsAdmin(app, 'districtadmin');
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const importRows = async (token: string, rows: Cell[][]) => {
  const file = ok(await uploadFile(app, token, 4, { name: '组织.xlsx', content: await xlsxBuffer([{ sheetName: '组织', header: rows[0].map(String), batches: [rows.slice(1)] }]) }));
  return app.call('POST', O('ImportAsync'), { token, body: { fileId: file.id, progressKey: `organ-${Date.now()}` } });
};

describe('组织管理 import', () => {
  it('answers a template with the category as a list, an example row and 说明; 401 and 403 as the form', async () => {
    const r = await app.call('GET', O('GetImportTemplate'), { token: district.token });
    expect(r.status).toBe(200);
    const sheets = readXlsxSheets(r.raw);
    expect(sheets.get('组织')![0].slice(0, 3)).toEqual(['上级党组织', '组织名称', '简称']);
    expect(sheets.get('组织')![1][1]).toBe('示例：中共某某村支部委员会');
    expect(sheets.has('说明')).toBe(true);
    expect(sheets.has('代码表')).toBe(true);
    expect(readZip(r.raw).get('xl/worksheets/sheet1.xml')!.toString('utf8')).toContain('<dataValidation type="list"');
    expect((await app.call('GET', O('GetImportTemplate'))).status).toBe(401);
    expect((await app.call('GET', O('GetImportTemplate'), { token: await app.login('member') })).status).toBe(403);
  });

  it('adds rows under parents inside the subtree, an earlier row’s organisation too, and refuses the rest with reasons', async () => {
    const own = await nameOf(district.organId);
    const outside = await app.db.selectFrom('organizations').select('organName').where('organPath', 'not like', `${district.organPath}%`).where('parentId', 'is not', null).executeTakeFirstOrThrow();
    const category = (await app.db.selectFrom('baseCodes').select('label').where('typeName', '=', 'organType').orderBy('sort').executeTakeFirstOrThrow()).label;
    const stamp = Date.now() % 100000;
    const r = ok(await importRows(province.token, [
      ['上级党组织', '组织名称', '组织类别', '书记'],
      [own, `导入测试党委${stamp}`, category, '张三'],
      [`导入测试党委${stamp}`, `导入测试支部${stamp}`, category, ''],
      ['不存在的组织', `导入测试支部B${stamp}`, category, ''],
      [own, '', category, ''],
    ]));
    expect(r).toMatchObject({ totalCount: 4, importedCount: 2, refusedCount: 2 });
    expect(r.refused).toEqual([
      { line: 4, messages: ['上级党组织：“不存在的组织”不在本人管理范围内或不存在'] },
      { line: 5, messages: ['组织名称：请填写组织名称'] },
    ]);
    const child = await app.db.selectFrom('organizations').select(['organPath', 'parentId']).where('organName', '=', `导入测试支部${stamp}`).executeTakeFirstOrThrow();
    expect(child.organPath.startsWith(district.organPath)).toBe(true);

    // the district's administrator cannot name an organisation outside his subtree
    const d = ok(await importRows(district.token, [
      ['上级党组织', '组织名称', '组织类别'],
      [outside.organName, `越权组织${stamp}`, category],
    ]));
    expect(d).toMatchObject({ importedCount: 0, refusedCount: 1 });
    expect(d.refused[0].messages[0]).toBe(`上级党组织：“${outside.organName}”不在本人管理范围内或不存在`);
    expect(await app.db.selectFrom('organizations').select('id').where('organName', '=', `越权组织${stamp}`).executeTakeFirst()).toBeUndefined();
  });

  it('a member may not import; a file that is no workbook is a Chinese 400', async () => {
    const member = await app.login('member');
    const file = ok(await uploadFile(app, district.token, 4, { name: 'x.xlsx', content: Buffer.from('PK\u0003\u0004 not a zip at all') }));
    expect((await app.call('POST', O('ImportAsync'), { token: member, body: { fileId: file.id } })).status).toBe(403);
    const bad = await app.call('POST', O('ImportAsync'), { token: district.token, body: { fileId: file.id } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('文件格式错误，请上传 Excel（.xlsx）文件');
  });
});
