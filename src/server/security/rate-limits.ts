import { sql } from 'kysely';
import type { AppContext } from '../context';

/**
 * Fixed-window counters in the database (table rate_counters), so that a limit holds across
 * restarts and across the processes of one deployment. A key names what is limited:
 * `signin-fail:<address>`, `sms-address:<address>`, `sms-session:<id>`, `sms-day:<yyyy-mm-dd>`, and the
 * event sign-in limits of sign-in-codes.ts (`signcode-try:<event>:<user>`, `signcode-wait:…`,
 * `signcode-fail:<event>`, `signcode-pause:<event>`).
 * A window starts with the first hit after the previous one ended.
 */
export async function countHit(ctx: AppContext, key: string, windowMs: number): Promise<{ count: number; minutesLeft: number }> {
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + windowMs);
  // one statement: simultaneous hits each see their own count
  const row = await ctx.db
    .insertInto('rateCounters')
    .values({ key, count: 1, windowStart: now, expiresAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_counters.expires_at <= ${now} then 1 else rate_counters.count + 1 end`,
        windowStart: sql`case when rate_counters.expires_at <= ${now} then ${now}::timestamptz else rate_counters.window_start end`,
        expiresAt: sql`case when rate_counters.expires_at <= ${now} then ${expiresAt}::timestamptz else rate_counters.expires_at end`,
      }),
    )
    .returning(['count', 'expiresAt'])
    .executeTakeFirstOrThrow();
  await sweep(ctx, now);
  return { count: row.count, minutesLeft: minutesUntil(row.expiresAt, now) };
}

/** The hits of the key's current window (0 once it has ended). */
export async function hitsSoFar(ctx: AppContext, key: string): Promise<{ count: number; minutesLeft: number }> {
  const now = ctx.now();
  const row = await ctx.db.selectFrom('rateCounters').select(['count', 'expiresAt']).where('key', '=', key).where('expiresAt', '>', now).executeTakeFirst();
  if (!row) return { count: 0, minutesLeft: 0 };
  return { count: row.count, minutesLeft: minutesUntil(row.expiresAt, now) };
}

const minutesUntil = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 60_000));

/** Ended windows are dropped as new hits arrive: the table holds only live counters. */
async function sweep(ctx: AppContext, now: Date) {
  await ctx.db.deleteFrom('rateCounters').where('expiresAt', '<=', now).execute();
}

/**
 * The client's address as the server sees it. Forwarded-for headers count only when they come from
 * a proxy named in TRUST_PROXY (Fastify's trustProxy); otherwise a client could choose its address
 * and escape every per-address limit.
 */
export const clientAddress = (req: { ip: string }) => req.ip || 'unknown';
