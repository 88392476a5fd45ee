import { sql } from 'kysely';
import { zoneMinute } from '../../contract/platform-time';
import type { AppContext } from '../context';
import { platformInstant } from '../platform-day';
import type { EntityFile } from './entities';

/**
 * A record's phase by the server's clock (`service.timeStatus`): 0 before its start field, 1 until its
 * end field, 2 after — a meeting's 未开始 / 进行中 / 已结束. Derived, never stored, so it cannot go
 * stale; lists select by it with the same comparison in SQL (wall-clock times of the platform zone
 * compare as text once the 'T' of an ISO form is a space).
 */
type Ctx = Pick<AppContext, 'config' | 'now'>;

export function timeStatusOf(ctx: Ctx, entity: EntityFile, data: Record<string, unknown>): number | null {
  const ts = entity.service?.timeStatus;
  if (!ts) return null;
  const now = ctx.now().getTime();
  const from = platformInstant(ctx, data[ts.fromField]);
  const to = platformInstant(ctx, data[ts.toField], { endOfDay: true });
  if (from && now < from.getTime()) return 0;
  if (to && now >= to.getTime()) return 2;
  return from ? 1 : null;
}

/** Whether the instant a body field names has come (a meeting has started). */
export function hasPassed(ctx: Ctx, data: Record<string, unknown>, field: string): boolean {
  const at = platformInstant(ctx, data[field]);
  return !!at && ctx.now().getTime() >= at.getTime();
}

/** The platform zone's wall clock now, to the second: 'YYYY-MM-DD HH:mm:ss'. */
const wallNow = (ctx: Ctx) => `${zoneMinute(ctx.now(), ctx.config.platformTz)}:${String(ctx.now().getUTCSeconds()).padStart(2, '0')}`;

/** SQL: the records of one phase. */
export function timeStatusWhere(ctx: Ctx, entity: EntityFile, phase: number) {
  const ts = entity.service!.timeStatus!;
  const now = wallNow(ctx);
  const from = sql`replace(r.data->>${ts.fromField}, 'T', ' ')`;
  const to = sql`replace(r.data->>${ts.toField}, 'T', ' ')`;
  if (phase === 0) return sql<boolean>`${from} > ${now}`;
  if (phase === 1) return sql<boolean>`(${from} <= ${now} and ${to} > ${now})`;
  return sql<boolean>`${to} <= ${now}`;
}
