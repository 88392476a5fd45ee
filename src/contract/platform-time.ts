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
