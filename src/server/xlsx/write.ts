import { Readable } from 'node:stream';
import { zipStream } from './zip';

/**
 * The XLSX writer: a workbook of one or more sheets, each streamed as its rows are produced (inline
 * strings, so no shared-string table has to be held). A sheet may freeze its header, carry an
 * autofilter over its rows, lists to choose from (data validation) and fixed column widths; days and
 * times are real date cells (a serial with a date format), so Excel sorts and filters them as dates.
 */
export type Cell = string | number | boolean | null | undefined | DateCell | MoneyCell;
/** A day ('YYYY-MM-DD') or a wall-clock minute ('YYYY-MM-DD HH:mm') already in the platform zone. */
export interface DateCell {
  date: string;
}
/** An amount of 元 shown with two decimals. */
export interface MoneyCell {
  money: number;
}

/** A day or wall-clock time as a date cell; anything else stays as it is. */
export const dateCell = (text: string): Cell => (/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(text) ? { date: text } : text);

// characters XML 1.0 cannot carry at all
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const esc = (s: string) => s.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Column letters of a 0-based index: 0 → A, 27 → AB. */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const EPOCH = Date.UTC(1899, 11, 30);
/** Excel's serial of a day or wall-clock time (days since 1899-12-30, the time as a fraction); NaN if it is none. */
export function dateSerial(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return NaN;
  const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) - EPOCH;
  return Math.round((ms / 86_400_000) * 1e8) / 1e8;
}

/** Cell styles (cellXfs order of STYLES). */
export const STYLE = { plain: 0, header: 1, day: 2, minute: 3, example: 4, wrap: 5, money: 6 } as const;

function cellXml(v: Cell, ref: string, style = 0): string {
  if (v === null || v === undefined || v === '') return '';
  const s = style ? ` s="${style}"` : '';
  if (typeof v === 'number' && Number.isFinite(v)) return `<c r="${ref}"${s}><v>${v}</v></c>`;
  if (typeof v === 'object' && 'money' in v) return Number.isFinite(v.money) ? `<c r="${ref}" s="${STYLE.money}"><v>${v.money}</v></c>` : '';
  if (typeof v === 'object') {
    const serial = dateSerial(v.date);
    if (Number.isFinite(serial)) return `<c r="${ref}" s="${v.date.length > 10 ? STYLE.minute : STYLE.day}"><v>${serial}</v></c>`;
    v = v.date;
  }
  const text = typeof v === 'boolean' ? (v ? '是' : '否') : String(v);
  // leading/trailing spaces survive only with xml:space
  return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${esc(text)}</t></is></c>`;
}

export const rowXml = (cells: Cell[], r: number, style = 0) => `<row r="${r}">${cells.map((v, i) => cellXml(v, `${columnName(i)}${r}`, style)).join('')}</row>`;

const CT_SHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';
const contentTypes = (n: number) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${Array.from({ length: n }, (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${CT_SHEET}"/>`).join('')}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const workbookRels = (n: number) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdStyles" Type="${REL}/styles" Target="styles.xml"/>${Array.from({ length: n }, (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}</Relationships>`;
// 0 plain, 1 bold header on grey, 2 day (yyyy-mm-dd), 3 minute (yyyy-mm-dd hh:mm), 4 the template's example row (grey italic), 5 wrapped text, 6 money (0.00)
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="yyyy\\-mm\\-dd\\ hh:mm"/></numFmts><fonts count="3"><font><sz val="11"/><name val="宋体"/></font><font><b/><sz val="11"/><name val="宋体"/></font><font><i/><sz val="11"/><color rgb="FF808080"/><name val="宋体"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFEDEDED"/><bgColor indexed="64"/></patternFill></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment wrapText="1" vertical="top"/></xf><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;

/** A list to choose from in one column's cells (Excel's data validation). */
export interface ChoiceList {
  /** 0-based column */
  column: number;
  /** a range of another sheet ('代码表'!$A$2:$A$9), or the choices themselves (joined, at most 255 characters) */
  source: string | string[];
  /** the rows it applies to (1-based, inclusive) */
  fromRow: number;
  toRow: number;
  /** what Excel says when a typed value is not in the list */
  error?: string;
}

export interface SheetSpec {
  sheetName: string;
  header: string[];
  /** column widths in characters */
  widths?: number[];
  /** the rows, in batches, produced while the workbook is being sent */
  batches: AsyncIterable<Cell[][]> | Iterable<Cell[][]>;
  /** the style of the body rows (the template's example row) */
  rowStyle?: number;
  /** the header row stays in view (default true) */
  freezeHeader?: boolean;
  /** an autofilter over the header and every row written */
  autoFilter?: boolean;
  choices?: ChoiceList[];
  hidden?: boolean;
}

export const sheetTitle = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';
/** A reference to a range of a sheet, quoted as formulas want it. */
export const sheetRange = (sheet: string, range: string) => `'${sheetTitle(sheet).replace(/'/g, "''")}'!${range}`;

const validationXml = (c: ChoiceList) => {
  const formula = typeof c.source === 'string' ? c.source : `"${c.source.map((s) => s.replace(/[",]/g, ' ')).join(',')}"`;
  const col = columnName(c.column);
  const error = c.error ? ` showErrorMessage="1" errorTitle="输入有误" error="${esc(c.error)}"` : ' showErrorMessage="1"';
  return `<dataValidation type="list" allowBlank="1"${error} sqref="${col}${c.fromRow}:${col}${c.toRow}"><formula1>${esc(formula)}</formula1></dataValidation>`;
};

/** Rows written and the last column, known once a sheet has been streamed (for the workbook's filter names). */
interface Written {
  rows: number;
}

async function* sheetXml(spec: SheetSpec, written: Written): AsyncGenerator<Buffer> {
  const cols = spec.header.map((h, i) => `<col min="${i + 1}" max="${i + 1}" width="${spec.widths?.[i] ?? Math.min(40, Math.max(10, h.length * 2 + 4))}" customWidth="1"/>`).join('');
  const pane = spec.freezeHeader === false || !spec.header.length ? '' : '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>';
  yield Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>${spec.header.length ? rowXml(spec.header, 1, STYLE.header) : ''}`,
    'utf8',
  );
  let r = spec.header.length ? 1 : 0;
  for await (const batch of spec.batches) {
    if (!batch.length) continue;
    yield Buffer.from(batch.map((cells) => rowXml(cells, ++r, spec.rowStyle)).join(''), 'utf8');
  }
  written.rows = r;
  // after sheetData, in the order the schema asks: autoFilter, then dataValidations
  let tail = '</sheetData>';
  if (spec.autoFilter && spec.header.length) tail += `<autoFilter ref="${filterRange(spec, r)}"/>`;
  if (spec.choices?.length) tail += `<dataValidations count="${spec.choices.length}">${spec.choices.map(validationXml).join('')}</dataValidations>`;
  yield Buffer.from(`${tail}</worksheet>`, 'utf8');
}

const filterRange = (spec: SheetSpec, rows: number) => `A1:${columnName(spec.header.length - 1)}${Math.max(rows, 1)}`;

const workbookXml = (sheets: SheetSpec[], written: Written[]) => {
  const names = sheets
    .map((s, i) => (s.autoFilter && s.header.length ? `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${esc(sheetRange(s.sheetName, filterRange(s, written[i].rows).replace(/([A-Z]+)(\d+)/g, '$$$1$$$2')))}</definedName>` : ''))
    .join('');
  // the first visible sheet is the one that opens
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets>${sheets.map((s, i) => `<sheet name="${esc(sheetTitle(s.sheetName))}" sheetId="${i + 1}"${s.hidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`).join('')}</sheets>${names ? `<definedNames>${names}</definedNames>` : ''}</workbook>`;
};

/** A workbook of sheets, streamed: each sheet's rows are deflated as they are produced. */
export function xlsxWorkbook(sheets: SheetSpec[]): Readable {
  const written = sheets.map(() => ({ rows: 0 }));
  async function* entries() {
    yield { name: '[Content_Types].xml', content: [Buffer.from(contentTypes(sheets.length))] };
    yield { name: '_rels/.rels', content: [Buffer.from(ROOT_RELS)] };
    yield { name: 'xl/_rels/workbook.xml.rels', content: [Buffer.from(workbookRels(sheets.length))] };
    yield { name: 'xl/styles.xml', content: [Buffer.from(STYLES)] };
    for (let i = 0; i < sheets.length; i++) yield { name: `xl/worksheets/sheet${i + 1}.xml`, content: sheetXml(sheets[i], written[i]) };
    // last: the filters' defined names need each sheet's row count
    yield { name: 'xl/workbook.xml', content: (async function* () { yield Buffer.from(workbookXml(sheets, written)); })() };
  }
  return Readable.from(zipStream(entries()), { objectMode: false });
}

/** One sheet as a streamed XLSX. */
export const xlsxStream = (spec: SheetSpec): Readable => xlsxWorkbook([spec]);

/** A whole (small) workbook in memory: templates, refused rows, tests. */
export async function xlsxBuffer(sheets: SheetSpec[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of xlsxWorkbook(sheets)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
