import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import type { CurrentUser } from './auth';
import type { ActionDef } from './actions';
import { AppError } from './errors';
import { countHit } from '../security/rate-limits';

/**
 * The repeat-submit guard (as RuoYi's @RepeatSubmit): the same user sending the same create (same
 * path, same body) again within REPEAT_SUBMIT_SECONDS is refused, so a double click, an Enter
 * pressed twice or a resent request does not make two records. The mark lives in the database's
 * rate_counters (key `repeat:<user>:<path>:<body hash>`), so it holds across the API processes of
 * one deployment. A create that fails drops its mark: correcting and resending is never refused.
 *
 * Which actions: in the handwritten services every signed-in POST whose name says it creates —
 * Create…, Add…, Submit…, Apply…, Declare…, Register…, Reply… or …Create (AnnounceCreate) — except
 * cancellations (…Cancel); in the configured services (schemas/*.json) the operations create,
 * createChild and reply (records/configured-services.ts). An action overrides either rule with
 * `repeatSubmit: true | false`.
 *
 * 429, not 400: the request is valid and would be accepted a few seconds later — like the other
 * "too soon" limits of the platform (phone codes, sign-in attempts).
 */
export const REPEAT_SUBMIT_MSG = '请勿重复提交，请稍后再试';

const CREATING = /^(Create|Add|Submit|Apply|Declare|Register|Reply)|Create(Async)?$/;

export function isGuardedCreate(name: string, def: Pick<ActionDef, 'method' | 'access' | 'raw' | 'repeatSubmit'>): boolean {
  if (def.repeatSubmit !== undefined) return def.repeatSubmit;
  return def.method === 'POST' && def.access !== 'public' && !def.raw && CREATING.test(name) && !/Cancel$/.test(name);
}

/** JSON with object keys sorted: the same body always hashes the same, whatever the key order. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as object)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** Marks this submit; throws the 429 when the same one is already marked. Returns the mark's key (to drop it on failure), or null when not guarded. */
export async function markSubmit(ctx: AppContext, user: CurrentUser | null, url: string, body: unknown): Promise<string | null> {
  const seconds = ctx.config.repeatSubmitSeconds;
  if (!user || !(seconds > 0)) return null;
  const hash = createHash('sha256').update(stableJson(body)).digest('base64url');
  const key = `repeat:${user.userId}:${url}:${hash}`;
  const hit = await countHit(ctx, key, seconds * 1000);
  if (hit.count > 1) throw new AppError(429, REPEAT_SUBMIT_MSG);
  return key;
}

/** A create that failed: the same body may be sent again at once. */
export async function dropMark(ctx: AppContext, key: string) {
  await ctx.db.deleteFrom('rateCounters').where('key', '=', key).execute();
}
