import { ORGAN_AUDIT } from '../scope';
import { AppError, badRequest, invalid } from '../http/errors';
import Ajv from 'ajv';
import { objectInput } from '../http/paging';
import { translateValidation } from '../http/validation';
import type { Call } from '../http/actions';
import type { Database } from '../db/database';
import type { FieldSchema } from './entities';
import { IMPORT_MSG, importBody, parseCell, readUpload } from './import-read';
import { ImportRun, RUN_KEY, type ImportSummary, type RefusedRow } from './import-runs';
import { choiceLabels, exampleCells } from './import-template';
import { entityFile } from './entity-input';

/**
 * The one import path: a workbook of a template (`import-template.ts`) read row by row against
 * columns taken from an entity schema (code tables by their labels, 是/否, dates, organisations by
 * full name inside the importer's subtree). Each row is added or refused on its own — a refused row
 * names every reason (列名：原因) and is kept for download, the rest are added — and the progress is
 * written as it goes (`import-runs.ts`), for the client to poll. A file that cannot be read at all
 * (not a workbook, a required column missing, no rows, too many rows) is a 400 and adds nothing.
 */
export interface ImportColumn {
  key: string;
  title: string;
  fs: FieldSchema;
  required?: boolean;
  /** an organisation by its full name, inside the importer's subtree (the value: {id, organPath, organLevel}) */
  organ?: boolean;
  /** several names separated by 、 */
  list?: boolean;
  /** labels the template offers as a list while the cell is kept as text for the spec's own rule to read (试题's 题型 and its aliases) */
  choices?: string[];
  /** the example row's cell */
  example?: string;
  /** the instructions sheet's line for the column (else one made from its rules) */
  note?: string;
  width?: number;
}

export interface ParsedRow {
  line: number;
  cells: string[];
  value: Record<string, unknown>;
  /** 列名：原因, every one of the row */
  errors: string[];
}

export interface ImportSpec {
  /** what is imported: 教学计划 (the template's and the refused rows' names) */
  title: string;
  columns: ImportColumn[];
  /** lines of the instructions sheet before the columns' */
  notes?: string[];
  /** rules of a row beyond its cells (the entity's, uniqueness in the file and against what is stored): add to `errors` */
  check?: (call: Call<unknown>, rows: ParsedRow[]) => Promise<void> | void;
  /** writes rows that passed, a batch at a time; answers the lines it refused with their reasons */
  write: (call: Call<unknown>, rows: ParsedRow[]) => Promise<Map<number, string[]> | void>;
  /** rows written between two progress reports */
  batch?: number;
}

export type ImportInput = { fileId: string; progressKey?: string };
/** The input of an import action: the uploaded file, the progress key, and what else the import needs (试题: the bank). */
export const importInput = (extra: Record<string, unknown> = {}, required: string[] = []) =>
  objectInput({ ...extra, fileId: { type: 'string', minLength: 1, maxLength: 40, title: '导入文件', 'x-required-message': '请上传导入文件' }, progressKey: RUN_KEY }, [...required, 'fileId']);
export const IMPORT_RETURNS = '{progressKey, totalCount, importedCount, refusedCount, refused: [{line, messages}]}：逐行导入，有错误的行不导入并列出原因（可下载为 Excel），其余行导入；文件无法读取时 400，不导入任何数据';

/** Columns of an entity's fields (title, limits, code table and required from its file), with what a column adds. */
export function entityColumns(entity: string, fields: string[], extra: Record<string, Partial<ImportColumn>> = {}): ImportColumn[] {
  const schema = entityFile(entity).schema;
  const required = new Set(schema.required ?? []);
  return fields.map((f) => ({ key: f, title: schema.properties[f].title, fs: schema.properties[f], required: required.has(f), ...extra[f] }));
}

/**
 * A refusal a row's write may throw: its message, or the message of each bad field — under its
 * column (列名：原因) when `columnOf` names the field's column.
 */
export function refusalOf(err: unknown, columnOf: Record<string, string> = {}): string[] | null {
  if (!(err instanceof AppError) || err.status >= 500) return null;
  const fields = err.opts.validationErrors;
  if (!fields?.length) return [err.message];
  return fields.map((e) => {
    const column = columnOf[e.members?.[0] ?? ''];
    return column ? `${column}：${e.message}` : e.message;
  });
}

/** The organisations of these names inside a subtree, approved and not removed (a name held twice is ambiguous). */
export async function organsByName(db: Database, scopePath: string, names: string[]) {
  const out = new Map<string, { id: number; organPath: string; organLevel: number; organName: string }[]>();
  if (!names.length) return out;
  const rows = await db
    .selectFrom('organizations')
    .select(['id', 'organName', 'organPath', 'organLevel'])
    .where('organName', 'in', names)
    .where('organPath', 'like', `${scopePath}%`)
    .where('auditStatus', '=', ORGAN_AUDIT.approved)
    .where('isDeleted', '=', false)
    .execute();
  for (const r of rows) out.set(r.organName, [...(out.get(r.organName) ?? []), r]);
  return out;
}

/** Why an organisation name cannot be used, or its one organisation. */
export const organRefusal = (name: string, hits: unknown[]) => (!hits.length ? `“${name}”不在本人管理范围内或不存在` : hits.length > 1 ? `“${name}”有重名，请联系上级管理员` : null);

const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, validateFormats: false });

/**
 * A row's refusals, one a column: a column already refused (or left empty when required) is not
 * refused again by a later check — each check of a spec says through this.
 */
export function refusals(row: ParsedRow) {
  const said = new Set(row.errors.map((e) => e.split('：')[0]));
  return {
    has: (column: string) => said.has(column),
    say(column: string, message: string) {
      if (!said.has(column)) row.errors.push(`${column}：${message}`);
      said.add(column);
    },
  };
}

/** A check of each row's value against its columns' schemas (limits, patterns, required), one message a cell. */
export function schemaCheck(columns: ImportColumn[]): NonNullable<ImportSpec['check']> {
  const plain = columns.filter((c) => !c.organ);
  const validate = ajv.compile({ type: 'object', properties: Object.fromEntries(plain.map((c) => [c.key, c.fs])), required: plain.filter((c) => c.required).map((c) => c.key) });
  const titleOf = new Map(plain.map((c) => [c.key, c.title]));
  return (_call, rows) => {
    for (const row of rows) {
      if (validate(row.value)) continue;
      const refuse = refusals(row);
      for (const e of translateValidation(validate.errors ?? [])) refuse.say(titleOf.get(e.members[0] ?? '') ?? e.members[0] ?? '', e.message);
    }
  };
}

async function codeMaps(db: Database, columns: ImportColumn[]) {
  const tables = [...new Set(columns.map((c) => c.fs['x-code-table']).filter(Boolean) as string[])];
  const out = new Map<string, Map<string, string>>(tables.map((t) => [t, new Map()]));
  if (!tables.length) return out;
  const rows = await db.selectFrom('baseCodes').select(['typeName', 'label', 'value']).where('typeName', 'in', tables).execute();
  for (const r of rows) out.get(r.typeName)!.set(r.label, r.value); // label → value
  return out;
}

/** The header's columns: each known title's index; a required one missing is a 400. */
function headerIndex(spec: ImportSpec, header: string[]) {
  const index = new Map<ImportColumn, number>();
  for (const c of spec.columns) {
    const i = header.findIndex((h) => h.trim() === c.title || h.trim() === c.key);
    if (i >= 0) index.set(c, i);
    else if (c.required) throw invalid([{ message: IMPORT_MSG.missingColumn(c.title), members: [c.key] }]);
  }
  return index;
}

/** Reads the uploaded workbook, adds the rows that pass, refuses the others with reasons, reporting progress. */
export async function runImport(call: Call<ImportInput>, spec: ImportSpec): Promise<ImportSummary> {
  const sheet = await readUpload(call, call.input.fileId);
  const header = (sheet[0] ?? []).map((h) => h.trim());
  const index = headerIndex(spec, header);
  // the template's example row, left in, is not data
  const example = exampleCells(spec.columns, call.ctx, await choiceLabels(call.ctx.db, spec.columns)).map((c) => c.trim());
  // (dates aside: the example's day is the day the template was made)
  const compared = [...index].filter(([c]) => c.fs.format !== 'date' && example[spec.columns.indexOf(c)]);
  const isExample = (cells: string[]) => compared.some(([c]) => !c.fs['x-code-table'] && (c.fs.type === 'string' || c.fs.type === undefined)) && compared.every(([c, i]) => (cells[i] ?? '').trim() === example[spec.columns.indexOf(c)]);
  const body = importBody(call, sheet).filter((r) => !isExample(r.cells));
  if (!body.length) throw badRequest(IMPORT_MSG.empty);
  const run = await ImportRun.start(call, call.input.progressKey, spec.title, header, body.length);

  const codes = await codeMaps(call.ctx.db, spec.columns);
  const organCols = [...index.keys()].filter((c) => c.organ);
  const organNames = [...new Set(body.flatMap((r) => organCols.map((c) => (r.cells[index.get(c)!] ?? '').trim())).filter(Boolean))];
  const organs = await organsByName(call.ctx.db, call.user.organPath, organNames);
  const rows: ParsedRow[] = body.map(({ line, cells }) => {
    const row: ParsedRow = { line, cells, value: {}, errors: [] };
    for (const [c, i] of index) {
      const text = (cells[i] ?? '').trim();
      if (!text) {
        if (c.required) row.errors.push(`${c.title}：请填写${c.title}`);
        continue;
      }
      if (c.organ) {
        const hits = organs.get(text) ?? [];
        const why = organRefusal(text, hits);
        if (why) row.errors.push(`${c.title}：${why}`);
        else row.value[c.key] = hits[0];
      } else if (c.choices) row.value[c.key] = text;
      else if (c.list && !c.fs['x-code-table']) row.value[c.key] = text.split(/[、,，;；]+/).map((x) => x.trim()).filter(Boolean);
      else {
        const got = parseCell(text, c.fs, codes);
        if (got.error) row.errors.push(`${c.title}：${got.error}`);
        else if (got.value !== undefined) row.value[c.key] = got.value;
      }
    }
    return row;
  });
  await spec.check?.(call, rows);

  const refused: RefusedRow[] = [];
  const refuse = (r: ParsedRow, messages: string[]) => refused.push({ line: r.line, cells: r.cells, messages });
  let added = 0;
  let done = 0;
  const size = spec.batch ?? 200;
  for (let i = 0; i < rows.length; i += size) {
    const batch = rows.slice(i, i + size);
    const good = batch.filter((r) => !r.errors.length);
    for (const r of batch) if (r.errors.length) refuse(r, r.errors);
    const refusedNow = good.length ? (await spec.write(call, good)) ?? new Map<number, string[]>() : new Map<number, string[]>();
    for (const r of good) {
      const why = refusedNow.get(r.line);
      if (why) refuse(r, why);
      else added++;
    }
    done += batch.length;
    if (done < rows.length) await run.step(done, added, refused.length);
  }
  refused.sort((a, b) => a.line - b.line);
  return run.finish(added, refused);
}
