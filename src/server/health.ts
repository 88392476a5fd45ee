import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { MIGRATION_NAMES } from './db/migrate';
import { FileStorage } from './files/storage';

/**
 * Health for load balancers and service managers, never behind sign-in and never naming a secret:
 *
 * - `GET /livez`: the process answers (200 `{status:'ok'}`), also while it drains.
 * - `GET /readyz` (and `/healthz`): 200 when this process should be sent requests — the database
 *   answers a query, every migration is applied, file storage is writable; else 503 naming each
 *   failing part by machine name and in Chinese. 503 as well while starting and while draining
 *   (a stop has begun). Each API process answers for itself.
 *
 * Checks are a small list: the database, migrations and Redis ones are built in; file storage's
 * default is the local `DATA_DIR/files` directory, and another backend replaces it by registering a
 * check under the same name (`registerReadinessCheck('storage', …)`). A check throws (or rejects)
 * when its part is down; it gets `CHECK_TIMEOUT_MS` to answer. A non-critical check (Redis: the
 * processes keep serving without it, README "Several API processes") is reported but leaves the
 * answer 200 with `status: 'degraded'`.
 */

export interface ReadinessCheck {
  /** what a person reads when it fails, e.g. 数据库无法访问 */
  label: string;
  run: () => Promise<void>;
  /** default true: a failure makes the process not ready */
  critical?: boolean;
}

const CHECK_TIMEOUT_MS = 3000;
const registered = new Map<string, ReadinessCheck>();

/** Adds (or, under a built-in name such as `storage`, replaces) a readiness check of every app in this process. */
export function registerReadinessCheck(name: string, check: ReadinessCheck) {
  registered.set(name, check);
}

export function unregisterReadinessCheck(name: string) {
  registered.delete(name);
}

export type HealthState = 'starting' | 'ready' | 'draining';

const STATE_MSG: Record<HealthState, string> = { starting: '服务正在启动', ready: '服务就绪', draining: '服务正在停止' };

export interface Health {
  readonly state: HealthState;
  /** readiness turns 503 (the first step of a stop) */
  drain(): void;
  markReady(): void;
  /** runs every check (the readiness answer) */
  check(): Promise<{ status: number; body: ReadinessBody }>;
}

export interface ReadinessBody {
  status: 'ok' | 'degraded' | 'unavailable';
  state: HealthState;
  message: string;
  checks: { name: string; ok: boolean; critical: boolean; message?: string }[];
}

const byApp = new WeakMap<FastifyInstance, Health>();

/** The health of an app built by buildApp (main.ts drains it when a stop begins). */
export function healthOf(app: FastifyInstance): Health {
  const h = byApp.get(app);
  if (!h) throw new Error('health: app has no health routes');
  return h;
}

function withTimeout(p: Promise<void>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)));
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** The built-in checks of one app. */
function builtInChecks(ctx: AppContext): Map<string, ReadinessCheck> {
  let migrated = false;
  const checks = new Map<string, ReadinessCheck>();
  checks.set('database', { label: '数据库无法访问', run: async () => void (await sql`select 1`.execute(ctx.db)) });
  checks.set('migrations', {
    label: '数据库迁移未完成',
    run: async () => {
      // once every migration is applied it stays so: asked until then (another machine may be migrating)
      if (migrated) return;
      const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(ctx.db);
      const applied = new Set(rows.rows.map((r) => r.name));
      if (MIGRATION_NAMES.some((n) => !applied.has(n))) throw new Error('pending migrations');
      migrated = true;
    },
  });
  if (ctx.authChanges.ping) {
    const ping = ctx.authChanges.ping.bind(ctx.authChanges);
    checks.set('redis', { label: 'Redis 无法访问（会话变化改由数据库判定，各进程仍可服务）', critical: false, run: ping });
  }
  const dataDir = ctx.config.dataDir;
  if (ctx.config.storage.kind === 's3') {
    // the shared bucket: one cheap authenticated request (files/storage-s3.ts ping)
    const store = FileStorage.for(ctx.config);
    checks.set('storage', { label: '对象存储无法访问', run: () => store.ping() });
  } else if (dataDir) {
    checks.set('storage', {
      label: '文件存储不可写',
      run: async () => {
        const dir = join(dataDir, 'files', 'tmp');
        await mkdir(dir, { recursive: true });
        const probe = join(dir, `.ready-${process.pid}-${randomBytes(4).toString('hex')}`);
        try {
          await writeFile(probe, 'ok');
        } finally {
          await rm(probe, { force: true });
        }
      },
    });
  }
  return checks;
}

export function createHealth(ctx: AppContext): Health {
  let state: HealthState = 'starting';
  const own = builtInChecks(ctx);
  return {
    get state() {
      return state;
    },
    drain() {
      state = 'draining';
    },
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    async check() {
      if (state !== 'ready') {
        return { status: 503, body: { status: 'unavailable', state, message: STATE_MSG[state], checks: [{ name: state, ok: false, critical: true, message: STATE_MSG[state] }] } };
      }
      const all = new Map([...own, ...registered]);
      const checks = await Promise.all(
        [...all].map(async ([name, c]) => {
          const critical = c.critical !== false;
          try {
            await withTimeout(c.run(), CHECK_TIMEOUT_MS);
            return { name, ok: true, critical };
          } catch (err) {
            ctx.log.warn({ event: 'readiness.failed', check: name, err }, `就绪检查失败：${c.label}（${name}）`);
            return { name, ok: false, critical, message: c.label };
          }
        }),
      );
      const failing = checks.filter((c) => !c.ok);
      const down = failing.filter((c) => c.critical);
      const status = down.length ? 'unavailable' : failing.length ? 'degraded' : 'ok';
      const message = failing.length ? failing.map((c) => `${c.message}（${c.name}）`).join('；') : STATE_MSG.ready;
      return { status: down.length ? 503 : 200, body: { status, state, message, checks } };
    },
  };
}

/** /livez, /readyz and /healthz; quiet in the log (a balancer asks every few seconds). */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): Health {
  const health = createHealth(ctx);
  byApp.set(app, health);
  app.addHook('onReady', async () => health.markReady());
  const common = { logLevel: 'warn' as const };
  app.get('/livez', { ...common, schema: { tags: ['health'], summary: '存活检查：进程能应答即 200' } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  const readiness = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    const { status, body } = await health.check();
    reply.header('cache-control', 'no-store');
    return reply.status(status).send(body);
  };
  const readySchema = { tags: ['health'], summary: '就绪检查：数据库、迁移、文件存储（及 Redis）正常时 200，启动中、停止中或某部分故障时 503 并说明原因' };
  app.get('/readyz', { ...common, schema: readySchema }, readiness);
  app.get('/healthz', { ...common, schema: { ...readySchema, summary: '同 /readyz' } }, readiness);
  return health;
}
