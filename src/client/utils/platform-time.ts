/**
 * "Now" and "today" in the browser are the platform's (PLATFORM_TZ, sent in the session data), not the
 * browser's zone: a member abroad, or on a laptop left in UTC, sees and picks the same day as the
 * server. The only module that reads the clock for a calendar day (a unit test keeps it so).
 *
 * Two kinds of value reach the client: instants (ISO timestamps, shown in the platform zone) and
 * calendar days ('YYYY-MM-DD', shown as they are — converting them between zones would shift them).
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { CALENDAR_DAY, DEFAULT_PLATFORM_TZ, WALL_CLOCK, calendarDay, isValidTimeZone } from '../../contract/platform-time';
import { getState } from '../state/store';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DAY_FORMAT = 'YYYY-MM-DD';
export const MINUTE_FORMAT = 'YYYY-MM-DD HH:mm';

/** The platform zone: the session's, else the default (before sign-in, or a session stored by an older client). */
export function platformTimeZone(): string {
  const tz = getState().session?.timeZone;
  return tz && isValidTimeZone(tz) ? tz : DEFAULT_PLATFORM_TZ;
}

/** Today's calendar day on the platform, 'YYYY-MM-DD'. */
export const platformToday = (): string => calendarDay(new Date(), platformTimeZone());

/**
 * The platform's wall clock as a plain (browser-zone) dayjs whose fields read as the platform's:
 * what pickers compare and highlight, since they work on browser-zone dayjs values.
 */
export const platformWallClock = (): Dayjs => dayjs(dayjs().tz(platformTimeZone()).format('YYYY-MM-DDTHH:mm:ss.SSS'));

/** A picked calendar day (browser-zone dayjs from a picker) after the platform's today? For `disabledDate`. */
export const isAfterPlatformToday = (d: Dayjs | null | undefined): boolean => !!d && d.format(DAY_FORMAT) > platformToday();

/** A picked calendar day before 1 January of the platform's current year (the assessment year)? For `disabledDate`. */
export const isBeforePlatformYear = (d: Dayjs | null | undefined): boolean => !!d && d.format(DAY_FORMAT) < `${platformToday().slice(0, 4)}-01-01`;

/** Shows a value the server sent: a calendar day as it is, an instant in the platform zone. */
export function formatPlatform(value: unknown, format: string = DAY_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  // a calendar day, or a wall-clock time without a zone (already the platform's), is shown as it is
  if (typeof value === 'string' && (CALENDAR_DAY.test(value) || WALL_CLOCK.test(value))) return dayjs(value).format(format);
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.tz(platformTimeZone()).format(format) : String(value);
}

/** A picker's value (browser-zone dayjs of the day the user chose) as the calendar day the API takes. */
export const pickedDay = (d: Dayjs): string => d.format(DAY_FORMAT);
