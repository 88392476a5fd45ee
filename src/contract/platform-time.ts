/**
 * One platform day. The province's "today" — study days and daily caps, declaration dates,
 * deadlines, "today" in lists — is the calendar day in the platform time zone (PLATFORM_TZ,
 * default Asia/Shanghai), for the server and for every browser, wherever the machine or the member
 * is. Pure functions over Intl, shared by both halves; the browser's dayjs helpers build on them
 * (src/client/utils/platform-time.ts).
 */
export const DEFAULT_PLATFORM_TZ = 'Asia/Shanghai';

/** A calendar day as the API carries it. */
export const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' naming a day that exists (no 2026-02-30). */
export function isCalendarDay(s: string): boolean {
  if (!CALENDAR_DAY.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone: building one per call is slow, and reports call this once a minute per member. */
function dayFormat(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    // sv-SE formats as YYYY-MM-DD
    f = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    dayFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export const calendarDay = (instant: Date, timeZone: string): string => dayFormat(timeZone).format(instant);

/** Whether a calendar day lies after the platform's today at this instant. */
export const isFutureDay = (day: string, now: Date, timeZone: string): boolean => day > calendarDay(now, timeZone);

/** A wall-clock time without a zone: 'YYYY-MM-DD HH:mm[:ss]' (or with T), read in the platform zone. */
export const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset from UTC at an instant, in minutes. */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    offsetFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant of a wall-clock time in a zone. */
function wallToInstant(y: number, mo: number, d: number, h: number, mi: number, s: number, timeZone: string): Date {
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  let t = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60000;
  // once more, for a zone whose offset changes between the guess and the answer
  t = guess - zoneOffsetMinutes(new Date(t), timeZone) * 60000;
  return new Date(t);
}

/**
 * The instant a stored time means: an ISO timestamp with its zone as it is; a calendar day or a
 * wall-clock time without a zone in the platform zone (a day means its first moment, or with
 * `endOfDay` the first moment of the next day — "until 2026-11-30" includes the 30th). null for
 * anything else.
 */
export function instantOf(value: unknown, timeZone: string, opts: { endOfDay?: boolean } = {}): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || !value) return null;
  if (isCalendarDay(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return wallToInstant(y, m, d + (opts.endOfDay ? 1 : 0), 0, 0, 0, timeZone);
  }
  const w = WALL_CLOCK.exec(value);
  if (w) return wallToInstant(+w[1], +w[2], +w[3], +w[4], +w[5], +(w[6] ?? 0), timeZone);
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const t = new Date(value);
    return Number.isNaN(t.getTime()) ? null : t;
  }
  return null;
}

const minuteFormatters = new Map<string, Intl.DateTimeFormat>();
/** An instant as the zone's wall clock to the minute, 'YYYY-MM-DD HH:mm' (exports, messages). */
export function zoneMinute(instant: Date, timeZone: string): string {
  let f = minuteFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    minuteFormatters.set(timeZone, f);
  }
  return f.format(instant).replace('T', ' ').slice(0, 16);
}

/** A spreadsheet's serial day number (days since 1899-12-30, as Excel and WPS store dates) as a calendar day. */
export const serialDayToCalendarDay = (serial: number): string => new Date(Date.UTC(1899, 11, 30) + Math.round(serial) * 86_400_000).toISOString().slice(0, 10);

/**
 * A calendar day moved by whole years, months and days ('YYYY-MM-DD' in, 'YYYY-MM-DD' out): the
 * arithmetic of the party's intervals ("一年以上", "一个月内"). A day that does not exist in the
 * target month falls on its last day (2024-02-29 plus a year is 2025-02-28).
 */
export function addToDay(day: string, by: { years?: number; months?: number; days?: number }): string {
  const [y, m, d] = day.split('-').map(Number);
  const months = y * 12 + (m - 1) + (by.years ?? 0) * 12 + (by.months ?? 0);
  const ty = Math.floor(months / 12);
  const tm = months - ty * 12;
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  const t = new Date(Date.UTC(ty, tm, Math.min(d, last)) + (by.days ?? 0) * 86_400_000);
  return t.toISOString().slice(0, 10);
}
