import { Redis } from 'ioredis';
import type { Config } from '../config';

/**
 * Who may do what changes — a session ends, a user's roles or organisation change, a role's menus
 * change — and every API process of the deployment must honour the change before the answer that
 * made it has left. Each process keeps resolved sessions and role permissions in memory (the study
 * reports of a province come through here); a kept entry counts only while the deployment's
 * "auth generation" is the one it was read at, and every change moves the generation on.
 *
 * - one process (the default): the generation is a counter in memory;
 * - REDIS_URL: counters in Redis — everything's, each session's, each user's; a request that would
 *   use the cache reads its three in one MGET (well under a millisecond), a change INCRs its own
 *   before its answer is sent;
 * - several processes without Redis: nothing is kept; the database answers every request.
 *
 * Rate limits, the repeat-submit guard and the one-playing-device rule need none of this: they live
 * in PostgreSQL, which all processes share, and are decided there in one statement each.
 */
/** What a change touches: one session (logout, role switch), one user (roles, organisation, password), or everything (menus, roles). */
export type ChangeScope = { sessionId: string } | { userId: number } | 'all';

export interface AuthChanges {
  /** whether resolved sessions may be kept at all */
  readonly caching: boolean;
  /**
   * The generations an entry of this session depends on, as one comparable stamp; null when it
   * cannot be known (Redis unreachable): then nothing kept counts.
   */
  stamp(sessionId: string, userId: number): Promise<string | null>;
  /** everything's generation alone (role permissions depend on nothing narrower) */
  generation(): Promise<number | null>;
  /** a change was made: entries read before it are void in every process */
  changed(scope: ChangeScope): Promise<void>;
  /** when backed by a shared server (Redis): resolves when it answers, rejects otherwise (the readiness check) */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

/** One process: its own cache drops a session's or a user's entries itself; only "all" needs a counter. */
class LocalChanges implements AuthChanges {
  private gen = 0;
  constructor(readonly caching: boolean) {}
  async stamp() {
    return String(this.gen);
  }
  async generation() {
    return this.gen;
  }
  async changed(scope: ChangeScope) {
    if (scope === 'all') this.gen++;
  }
  async close() {}
}

/**
 * Three counters in Redis: everything's, the session's and the user's, read together in one MGET.
 * A logout moves only its session's counter, so it voids nobody else's entries. The narrow
 * counters expire a while after the longest an entry is kept: an expired counter reads as 0, which
 * differs from what any entry kept since could hold, so the worst case is one more database read.
 */
class RedisChanges implements AuthChanges {
  readonly caching = true;
  private redis: Redis;
  private warned = false;
  /**
   * Moves on each time the connection to Redis is lost. A change made while Redis was away reached
   * the database but not the counters (its INCR failed), and a Redis restarted without its data
   * reads every counter as 0 again: an entry kept from before the outage could then match once more.
   * With this in the stamp, nothing kept before a lost connection ever counts after it.
   */
  private epoch = 0;
  constructor(url: string, private prefix: string, private keepSeconds: number, private log: (msg: string, err: unknown) => void) {
    // fail fast while disconnected: a request must not wait for Redis, it goes to the database
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.redis.on('error', (err) => this.warnOnce('Redis 不可用：暂不使用会话缓存', err));
    this.redis.on('ready', () => (this.warned = false));
    this.redis.on('close', () => this.epoch++);
  }
  private warnOnce(msg: string, err: unknown) {
    if (this.warned) return;
    this.warned = true;
    this.log(msg, err);
  }
  private keyOf(scope: ChangeScope) {
    if (scope === 'all') return `${this.prefix}auth:all`;
    return 'sessionId' in scope ? `${this.prefix}auth:s:${scope.sessionId}` : `${this.prefix}auth:u:${scope.userId}`;
  }
  async stamp(sessionId: string, userId: number) {
    try {
      const epoch = this.epoch;
      const v = await this.redis.mget(this.keyOf('all'), this.keyOf({ sessionId }), this.keyOf({ userId }));
      // a connection lost while asking: what was read may predate changes made meanwhile
      if (epoch !== this.epoch) return null;
      return `${epoch}/${v.map((x) => x ?? '0').join(':')}`;
    } catch (err) {
      this.warnOnce('Redis 不可用：暂不使用会话缓存', err);
      return null;
    }
  }
  async generation() {
    try {
      const epoch = this.epoch;
      const gen = Number((await this.redis.get(this.keyOf('all'))) ?? 0);
      if (epoch !== this.epoch) return null;
      // the epoch in the high bits: a generation read after a lost connection differs from every earlier one
      return epoch * 2 ** 32 + gen;
    } catch (err) {
      this.warnOnce('Redis 不可用：暂不使用会话缓存', err);
      return null;
    }
  }
  async changed(scope: ChangeScope) {
    try {
      const key = this.keyOf(scope);
      const m = this.redis.multi().incr(key);
      if (scope !== 'all') m.expire(key, this.keepSeconds + 60);
      await m.exec();
    } catch (err) {
      // the change is in the database; other processes see it when their entries age out
      this.warnOnce('Redis 不可用：权限与会话的变化未能通知其他接口进程', err);
    }
  }
  async ping() {
    await this.redis.ping();
  }
  async close() {
    this.redis.disconnect();
  }
}

export function authChangesFor(config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'apiProcesses' | 'sessionCacheSeconds'>, log: (msg: string, err: unknown) => void = () => {}): AuthChanges {
  if (config.redisUrl) return new RedisChanges(config.redisUrl, config.redisPrefix, config.sessionCacheSeconds, log);
  return new LocalChanges(config.apiProcesses <= 1);
}
