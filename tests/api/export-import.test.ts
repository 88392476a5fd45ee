/**
 * Export of any paged list (streamed XLSX with the list's own scope, labels and limits) and import
 * into a configured entity (row by row: the good rows added, each bad one refused with its reasons), on
 * TeachingPlanService.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsxRows, readXlsxSheets, xlsxStream, type Cell } from '../../src/server/xlsx/xlsx';
import { readZip } from '../../src/server/xlsx/zip';
import { ok, signInAsAdmin, startTestApp, svc, uploadFile, type TestApp } from './harness';

const T = (a: string) => svc('TeachingPlanService', a);
const dataDir = mkdtempSync(join(tmpdir(), 'party-export-test-'));
let app: TestApp;
let district: { token: string; organId: number; organPath: string };
let district2: { token: string; organId: number; organPath: string };

beforeAll(async () => {
  app = await startTestApp({ config: { dataDir } });
  district = await signInAsAdmin(app, 'districtadmin');
  district2 = await signInAsAdmin(app, 'district2admin');
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function workbook(rows: Cell[][]) {
  const chunks: Buffer[] = [];
  async function* one() {
    yield rows.slice(1);
  }
  for await (const c of xlsxStream({ sheetName: '导入', header: rows[0].map(String), batches: one() })) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
const importFile = async (rows: Cell[][], token = district.token) => {
  const file = ok(await uploadFile(app, token, 4, { name: '教学计划.xlsx', content: await workbook(rows) }));
  return app.call('POST', T('Import'), { token, body: { fileId: file.id } });
};
const count = async () => Number((await app.db.selectFrom('records').select(sql<number>`count(*)`.as('n')).where('entity', '=', 'teachingPlan').executeTakeFirstOrThrow()).n);

describe('import: row by row, with a summary of what was added and what was refused', () => {
  it('offers a template with lists to choose from, an example row and the instructions sheet', async () => {
    const r = await app.call('GET', T('ImportTemplate'), { token: district.token });
    expect(r.status).toBe(200);
    const sheets = readXlsxSheets(r.raw);
    expect([...sheets.keys()]).toEqual(['教学计划', '说明', '代码表']);
    const data = sheets.get('教学计划')!;
    expect(data[0]).toEqual(['计划名称', '年度', '计划类别', '开始日期', '结束日期', '培训对象']);
    expect(data[1][0]).toBe('示例计划名称');
    expect(data[1][2]).toBe('年度计划');
    expect(data[1][3]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const xml = readZip(r.raw).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml).toMatch(/<dataValidation type="list"[^>]*sqref="C2:C\d+"><formula1>&quot;年度计划,专题计划,培训计划&quot;<\/formula1>/);
    expect(sheets.get('说明')!.some((row) => row[0] === '计划名称' && row[1] === '必填')).toBe(true);
    expect((await app.call('GET', T('ImportTemplate'), { token: await app.login('member') })).status).toBe(403);
    expect((await app.call('GET', T('ImportTemplate'))).status).toBe(401);
  });

  it('adds the good rows, refuses each bad one with its reasons, and keeps the refused rows for download', async () => {
    const before = await count();
    // the template's example row, left in the file, is not imported
    const [header, example] = readXlsxRows((await app.call('GET', T('ImportTemplate'), { token: district.token })).raw);
    const r = ok(await importFile([
      ['计划名称', '年度', '计划类别', '开始日期', '培训对象'],
      ['计划名称', '年度', '计划类别', '开始日期', '培训对象'].map((t) => example[header.indexOf(t)]),
      ['2027年度党员教育计划', 2027, '年度计划', '2027-01-01', '全体党员'],
      ['', 2027, '专题计划', '', ''],
      ['专题计划', '明年', '不存在的类别', '2027/13/01', ''],
    ]));
    expect(r).toMatchObject({ totalCount: 3, importedCount: 1, refusedCount: 2 });
    expect(r.refused).toEqual([
      { line: 4, messages: ['计划名称：请填写计划名称'] },
      { line: 5, messages: ['年度：年度须为数字', '计划类别：计划类别取值无效', '开始日期：开始日期格式不正确（如 2026-01-31）'] },
    ]);
    expect(await count()).toBe(before + 1);
    const progress = ok(await app.call('GET', svc('ImportService', 'GetImportProgress'), { token: district.token, query: { progressKey: r.progressKey } }));
    expect(progress).toEqual({ totalCount: 3, doneCount: 3, importedCount: 1, refusedCount: 2, finished: true });
    const refused = await app.call('GET', svc('ImportService', 'GetRefusedRows'), { token: district.token, query: { progressKey: r.progressKey } });
    expect(refused.status).toBe(200);
    const rows = readXlsxRows(refused.raw);
    expect(rows[0]).toEqual(['原行号', '未导入原因', '计划名称', '年度', '计划类别', '开始日期', '培训对象']);
    expect(rows[2].slice(0, 4)).toEqual(['5', '年度：年度须为数字；计划类别：计划类别取值无效；开始日期：开始日期格式不正确（如 2026-01-31）', '专题计划', '明年']);
    // another importer's run answers as none
    expect(ok(await app.call('GET', svc('ImportService', 'GetImportProgress'), { token: district2.token, query: { progressKey: r.progressKey } }))).toBeNull();
    expect((await app.call('GET', svc('ImportService', 'GetRefusedRows'), { token: district2.token, query: { progressKey: r.progressKey } })).status).toBe(404);
  });

  it('refuses a file that is not a workbook, and a missing required column', async () => {
    const pdf = ok(await uploadFile(app, district.token, 4, { name: 'a.pdf', content: Buffer.from('%PDF-1.4\nxx') }));
    expect((await app.call('POST', T('Import'), { token: district.token, body: { fileId: pdf.id } })).body.error.message).toBe('文件格式错误，请上传 Excel（.xlsx）文件');
    const broken = ok(await uploadFile(app, district.token, 4, { name: 'c.xlsx', content: Buffer.concat([(await workbook([['计划名称'], ['x']])).subarray(0, 200)]) }));
    const b = await app.call('POST', T('Import'), { token: district.token, body: { fileId: broken.id } });
    expect(b.status).toBe(400);
    const r = await importFile([['年度'], [2027]]);
    expect(r.body.error.message).toBe('缺少“计划名称”列，请使用导入模板');
    const others = ok(await uploadFile(app, district2.token, 4, { name: 'b.xlsx', content: await workbook([['计划名称'], ['x']]) }));
    expect((await app.call('POST', T('Import'), { token: district.token, body: { fileId: others.id } })).body.error.message).toBe('导入文件不存在，请重新上传');
    expect((await app.call('POST', T('Import'), { body: { fileId: others.id } })).status).toBe(401);
  });

  it('imports in the importer’s organisation, with labels turned into codes and Excel dates read as days', async () => {
    const r = ok(await importFile([
      ['计划名称', '年度', '计划类别', '开始日期', '结束日期', '培训对象'],
      ['2027年度党员教育计划', 2027, '年度计划', { date: '2027-01-01' }, '2027-12-31', '全体党员'],
      ['乡村振兴专题培训', '2027', '专题计划', '46054', '', '村（社区）干部'],
    ]));
    expect(r).toMatchObject({ importedCount: 2, refusedCount: 0 });
    const list = ok(await app.call('GET', T('PageList'), { token: district.token, query: { title: '乡村振兴专题培训' } }));
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ year: 2027, planType: 'special', startDate: '2026-02-01', organId: district.organId, targetAudience: '村（社区）干部' });
    const first = ok(await app.call('GET', T('PageList'), { token: district.token, query: { title: '2027年度党员教育计划' } }));
    expect(first.items.map((x: any) => x.startDate)).toContain('2027-01-01');
  });
});

describe('export of any paged list', () => {
  it('streams 10,000 rows page by page with labels, in the caller’s scope only', async () => {
    await sql`insert into records (entity, organ_id, organ_path, organ_level, owner_user_id, data)
      select 'teachingPlan', ${district.organId}, ${district.organPath}, 3, null,
        jsonb_build_object('title', '批量计划' || g, 'year', 2026, 'planType', case when g % 2 = 0 then 'annual' else 'training' end, 'startDate', '2026-03-01')
      from generate_series(1, 10000) g`.execute(app.db);
    const columns = JSON.stringify([
      { field: 'title', title: '计划名称' },
      { field: 'year', title: '年度' },
      { field: 'planType', title: '计划类别', options: [{ label: '年度计划', value: 'annual' }, { label: '专题计划', value: 'special' }, { label: '培训计划', value: 'training' }] },
      { field: 'startDate', title: '开始日期', valueType: 'date' },
      { field: 'organName', title: '制定组织' },
    ]);
    const query = { call: 'TeachingPlanService/PageList', columns, fileName: '教学计划', title: '批量计划' };
    const r = await app.call('GET', svc('ExportService', 'Export'), { token: district.token, query });
    expect(r.status).toBe(200);
    expect(r.headers['x-export-truncated']).toBe('0');
    expect(r.headers['x-export-total']).toBe('10000');
    const rows = readXlsxRows(r.raw);
    expect(rows).toHaveLength(10001);
    expect(rows[0]).toEqual(['计划名称', '年度', '计划类别', '开始日期', '制定组织']);
    expect(new Set(rows.slice(1).map((x) => x[2]))).toEqual(new Set(['年度计划', '培训计划']));
    expect(rows[1][3]).toBe('2026-03-01');
    // a real date cell (a serial in the yyyy-mm-dd style), an autofilter over every row, the header frozen
    const parts = readZip(r.raw);
    const sheet = parts.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet).toContain('<c r="D2" s="2"><v>46082</v></c>');
    expect(parts.get('xl/styles.xml')!.toString('utf8')).toContain('<numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/>');
    expect(sheet).toContain('<autoFilter ref="A1:E10001"/>');
    expect(sheet).toContain('state="frozen"');
    expect(sheet).toMatch(/<col min="1" max="1" width="\d+" customWidth="1"\/>/);
    expect(rows[1][4]).toBe('中共成都市温江区委员会');
    expect(new Set(rows.slice(1).map((x) => x[0])).size).toBe(10000);
    // the neighbouring district's administrator exports the same list: none of these rows
    const theirs = readXlsxRows((await app.call('GET', svc('ExportService', 'Export'), { token: district2.token, query })).raw);
    expect(theirs).toHaveLength(1);
  });

  it('stops at the configured cap and says so', async () => {
    const saved = app.ctx.config.exportMaxRows;
    app.ctx.config.exportMaxRows = 1200;
    try {
      const r = await app.call('GET', svc('ExportService', 'Export'), { token: district.token, query: { call: 'TeachingPlanService/PageList', columns: '[{"field":"title"}]', title: '批量计划' } });
      expect(r.headers['x-export-truncated']).toBe('1');
      const rows = readXlsxRows(r.raw);
      expect(rows).toHaveLength(1 + 1200 + 1);
      expect(rows.at(-1)![0]).toBe('仅导出前1200条，请缩小筛选范围后分批导出');
    } finally {
      app.ctx.config.exportMaxRows = saved;
    }
  });

  it('applies the list’s own validation: a bad filter is a 400, an unknown list a 404', async () => {
    const bad = await app.call('GET', svc('ExportService', 'Export'), { token: district.token, query: { call: 'TeachingPlanService/PageList', columns: '[{"field":"title"}]', year: 'abc' } });
    expect(bad.status).toBe(400);
    expect((await app.call('GET', svc('ExportService', 'Export'), { token: district.token, query: { call: 'TeachingPlanService/Create', columns: '[{"field":"title"}]' } })).status).toBe(404);
  });

  it('the workbook is produced while pages are still being read (nothing holds the whole list)', async () => {
    let pulled = 0;
    async function* batches(): AsyncGenerator<Cell[][]> {
      for (let i = 0; i < 20; i++) {
        pulled++;
        yield Array.from({ length: 500 }, (_, j) => [`第${i * 500 + j}行`, j]);
      }
    }
    const stream = xlsxStream({ sheetName: '流', header: ['名称', '序号'], batches: batches() });
    let bytes = 0;
    let pulledAtFirstSheetBytes = -1;
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      // the first deflated bytes of the sheet arrive after one batch, not after all twenty
      if (pulledAtFirstSheetBytes < 0 && pulled > 0) pulledAtFirstSheetBytes = pulled;
    }
    expect(pulledAtFirstSheetBytes).toBeLessThanOrEqual(2);
    expect(pulled).toBe(20);
    expect(bytes).toBeGreaterThan(1000);
  });
});
