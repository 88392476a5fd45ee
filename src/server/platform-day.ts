import type { AppContext } from './context';
import { calendarDay } from '../contract/platform-time';

/** The platform's calendar day (YYYY-MM-DD) at an instant, by the server's clock unless one is given. */
export const platformDay = (ctx: Pick<AppContext, 'config' | 'now'>, at: Date = ctx.now()) => calendarDay(at, ctx.config.platformTz);
