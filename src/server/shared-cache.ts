import { Redis } from 'ioredis';
import type { Config } from './config';

/**
 * Answers that many callers ask again and again within seconds (every big screen of a province
 * refreshes each minute), kept for a short time-to-live: in Redis when REDIS_URL is set, so every
 * API process serves what one of them computed, else in this process. A key names everything the
 * answer depends on (its organisation, its platform day); its age is at most the TTL, which is what
 * the caller documents as its staleness. Callers asking together in one process share one
 * computation. Redis unreachable: the answer is computed (never an error for want of a cache).
 */
export interface SharedCache {
  get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

class LocalCache implements SharedCache {
  private entries = new Map<string, { until: number; value: Promise<unknown> }>();
  constructor(private now: () => number, private maxEntries = 1000) {}
  async get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.until > this.now()) return hit.value as Promise<T>;
    const entry = { until: this.now() + ttlMs, value: compute() as Promise<unknown> };
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.value.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry.value as Promise<T>;
  }
  async close() {}
}

class RedisCache implements SharedCache {
  private redis: Redis;
  private local: LocalCache;
  constructor(url: string, private prefix: string, now: () => number) {
    // fail fast while disconnected: the answer is computed instead of waiting for Redis
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    this.redis.on('error', () => {});
    // callers in this process share the computation and its answer for the same short time
    this.local = new LocalCache(now);
  }
  get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return compute();
    const k = `${this.prefix}cache:${key}`;
    return this.local.get(key, Math.min(ttlMs, 1000), async () => {
      const kept = await this.redis.get(k).catch(() => null);
      if (kept != null) return JSON.parse(kept) as T;
      const value = await compute();
      await this.redis.set(k, JSON.stringify(value), 'PX', ttlMs).catch(() => {});
      return value;
    });
  }
  async close() {
    this.redis.disconnect();
  }
}

export function sharedCacheFor(config: Pick<Config, 'redisUrl' | 'redisPrefix'>, now: () => number = Date.now): SharedCache {
  return config.redisUrl ? new RedisCache(config.redisUrl, config.redisPrefix, now) : new LocalCache(now);
}
