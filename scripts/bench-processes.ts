/**
 * Several API processes: throughput and p99 of an authenticated read
 * (PermissionService/GetCurrentUserPermissionNames, round-robin over many members' tokens) for
 * one process and for API_PROCESSES=2, with the session cache in memory, with Redis, and without
 * any cache. A fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL) is created and
 * dropped; Redis at BENCH_REDIS_URL (default redis://127.0.0.1:6379).
 * Run: npx tsx scripts/bench-processes.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=40, BENCH_MEMBERS=300)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 40);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 300);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const freePort = () => new Promise<number>((res) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as any).port; s.close(() => res(p)); }); });

function start(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('已启动') && resolve(child));
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}
const stop = (c: ChildProcess) => new Promise<void>((r) => { c.once('exit', () => r()); c.kill('SIGTERM'); });

async function main() {
  const database = `dj_bench_procs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const u = new URL(pgUrl);
  u.pathname = `/${database}`;
  const databaseUrl = u.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'party-bench-procs-'));
  const common = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', JWT_SECRET: 'bench-processes', REDIS_PREFIX: `bench${randomBytes(3).toString('hex')}:` };
  const variants: [string, Record<string, string>][] = [
    ['1 process, sessions kept in memory (default)', { API_PROCESSES: '1', REDIS_URL: '' }],
    ['1 process, nothing kept (SESSION_CACHE_SECONDS=0)', { API_PROCESSES: '1', REDIS_URL: '', SESSION_CACHE_SECONDS: '0' }],
    ['1 process, kept, checked in Redis', { API_PROCESSES: '1', REDIS_URL: redisUrl }],
    ['API_PROCESSES=2, kept, checked in Redis', { API_PROCESSES: '2', REDIS_URL: redisUrl }],
    ['API_PROCESSES=2, no Redis (nothing kept)', { API_PROCESSES: '2', REDIS_URL: '' }],
  ];
  const rows: string[] = [];
  try {
    for (const [title, env] of variants) {
      const port = await freePort();
      const server = await start({ ...common, ...env, PORT: String(port) });
      const base = `http://127.0.0.1:${port}`;
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      const phones = (await c.query(`select user_name from users where user_type = 0 and phone_number is not null order by id limit ${MEMBERS}`)).rows.map((r) => r.user_name);
      await c.end();
      const tokens: string[] = [];
      for (const p of phones) {
        const s = await (await fetch(`${base}/api/TokenAuth/Sigin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: p, password: 'Demo@123456' }) })).json();
        if (s.success) tokens.push(s.result.accessToken);
      }
      let i = 0;
      const path = '/api/services/app/PermissionService/GetCurrentUserPermissionNames';
      const requests = [{ method: 'GET', path, setupRequest: (req: any) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[i++ % tokens.length]}` } }) }];
      await autocannon({ url: base, connections: CONNECTIONS, duration: 2, requests }); // warm-up
      const r = await autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests });
      rows.push(`| ${title} | ${Math.round(r.requests.average)} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.errors + r.non2xx} |`);
      console.log(rows.at(-1));
      await stop(server);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${MEMBERS} members, ${CONNECTIONS} connections, ${SECONDS} s\n| variant | requests/s | p50 | p99 | errors |\n|---|---|---|---|---|\n${rows.join('\n')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
