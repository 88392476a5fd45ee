/**
 * ResrouceStudy throughput and p99 latency, side by side with a minimal Fastify endpoint
 * doing one single-row upsert: on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a fresh
 * database is created and dropped) and on the embedded default (PGlite).
 * Run: npx tsx scripts/bench-study.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=20, BENCH_MEMBERS=100, BENCH_ROUNDS=3;
 *   BENCH_ONLY=pg|pglite runs one database; BENCH_PROFILE=<dir> writes the platform server's CPU profile there)
 *
 * BENCH_MODE=cadence: reports at a real cadence on PostgreSQL — see cadence() below.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { RawClient, bulkMembers, dbCpu, freePort, freshDatabase, newSecret, openLoop, pct, procCpu, start, stop, type Answer } from './bench-kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

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
  // members of the demo province sign in (by account name: the phone column is sealed) and open the sample video
  const dbUrl = databaseUrl;
  let phones: string[];
  if (dbUrl) {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    phones = (await c.query(`select user_name from users where user_type = 0 and phone_number is not null order by id limit ${MEMBERS}`)).rows.map((r) => r.user_name);
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

/**
 * BENCH_MODE=cadence: ResrouceStudy at a real cadence on PostgreSQL. BENCH_MEMBERS members
 * (30000) are made in bulk in a fresh database — accounts of the member role spread over the demo
 * branches, each with a server-side session and a token signed as the product signs them
 * (services/session.ts openSession, with the server's JWT_SECRET) — and each opens a long resource
 * (the first 400 through GetResourceById, the others in bulk as openStudySession writes it) and reports once every BENCH_PERIOD seconds (60, the player's interval) with
 * `seconds: PERIOD`, staggered evenly, for BENCH_SECONDS (180). Every report is past the 5-second
 * session cache and credits time, so the day's sum and both upserts run each time.
 *
 * Open loop: report k is due at t0 + k / rate (rate = members / period) whatever the server's answers;
 * latency counts from the due time, so a server that falls behind shows it. BENCH_SOCKETS (256)
 * keep-alive connections carry them.
 *
 * Before the members play, as in a fresh product, the database is analyzed (the study tables are empty)
 * and a few members report (the function's plans are made then, per connection); then BENCH_HISTORY_DAYS (30) days of history are written for
 * every member (study_days rows, totals). BENCH_STATS=stale (default) leaves the study tables'
 * statistics as they were (autovacuum is off on this cluster); BENCH_STATS=analyzed runs ANALYZE on them.
 * BENCH_OPEN=api opens the resource for every member through the API (GetResourceById, as the player
 * page does, so the server keeps his session when his first report comes); by default (sql) the rows
 * are written directly and every first report resolves its session.
 * BENCH_KEEP=1 keeps the database.
 */
async function cadence() {
  if (!pgUrl) throw new Error('BENCH_MODE=cadence needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');
  const N = Number(process.env.BENCH_MEMBERS ?? 30000);
  const PERIOD = Number(process.env.BENCH_PERIOD ?? 60);
  const DURATION = Number(process.env.BENCH_SECONDS ?? 180);
  const HISTORY = Number(process.env.BENCH_HISTORY_DAYS ?? 30);
  const STATS = process.env.BENCH_STATS ?? 'stale';
  const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 256);
  const t00 = Date.now();
  const step = (what: string) => console.log(`${((Date.now() - t00) / 1000).toFixed(1).padStart(6)} s  ${what}`);

  const fresh = await freshDatabase(pgUrl, 'bench_cadence');
  const { name, url } = fresh;
  const secret = newSecret();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'party-bench-cadence-'));
  const server = await start('src/server/main.ts', { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: url, SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', STUDY_DAILY_CAP_HOURS: '24', JWT_SECRET: secret }, '演示数据');
  step('server up (migrated, demo seed)');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // a resource long enough never to be completed, published by the province
    const res = Number((await c.query(`insert into resources (organ_id, organ_path, name, resource_type, duration_seconds)
      select id, organ_path, '基准长课', 1, 3600000 from organizations where parent_id is null order by id limit 1 returning id`)).rows[0].id);
    const { base, tokens } = await bulkMembers(c, { n: N, secret, prefix: 'cadence', display: '基准党员', organSql: 'select id from organizations where organ_level = (select max(organ_level) from organizations)' });
    step(`${N} members with sessions and tokens`);

    const client = new RawClient(port, SOCKETS);
    await client.ready();
    const openPath = `/api/services/app/ResourceLibaryService/GetResourceById?id=${res}`;
    const reportPath = '/api/services/app/ResourceLibaryService/ResrouceStudy';
    const body = JSON.stringify({ periodSource: 1, resouceId: res, seconds: PERIOD });
    const report = (m: number) => client.request('POST', reportPath, tokens[m], body);
    const open = (m: number) => client.request('GET', openPath, tokens[m]);
    const all = async (n: number, f: (m: number) => Promise<Answer>) => {
      let failed = 0;
      await Promise.all(Array.from({ length: n }, (_, m) => f(m).then((a) => { if (a.status !== 200) failed++; })));
      if (failed) throw new Error(`${failed} of ${n} requests failed`);
    };
    // a fresh product: the first members play on empty tables, and every connection of the
    // server's pool makes the function's plans then
    const early = Math.min(N, 400);
    // statistics as a routine ANALYZE (or scripts/generate-province.ts) leaves them on a new database: the study tables empty
    await c.query('analyze');
    await all(early, open);
    for (let r = 0; r < 3; r++) await all(early, report);
    step(`${early} members played on empty study tables (the function's plans are made)`);
    await c.query(`insert into study_days (user_id, resource_id, day, seconds, reports)
      select u, $3::bigint, current_date - d, 600, 10 from generate_series($1::bigint + 1, $1::bigint + $2) u, generate_series(1, $4::int) d`, [base, N, res, HISTORY]);
    await c.query(`insert into study_totals as t (user_id, resource_id, seconds, completed, first_study_time, last_study_time, organ_path)
      select u.id, $2::bigint, $3::int, false, now() - interval '30 days', now() - interval '1 day', o.organ_path from users u join organizations o on o.id = u.organ_id where u.id > $1
      on conflict (user_id, resource_id) do update set seconds = t.seconds + excluded.seconds`, [base, res, HISTORY * 600]);
    step(`${HISTORY} days of history for every member (${(N * HISTORY).toLocaleString()} study_days rows)`);
    if (STATS === 'analyzed') {
      await c.query('analyze study_days, study_totals, study_sessions');
      step('study tables analyzed');
    } else step('study tables not analyzed (stale statistics)');
    if (process.env.BENCH_OPEN === 'api') {
      // the others open it as the player page does (GetResourceById): their sessions are then resolved
      // and kept by the server, as a member's are when his first report comes a minute after the page
      await all(N - early, (m) => open(m + early));
    } else {
      // the others open it as openStudySession writes it: every first report then resolves its session
      await c.query(`insert into study_sessions (user_id, auth_session_id, resource_id, opened_at, last_report_at)
        select s.user_id, s.id, $2::bigint, now(), null from auth_sessions s where s.user_id > $1::bigint + $3::int
        on conflict (user_id) do nothing`, [base, res, early]);
    }
    step(`${N} members opened the resource${process.env.BENCH_OPEN === 'api' ? ' through the API' : ''}`);

    const totals = async () => (await c.query(`select (select coalesce(sum(seconds), 0) from study_totals where user_id > $1)::bigint as total,
      (select count(*) from study_days where user_id > $1)::int as days`, [base])).rows[0];
    const before = await totals();
    const rate = N / PERIOD;
    let count = Math.floor(rate * DURATION);
    const lat = new Float64Array(count);
    const states: Record<string, number> = {};
    let credited = 0, errors = 0;
    const cpu0 = { server: procCpu(server.pid!), db: await dbCpu(c, name), bench: process.cpuUsage() };
    const t0 = performance.now() + 500;
    const windows: { n: number; lat: number[] }[] = [];
    const run = await openLoop({
      count, t0, backlog: rate * 10,
      dueMs: (k) => (k * 1000) / rate,
      send: (k) => report(k % N),
      done: (i, ms, due, a) => {
        lat[i] = ms;
        const w = Math.floor((due - t0) / 1000 / Math.min(PERIOD, 30));
        (windows[w] ??= { n: 0, lat: [] }).lat.push(ms);
        if (a.status !== 200 || !a.result) errors++;
        else { states[a.result.studyState] = (states[a.result.studyState] ?? 0) + 1; credited += a.result.credited ?? 0; }
      },
    });
    count = run.count;
    const wall = (performance.now() - t0) / 1000;
    const cpu1 = { server: procCpu(server.pid!), db: await dbCpu(c, name), bench: process.cpuUsage(cpu0.bench) };
    const after = await totals();
    client.close();
    const sorted = Array.from(lat.subarray(0, count)).sort((a, b) => a - b);
    console.log(`\nwindows of ${Math.min(PERIOD, 30)} s: reports, p50, p99 (ms)`);
    for (const [i, w] of windows.entries()) if (w) { const s = w.lat.sort((a, b) => a - b); console.log(`  ${i}: ${s.length}  ${pct(s, 0.5).toFixed(0)}  ${pct(s, 0.99).toFixed(0)}`); }
    const cpuPct = (us: number) => `${((us / 1e6 / wall) * 100).toFixed(0)} %`;
    console.log(`\n| members | period | target reports/s | sustained reports/s | p50 | p99 | max | errors | statistics |`);
    console.log(`|---|---|---|---|---|---|---|---|---|`);
    console.log(`| ${N.toLocaleString()} | ${PERIOD} s | ${rate.toFixed(0)} | ${(count / wall).toFixed(0)} | ${pct(sorted, 0.5).toFixed(0)} ms | ${pct(sorted, 0.99).toFixed(0)} ms | ${sorted[sorted.length - 1].toFixed(0)} ms | ${errors} | ${STATS} |`);
    console.log(`\n${count} reports in ${wall.toFixed(1)} s; studyState ${JSON.stringify(states)}; credited by the answers ${credited} s`);
    console.log(`written: study_totals +${Number(after.total) - Number(before.total)} s, study_days +${after.days - before.days} rows (today's, first report of each member)`);
    console.log(`CPU over the run: server ${cpuPct(cpu1.server - cpu0.server)}, PostgreSQL backends ${cpuPct(cpu1.db - cpu0.db)}, load generator ${cpuPct(cpu1.bench.user + cpu1.bench.system)} (of one core)`);
    if (Number(after.total) - Number(before.total) !== credited) console.log('!! the credit written differs from the credit answered');
  } finally {
    await c.end();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    await fresh.drop();
  }
}

if (process.env.BENCH_MODE === 'cadence') {
  await cadence();
} else {
  const only = process.env.BENCH_ONLY;
  if (pgUrl && only !== 'pglite') {
    const fresh = await freshDatabase(pgUrl, 'bench');
    try {
      report('PostgreSQL', await compare(await baseline(fresh.url), await platform(fresh.url)));
    } finally {
      await fresh.drop();
    }
  }
  if (only !== 'pg') {
    report('PGlite (embedded)', await compare(await baseline(null), await platform(null)));
  }
  console.log(`\n${ROUNDS} alternating rounds of ${SECONDS} s each, ${CONNECTIONS} connections, autocannon, loopback\n`);
  console.log('| database | endpoint | requests/s, median (rounds) | p99, median | errors |\n|---|---|---|---|---|');
  console.log(rows.join('\n'));
}
