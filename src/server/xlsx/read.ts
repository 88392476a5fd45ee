import { readZip, ZipError } from './zip';

/**
 * The XLSX reader of uploaded workbooks: the first sheet's cells as text (Excel's and WPS's shared
 * strings, inline strings, numbers, booleans). A number in a cell formatted as a date is read as the
 * day ('2026-03-01') or the minute ('2026-03-01 08:30') it shows, so a date typed in Excel reads as
 * the same text as one typed as text.
 */
export class XlsxError extends Error {}

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

// Excel's built-in date and time formats
const BUILTIN_DATES = new Set([14, 15, 16, 17, 22, 27, 30, 36, 45, 46, 47, 50, 57]);
const BUILTIN_TIMED = new Set([22, 45, 46, 47]);
type DateKind = 'day' | 'minute' | undefined;

/** For each cell style (the s attribute), whether it shows a number as a day or a minute. */
export function dateStyles(stylesXml: string | undefined): DateKind[] {
  if (!stylesXml) return [];
  const custom = new Map<number, string>();
  for (const m of stylesXml.matchAll(/<numFmt\b[^>]*numFmtId="(\d+)"[^>]*formatCode="([^"]*)"/g)) custom.set(Number(m[1]), unesc(m[2]));
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? '';
  return [...xfs.matchAll(/<xf\b([^>]*?)(?:\/>|>)/g)].map((m) => {
    const id = Number(/numFmtId="(\d+)"/.exec(m[1])?.[1] ?? 0);
    if (BUILTIN_DATES.has(id)) return BUILTIN_TIMED.has(id) ? 'minute' : 'day';
    const code = custom.get(id);
    if (!code) return undefined;
    // quoted text, escapes and colours say nothing of dates
    const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '').toLowerCase();
    // a day needs its year or day part: m alone may be minutes (mm:ss)
    if (!/[yd]/.test(bare)) return undefined;
    return /h/.test(bare) ? 'minute' : 'day';
  });
}

const EPOCH = Date.UTC(1899, 11, 30);
/** Excel's serial as the day or minute it shows (the serial is a wall-clock time: no zone). */
export function serialText(serial: number, kind: 'day' | 'minute'): string {
  const iso = new Date(EPOCH + Math.round(serial * 1440) * 60_000).toISOString();
  return kind === 'day' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The rows of one sheet's XML as text cells ('' for empty), trailing empty rows dropped. */
function sheetRows(xml: string, shared: string[], dates: DateKind[]): string[][] {
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
      const style = Number(/\bs="(\d+)"/.exec(attrs)?.[1] ?? 0);
      const body = cm[2] ?? '';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let text = '';
      if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') text = texts(body);
      else if (type === 'b') text = v === '1' ? '是' : v === '0' ? '否' : '';
      else if (type === 'str' || type === 'e') text = v !== undefined ? unesc(v) : '';
      else if (v !== undefined && dates[style] && Number.isFinite(Number(v))) text = serialText(Number(v), dates[style]!);
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

function open(buf: Buffer) {
  try {
    return readZip(buf);
  } catch (err) {
    throw new XlsxError(err instanceof ZipError ? err.message : 'unreadable');
  }
}

/** Every sheet of a workbook by name, in the workbook's order, as text rows. */
export function readXlsxSheets(buf: Buffer): Map<string, string[][]> {
  const files = open(buf);
  const workbook = files.get('xl/workbook.xml')?.toString('utf8') ?? '';
  const rels = files.get('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '';
  const target = new Map([...rels.matchAll(/<Relationship\b[^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [m[1], m[2].replace(/^\/?(xl\/)?/, 'xl/')]));
  const shared = sharedStrings(files);
  const dates = dateStyles(files.get('xl/styles.xml')?.toString('utf8'));
  const out = new Map<string, string[][]>();
  for (const m of workbook.matchAll(/<sheet\b[^>]*?name="([^"]*)"[^>]*?r:id="([^"]+)"/g)) {
    const xml = files.get(target.get(m[2]) ?? '')?.toString('utf8');
    if (xml) out.set(unesc(m[1]), sheetRows(xml, shared, dates));
  }
  return out;
}

const sharedStrings = (files: Map<string, Buffer>) =>
  files.has('xl/sharedStrings.xml') ? [...files.get('xl/sharedStrings.xml')!.toString('utf8').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1])) : [];

/** The first sheet's rows as text cells ('' for empty), trailing empty rows dropped. */
export function readXlsxRows(buf: Buffer): string[][] {
  const files = open(buf);
  const sheetName = [...files.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort((a, b) => (a === 'xl/worksheets/sheet1.xml' ? -1 : b === 'xl/worksheets/sheet1.xml' ? 1 : a.localeCompare(b)))[0];
  if (!sheetName) throw new XlsxError('no sheet');
  return sheetRows(files.get(sheetName)!.toString('utf8'), sharedStrings(files), dateStyles(files.get('xl/styles.xml')?.toString('utf8')));
}
