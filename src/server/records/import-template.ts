import type { FastifyReply } from 'fastify';
import { action, type Access, type ActionDef, type Call } from '../http/actions';
import { objectInput } from '../http/paging';
import type { Database } from '../db/database';
import { platformDay } from '../platform-day';
import { attachment } from '../services/export';
import { dateCell, sheetRange, STYLE, xlsxBuffer, type Cell, type ChoiceList } from '../xlsx/xlsx';
import type { FieldSchema } from './entities';
import type { ImportColumn, ImportSpec } from './import-kit';

/**
 * The import template of a spec: the data sheet (the header, one example row in grey, a list to
 * choose from on every column with a code table, options or 是/否, widths), the instructions sheet
 * 说明 (what each column takes, which are required, how rows are imported) and a hidden 代码表 the
 * lists read from (a list of more than a few choices cannot be written inline).
 */
export const INSTRUCTIONS = '说明';
const CODES = '代码表';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const firstType = (fs: FieldSchema) => (Array.isArray(fs.type) ? fs.type.find((t) => t !== 'null') : fs.type) as string | undefined;
const optionLabels = (fs: FieldSchema) => ((fs['x-component-props'] as { options?: { label: string }[] } | undefined)?.options ?? []).map((o) => o.label);

type Ctx = Parameters<typeof platformDay>[0];

/** The labels each column offers to choose from (code table in its order, options, 是/否), by column. */
export async function choiceLabels(db: Database, columns: ImportColumn[]): Promise<Map<ImportColumn, string[]>> {
  const tables = [...new Set(columns.map((c) => c.fs['x-code-table']).filter(Boolean) as string[])];
  const rows = tables.length ? await db.selectFrom('baseCodes').select(['typeName', 'label']).where('typeName', 'in', tables).orderBy('sort').orderBy('id').execute() : [];
  const out = new Map<ImportColumn, string[]>();
  for (const c of columns) {
    const table = c.fs['x-code-table'];
    const labels = c.choices ?? (table ? rows.filter((r) => r.typeName === table).map((r) => r.label) : optionLabels(c.fs).length ? optionLabels(c.fs) : firstType(c.fs) === 'boolean' ? ['是', '否'] : []);
    if (labels.length && !c.organ) out.set(c, labels);
  }
  return out;
}

/** The example row as text, the way the reader reads it back (a row equal to it is not imported). */
export function exampleCells(columns: ImportColumn[], ctx: Ctx, choices?: Map<ImportColumn, string[]>): string[] {
  return columns.map((c) => {
    if (c.example !== undefined) return c.example;
    const given = (c.fs as { examples?: unknown[] }).examples?.[0];
    if (given !== undefined && typeof given !== 'object') return String(given);
    if (choices?.get(c)?.length) return choices.get(c)![0];
    if (c.fs.format === 'date') return platformDay(ctx);
    const t = firstType(c.fs);
    if (t === 'integer' || t === 'number') return String(c.fs.minimum ?? 1);
    if (t === 'boolean') return '是';
    // a text of its own, so that the example row is told from data (it is not imported)
    return t === 'string' || t === undefined ? `示例${c.title}`.slice(0, Math.max(2, Number(c.fs.maxLength ?? 50))) : '';
  });
}

/** The instructions line of a column, from its rules when it has none of its own. */
function columnNote(c: ImportColumn, choices: string[] | undefined): string {
  if (c.note) return c.note;
  const parts: string[] = [];
  if (c.organ) parts.push('填写组织全称，须在本人管理范围内');
  else if (choices?.length) parts.push(choices.length <= 8 ? `从下拉列表选择：${choices.join('、')}` : '从下拉列表选择（可选值见“代码表”）');
  else if (c.fs.format === 'date') parts.push('日期，如 2026-03-01（也可用 Excel 的日期格式）');
  else if (firstType(c.fs) === 'integer' || firstType(c.fs) === 'number') {
    parts.push(firstType(c.fs) === 'integer' ? '整数' : '数字');
    if (c.fs.minimum !== undefined && c.fs.maximum !== undefined) parts.push(`${c.fs.minimum}至${c.fs.maximum}`);
  } else if (c.fs.maxLength) parts.push(`文字，最多${c.fs.maxLength}字`);
  if (c.list) parts.push('多个以顿号“、”分隔');
  return parts.join('，') || '文字';
}

/** The template workbook of a spec. */
export async function templateWorkbook(call: Call<unknown>, spec: ImportSpec): Promise<Buffer> {
  const choices = await choiceLabels(call.ctx.db, spec.columns);
  const example = exampleCells(spec.columns, call.ctx, choices);
  const maxRow = call.ctx.config.importMaxRows + 2;
  const coded = [...choices.entries()];
  const lists: ChoiceList[] = coded.map(([c, labels], k) => {
    const column = spec.columns.indexOf(c);
    const letter = String.fromCharCode(65 + (k % 26));
    // a short list inline; a long one (民族: 56) from the hidden sheet
    const inline = labels.join(',').length <= 200;
    return { column, source: inline ? labels : sheetRange(CODES, `$${letter}$2:$${letter}$${labels.length + 1}`), fromRow: 2, toRow: maxRow, error: `请从下拉列表中选择${c.title}` };
  });
  const exampleRow: Cell[] = spec.columns.map((c, i) => (c.fs.format === 'date' && example[i] ? dateCell(example[i]) : /^\d+(\.\d+)?$/.test(example[i]) && !choices.has(c) && ['integer', 'number'].includes(firstType(c.fs) ?? '') ? Number(example[i]) : example[i]));
  const notes: Cell[][] = [
    [`${spec.title}导入说明`, '', ''],
    ['1', `在“${spec.title}”工作表中从第3行起逐行填写，第1行表头不要修改；第2行为灰色示例，可删除（原样保留的示例行不会导入）。`, ''],
    ['2', '带下拉箭头的列请从列表中选择；日期填写为 2026-03-01 或 Excel 的日期格式；必填列不能为空。', ''],
    ['3', `逐行导入：有错误的行不导入，并在导入结果中按行号列出原因（可下载“未导入的行”修改后重新导入）；其余行正常导入。一次最多${call.ctx.config.importMaxRows}行。`, ''],
    ...(spec.notes ?? []).map((n, i): Cell[] => [String(4 + i), n, '']),
    ['', '', ''],
    ['列名', '是否必填', '填写说明'],
    ...spec.columns.map((c): Cell[] => [c.title, c.required ? '必填' : '选填', columnNote(c, choices.get(c))]),
  ];
  return xlsxBuffer([
    {
      sheetName: spec.title,
      header: spec.columns.map((c) => c.title),
      widths: spec.columns.map((c, i) => c.width ?? Math.min(40, Math.max(12, c.title.length * 2 + 6, [...example[i]].length * 2 + 2))),
      batches: [[exampleRow]],
      rowStyle: STYLE.example,
      choices: lists,
    },
    { sheetName: INSTRUCTIONS, header: [], widths: [16, 10, 90], freezeHeader: false, batches: [notes], rowStyle: STYLE.wrap },
    ...(coded.length
      ? [{ sheetName: CODES, header: coded.map(([c]) => c.title), batches: [Array.from({ length: Math.max(...coded.map(([, l]) => l.length)) }, (_, r) => coded.map(([, l]) => l[r] ?? null))], hidden: true }]
      : []),
  ]);
}

/** Sends the template as `<title>导入模板-<platform day>.xlsx`. */
export async function sendTemplate(call: Call<unknown> & { reply: FastifyReply }, spec: ImportSpec): Promise<unknown> {
  const bytes = await templateWorkbook(call, spec);
  return call.reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`${spec.title}导入模板-${platformDay(call.ctx)}.xlsx`)).send(bytes);
}

/** The action that answers a spec's template (GET unless the configured action says otherwise). */
export const templateAction = (spec: ImportSpec, opts: { summary: string; access: Access; method?: ActionDef['method'] }) =>
  action({
    method: opts.method ?? 'GET',
    summary: opts.summary,
    access: opts.access,
    raw: true,
    input: objectInput({}),
    returns: 'XLSX 导入模板：数据表（表头、灰色示例行、代码列的下拉列表）、“说明”表',
    handler: (call) => sendTemplate(call, spec),
  });
