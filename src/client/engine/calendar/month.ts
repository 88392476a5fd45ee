/**
 * The pure part of the calendar kind: the days a month's query spans and the items of one day.
 * Days are calendar days of the platform (`YYYY-MM-DD`), never converted through a zone; an item's
 * date field is a platform wall-clock time ('YYYY-MM-DD HH:mm' or ISO 'YYYY-MM-DDTHH:mm'), whose first
 * ten characters are its day.
 */
import { addToDay } from '../../../contract/platform-time';

/** 'YYYY-MM' → the first and last day of that month. */
export function monthSpan(month: string): { first: string; last: string } {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`不是月份：${month}`);
  const first = `${month}-01`;
  return { first, last: addToDay(addToDay(first, { months: 1 }), { days: -1 }) };
}

/** The items whose date field falls on `day`, in the order of that field (then as given). */
export function itemsOfDay<T extends Record<string, unknown>>(items: T[], dateField: string, day: string): T[] {
  const at = (x: T) => String(x[dateField] ?? '').replace('T', ' ');
  return items.filter((x) => at(x).slice(0, 10) === day).sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0));
}

/** 'YYYY-MM-DD HH:mm…' → 'HH:mm' (empty for a day without a time). */
export const timeOf = (v: unknown) => String(v ?? '').replace('T', ' ').slice(11, 16);
