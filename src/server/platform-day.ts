import type { AppContext } from './context';
import { calendarDay, instantOf } from '../contract/platform-time';

/** The platform's calendar day (YYYY-MM-DD) at an instant, by the server's clock unless one is given. */
export const platformDay = (ctx: Pick<AppContext, 'config' | 'now'>, at: Date = ctx.now()) => calendarDay(at, ctx.config.platformTz);

/** The instant a stored time means, in the platform zone for days and zone-less wall-clock times. */
export const platformInstant = (ctx: Pick<AppContext, 'config'>, value: unknown, opts: { endOfDay?: boolean } = {}) => instantOf(value, ctx.config.platformTz, opts);
