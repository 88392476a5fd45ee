import { Redis } from 'ioredis';
import type { Config } from './config';

/**
 * Answers that many callers ask again and again within seconds (every big screen of a province
 * refreshes each minute), kept for a short time-to-live: in Redis when REDIS_URL is set, so every
 * API process serves what one of them computed, else in this process. A key names everything the
 * answer depends on (its organisation, its platform day). Callers asking together in one process
 * share one computation. Redis unreachable: the answer is computed (never an error for want of a cache).
 *
 * Stale while revalidating: an answer is fresh for the TTL; for one TTL more it is still served —
 * at once — while one caller (one process, with Redis) computes the next in the background, so
 * that nobody waits for a computation that takes seconds at a province's scale (the big screen's
 * figures at 1 M members) once an answer exists. An answer is therefore at most two TTLs (and one
 * computation) old, which is what the caller documents as its staleness; older than that it is
 * computed while the caller waits, as on the first ask.
 */
export interface SharedCache {
  get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** how many TTLs an answer is kept in all: fresh for the first, served while recomputed in the second */
export const KEPT_TTLS = 2;

type Entry = { fresh: number; kept: number; value: Promise<unknown>; settled: boolean; refreshing: boolean };

export class LocalCache implements SharedCache {
  private entries = new Map<string, Entry>();
  /** `revalidate` false: an answer past its TTL is computed again while the caller waits (the in-process layer under Redis, whose second is no staleness worth serving) */
  constructor(private now: () => number, private maxEntries = 1000, private revalidate = true) {}

  async get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return compute();
    const hit = this.entries.get(key);
    const t = this.now();
    if (hit && t < hit.fresh) return hit.value as Promise<T>;
    if (hit && this.revalidate && hit.settled && t < hit.kept) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        // the next answer replaces this one when it is there; a failure leaves this one to be served
        compute().then(
          (value) => this.entries.get(key) === hit && this.put(key, ttlMs, Promise.resolve(value), true),
          () => (hit.refreshing = false),
        );
      }
      return hit.value as Promise<T>;
    }
    return this.put(key, ttlMs, compute(), false).value as Promise<T>;
  }

  private put(key: string, ttlMs: number, value: Promise<unknown>, settled: boolean) {
    const t = this.now();
    const entry: Entry = { fresh: t + ttlMs, kept: t + KEPT_TTLS * ttlMs, value, settled, refreshing: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.then(
      () => (entry.settled = true),
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  async close() {}
}

class RedisCache implements SharedCache {
  private redis: Redis;
  private local: LocalCache;
  constructor(url: string, private prefix: string, private now: () => number) {
    // fail fast while disconnected: the answer is computed instead of waiting for Redis
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    this.redis.on('error', () => {});
    // callers in this process share the computation and its answer for the same short time
    this.local = new LocalCache(now, 1000, false);
  }

  get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return compute();
    const k = `${this.prefix}cache:${key}`;
    const store = async () => {
      const value = await compute();
      const t = this.now();
      await this.redis.set(k, JSON.stringify({ v: value, fresh: t + ttlMs, kept: t + KEPT_TTLS * ttlMs }), 'PX', KEPT_TTLS * ttlMs).catch(() => {});
      return value;
    };
    return this.local.get(key, Math.min(ttlMs, 1000), async () => {
      const kept = await this.redis.get(k).catch(() => null);
      const got = kept == null ? null : (JSON.parse(kept) as { v: T; fresh: number; kept: number });
      // (the platform clock decides, as in this process; Redis's own expiry only clears the key)
      if (!got || this.now() >= got.kept) return store();
      const { v, fresh } = got;
      // past fresh: one process (whoever sets the claim first) computes the next; all serve this one meanwhile
      if (this.now() >= fresh && (await this.redis.set(`${k}:next`, '1', 'PX', ttlMs, 'NX').catch(() => null)) === 'OK') store().catch(() => {});
      return v;
    });
  }

  async close() {
    this.redis.disconnect();
  }
}

export function sharedCacheFor(config: Pick<Config, 'redisUrl' | 'redisPrefix'>, now: () => number = Date.now): SharedCache {
  return config.redisUrl ? new RedisCache(config.redisUrl, config.redisPrefix, now) : new LocalCache(now);
}
