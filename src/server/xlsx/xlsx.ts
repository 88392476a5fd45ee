import { Readable } from 'node:stream';
import { readZip, zipStream, ZipError } from './zip';

/**
 * XLSX (Office Open XML spreadsheet) for exports and imports: a writer that streams one sheet of
 * rows as they are produced (inline strings, so no shared-string table has to be held) and a
 * reader of the first sheet of an uploaded workbook (Excel's and WPS's shared strings, inline
 * strings, numbers, booleans).
 */
export type Cell = string | number | boolean | null | undefined;

// characters XML 1.0 cannot carry at all
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const esc = (s: string) => s.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Column letters of a 0-based index: 0 → A, 27 → AB. */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function cellXml(v: Cell, ref: string, style = 0): string {
  const s = style ? ` s="${style}"` : '';
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number' && Number.isFinite(v)) return `<c r="${ref}"${s}><v>${v}</v></c>`;
  const text = typeof v === 'boolean' ? (v ? '是' : '否') : String(v);
  // leading/trailing spaces survive only with xml:space
  return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${esc(text)}</t></is></c>`;
}

const rowXml = (cells: Cell[], r: number, style = 0) => `<row r="${r}">${cells.map((v, i) => cellXml(v, `${columnName(i)}${r}`, style)).join('')}</row>`;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
// style 1: the bold header row
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="宋体"/></font><font><b/><sz val="11"/><name val="宋体"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

const workbook = (sheetName: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${esc(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1')}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

export interface SheetSpec {
  sheetName: string;
  header: string[];
  /** column widths in characters */
  widths?: number[];
  /** the rows, in batches, produced while the workbook is being sent */
  batches: AsyncIterable<Cell[][]>;
}

async function* sheetXml(spec: SheetSpec): AsyncGenerator<Buffer> {
  const cols = spec.header.map((h, i) => `<col min="${i + 1}" max="${i + 1}" width="${spec.widths?.[i] ?? Math.min(40, Math.max(10, h.length * 2 + 4))}" customWidth="1"/>`).join('');
  yield Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>${rowXml(spec.header, 1, 1)}`,
    'utf8',
  );
  let r = 1;
  for await (const batch of spec.batches) {
    if (!batch.length) continue;
    yield Buffer.from(batch.map((cells) => rowXml(cells, ++r)).join(''), 'utf8');
  }
  yield Buffer.from('</sheetData></worksheet>', 'utf8');
}

/** One sheet as a streamed XLSX. */
export function xlsxStream(spec: SheetSpec): Readable {
  async function* entries() {
    yield { name: '[Content_Types].xml', content: [Buffer.from(CONTENT_TYPES)] };
    yield { name: '_rels/.rels', content: [Buffer.from(ROOT_RELS)] };
    yield { name: 'xl/workbook.xml', content: [Buffer.from(workbook(spec.sheetName))] };
    yield { name: 'xl/_rels/workbook.xml.rels', content: [Buffer.from(WORKBOOK_RELS)] };
    yield { name: 'xl/styles.xml', content: [Buffer.from(STYLES)] };
    yield { name: 'xl/worksheets/sheet1.xml', content: sheetXml(spec) };
  }
  return Readable.from(zipStream(entries()), { objectMode: false });
}

// ---- reading ----

const unesc = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'amp' ? '&' : e === 'quot' ? '"' : e === 'apos' ? "'" : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );
/** The text of every <t> in a fragment (a shared string may be split into runs). */
const texts = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)].map((m) => unesc(m[1] ?? '')).join('');

const columnIndex = (ref: string) => {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? '';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

export class XlsxError extends Error {}

/** The first sheet's rows as text cells ('' for empty), trailing empty rows dropped. */
export function readXlsxRows(buf: Buffer): string[][] {
  let files: Map<string, Buffer>;
  try {
    files = readZip(buf);
  } catch (err) {
    throw new XlsxError(err instanceof ZipError ? err.message : 'unreadable');
  }
  const sheetName = [...files.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort((a, b) => (a === 'xl/worksheets/sheet1.xml' ? -1 : b === 'xl/worksheets/sheet1.xml' ? 1 : a.localeCompare(b)))[0];
  if (!sheetName) throw new XlsxError('no sheet');
  const shared = files.has('xl/sharedStrings.xml') ? [...files.get('xl/sharedStrings.xml')!.toString('utf8').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1])) : [];
  const xml = files.get(sheetName)!.toString('utf8');
  const rows: string[][] = [];
  for (const rm of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const rAttr = /\br="(\d+)"/.exec(rm[1])?.[1];
    const rowIndex = rAttr ? Number(rAttr) - 1 : rows.length;
    const cells: string[] = [];
    let next = 0;
    for (const cm of (rm[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cm[1];
      const ref = /\br="([A-Z]+\d*)"/.exec(attrs)?.[1];
      const col = ref ? columnIndex(ref) : next;
      next = col + 1;
      const type = /\bt="(\w+)"/.exec(attrs)?.[1];
      const body = cm[2] ?? '';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let text = '';
      if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') text = texts(body);
      else if (type === 'b') text = v === '1' ? '是' : v === '0' ? '否' : '';
      else text = v !== undefined ? unesc(v) : '';
      cells[col] = text;
    }
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    rows[rowIndex] = cells;
  }
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  while (rows.length && rows[rows.length - 1].every((c) => !c.trim())) rows.pop();
  return rows;
}
