import cluster from 'node:cluster';
import { existsSync, writeFileSync, chmodSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { loadConfig, type Config } from './config';
import { keyRingOf, openDatabase } from './db/database';
import { isFreshDataDir, pgliteBasePath } from './db/pglite-base';
import { migrateToLatest, withStartLock } from './db/migrate';
import { loadEntityFiles } from './records/entities';
import { createContext } from './context';
import { buildApp } from './app';
import { PLATFORM_NAME } from '../contract/product';
import { LogSmsSender } from './security/sms';
import { seed } from './db/seed';
import { ConfigError } from './records/entities';
import { resumeHlsJobs } from './files/hls';
import { createLogger, lifecycleLogger, logEvent } from './log';
import { healthOf } from './health';

const clientDir = resolve('dist/client');
/** The password the README gives the demo accounts: printing it tells nothing; any other is a secret and is not printed. */
const DOCUMENTED_DEMO_PASSWORD = 'Demo@123456';

/**
 * `npm start` (package.json: `exec node --import tsx src/server/main.ts`, so that the signal a service
 * manager sends to npm reaches this process): build the client if needed, open the database,
 * migrate, seed once, listen. API_PROCESSES=N (PostgreSQL only): this process migrates and seeds,
 * then N worker processes (node:cluster) share the port; a worker that dies is replaced. What they
 * must share lives in PostgreSQL and, with REDIS_URL, in Redis (src/server/http/auth-changes.ts).
 *
 * Everything is logged as JSON events (log.ts). SIGTERM or SIGINT stops it: readiness turns 503,
 * the listener closes and in-flight requests finish (at most SHUTDOWN_TIMEOUT_SECONDS), background
 * work stops and hands back its jobs, the database is closed, exit 0 — each step an event
 * `shutdown.*`. With several processes the first one stops the workers the same way, then itself.
 */
async function main(log: Logger) {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, log, { worker: true });

  if (!existsSync(resolve(clientDir, 'index.html')) && process.env.SKIP_CLIENT_BUILD !== '1') {
    buildClient(log);
    // as `npm run build` does: the build's memory is spent already, so the first open need not run initdb
    if (!config.databaseUrl && config.dataDir && isFreshDataDir(config.dataDir) && !existsSync(pgliteBasePath())) makeDatabaseBase(log);
  }
  if (config.apiProcesses > 1 && !config.databaseUrl) {
    throw new ConfigError(`API_PROCESSES=${config.apiProcesses} 需要 PostgreSQL（DATABASE_URL）：内嵌数据库 PGlite 只能由一个进程打开`);
  }
  if (config.apiProcesses === 1) return serve(config, log, { worker: false });
  return supervise(config, log);
}

/** The first start of a clone: `vite build`, its output folded into one event. */
function buildClient(log: Logger) {
  logEvent(log, 'client.build', { state: 'started' }, '首次启动：正在构建浏览器端（vite build）…');
  const started = Date.now();
  const r = spawnSync(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
  if (r.status === 0) logEvent(log, 'client.build', { state: 'done', ms: Date.now() - started }, '浏览器端构建完成');
  else logEvent(log, 'client.build', { state: 'failed', status: r.status, output }, '浏览器端构建失败，仅启动接口服务。', 'error');
}

/** The embedded database's empty cluster, made by a child process: initdb's memory is its, not the server's. */
function makeDatabaseBase(log: Logger) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', resolve('src/server/db/pglite-base.ts')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) logEvent(log, 'database.base', { state: 'failed', status: r.status, output: `${r.stderr ?? ''}`.trim().slice(-2000) }, '内嵌数据库初始模板生成失败，改为在本进程内初始化', 'warn');
}

/**
 * Opens the database and the context; the first process also migrates and seeds — under one
 * advisory lock on PostgreSQL, so that several machines starting at once take turns (withStartLock).
 */
async function open(config: Config, log: Logger, migrate: boolean) {
  const onConnectionError = (err: Error) => logEvent(log, 'database.connection-lost', { err }, '数据库连接已断开，下次使用时重新连接', 'warn');
  const { db, kind } = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, onConnectionError } : { dataDir: config.dataDir! });
  stopping.database = () => db.destroy();
  logEvent(log, 'database.opened', { kind }, kind === 'pglite' ? `数据库：内嵌 PGlite（${config.dataDir}）` : '数据库：PostgreSQL');
  const ring = keyRingOf(db);
  if (ring.development) {
    logEvent(log, 'data-keys.development', { cipher: ring.cipher, keyId: ring.current }, '警告：个人信息加密密钥取自公开的开发密钥（未配置 DATA_KEYS / DATA_KEYS_FILE），仅供演示与开发；生产环境必须配置密钥', 'warn');
  }
  // the demo's phone: texts go to DATA_DIR/sms-outbox.jsonl, never to the log (security/sms.ts)
  const sms = new LogSmsSender(() => rootLog, config.dataDir ? join(config.dataDir, 'sms-outbox.jsonl') : null);
  const ctx = createContext({ db, dbKind: kind, config, sms, log: rootLog });
  const report = migrate
    ? await withStartLock(db, kind, async () => {
        await migrateToLatest(db, undefined, loadEntityFiles(config.schemaDirs));
        logEvent(log, 'database.migrated', {}, '数据库迁移完成');
        return seed(ctx);
      })
    : null;
  return { db, kind, ctx, report };
}

/** Where the platform is and the demo accounts (once, by the first process), as events. */
function announce(config: Config, log: Logger, kind: string, report: Awaited<ReturnType<typeof seed>>) {
  const base = `http://${config.host}:${config.port}`;
  const docs = config.apiDocs === 'off' ? null : `${base}/swagger`;
  logEvent(
    log,
    'server.listening',
    { url: `${base}/dj/`, database: kind, processes: config.apiProcesses, redis: !!config.redisUrl, apiDocs: config.apiDocs, apiDocsUrl: docs, readiness: `${base}/readyz` },
    `${PLATFORM_NAME}已启动：${base}/dj/`,
  );
  if (config.apiProcesses > 1) logEvent(log, 'server.processes', { processes: config.apiProcesses, redis: !!config.redisUrl }, `接口进程：${config.apiProcesses} 个；会话与权限变化${config.redisUrl ? '经 Redis 通知每个进程' : '不缓存（未配置 REDIS_URL）'}`);
  if (report.accounts.length && config.seedDemo) {
    const shown = config.demoPassword === DOCUMENTED_DEMO_PASSWORD ? config.demoPassword : null;
    logEvent(
      log,
      'demo.accounts',
      { accounts: report.accounts.map((a) => ({ userName: a.userName, description: a.description })), password: shown ?? '（DEMO_PASSWORD 的值）' },
      `演示账号（密码 ${shown ?? 'DEMO_PASSWORD 的值'}）：${report.accounts.map((a) => a.userName).join('、')}`,
    );
  } else if (report.accounts.length) {
    // a generated password is a secret: it goes to a file only its owner reads, never to the log
    for (const a of report.accounts) {
      const file = join(config.dataDir ?? '.', `initial-password-${a.userName}`);
      writeFileSync(file, `${a.password}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
      logEvent(log, 'seed.initial-account', { userName: a.userName, passwordFile: file }, `已创建管理员 ${a.userName}：${a.description}；初始密码在 ${file}（仅所有者可读，登录后请修改并删除该文件）`);
    }
  }
  for (const n of report.notes) logEvent(log, 'seed.note', {}, n);
}

/** What a stop must still close, filled in as the start gets there (a signal may come at any step). */
const stopping: { database?: () => Promise<void>; run?: (signal: string) => Promise<void> } = {};

/** One API process: the only one (migrates, seeds, announces) or a worker of `supervise`. */
async function serve(config: Config, log: Logger, { worker }: { worker: boolean }) {
  const { kind, ctx, report } = await open(config, log, !worker);
  // request and diagnostic lines follow LOG_LEVEL; `log` (lifecycle events) is always written
  const app = await buildApp(ctx, { clientDir, loggerInstance: rootLog });
  if (report) {
    // videos without a playlist yet (the demo's, or files from before the job queue) are queued for packaging
    void resumeHlsJobs(ctx).catch((err) => log.warn({ err, event: 'hls.resume-failed' }, 'HLS packaging could not resume'));
  }
  stopping.run = async (signal) => {
    const health = healthOf(app);
    health.drain();
    logEvent(log, 'shutdown.draining', { signal, drainSeconds: config.shutdownDrainSeconds }, '就绪检查已转为 503（draining）');
    if (config.shutdownDrainSeconds > 0) await new Promise((r) => setTimeout(r, config.shutdownDrainSeconds * 1000));
    // the listener closes at once; requests in flight get SHUTDOWN_TIMEOUT_SECONDS, then their connections are cut
    let cut = false;
    const timer = setTimeout(() => {
      cut = true;
      logEvent(log, 'shutdown.timeout', { timeoutSeconds: config.shutdownTimeoutSeconds }, `进行中的请求 ${config.shutdownTimeoutSeconds} 秒内未完成，连接已断开`, 'warn');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutSeconds * 1000);
    // onClose: the job runner hands its running jobs back to the queue (jobs/runner.ts, its own event
    // jobs.stop lists them), the domains' background work and the session-change channel stop
    await app.close();
    clearTimeout(timer);
    logEvent(log, 'shutdown.http-closed', { requestsCut: cut }, cut ? '接口已停止（部分请求被中断）' : '接口已停止，进行中的请求均已完成');
    await ctx.jobs.stop();
    logEvent(log, 'shutdown.jobs-handed-back', {}, '后台任务已停止；未完成的任务已交还队列，由任一进程继续');
  };
  await app.listen({ port: config.port, host: config.host });
  if (report) announce(config, log, kind, report);
  else logEvent(log, 'worker.listening', { worker: cluster.worker?.id }, `接口进程 ${process.pid} 已就绪`);
}

/** The first of several processes: migrates and seeds, then keeps API_PROCESSES workers listening. */
async function supervise(config: Config, log: Logger) {
  const { kind, ctx, report: seeded } = await open(config, log, true);
  const report = seeded!;
  void resumeHlsJobs(ctx).catch((err) => log.warn({ err, event: 'hls.resume-failed' }, 'HLS packaging could not resume'));
  let down = false;
  const fork = () => {
    const w = cluster.fork();
    w.on('exit', (code, signal) => {
      if (down) return;
      logEvent(log, 'worker.exited', { workerPid: w.process.pid, code, signal, restarting: true }, `接口进程 ${w.process.pid} 已退出（${signal ?? code}），正在重新启动`, 'error');
      setTimeout(() => !down && fork(), 1000);
    });
    return new Promise<void>((ok) => w.once('listening', () => ok()));
  };
  stopping.run = async (signal) => {
    down = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    logEvent(log, 'shutdown.workers-stopping', { signal, workers: workers.map((w) => w!.process.pid) }, `正在停止 ${workers.length} 个接口进程`);
    const codes = await Promise.all(workers.map((w) => new Promise<number | string | null>((ok) => {
      // a worker that has not ended well after its own bound is killed
      const kill = setTimeout(() => w!.process.kill('SIGKILL'), (config.shutdownDrainSeconds + config.shutdownTimeoutSeconds + 10) * 1000);
      w!.once('exit', (code, sig) => {
        clearTimeout(kill);
        ok(sig ?? code);
      });
      w!.process.kill('SIGTERM');
    })));
    logEvent(log, 'shutdown.workers-stopped', { exits: codes }, '接口进程均已停止');
    await ctx.jobs.stop();
    logEvent(log, 'shutdown.jobs-handed-back', {}, '后台任务已停止；未完成的任务已交还队列，由任一进程继续');
    await ctx.authChanges.close();
  };
  await Promise.all(Array.from({ length: config.apiProcesses }, fork));
  announce(config, log, kind, report);
}

/** SIGTERM and SIGINT, once: later signals (npm forwards the terminal's Ctrl-C a second time) are noted only. */
function onSignals(log: Logger) {
  let begun = false;
  const stop = async (signal: string) => {
    if (begun) return logEvent(log, 'shutdown.signal-repeated', { signal }, `已在停止中（再次收到 ${signal}）`);
    begun = true;
    const started = Date.now();
    logEvent(log, 'shutdown.begin', { signal, role: cluster.isWorker ? 'worker' : 'primary' }, `收到 ${signal}，开始停止`);
    let code = 0;
    try {
      if (stopping.run) await stopping.run(signal);
      if (stopping.database) {
        await stopping.database();
        logEvent(log, 'shutdown.database-closed', {}, '数据库已关闭');
      }
    } catch (err) {
      code = 1;
      log.error({ err, event: 'shutdown.failed' }, '停止过程出错');
    }
    logEvent(log, 'shutdown.done', { exitCode: code, ms: Date.now() - started }, '已停止');
    log.flush?.();
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

// before the configuration is read: a start that fails logs its reason as JSON too
const rootLog = createLogger(process.env.LOG_LEVEL || 'info', { pretty: process.env.LOG_PRETTY === '1' });
const lifeLog = lifecycleLogger(rootLog);
onSignals(lifeLog);
main(lifeLog).catch((err) => {
  // a configuration error names its file and JSON pointer; nothing more is useful
  if (err instanceof ConfigError) logEvent(lifeLog, 'start.failed', { reason: err.message }, `启动失败：${err.message}`, 'error');
  else lifeLog.error({ err, event: 'start.failed' }, `启动失败：${err instanceof Error ? err.message : String(err)}`);
  lifeLog.flush?.();
  process.exit(1);
});
