import sanitizeHtml from 'sanitize-html';
import { isCalendarDay, serialDayToCalendarDay } from '../../contract/platform-time';
import type { Call } from '../http/actions';
import { badRequest, invalid } from '../http/errors';
import { FileStorage, MissingObject } from '../files/storage';
import { readXlsxRows, XlsxError } from '../xlsx/xlsx';
import type { FieldSchema } from './entities';

/**
 * Reading an uploaded workbook for an import: the caller's own upload only, bounded in size; a cell's
 * text as a field's value (code-table labels, 是/否, numbers, dates as text or Excel serials).
 */
export const IMPORT_MSG = {
  notXlsx: '文件格式错误，请上传 Excel（.xlsx）文件',
  noFile: '导入文件不存在，请重新上传',
  empty: '文件中没有可导入的数据',
  tooMany: (n: number) => `一次最多导入${n}行，请分批导入`,
  missingColumn: (title: string) => `缺少“${title}”列，请使用导入模板`,
  tooLarge: '导入文件过大（最多 50 MB），请分批导入',
} as const;

/** the largest workbook an import reads (it is parsed in memory) */
const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

const firstType = (fs: FieldSchema) => (Array.isArray(fs.type) ? fs.type.find((t) => t !== 'null') : fs.type) as string | undefined;
const optionsOf = (fs: FieldSchema) => (fs['x-component-props'] as { options?: { label: string; value: unknown }[] } | undefined)?.options ?? [];

/** A cell's text as the field's value, or an error message. */
export function parseCell(text: string, fs: FieldSchema, codes: Map<string, Map<string, string>>): { value?: unknown; error?: string } {
  const t = text.trim();
  if (!t) return {};
  const type = firstType(fs);
  const table = fs['x-code-table'] ? codes.get(fs['x-code-table']) : undefined;
  const options = optionsOf(fs);
  const pick = (s: string) => {
    if (table) return table.get(s) ?? ([...table.values()].includes(s) ? s : undefined);
    const hit = options.find((o) => o.label === s || String(o.value) === s);
    return hit ? hit.value : undefined;
  };
  if (table || options.length) {
    if (type === 'array') {
      const values = t.split(/[、,，]/).map((x) => x.trim()).filter(Boolean).map(pick);
      return values.some((v) => v === undefined) ? { error: `${fs.title}取值无效` } : { value: values };
    }
    const v = pick(t);
    if (v === undefined) return { error: `${fs.title}取值无效` };
    return { value: type === 'integer' || type === 'number' ? Number(v) : v };
  }
  if (type === 'boolean') {
    if (['是', 'true', 'TRUE', '1', 'Y'].includes(t)) return { value: true };
    if (['否', 'false', 'FALSE', '0', 'N'].includes(t)) return { value: false };
    return { error: `${fs.title}请填写“是”或“否”` };
  }
  if (type === 'integer' || type === 'number') {
    const n = Number(t);
    return Number.isFinite(n) ? { value: n } : { error: `${fs.title}须为数字` };
  }
  if (fs.format === 'date') {
    if (/^\d+(\.\d+)?$/.test(t)) return { value: serialDayToCalendarDay(Number(t)) };
    const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(t);
    const day = m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : '';
    return isCalendarDay(day) ? { value: day } : { error: `${fs.title}格式不正确（如 2026-01-31）` };
  }
  if (fs.contentMediaType === 'text/html') return { value: sanitizeHtml(t, { allowedTags: [], allowedAttributes: {} }) };
  return { value: t };
}

export async function readUpload(call: Call<unknown>, fileId: string): Promise<string[][]> {
  const f = await call.ctx.db.selectFrom('files').select(['storageKey', 'uploaderUserId', 'size']).where('id', '=', fileId).executeTakeFirst();
  // only one's own upload: an id of somebody else's file tells nothing
  if (!f || f.uploaderUserId !== call.user.userId) throw invalid([{ message: IMPORT_MSG.noFile, members: ['fileId'] }]);
  const storage = FileStorage.for(call.ctx.config);
  // a workbook is parsed whole, so it is read into memory: bounded (IMPORT_MAX_ROWS rows are far smaller)
  if (Number(f.size) > IMPORT_MAX_BYTES) throw invalid([{ message: IMPORT_MSG.tooLarge, members: ['fileId'] }]);
  let bytes: Buffer;
  try {
    bytes = await storage.readBuffer(storage.objectKey(f.storageKey), IMPORT_MAX_BYTES);
  } catch (err) {
    if (err instanceof MissingObject) throw invalid([{ message: IMPORT_MSG.noFile, members: ['fileId'] }]);
    throw err;
  }
  try {
    return readXlsxRows(bytes);
  } catch (err) {
    if (err instanceof XlsxError) throw invalid([{ message: IMPORT_MSG.notXlsx, members: ['fileId'] }]);
    throw err;
  }
}

/** The data rows of an upload (numbered as the sheet shows them, blank rows left out); none or too many is a 400. */
export function importBody(call: Call<unknown>, rows: string[][]): { line: number; cells: string[] }[] {
  const body = rows.slice(1).map((cells, i) => ({ line: i + 2, cells })).filter((r) => r.cells.some((c) => c.trim()));
  if (!body.length) throw badRequest(IMPORT_MSG.empty);
  if (body.length > call.ctx.config.importMaxRows) throw badRequest(IMPORT_MSG.tooMany(call.ctx.config.importMaxRows));
  return body;
}
