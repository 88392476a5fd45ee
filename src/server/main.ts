import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest, withStartLock } from './db/migrate';
import { loadEntityFiles } from './records/entities';
import { createContext } from './context';
import { buildApp } from './app';
import { PLATFORM_NAME } from '../contract/product';
import { LogSmsSender } from './security/sms';
import { seed } from './db/seed';
import { ConfigError } from './records/entities';
import { resumeHlsJobs } from './files/hls';

const clientDir = resolve('dist/client');

/**
 * `npm start`: build the client if needed, open the database, migrate, seed once, listen.
 * API_PROCESSES=N (PostgreSQL only): this process migrates and seeds, then N worker processes
 * (node:cluster) share the port; a worker that dies is replaced. What they must share lives in
 * PostgreSQL and, with REDIS_URL, in Redis (src/server/http/auth-changes.ts).
 */
async function main() {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, { worker: true });

  if (!existsSync(resolve(clientDir, 'index.html')) && process.env.SKIP_CLIENT_BUILD !== '1') {
    console.log('首次启动：正在构建浏览器端（vite build）…');
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (r.status !== 0) console.error('浏览器端构建失败，仅启动接口服务。');
  }
  if (config.apiProcesses > 1 && !config.databaseUrl) {
    throw new ConfigError(`API_PROCESSES=${config.apiProcesses} 需要 PostgreSQL（DATABASE_URL）：内嵌数据库 PGlite 只能由一个进程打开`);
  }
  if (config.apiProcesses === 1) return serve(config, { worker: false });
  return supervise(config);
}

/**
 * Opens the database and the context; the first process also migrates and seeds — under one
 * advisory lock on PostgreSQL, so that several machines starting at once take turns (withStartLock).
 */
async function open(config: Config, migrate: boolean, log?: () => { info: (o: unknown, m?: string) => void }) {
  const { db, kind } = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir! });
  const sms = new LogSmsSender(() => (log ? log() : (console as never)));
  const ctx = createContext({ db, dbKind: kind, config, sms });
  const report = migrate
    ? await withStartLock(db, kind, async () => {
        await migrateToLatest(db, undefined, loadEntityFiles(config.schemaDirs));
        return seed(ctx);
      })
    : null;
  return { db, kind, ctx, report };
}

/** Prints where the platform is and the demo accounts (once, by the first process). */
function announce(config: Config, kind: string, report: Awaited<ReturnType<typeof seed>>) {
  const base = `http://${config.host}:${config.port}`;
  console.log(`\n${PLATFORM_NAME}已启动：${base}/dj/`);
  console.log(`数据库：${kind === 'pglite' ? `内嵌 PGlite（${config.dataDir}）` : 'PostgreSQL'}；接口文档：${base}/swagger`);
  if (config.apiProcesses > 1) console.log(`接口进程：${config.apiProcesses} 个；会话与权限变化${config.redisUrl ? '经 Redis 通知每个进程' : '不缓存（未配置 REDIS_URL）'}`);
  if (report.accounts.length) {
    console.log('演示账号：');
    for (const a of report.accounts) console.log(`  ${a.userName.padEnd(12)} ${a.password.padEnd(14)} ${a.description}`);
  }
  if (report.notes.length) for (const n of report.notes) console.log(n);
}

/** One API process: the only one (migrates, seeds, announces) or a worker of `supervise`. */
async function serve(config: Config, { worker }: { worker: boolean }) {
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const { db, kind, ctx, report } = await open(config, !worker, () => (app ? app.log : console) as never);
  app = await buildApp(ctx, { clientDir, logger: { level: config.logLevel } });
  if (report) {
    // videos without a playlist yet (the demo's, or a job a restart cut short) are packaged in the background
    void resumeHlsJobs(ctx).catch((err) => app!.log.warn({ err }, 'HLS packaging could not resume'));
    await app.listen({ port: config.port, host: config.host });
    announce(config, kind, report);
  } else {
    await app.listen({ port: config.port, host: config.host });
  }
  onStop(async () => {
    await app!.close();
    await db.destroy();
  });
}

/** The first of several processes: migrates and seeds, then keeps API_PROCESSES workers listening. */
async function supervise(config: Config) {
  const { db, kind, ctx, report } = await open(config, true);
  void resumeHlsJobs(ctx).catch((err) => console.warn('HLS packaging could not resume', err));
  let stopping = false;
  const fork = () => {
    const w = cluster.fork();
    w.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`接口进程 ${w.process.pid} 已退出（${signal ?? code}），正在重新启动`);
      setTimeout(fork, 1000);
    });
    return new Promise<void>((ok) => w.once('listening', () => ok()));
  };
  await Promise.all(Array.from({ length: config.apiProcesses }, fork));
  announce(config, kind, report!);
  onStop(async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    await Promise.all(workers.map((w) => new Promise<void>((ok) => {
      w!.once('exit', () => ok());
      w!.process.kill('SIGTERM');
    })));
    await ctx.authChanges.close();
    await db.destroy();
  });
}

function onStop(stop: () => Promise<void>) {
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    try {
      await stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((err) => {
  // a configuration error names its file and JSON pointer; nothing more is useful
  if (err instanceof ConfigError) console.error(`启动失败：${err.message}`);
  else console.error('启动失败：', err);
  process.exit(1);
});
