import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { Selectable } from 'kysely';
import type { JobTable } from '../db/schema';

/**
 * The job table's operations (migration 027), one SQL statement or one short transaction each, the
 * same on PGlite and PostgreSQL 15+. A job is claimed with `FOR UPDATE SKIP LOCKED` under a lease:
 * the claiming process renews it while it works; a process that dies stops renewing, and once the
 * lease has passed any process may claim the job again. Times come from the caller's clock
 * (`ctx.now()`, which tests move): the machines of one deployment keep their clocks in step (NTP),
 * as tokens already require.
 */
export type JobRow = Selectable<JobTable>;

export interface Claim {
  kind: string;
  /** the claiming process (`group:pid:random`) */
  worker: string;
  /** the machine (JOB_GROUP): the concurrency cap counts the group's running jobs */
  group: string;
  /** at most this many jobs of the kind run at once in the group */
  cap: number;
  leaseMs: number;
  now: Date;
}

const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);

/** Doubling back-off from `baseMs` after each failed attempt (1 → base, 2 → 2·base …), at most `maxMs`. */
export function backoffMs(attempt: number, baseMs: number, maxMs = 3600_000) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Queues a job; a job of the same kind and key already queued or running is left as it is (the
 * call is idempotent), a finished one is queued again.
 */
export async function enqueueJob(db: Database, job: { kind: string; key: string; payload?: Record<string, unknown>; maxAttempts?: number; runAt: Date; groupOnly?: string | null }) {
  const values = {
    kind: job.kind, key: job.key, payload: JSON.stringify(job.payload ?? {}), maxAttempts: job.maxAttempts ?? 3,
    runAt: job.runAt, groupOnly: job.groupOnly ?? null, createdAt: job.runAt, updatedAt: job.runAt,
  };
  const r = await db
    .insertInto('jobs')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['kind', 'key']).doUpdateSet({
        status: 'queued', attempts: 0, runAt: values.runAt, payload: values.payload, maxAttempts: values.maxAttempts, groupOnly: values.groupOnly, lastError: null, finishedAt: null, updatedAt: values.runAt,
      }).where('jobs.status', 'in', ['done', 'failed']),
    )
    .returning(['id', 'status'])
    .executeTakeFirst();
  return r ?? null;
}

/** Adds a periodic job's row unless it exists (its schedule then stays as it is). */
export async function ensurePeriodic(db: Database, job: { kind: string; key: string; runAt: Date; groupOnly?: string | null }) {
  await db
    .insertInto('jobs')
    .values({ kind: job.kind, key: job.key, payload: '{}', maxAttempts: 3, runAt: job.runAt, groupOnly: job.groupOnly ?? null, createdAt: job.runAt, updatedAt: job.runAt })
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .execute();
}

/**
 * Claims the next due job of a kind for `worker`, unless the group already runs `cap` of that kind.
 * A job whose lease has passed (its process died) is due again. One transaction: an advisory lock
 * of the group and kind makes the count and the claim one step across processes.
 */
export async function claimJob(db: Database, c: Claim): Promise<JobRow | null> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`jobs:${c.group}:${c.kind}`}))`.execute(trx);
    const running = await trx
      .selectFrom('jobs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('kind', '=', c.kind)
      .where('status', '=', 'running')
      .where('lockedGroup', '=', c.group)
      .where('lockedUntil', '>', c.now)
      .executeTakeFirstOrThrow();
    if (Number(running.n) >= c.cap) return null;
    const next = await trx
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', c.kind)
      .where((eb) => eb.or([eb('groupOnly', 'is', null), eb('groupOnly', '=', c.group)]))
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('runAt', '<=', c.now)]),
          eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<=', c.now)]),
        ]),
      )
      .orderBy('runAt')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!next) return null;
    const row = await trx
      .updateTable('jobs')
      .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), lockedBy: c.worker, lockedGroup: c.group, lockedUntil: plus(c.now, c.leaseMs), updatedAt: c.now }))
      .where('id', '=', next.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  });
}

/**
 * The kinds among `kinds` with a job this group could claim now: one read per poll across every kind,
 * so an idle queue costs one query every poll instead of a locked transaction per registered kind.
 */
export async function dueKinds(db: Database, kinds: string[], group: string, now: Date): Promise<Set<string>> {
  if (!kinds.length) return new Set();
  const rows = await db
    .selectFrom('jobs')
    .select('kind')
    .distinct()
    .where('kind', 'in', kinds)
    .where((eb) => eb.or([eb('groupOnly', 'is', null), eb('groupOnly', '=', group)]))
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('runAt', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<=', now)]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.kind));
}

/** Extends a running job's lease; false when the job is no longer this worker's (its lease passed and another took it). */
export async function renewLease(db: Database, id: number, worker: string, until: Date, now: Date) {
  const r = await db.updateTable('jobs').set({ lockedUntil: until, updatedAt: now }).where('id', '=', id).where('lockedBy', '=', worker).where('status', '=', 'running').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The job succeeded: done, or — a periodic one — queued again for its next run. */
export async function completeJob(db: Database, id: number, worker: string, now: Date, nextRunAt?: Date) {
  await db
    .updateTable('jobs')
    .set(nextRunAt
      ? { status: 'queued', attempts: 0, runAt: nextRunAt, lockedBy: null, lockedGroup: null, lockedUntil: null, lastError: null, updatedAt: now, finishedAt: now }
      : { status: 'done', lockedBy: null, lockedGroup: null, lockedUntil: null, lastError: null, updatedAt: now, finishedAt: now })
    .where('id', '=', id)
    .where('lockedBy', '=', worker)
    .execute();
}

/**
 * The attempt failed: queued again after the back-off while attempts remain, else failed (a
 * periodic job is never failed for good: it waits for its next run). Answers whether it failed for good.
 */
export async function failJob(db: Database, job: JobRow, worker: string, error: string, now: Date, o: { retryBaseMs: number; nextRunAt?: Date }) {
  const retry = job.attempts < job.maxAttempts;
  const lastError = error.slice(0, 2000);
  const unlock = { lockedBy: null, lockedGroup: null, lockedUntil: null, lastError, updatedAt: now };
  const set = retry
    ? { ...unlock, status: 'queued' as const, runAt: plus(now, backoffMs(job.attempts, o.retryBaseMs)) }
    : o.nextRunAt
      ? { ...unlock, status: 'queued' as const, attempts: 0, runAt: o.nextRunAt, finishedAt: now }
      : { ...unlock, status: 'failed' as const, finishedAt: now };
  const r = await db.updateTable('jobs').set(set).where('id', '=', job.id).where('lockedBy', '=', worker).executeTakeFirst();
  return !retry && !o.nextRunAt && Number(r.numUpdatedRows) > 0;
}

/** Hands a job back at shutdown: queued at once for any process, the interrupted attempt not counted. */
export async function releaseJob(db: Database, id: number, worker: string, now: Date) {
  await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'queued', attempts: sql<number>`greatest(${eb.ref('attempts')} - 1, 0)`, runAt: now, lockedBy: null, lockedGroup: null, lockedUntil: null, updatedAt: now }))
    .where('id', '=', id)
    .where('lockedBy', '=', worker)
    .where('status', '=', 'running')
    .execute();
}

/** A job's row by kind and key (its status, attempts and last error), for status pages and tests. */
export const jobByKey = (db: Database, kind: string, key: string) => db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('key', '=', key).executeTakeFirst();
