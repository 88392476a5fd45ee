/**
 * ResrouceStudy throughput and p99 latency (issue 6), side by side with a minimal Fastify endpoint
 * doing one single-row upsert: on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a fresh
 * database is created and dropped) and on the embedded default (PGlite).
 * Run: npx tsx scripts/bench-study.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=20, BENCH_MEMBERS=100, BENCH_ROUNDS=3;
 *   BENCH_ONLY=pg|pglite runs one database; BENCH_PROFILE=<dir> writes the platform server's CPU profile there)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const freePort = () => new Promise<number>((res) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as any).port; s.close(() => res(p)); }); });

function start(script: string, env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const profile = process.env.BENCH_PROFILE && script.endsWith('main.ts') ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes(ready) && resolve(child));
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

async function run(title: string, url: string, requests: any[]) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
  return { title, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function platform(databaseUrl: string | null) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'party-bench-'));
  const server = await start('src/server/main.ts', { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', STUDY_DAILY_CAP_HOURS: '24' }, '演示数据');
  const base = `http://127.0.0.1:${port}`;
  const post = async (path: string, body: unknown, token?: string) => (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json();
  const get = async (path: string, token: string) => (await fetch(base + path, { headers: { authorization: `Bearer ${token}` } })).json();
  // members of the demo province sign in (user name = phone) and open the sample video
  const dbUrl = databaseUrl;
  let phones: string[];
  if (dbUrl) {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    phones = (await c.query(`select phone_number from users where user_type = 0 and phone_number is not null order by id limit ${MEMBERS}`)).rows.map((r) => r.phone_number);
    await c.end();
  } else {
    phones = Array.from({ length: MEMBERS }, (_, i) => `1380000000${i + 1}`).slice(0, 1);
  }
  const tokens: string[] = [];
  for (const p of phones) {
    const s = await post('/api/TokenAuth/Sigin', { userName: p, password: 'Demo@123456' });
    if (s.success) tokens.push(s.result.accessToken);
  }
  if (!dbUrl) {
    // PGlite: no second connection to list phone numbers; sign in the named demo accounts instead
    for (const u of ['member', 'teacher', 'cityadmin', 'districtadmin', 'district2admin', 'branchadmin']) {
      const s = await post('/api/TokenAuth/Sigin', { userName: u, password: 'Demo@123456' });
      if (s.success) tokens.push(s.result.accessToken);
    }
  }
  const list = await get('/api/services/app/ResourceLibaryService/GetOrganResourceList?ResourceType=1', tokens[0]);
  const videoId = list.result.items[0].id;
  for (const t of tokens) await get(`/api/services/app/ResourceLibaryService/GetByIdAutoIncr?id=${videoId}`, t);
  let i = 0;
  const requests: any[] = [{
    method: 'POST', path: '/api/services/app/ResourceLibaryService/ResrouceStudy',
    setupRequest: (req: any) => ({ ...req, headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i++ % tokens.length]}` }, body: JSON.stringify({ periodSource: 1, resouceId: videoId }) }),
  }];
  return {
    title: `ResrouceStudy (${tokens.length} members)`, url: base, requests,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.on('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function baseline(databaseUrl: string | null) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'party-bench-base-'));
  const server = await start('scripts/bench-baseline-server.ts', { PORT: String(port), BASELINE_DATABASE_URL: databaseUrl ?? '', BASELINE_DATA_DIR: databaseUrl ? '' : dataDir }, 'baseline ready');
  let i = 0;
  return {
    title: 'minimal Fastify + single-row upsert', url: `http://127.0.0.1:${port}`,
    requests: [{ method: 'POST', path: '/upsert', setupRequest: (req: any) => ({ ...req, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: (i++ % MEMBERS) + 1 }) }) }],
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.on('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Target = Awaited<ReturnType<typeof baseline>>;
type Result = Awaited<ReturnType<typeof run>>;

/** Both servers up at once, measured in alternation (A B A B …), so load from elsewhere on the machine hits both alike. */
async function compare(b: Target, a: Target) {
  const rb: Result[] = [];
  const ra: Result[] = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      rb.push(await run(b.title, b.url, b.requests));
      ra.push(await run(a.title, a.url, a.requests));
    }
  } finally {
    await a.stop();
    await b.stop();
  }
  return { a: ra, b: rb };
}

const rows: string[] = [];
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const report = (db: string, { a, b }: { a: Result[]; b: Result[] }) => {
  const line = (rs: Result[]) => `| ${db} | ${rs[0].title} | ${median(rs.map((r) => r.rps)).toFixed(0)} (${rs.map((r) => r.rps.toFixed(0)).join(', ')}) | ${median(rs.map((r) => r.p99))} ms | ${rs.reduce((n, r) => n + r.errors, 0)} |`;
  rows.push(line(b), line(a));
  const ratios = a.map((r, i) => r.rps / b[i].rps);
  rows.push(`| ${db} | ratio, median of rounds | **${median(ratios).toFixed(2)}×** (${ratios.map((x) => x.toFixed(2)).join(', ')}) | | |`);
};

const only = process.env.BENCH_ONLY;
if (pgUrl && only !== 'pglite') {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const name = `bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = pgUrl.replace(/\/[^/]*$/, `/${name}`);
  try {
    report('PostgreSQL', await compare(await baseline(url), await platform(url)));
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}
if (only !== 'pg') {
  report('PGlite (embedded)', await compare(await baseline(null), await platform(null)));
}
console.log(`\n${ROUNDS} alternating rounds of ${SECONDS} s each, ${CONNECTIONS} connections, autocannon, loopback\n`);
console.log('| database | endpoint | requests/s, median (rounds) | p99, median | errors |\n|---|---|---|---|---|');
console.log(rows.join('\n'));
