import statusLabels from '../../contract/status-labels.json' with { type: 'json' };
import { CALENDAR_DAY, WALL_CLOCK, calendarDay, zoneMinute } from '../../contract/platform-time';
import type { Database } from '../db/database';
import { dateCell, type Cell } from './write';
import { formatFen } from '../../contract/money';

/**
 * Values to spreadsheet cells and back, as users read them: code-table and status labels instead of
 * codes, 是/否, days and times in the platform zone.
 */
export interface ExportColumn {
  field: string;
  title?: string;
  codeTable?: string;
  statusList?: string;
  options?: { label: string; value: unknown }[];
  valueType?: string;
}

type Labels = Record<string, Record<string, { label: string }>>;
/** An object value shown by its name (an uploaded file, a chosen person or option). */
type Named = { name?: unknown; label?: unknown; title?: unknown };
const STATUS = statusLabels as Labels;

/** Every code table the columns name, as value → label. */
export async function codeLabels(db: Database, tables: string[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  const names = [...new Set(tables.filter(Boolean))];
  if (!names.length) return out;
  const rows = await db.selectFrom('baseCodes').select(['typeName', 'value', 'label']).where('typeName', 'in', names).execute();
  for (const n of names) out.set(n, new Map());
  for (const r of rows) out.get(r.typeName)!.set(r.value, r.label);
  return out;
}

const pathValue = (row: Record<string, unknown>, field: string) =>
  field.includes('.') ? field.split('.').reduce<unknown>((cur, k) => (cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined), row) : row[field];

/** One value as a cell. */
export function toCell(value: unknown, col: ExportColumn, codes: Map<string, Map<string, string>>, timeZone: string): Cell {
  if (value === null || value === undefined || value === '') return null;
  if (col.statusList) return STATUS[col.statusList]?.[String(value)]?.label ?? String(value);
  if (col.codeTable) {
    const table = codes.get(col.codeTable);
    const values = Array.isArray(value) ? value : String(value).split(',');
    return values.map((v) => table?.get(String(v).trim()) ?? String(v)).join('、');
  }
  if (col.options?.length) {
    const values = Array.isArray(value) ? value : [value];
    return values.map((v) => col.options!.find((o) => String(o.value) === String(v))?.label ?? String(v)).join('、');
  }
  if (typeof value === 'boolean') return value ? '是' : '否';
  // money in fen: a number of 元 (its two decimals exact as text first, so no float creeps in)
  if (col.valueType === 'fen' && (typeof value === 'number' || typeof value === 'string')) {
    const yuan = formatFen(value);
    return /^-?\d+(\.\d+)?$/.test(yuan) ? { money: Number(yuan) } : yuan;
  }
  // days and times as date cells of the platform zone: Excel sorts and filters them as dates
  if (value instanceof Date) return dateCell(col.valueType === 'date' ? calendarDay(value, timeZone) : zoneMinute(value, timeZone));
  if (typeof value === 'string') {
    if (CALENDAR_DAY.test(value) || WALL_CLOCK.test(value)) return dateCell(value.replace('T', ' ').slice(0, col.valueType === 'date' ? 10 : 16));
    if ((col.valueType === 'date' || col.valueType === 'dateTime') && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
      const d = new Date(value);
      if (!Number.isNaN(d.getTime())) return dateCell(col.valueType === 'date' ? calendarDay(d, timeZone) : zoneMinute(d, timeZone));
    }
    // a number column keeps numbers (a numeric column of the database answers text)
    if (col.valueType === 'number' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
    if (col.valueType === 'html') return value.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
    return value;
  }
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' ? String((v as Named).name ?? (v as Named).label ?? (v as Named).title ?? JSON.stringify(v)) : String(v))).join('、');
  if (typeof value === 'object') return String((value as Named).name ?? (value as Named).label ?? JSON.stringify(value));
  return String(value);
}

/** A row of cells for the columns. */
export const rowCells = (row: Record<string, unknown>, cols: ExportColumn[], codes: Map<string, Map<string, string>>, timeZone: string): Cell[] =>
  cols.map((c) => toCell(pathValue(row, c.field), c, codes, timeZone));
