import { describe, expect, it } from 'vitest';
import { StatsCache } from '../../src/server/stats-cache';

describe('StatsCache', () => {
  it('serves an answer again while its generation is current and it is younger than its age', async () => {
    let t = 0;
    let runs = 0;
    const cache = new StatsCache(1000, () => t);
    const compute = async () => ++runs;
    expect(await cache.get('k', '1', compute)).toBe(1);
    expect(await cache.get('k', '1', compute)).toBe(1);
    // another generation: computed again
    expect(await cache.get('k', '2', compute)).toBe(2);
    t = 999;
    expect(await cache.get('k', '2', compute)).toBe(2);
    // too old
    t = 1000;
    expect(await cache.get('k', '2', compute)).toBe(3);
    expect(await cache.get('other', '2', compute)).toBe(4);
  });

  it('shares one computation among callers, keeps no failure, keeps nothing at age 0', async () => {
    let runs = 0;
    const cache = new StatsCache(60_000);
    let release!: () => void;
    const slow = () => new Promise<number>((r) => (release = () => r(++runs)));
    const [a, b] = [cache.get('k', '1', slow), cache.get('k', '1', slow)];
    release();
    expect([await a, await b]).toEqual([1, 1]);
    await expect(cache.get('bad', '1', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('bad', '1', async () => 'ok')).toBe('ok');
    const never = new StatsCache(0);
    let n = 0;
    await never.get('k', '1', async () => ++n);
    expect(await never.get('k', '1', async () => ++n)).toBe(2);
  });

  it('holds at most its number of entries, the oldest leaving first', async () => {
    const cache = new StatsCache(60_000, Date.now, 2);
    let runs = 0;
    const compute = async () => ++runs;
    await cache.get('a', '1', compute);
    await cache.get('b', '1', compute);
    await cache.get('c', '1', compute);
    expect(await cache.get('b', '1', compute)).toBe(2);
    expect(await cache.get('a', '1', compute)).toBe(4);
  });
});
