import Ajv from 'ajv';
import sanitizeHtml from 'sanitize-html';
import { isCalendarDay, serialDayToCalendarDay } from '../../../contract/platform-time';
import { action, type Call } from '../../http/actions';
import { badRequest, invalid, type ValidationError } from '../../http/errors';
import { objectInput } from '../../http/paging';
import { translateValidation } from '../../http/validation';
import { FileStorage, MissingObject } from '../../files/storage';
import { attachment } from '../../services/export';
import { platformDay } from '../../platform-day';
import { readXlsxRows, xlsxStream, XlsxError } from '../../xlsx/xlsx';
import type { EntityFile, FieldSchema } from '../entities';
import { workflowOf, type OpContext } from '../op-kit';
import type { Builder } from '../op-kit';
import { actingOrgan } from '../../scope';

/**
 * Import into a configured entity from an uploaded XLSX: header cells are the entity's Chinese
 * titles; labels, 是/否 and dates are converted; every row is validated against the entity schema
 * and every bad cell is reported (第3行 计划名称：…) — then all rows are written in one
 * transaction, or none.
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

const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, validateFormats: false });
const MAX_ERRORS = 200;

/** The columns of an import: the action's `fields` in order, else every field of the entity. */
const columnsOf = (o: OpContext, entity = o.entity) => (o.config.fields?.length ? o.config.fields : Object.keys(entity.schema.properties)).filter((f) => entity.schema.properties[f]);

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

async function codeMaps(call: Call<unknown>, entity: EntityFile, fields: string[]) {
  const tables = [...new Set(fields.map((f) => entity.schema.properties[f]['x-code-table']).filter(Boolean) as string[])];
  const out = new Map<string, Map<string, string>>();
  if (!tables.length) return out;
  const rows = await call.ctx.db.selectFrom('baseCodes').select(['typeName', 'label', 'value']).where('typeName', 'in', tables).execute();
  for (const t of tables) out.set(t, new Map());
  // label → value
  for (const r of rows) out.get(r.typeName)!.set(r.label, r.value);
  return out;
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

/** Enough errors of one import: the reader stops collecting. */
export const importErrorsFull = (errors: ValidationError[]) => errors.length >= MAX_ERRORS;

/** The 400 of an import with bad cells (nothing written): 导入失败：N处数据有误, each cell in line order. */
export function importFailed(errors: ValidationError[]) {
  const line = (e: ValidationError) => Number(/^第(\d+)行/.exec(e.message)?.[1] ?? 0);
  const sorted = [...errors].sort((a, b) => line(a) - line(b)).slice(0, MAX_ERRORS);
  const e = invalid(sorted);
  return badRequest(`导入失败：${importErrorsFull(errors) ? `${MAX_ERRORS}处以上` : `${errors.length}处`}数据有误，未导入任何数据`, { validationErrors: e.opts.validationErrors, details: e.opts.details });
}

export const IMPORT_OPERATIONS: Record<string, Builder> = {
  import: (o) => {
    const fields = columnsOf(o);
    const required = new Set(o.entity.schema.required ?? []);
    const schema = { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, o.entity.schema.properties[f]])), required: fields.filter((f) => required.has(f)) };
    const validate = ajv.compile(schema);
    return action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ fileId: { type: 'string', minLength: 1, maxLength: 40, title: '导入文件', 'x-required-message': '请上传导入文件' } }, ['fileId']),
      returns: '{importedCount}；有错误时 400，validationErrors 每个单元格一条（members: rows[行号].字段），不写入任何数据',
      async handler(call) {
        const rows = await readUpload(call, call.input.fileId);
        const header = (rows[0] ?? []).map((h) => h.trim());
        const columnOf = new Map<string, number>();
        for (const f of fields) {
          const i = header.findIndex((h) => h === o.entity.schema.properties[f].title || h === f);
          if (i >= 0) columnOf.set(f, i);
          else if (required.has(f)) throw invalid([{ message: IMPORT_MSG.missingColumn(o.entity.schema.properties[f].title), members: [f] }]);
        }
        const body = importBody(call, rows);
        const codes = await codeMaps(call, o.entity, fields);
        const errors: ValidationError[] = [];
        const values: Record<string, unknown>[] = [];
        for (const { line, cells } of body) {
          const value: Record<string, unknown> = {};
          const say = (field: string, message: string) => errors.push({ message: `第${line}行 ${o.entity.schema.properties[field]?.title ?? field}：${message}`, members: [`rows[${line}].${field}`] });
          const unreadable = new Set<string>();
          for (const [f, i] of columnOf) {
            const parsed = parseCell(cells[i] ?? '', o.entity.schema.properties[f], codes);
            if (parsed.error) {
              say(f, parsed.error);
              unreadable.add(f);
            } else if (parsed.value !== undefined) value[f] = parsed.value;
          }
          if (!validate(value)) {
            // one message a cell: a cell that could not be read is not also "missing"
            for (const e of translateValidation(validate.errors ?? [])) if (!unreadable.has(e.members[0] ?? '')) say(e.members[0] ?? '', e.message);
          }
          values.push({ ...value, ...(o.config.set ?? {}) });
          if (importErrorsFull(errors)) break;
        }
        if (errors.length) throw importFailed(errors);
        const organ = actingOrgan(call.user);
        const wf = workflowOf(o.entity);
        const now = call.ctx.now();
        await call.ctx.db.transaction().execute(async (trx) => {
          for (let i = 0; i < values.length; i += 500) {
            const ids = await trx
              .insertInto('records')
              .values(values.slice(i, i + 500).map((data) => ({ entity: o.entity.name, organId: organ.id, organPath: organ.path, organLevel: organ.level, ownerUserId: call.user.userId, auditStatus: wf ? wf.initial : null, data: JSON.stringify(data), creatorUserId: call.user.userId, creationTime: now })))
              .returning('id')
              .execute();
            if (wf) await trx.insertInto('workflowHistory').values(ids.map((r) => ({ subjectType: o.entity.name, subjectId: r.id, transition: 'submit', fromState: null, toState: wf.initial, actorUserId: call.user.userId, actorOrganId: organ.id, remark: '批量导入', creationTime: now }))).execute();
          }
        });
        return { importedCount: values.length };
      },
    });
  },

  importTemplate: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, raw: true, input: objectInput({}),
      returns: 'XLSX 导入模板（表头为字段中文名）',
      async handler(call) {
        const importer = o.entity.service!.actions[o.config.of!];
        const fields = columnsOf({ ...o, config: importer });
        const titles = fields.map((f) => o.entity.schema.properties[f].title);
        async function* none() {}
        const name = `${o.entity.title}导入模板-${platformDay(call.ctx)}.xlsx`;
        call.reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', attachment(name));
        return call.reply.send(xlsxStream({ sheetName: o.entity.title, header: titles, batches: none() }));
      },
    }),
};
