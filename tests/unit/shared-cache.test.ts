/**
 * The shared cache serves a kept answer while it recomputes the next (stale while revalidating): a
 * caller waits for a computation only when no answer younger than two TTLs exists. Time is a fake
 * clock; with TEST_REDIS_URL the same holds across two caches sharing one Redis (two processes).
 */
import { describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { KEPT_TTLS, LocalCache, sharedCacheFor, type SharedCache } from '../../src/server/shared-cache';

const TTL = 30_000;
/** A computation that answers when released, counting its calls. */
function gated() {
  let calls = 0;
  const pending: ((v: number) => void)[] = [];
  return {
    compute: () => new Promise<number>((resolve) => { calls++; pending.push(resolve); }),
    release: (v: number) => pending.shift()!(v),
    get calls() { return calls; },
  };
}
/** waits until a condition holds (a Redis round trip takes what it takes on a busy machine) */
const until = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 10 });

/** `stored`: what the shared store (Redis) holds for a key, as another process would read it */
async function behaves(make: (now: () => number) => SharedCache | Promise<SharedCache>, stored?: (key: string) => Promise<unknown>) {
  let t = 1_000_000;
  const cache = await make(() => t);
  const key = `k${Math.random()}`;
  const g = gated();
  // the first ask waits for the computation; callers together share it
  const a = cache.get(key, TTL, g.compute);
  const b = cache.get(key, TTL, g.compute);
  await until(() => expect(g.calls).toBe(1));
  g.release(1);
  expect(await Promise.all([a, b])).toEqual([1, 1]);
  expect(g.calls).toBe(1);
  // fresh: served, nothing computed
  t += TTL - 1;
  expect(await cache.get(key, TTL, g.compute)).toBe(1);
  expect(g.calls).toBe(1);
  // past fresh (and past the in-process second a Redis answer is kept): the kept answer at once,
  // one computation started for the next
  t += 1_002;
  expect(await cache.get(key, TTL, g.compute)).toBe(1);
  expect(await cache.get(key, TTL, g.compute)).toBe(1);
  await until(() => expect(g.calls).toBe(2));
  g.release(2);
  // the next answer is served once stored: here at once; through Redis, once the store holds it
  // (past this process's own second-long copy of the kept answer)
  if (stored) await until(async () => expect(await stored(key)).toBe(2));
  else await until(async () => expect(await cache.get(key, TTL, g.compute)).toBe(2));
  t += 1_001;
  expect(await cache.get(key, TTL, g.compute)).toBe(2);
  expect(g.calls).toBe(2);
  // older than two TTLs: waited for again
  t += KEPT_TTLS * TTL + 2_000;
  const late = cache.get(key, TTL, g.compute);
  await until(() => expect(g.calls).toBe(3));
  g.release(3);
  expect(await late).toBe(3);
  await cache.close();
  return cache;
}

describe('the shared cache', () => {
  it('in one process: the kept answer while the next is computed, never waited for within two TTLs', async () => {
    await behaves((now) => new LocalCache(now));
  });

  it('a failed recomputation leaves the kept answer served, and is tried again', async () => {
    let t = 0;
    const cache = new LocalCache(() => t);
    expect(await cache.get('x', TTL, async () => 1)).toBe(1);
    t += TTL + 1;
    expect(await cache.get('x', TTL, () => Promise.reject(new Error('db down')))).toBe(1);
    // the failure lands within this turn's promise jobs: the next ask starts another recomputation
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('x', TTL, async () => 2)).toBe(1);
    await until(async () => expect(await cache.get('x', TTL, async () => 3)).toBe(2));
  });

  it.runIf(!!process.env.TEST_REDIS_URL)('across processes through Redis, the same', async () => {
    const prefix = `test-cache-${process.pid}-${Date.now()}:`;
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const stored = async (key: string) => {
      const kept = await redis.get(`${prefix}cache:${key}`);
      return kept == null ? null : (JSON.parse(kept) as { v: unknown }).v;
    };
    // the in-process layer keeps an answer one second: past it, each ask reads Redis
    try {
      const connected = async (now: () => number) => {
        const cache = sharedCacheFor({ redisUrl: process.env.TEST_REDIS_URL!, redisPrefix: prefix }, now);
        // until it is connected an ask is computed and not stored (it never waits for Redis)
        let tries = 0;
        await until(async () => {
          const key = `ready${++tries}`;
          await cache.get(key, 60_000, async () => 'yes');
          expect(await stored(key)).toBe('yes');
        });
        return cache;
      };
      await behaves(connected, stored);
    } finally {
      redis.disconnect();
    }
  });
});
