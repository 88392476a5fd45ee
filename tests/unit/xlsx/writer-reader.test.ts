/**
 * The XLSX writer's sheets, date and money cells, autofilter and lists, read back by our reader
 * (and, for what the reader does not keep, from the workbook's XML).
 */
import { describe, expect, it } from 'vitest';
import { dateSerial, readXlsxRows, readXlsxSheets, serialText, xlsxBuffer } from '../../../src/server/xlsx/xlsx';
import { dateStyles } from '../../../src/server/xlsx/read';
import { readZip } from '../../../src/server/xlsx/zip';

describe('xlsx writer and reader', () => {
  it('writes days and minutes as serials in a date style, and reads them back as the text they show', async () => {
    expect(dateSerial('2026-03-01')).toBe(46082);
    expect(dateSerial('2026-03-01 12:00')).toBe(46082.5);
    expect(Number.isNaN(dateSerial('2026-3-1'))).toBe(true);
    expect(serialText(46082.5, 'minute')).toBe('2026-03-01 12:00');
    const buf = await xlsxBuffer([{ sheetName: '数据', header: ['日', '时刻', '金额', '文字'], autoFilter: true, batches: [[[{ date: '2026-03-01' }, { date: '2026-03-01 08:30' }, { money: 12.5 }, '2026-03-01']]] }]);
    expect(readXlsxRows(buf)).toEqual([['日', '时刻', '金额', '文字'], ['2026-03-01', '2026-03-01 08:30', '12.5', '2026-03-01']]);
    const parts = readZip(buf);
    const sheet = parts.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet).toContain('<c r="A2" s="2"><v>46082</v></c>');
    expect(sheet).toContain('<c r="C2" s="6"><v>12.5</v></c>');
    expect(sheet).toContain('<autoFilter ref="A1:D2"/>');
    expect(parts.get('xl/workbook.xml')!.toString('utf8')).toContain(`<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'数据'!$A$1:$D$2</definedName>`);
  });

  it('writes several sheets, hidden ones and lists to choose from, in the schema’s order', async () => {
    const buf = await xlsxBuffer([
      { sheetName: '数据', header: ['性别', '民族'], batches: [], choices: [{ column: 0, source: ['男', '女'], fromRow: 2, toRow: 10 }, { column: 1, source: "'代码表'!$A$2:$A$3", fromRow: 2, toRow: 10, error: '请选择' }] },
      { sheetName: '说明', header: [], batches: [[['第一条']]] },
      { sheetName: '代码表', header: ['民族'], batches: [[['汉族'], ['回族']]], hidden: true },
    ]);
    const sheets = readXlsxSheets(buf);
    expect([...sheets.keys()]).toEqual(['数据', '说明', '代码表']);
    expect(sheets.get('说明')).toEqual([['第一条']]);
    expect(sheets.get('代码表')).toEqual([['民族'], ['汉族'], ['回族']]);
    const parts = readZip(buf);
    const sheet = parts.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet.indexOf('</sheetData>')).toBeLessThan(sheet.indexOf('<dataValidations count="2">'));
    expect(sheet).toContain('sqref="A2:A10"><formula1>&quot;男,女&quot;</formula1>');
    expect(sheet).toContain(`error="请选择" sqref="B2:B10"><formula1>'代码表'!$A$2:$A$3</formula1>`);
    expect(parts.get('xl/workbook.xml')!.toString('utf8')).toContain('<sheet name="代码表" sheetId="3" state="hidden" r:id="rId3"/>');
  });

  it('knows date styles of Excel and WPS: built-in ids and custom formats, not numbers or times alone', () => {
    const styles = `<styleSheet><numFmts><numFmt numFmtId="176" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/><numFmt numFmtId="177" formatCode="mm:ss"/><numFmt numFmtId="178" formatCode="yyyy/m/d\\ h:mm"/></numFmts>
      <cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="176"/><xf numFmtId="177"/><xf numFmtId="178"/><xf numFmtId="2"/></cellXfs></styleSheet>`;
    expect(dateStyles(styles)).toEqual([undefined, 'day', 'day', undefined, 'minute', undefined]);
  });
});
