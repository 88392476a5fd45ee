import { describe, expect, it } from 'vitest';
import { drawFrom, drawSeed } from '../../../src/server/domains/exam/draw';

const pool = Array.from({ length: 10 }, (_, i) => ({ id: 100 + i }));

describe('random draws', () => {
  it('are reproducible per member and differ between members', () => {
    const a = drawFrom(pool, 3, drawSeed(7, 1)).map((q) => q.id);
    expect(drawFrom(pool, 3, drawSeed(7, 1)).map((q) => q.id)).toEqual(a);
    const others = new Set(Array.from({ length: 20 }, (_, u) => drawFrom(pool, 3, drawSeed(7, u + 2)).map((q) => q.id).join()));
    expect(others.size).toBeGreaterThan(10);
    expect(new Set(a).size).toBe(3);
  });

  it('are drawn anew for each attempt of one member, and the same for one attempt', () => {
    const attempt = (n: number) => drawFrom(pool, 3, drawSeed(7, 1, n)).map((q) => q.id).join();
    expect(attempt(2)).toBe(attempt(2));
    const draws = new Set(Array.from({ length: 20 }, (_, n) => attempt(n + 1)));
    expect(draws.size).toBeGreaterThan(10);
    expect(attempt(1)).not.toBe(attempt(2));
  });

  // chi-square of how often each question is drawn, over 20,000 members drawing 3 of 10
  const chiSquare = (draw: (u: number) => { id: number }[]) => {
    const counts = new Map(pool.map((q) => [q.id, 0]));
    const members = 20_000;
    for (let u = 1; u <= members; u++) for (const q of draw(u)) counts.set(q.id, counts.get(q.id)! + 1);
    const expected = (members * 3) / pool.length;
    return [...counts.values()].reduce((s, n) => s + (n - expected) ** 2 / expected, 0);
  };
  // 9 degrees of freedom: P(chi2 > 27.88) = 0.001; the seeds are fixed, so the test is deterministic
  const CRITICAL = 27.88;

  it('give every question of a pool the same chance (chi-square)', () => {
    expect(chiSquare((u) => drawFrom(pool, 3, drawSeed(42, u)))).toBeLessThan(CRITICAL);
  });

  it('the chi-square test catches a draw only slightly biased (one member in ten gets the first three)', () => {
    expect(chiSquare((u) => (u % 10 === 0 ? pool.slice(0, 3) : drawFrom(pool, 3, drawSeed(42, u))))).toBeGreaterThan(CRITICAL);
  });

  it('draws no more than the pool holds, and nothing for zero', () => {
    expect(drawFrom(pool, 30, 's')).toHaveLength(10);
    expect(drawFrom(pool, 0, 's')).toEqual([]);
  });
});
