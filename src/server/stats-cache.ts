import { sql } from 'kysely';
import type { Database } from './db/database';

/**
 * Answers of costly statistics (党员分析 over a province: one scan of a million members, seconds),
 * kept per key while the data they count has not changed. `party_members_generation` (migration 017)
 * is a sequence every statement writing `party_members` advances, whatever writes it and through
 * whichever API process: an answer is served again only while the generation it was computed at
 * is still the current one, and at most `maxAgeMs` after it was computed. That age bounds the one
 * case the generation misses — a write whose statement ran (and advanced the sequence) before the
 * answer's scan began but whose transaction committed after the scan's snapshot was taken — and is
 * what STATS_CACHE_SECONDS documents. Callers asking for the same key together share one computation.
 */
export class StatsCache {
  private entries = new Map<string, { generation: string; at: number; value: Promise<unknown> }>();
  constructor(
    private maxAgeMs: number,
    private now: () => number = Date.now,
    private maxEntries = 256,
  ) {}

  /** The members' generation now: the sequence's last value (not transactional, never blocks a writer). */
  static async memberGeneration(db: Database): Promise<string> {
    const { rows } = await sql<{ g: string }>`select last_value::text as g from party_members_generation`.execute(db);
    return rows[0].g;
  }

  async get<T>(key: string, generation: string, compute: () => Promise<T>): Promise<T> {
    if (this.maxAgeMs <= 0) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation && this.now() - hit.at < this.maxAgeMs) return hit.value as Promise<T>;
    const value = compute();
    const entry = { generation, at: this.now(), value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // a failed computation is not kept
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    // the oldest first out (Map keeps insertion order)
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
