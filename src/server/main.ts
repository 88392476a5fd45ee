import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { loadEntityFiles } from './records/entities';
import { createContext } from './context';
import { buildApp } from './app';
import { PLATFORM_NAME } from '../contract/product';
import { LogSmsSender } from './security/sms';
import { seed } from './db/seed';
import { ConfigError } from './records/entities';
import { FileStorage } from './files/storage';
import { resumeHlsJobs } from './files/hls';

/** `npm start`: build the client if needed, open the database, migrate, seed once, listen. */
async function main() {
  const config = loadConfig();
  const clientDir = resolve('dist/client');
  if (!existsSync(resolve(clientDir, 'index.html')) && process.env.SKIP_CLIENT_BUILD !== '1') {
    console.log('首次启动：正在构建浏览器端（vite build）…');
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (r.status !== 0) console.error('浏览器端构建失败，仅启动接口服务。');
  }

  const { db, kind } = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir! });
  await migrateToLatest(db, undefined, loadEntityFiles(config.schemaDirs));
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const sms = new LogSmsSender(() => app!.log);
  const ctx = createContext({ db, dbKind: kind, config, sms });
  app = await buildApp(ctx, { clientDir, logger: { level: config.logLevel } });
  const report = await seed(ctx);
  // videos without a playlist yet (the demo's, or a job a restart cut short) are packaged in the background
  void resumeHlsJobs(ctx, FileStorage.for(config.dataDir)).catch((err) => app!.log.warn({ err }, 'HLS packaging could not resume'));

  await app.listen({ port: config.port, host: config.host });
  const base = `http://${config.host}:${config.port}`;
  console.log(`\n${PLATFORM_NAME}已启动：${base}/dj/`);
  console.log(`数据库：${kind === 'pglite' ? `内嵌 PGlite（${config.dataDir}）` : 'PostgreSQL'}；接口文档：${base}/swagger`);
  if (report.accounts.length) {
    console.log('演示账号：');
    for (const a of report.accounts) console.log(`  ${a.userName.padEnd(12)} ${a.password.padEnd(14)} ${a.description}`);
  }
  if (report.notes.length) for (const n of report.notes) console.log(n);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app!.log.info({ signal }, '正在停止服务');
    try {
      await app!.close();
      await db.destroy();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // a configuration error names its file and JSON pointer; nothing more is useful
  if (err instanceof ConfigError) console.error(`启动失败：${err.message}`);
  else console.error('启动失败：', err);
  process.exit(1);
});
