import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { claimJob, completeJob, dueKinds, enqueueJob, ensurePeriodic, failJob, releaseJob, renewLease, type JobRow } from './queue';

/** What a job handler is given besides its payload. */
export interface JobContext {
  id: number;
  /** this attempt, from 1 */
  attempt: number;
  /** aborted when the process stops (the job is handed back) or the lease was lost */
  signal: AbortSignal;
}

/** A kind of background work. Periodic kinds (`everyMs`) run once per period across all processes. */
export interface JobDef<P = Record<string, unknown>> {
  kind: string;
  run(payload: P, job: JobContext): Promise<void>;
  /** jobs of this kind running at once on one machine (JOB_GROUP), across its processes (default 1) */
  concurrency?: number;
  /** attempts before a job is failed for good (default JOB_MAX_ATTEMPTS) */
  maxAttempts?: number;
  /** the first retry's delay, doubling after each failure (default JOB_RETRY_SECONDS) */
  retryBaseMs?: number;
  /** lease of one attempt, renewed while it runs (default JOB_LEASE_SECONDS) */
  leaseMs?: number;
  /** after its last attempt failed (not for periodic kinds) */
  onFailed?(payload: P, error: string): Promise<void>;
  /** periodic: run every this many milliseconds, once across every process … */
  everyMs?: number;
  /** … or once on each machine (JOB_GROUP): work on the machine's own disk */
  perMachine?: boolean;
}

export interface RunnerOptions {
  db: Database;
  now: () => Date;
  log: { warn(o: unknown, m?: string): void; info?(o: unknown, m?: string): void };
  /** the machine's name (JOB_GROUP, default the host name) */
  group: string;
  pollMs: number;
  leaseMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /** how long `stop` waits for running jobs before handing them back */
  stopGraceMs: number;
}

type Running = { job: JobRow; def: JobDef<any>; abort: AbortController; done: Promise<void> };

/**
 * Runs the jobs of the kinds registered in this process: polls the job table (and claims at once
 * after a local enqueue), at most `concurrency` of a kind at a time on the machine, retries with
 * back-off, renews the leases of running jobs, and on `stop` stops claiming, waits a little and
 * hands back what still runs. Any process can enqueue, whether or not it runs jobs.
 */
export class JobRunner {
  readonly worker: string;
  private defs = new Map<string, JobDef<any>>();
  private running = new Map<number, Running>();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private stopping = false;
  private ticking: Promise<void> | null = null;
  private again = false;

  constructor(private o: RunnerOptions) {
    this.worker = `${o.group}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  register<P>(def: JobDef<P>) {
    if (this.defs.has(def.kind)) throw new Error(`job kind registered twice: ${def.kind}`);
    this.defs.set(def.kind, def as JobDef<any>);
  }

  has(kind: string) {
    return this.defs.has(kind);
  }

  /**
   * Queues a job (idempotent per kind and key while it is queued or running); claims at once if this
   * process runs the kind. `thisMachine`: only processes of this machine (JOB_GROUP) may take it — work
   * on files of this machine's own disk.
   */
  async enqueue(kind: string, key: string, payload: Record<string, unknown> = {}, opts: { delayMs?: number; maxAttempts?: number; thisMachine?: boolean } = {}) {
    const runAt = new Date(this.o.now().getTime() + (opts.delayMs ?? 0));
    const maxAttempts = opts.maxAttempts ?? this.defs.get(kind)?.maxAttempts ?? this.o.maxAttempts;
    const r = await enqueueJob(this.o.db, { kind, key, payload, runAt, maxAttempts, groupOnly: opts.thisMachine ? this.o.group : null });
    this.nudge();
    return r;
  }

  /** Starts polling; periodic kinds get their row (first run one period from now, or now when new with `immediately`). */
  async start() {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    const now = this.o.now();
    for (const d of this.defs.values()) {
      if (!d.everyMs) continue;
      await ensurePeriodic(this.o.db, { kind: d.kind, key: d.perMachine ? this.o.group : '', runAt: now, groupOnly: d.perMachine ? this.o.group : null });
    }
    this.timer = setInterval(() => this.nudge(), this.o.pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Claims what is due now (after a local enqueue, or a poll); resolves when this round of claiming is over. */
  nudge(): Promise<void> {
    if (!this.started || this.stopping) return Promise.resolve();
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      do {
        this.again = false;
        await this.claimDue().catch((err) => this.o.log.warn({ err }, 'job claim failed'));
      } while (this.again && !this.stopping);
    })().finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async claimDue() {
    const due = await dueKinds(this.o.db, [...this.defs.keys()], this.o.group, this.o.now());
    for (const def of this.defs.values()) {
      if (!due.has(def.kind)) continue;
      const cap = Math.max(1, def.concurrency ?? 1);
      while (!this.stopping) {
        const job = await claimJob(this.o.db, { kind: def.kind, worker: this.worker, group: this.o.group, cap, leaseMs: def.leaseMs ?? this.o.leaseMs, now: this.o.now() });
        if (!job) break;
        this.launch(job, def);
      }
    }
  }

  private launch(job: JobRow, def: JobDef<any>) {
    const abort = new AbortController();
    const leaseMs = def.leaseMs ?? this.o.leaseMs;
    const heartbeat = setInterval(() => {
      const now = this.o.now();
      void renewLease(this.o.db, job.id, this.worker, new Date(now.getTime() + leaseMs), now)
        .then((mine) => mine || abort.abort(new Error('lease lost')))
        .catch((err) => this.o.log.warn({ err, jobId: job.id }, 'job lease renewal failed'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    const done = (async () => {
      const nextRunAt = () => (def.everyMs ? new Date(this.o.now().getTime() + def.everyMs) : undefined);
      try {
        // claimed again after its process died as often as it may run: failed for good
        if (job.attempts > job.maxAttempts) throw new Error('任务多次中断（租约过期），不再重试');
        await def.run(job.payload, { id: job.id, attempt: job.attempts, signal: abort.signal });
        if (abort.signal.aborted) return;
        await completeJob(this.o.db, job.id, this.worker, this.o.now(), nextRunAt());
      } catch (err) {
        if (abort.signal.aborted) return;
        const message = err instanceof Error ? err.message : String(err);
        this.o.log.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job attempt failed');
        const failed = await failJob(this.o.db, job, this.worker, message, this.o.now(), { retryBaseMs: def.retryBaseMs ?? this.o.retryBaseMs, nextRunAt: nextRunAt() });
        if (failed && def.onFailed) await def.onFailed(job.payload, message);
      }
    })()
      .catch((err) => this.o.log.warn({ err, jobId: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        clearInterval(heartbeat);
        this.running.delete(job.id);
        // a slot is free: the next due job need not wait for the poll
        this.nudge();
      });
    this.running.set(job.id, { job, def, abort, done });
  }

  /** Jobs this process is running now. */
  get active() {
    return this.running.size;
  }

  /**
   * Stops claiming, waits up to `graceMs` for the running jobs to finish, then aborts the rest and
   * hands them back (queued at once, the attempt not counted) for another process or the next start.
   */
  stop(graceMs = this.o.stopGraceMs): Promise<void> {
    // a second call (draining, then app.close()) waits for the first
    this.stopped ??= this.started ? this.halt(graceMs).finally(() => (this.stopped = null)) : null;
    return this.stopped ?? Promise.resolve();
  }

  private stopped: Promise<void> | null = null;

  private async halt(graceMs: number) {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    const all = () => Promise.all([...this.running.values()].map((r) => r.done));
    if (this.running.size && graceMs > 0) {
      let t: NodeJS.Timeout | undefined;
      await Promise.race([all(), new Promise((r) => (t = setTimeout(r, graceMs)))]);
      clearTimeout(t);
    }
    const left = [...this.running.values()];
    this.o.log.info?.({ event: 'jobs.stop', worker: this.worker, handedBack: left.map((r) => ({ id: r.job.id, kind: r.job.kind })) }, '后台任务已停止领取；未完成的任务交还队列');
    for (const r of left) r.abort.abort(new Error('stopping'));
    for (const r of left) await releaseJob(this.o.db, r.job.id, this.worker, this.o.now()).catch((err) => this.o.log.warn({ err, jobId: r.job.id }, 'job hand-back failed'));
    // handed back already: a handler deaf to its signal does not hold the shutdown
    let t: NodeJS.Timeout | undefined;
    await Promise.race([all(), new Promise((r) => (t = setTimeout(r, 2000)))]);
    clearTimeout(t);
    this.started = false;
  }
}
