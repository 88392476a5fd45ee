import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { SmsSender } from './security/sms';
import type { DuesGateway } from './domains/dues/gateway';
import { PermissionCache } from './http/permission-cache';
import { SessionCache } from './http/auth';
import { authChangesFor, type AuthChanges } from './http/auth-changes';
import { sharedCacheFor, type SharedCache } from './shared-cache';
import { JobRunner } from './jobs/runner';

/** What every service receives: the database, configuration and the replaceable edges (clock, SMS). */
export interface AppContext {
  db: Database;
  dbKind: 'postgres' | 'pglite';
  config: Config;
  /** The server's notion of now; tests replace it to control time. */
  now: () => Date;
  sms: SmsSender;
  /** where dues payments go (dues/gateway.ts); default: recorded offline, confirmed by the branch */
  duesGateway?: DuesGateway;
  permissions: PermissionCache;
  sessions: SessionCache;
  /** how session and permission changes reach every API process (auth-changes.ts) */
  authChanges: AuthChanges;
  /** answers many callers ask within seconds, for a short TTL, shared by the processes through Redis when configured (shared-cache.ts) */
  cache: SharedCache;
  /** background jobs shared by every process (jobs/runner.ts): `jobs.enqueue`, started by buildApp, stopped by app.close() */
  jobs: JobRunner;
  log: FastifyBaseLogger;
}

export function createContext(parts: Omit<AppContext, 'permissions' | 'sessions' | 'authChanges' | 'cache' | 'jobs' | 'log' | 'now'> & { now?: () => Date; log?: FastifyBaseLogger }): AppContext {
  const ctx = {
    ...parts,
    now: parts.now ?? (() => new Date()),
    log: parts.log ?? (console as unknown as FastifyBaseLogger),
  } as AppContext;
  ctx.permissions = new PermissionCache(ctx);
  ctx.authChanges = authChangesFor(parts.config, (msg, err) => ctx.log.warn({ err }, msg));
  ctx.sessions = new SessionCache(ctx.authChanges, parts.config.sessionCacheSeconds * 1000);
  ctx.cache = sharedCacheFor(parts.config, () => ctx.now().getTime());
  const j = parts.config.jobs;
  ctx.jobs = new JobRunner({
    db: parts.db, now: () => ctx.now(), log: { warn: (o, m) => ctx.log.warn(o, m), info: (o, m) => ctx.log.info(o, m) },
    group: j.group, pollMs: j.pollMs, leaseMs: j.leaseMs, retryBaseMs: j.retryBaseMs, maxAttempts: j.maxAttempts, stopGraceMs: j.stopGraceMs,
  });
  return ctx;
}
