/**
 * A province's layout, run for real (issue 36): two API "machines" — two server processes started
 * as README says (node --import tsx src/server/main.ts with env), each with its own DATA_DIR and
 * JOB_GROUP — sharing one PostgreSQL, one Redis and one S3 bucket (s3rver), behind Debian's nginx
 * with the shipped site (docs/deploy/nginx-party-platform.conf, tests/support/nginx.ts).
 *
 * - a video uploaded through A plays (HLS playlist and a segment) and downloads with Range through B;
 * - signed out on A, refused on B;
 * - Redis stopped: both keep serving, readiness says `degraded` naming Redis; a sign-out meanwhile
 *   is refused at once; Redis back (empty): they catch up — nothing kept from before counts;
 * - PostgreSQL stopped and started under load: every answer in the gap is a 503 in the ABP envelope
 *   with 数据库暂时不可用，请稍后再试 (never a 500, never a hang), /readyz names the database, the
 *   processes recover by themselves, every acknowledged write is in the database;
 * - SIGTERM to A in the middle of 200 writes through nginx: A exits 0, nginx sends the rest to B,
 *   every write that was answered 200 is in the database.
 *
 * The PostgreSQL and the Redis are the test's own (tests/support/own-services.ts), never the
 * machine's shared ones. Runs only with TEST_MULTI_MACHINE=1 (`npm run test:ops`): it needs nginx,
 * openssl, ffmpeg, redis-server and PostgreSQL 15's binaries, and a few minutes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, freePort, svc } from './harness';
import { startS3, type TestS3 } from '../support/s3';
import { fakeRelease, localSite, makeCertificate, nginxAgent as agent, startNginx, viaNginx, writeNginxConf, type Answer } from '../support/nginx';
import { hasOwnServices, ownPostgres, ownRedis, postgresLog, type OwnPostgres, type OwnRedis } from '../support/own-services';
import { DATABASE_UNAVAILABLE_MSG } from '../../src/server/http/errors';

const RUN = process.env.TEST_MULTI_MACHINE === '1';

interface Machine { name: string; child: ChildProcess; base: string; out: () => string; exited: Promise<number | null> }

class Fatal extends Error {}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `what` holds, up to a generous bound (never a timed assertion: only "eventually"). */
async function eventually<T>(label: string, what: () => Promise<T | false | null | undefined>, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    // a refused connection is "not yet"; a Fatal ends the wait at once
    const v = await what().catch((err) => {
      if (err instanceof Fatal) throw err;
      return null;
    });
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await sleep(250);
  }
}

/** A direct request to a machine; a request that does not answer within a minute is a hang (the test fails). */
async function call(base: string, path: string, init: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: init.body !== undefined || init.form ? 'POST' : 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    signal: AbortSignal.timeout(60_000),
  });
  const raw = Buffer.from(await res.arrayBuffer());
  let body: any = null;
  try {
    body = JSON.parse(raw.toString());
  } catch {
    /* bytes */
  }
  return { status: res.status, body, raw, headers: Object.fromEntries(res.headers) };
}

const signIn = async (base: string, userName: string) => {
  const r = await call(base, '/api/TokenAuth/Sigin', { body: { userName, password: DEMO_PASSWORD } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.accessToken as string;
};
const whoAmI = (base: string, token: string) => call(base, svc('PermissionService', 'GetCurrentUserPermission'), { token });
const readiness = async (base: string) => call(base, '/readyz');
/** a member's write: one 民意 record (records table, entity publicOpinion) whose title the test chooses */
const opinion = (title: string) => ({ title, category: 'suggestion', content: '建议在社区党群服务中心增设夜间学习室。' });
const OPINION = svc('PublicOpinionService', 'Create');

describe.skipIf(!RUN || !hasOwnServices())('two API machines behind nginx, sharing PostgreSQL, Redis and S3; PostgreSQL and Redis faults', () => {
  let dir = '';
  const machines: Machine[] = [];
  let pgServer: OwnPostgres;
  let redis: OwnRedis;
  let s3: TestS3;
  let nginx: ChildProcess | null = null;
  let site = '';
  let db: pg.Pool;
  let A: Machine;
  let B: Machine;

  async function launch(name: string, port: number, env: Record<string, string>): Promise<Machine> {
    const dataDir = join(dir, name);
    mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JOB_GROUP: `machine-${name}`, SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', API_PROCESSES: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const m: Machine = { name, child, base: `http://127.0.0.1:${port}`, out: () => out, exited };
    machines.push(m);
    await eventually(`machine ${name} ready`, async () => {
      if (child.exitCode !== null) throw new Fatal(`machine ${name} exited`);
      return (await readiness(m.base)).status === 200;
    }, 240_000).catch((err) => {
      throw new Error(`${err.message}\n${out.slice(-3000)}`);
    });
    return m;
  }

  beforeAll(async () => {
    // made here, not when the suite is collected: a skipped run leaves nothing behind
    dir = mkdtempSync(join(tmpdir(), 'party-multi-'));
    chmodSync(dir, 0o755); // PostgreSQL's user (postgres, when the test runs as root) reaches its directory inside
    const [pgPort, redisPort, portA, portB, http, https] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()]);
    pgServer = ownPostgres(join(dir, 'pg'), pgPort);
    await pgServer.start();
    redis = ownRedis(redisPort);
    await redis.start();
    s3 = await startS3();
    db = new pg.Pool({ connectionString: pgServer.url, max: 2 });
    db.on('error', () => {}); // the test's own connections break when PostgreSQL restarts
    const env = {
      DATABASE_URL: pgServer.url, REDIS_URL: redis.url, REDIS_PREFIX: 'multi:', JWT_SECRET: 'multi-machine-test-secret-0123456789', DB_POOL_SIZE: '5',
      ...s3.env('multi'),
    };
    // both at once: the start lock (main.ts) makes one migrate and seed while the other waits
    [A, B] = await Promise.all([launch('a', portA, env), launch('b', portB, env)]);

    const nginxDir = join(dir, 'nginx');
    mkdirSync(nginxDir);
    makeCertificate(nginxDir);
    const t = writeNginxConf(nginxDir, localSite(nginxDir, fakeRelease(nginxDir), { machines: [portA, portB], http, https })).test();
    if (t.status !== 0) throw new Error(`nginx -t: ${t.stderr}`);
    nginx = startNginx(nginxDir);
    site = `https://127.0.0.1:${https}`;
    await eventually('nginx', async () => (await viaNginx(site, '/readyz')).status === 200, 60_000);
  }, 600_000);

  afterAll(async () => {
    // MULTI_MACHINE_LOGS=<dir>: each machine's log kept there (the temporary directory goes)
    const keep = process.env.MULTI_MACHINE_LOGS;
    if (keep) for (const m of machines) writeFileSync(join(keep, `machine-${m.name}.log`), m.out());
    agent.destroy();
    for (const m of machines) {
      try {
        process.kill(-m.child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGQUIT');
      await gone;
    }
    await db?.end().catch(() => {});
    await redis?.stop();
    await pgServer?.stop().catch(() => {});
    await s3?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }, 120_000);

  it('a video uploaded through A plays (HLS) and downloads with Range through B, and through nginx', async () => {
    const work = join(dir, 'video');
    mkdirSync(work);
    const src = join(work, 'in.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', src]);
    const bytes = readFileSync(src);
    const md5 = createHash('md5').update(bytes).digest('hex');
    const identifier = `${md5}-${bytes.length}`;
    const token = await signIn(A.base, 'member');
    const uploadkey = (await call(A.base, svc('VodService', 'GetUploadAuthor'), { token })).body.result.uploadkey;
    const form = new FormData();
    for (const [k, v] of Object.entries({ uploadkey, identifier, chunkNumber: '1', totalChunks: '1' })) form.append(k, v);
    form.append('file', new Blob([bytes]), 'blob');
    expect((await call(A.base, '/file/chunk', { token, form })).status).toBe(200);
    const merged = await call(A.base, '/file/chunksMerge', { token, body: { name: identifier, chunks: 1, ext: 'mp4', fileoldname: '两台机器.mp4', md5, uploadkey } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const video = merged.body.result;

    // packaged by whichever machine's job runner took it; asked of B
    const status = await eventually('HLS packaging', async () => {
      const s = (await call(B.base, `${svc('VodService', 'GetVideoPlayAuth')}?id=${video.id}`, { token })).body.result.hlsStatus;
      return s === 'ready' || s === 'failed' ? s : null;
    }, 240_000);
    expect(status).toBe('ready');
    const playlist = await call(B.base, video.url);
    expect(playlist.status).toBe(200);
    expect(playlist.raw.toString()).toContain('#EXTM3U');
    const segment = /seg\d{5}\.ts/.exec(playlist.raw.toString())![0];
    const seg = await call(B.base, video.url.replace('index.m3u8', segment));
    expect(seg.status).toBe(200);
    expect(seg.raw[0]).toBe(0x47); // an MPEG-TS packet
    const part = await call(B.base, video.orgfile, { headers: { range: 'bytes=100-1123' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1123/${bytes.length}`);
    expect(part.raw.equals(bytes.subarray(100, 1124))).toBe(true);
    // the same through nginx (whichever machine it picks)
    const proxied = await viaNginx(site, video.orgfile, { headers: { range: `bytes=0-${bytes.length - 1}` } });
    expect(proxied.status).toBe(206);
    expect(proxied.raw.equals(bytes)).toBe(true);
    expect((await viaNginx(site, video.url)).raw.toString()).toContain(segment);
  }, 400_000);

  it('signed out on A, refused on B at once (Redis tells B)', async () => {
    const token = await signIn(A.base, 'member');
    expect((await whoAmI(B.base, token)).status).toBe(200); // B now keeps the session
    expect((await whoAmI(B.base, token)).status).toBe(200);
    expect((await call(A.base, '/api/TokenAuth/Logout', { token, body: {} })).status).toBe(200);
    const refused = await whoAmI(B.base, token);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ success: false, unAuthorizedRequest: true });
  });

  it('Redis down: both keep serving, readiness degraded; a sign-out meanwhile is refused; Redis back (empty): they catch up', async () => {
    // sessions B keeps before the outage
    const keptOnB = await signIn(A.base, 'member');
    const signedOutDuring = await signIn(A.base, 'member');
    for (const t of [keptOnB, signedOutDuring]) expect((await whoAmI(B.base, t)).status).toBe(200);

    await redis.stop();
    for (const m of [A, B]) {
      const r = await eventually(`${m.name}: readiness degraded`, async () => {
        const r = await readiness(m.base);
        return r.body?.status === 'degraded' ? r : null;
      });
      expect(r.status).toBe(200); // Redis is not critical: nginx keeps sending requests
      expect(r.body.checks.find((c: any) => c.name === 'redis')).toMatchObject({ ok: false, critical: false });
      expect(r.body.checks.find((c: any) => c.name === 'database')).toMatchObject({ ok: true });
    }
    // serving: sign-in, reads and a write on both
    for (const m of [A, B]) {
      const t = await signIn(m.base, 'teacher');
      expect((await whoAmI(m.base, t)).status).toBe(200);
      expect((await call(m.base, OPINION, { token: t, body: opinion(`Redis停止时-${m.name}`) })).status).toBe(200);
    }
    // a sign-out on A while Redis is away: B asks the database (nothing kept counts meanwhile)
    expect((await call(A.base, '/api/TokenAuth/Logout', { token: signedOutDuring, body: {} })).status).toBe(200);
    expect((await whoAmI(B.base, signedOutDuring)).status).toBe(401);
    // a second one that B is not asked about until Redis is back
    expect((await call(A.base, '/api/TokenAuth/Logout', { token: keptOnB, body: {} })).status).toBe(200);

    await redis.start(); // empty: every counter reads 0 again
    for (const m of [A, B]) await eventually(`${m.name}: readiness ok again`, async () => (await readiness(m.base)).body?.status === 'ok');
    // what B kept from before the outage does not count: the sign-out made meanwhile holds
    expect((await whoAmI(B.base, keptOnB)).status).toBe(401);
    // and Redis carries sign-outs again
    const after = await signIn(A.base, 'member');
    expect((await whoAmI(B.base, after)).status).toBe(200);
    expect((await call(A.base, '/api/TokenAuth/Logout', { token: after, body: {} })).status).toBe(200);
    expect((await whoAmI(B.base, after)).status).toBe(401);
  }, 300_000);

  it('PostgreSQL stopped and started under load: 503 in Chinese in the gap, readiness names the database, recovery without a restart, nothing acknowledged lost', async () => {
    const token = await signIn(A.base, 'teacher');
    const answers: { machine: string; title: string; status: number; body: any }[] = [];
    let stopLoad = false;
    let n = 0;
    // one writer and one reader per machine, each request after the previous answer
    const writer = async (m: Machine) => {
      while (!stopLoad) {
        const title = `数据库重启-${m.name}-${++n}`;
        const r = await call(m.base, OPINION, { token, body: opinion(title) });
        answers.push({ machine: m.name, title, status: r.status, body: r.body });
        if (r.status !== 200) await sleep(100);
      }
    };
    const reader = async (m: Machine) => {
      while (!stopLoad) {
        const r = await call(m.base, `${svc('PublicOpinionService', 'MyPageList')}?maxResultCount=5`, { token });
        answers.push({ machine: m.name, title: '', status: r.status, body: r.body });
        await sleep(100);
      }
    };
    const load = Promise.all([A, B].flatMap((m) => [writer(m), reader(m)]));
    load.catch(() => {}); // awaited below (a hang or a refused connection fails the test there)
    const acked = () => answers.filter((a) => a.title && a.status === 200).length;
    await eventually('writes before the restart', async () => acked() >= 10);

    await pgServer.stop();
    // the gap: each machine answers 503, and says why on /readyz
    for (const m of [A, B]) {
      await eventually(`${m.name}: a 503 in the gap`, async () => answers.some((a) => a.machine === m.name && a.status === 503));
      const r = await eventually(`${m.name}: readiness names the database`, async () => {
        const r = await readiness(m.base);
        return r.status === 503 ? r : null;
      });
      expect(r.body.status).toBe('unavailable');
      expect(r.body.checks.find((c: any) => c.name === 'database')).toMatchObject({ ok: false, message: '数据库无法访问' });
    }
    const inGap = answers.length;
    await pgServer.start();
    // recovery by itself: writes succeed again on both machines, readiness 200
    for (const m of [A, B]) {
      await eventually(`${m.name}: writes again`, async () => answers.slice(inGap).some((a) => a.machine === m.name && a.title && a.status === 200), 180_000);
      await eventually(`${m.name}: ready again`, async () => (await readiness(m.base)).status === 200);
    }
    const more = acked() + 10;
    await eventually('more writes after the restart', async () => acked() >= more);
    stopLoad = true;
    await load;

    // only 200 and 503; every 503 the ABP envelope with the Chinese message and nothing of a stack
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].filter((s) => s !== 200 && s !== 503), JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 503).slice(0, 3))).toEqual([]);
    const refused = answers.filter((a) => a.status === 503);
    if (process.env.MULTI_MACHINE_LOGS) console.log(`PostgreSQL restart: ${answers.length} answers, ${refused.length} of them 503`);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a.body).toMatchObject({ success: false, result: null, error: { message: DATABASE_UNAVAILABLE_MSG } });
      expect(JSON.stringify(a.body)).not.toMatch(/stack|\.ts:\d+|node_modules|ECONNREFUSED|57P0/);
    }
    // every acknowledged write is in the database
    const ackedTitles = answers.filter((a) => a.title && a.status === 200).map((a) => a.body.result.id as number);
    const rows = await db.query(`select id, data->>'title' as title from records where entity = 'publicOpinion' and data->>'title' like '数据库重启-%'`);
    const present = new Map(rows.rows.map((r: any) => [Number(r.id), r.title]));
    for (const a of answers.filter((x) => x.title && x.status === 200)) expect(present.get(a.body.result.id), a.title).toBe(a.title);
    expect(ackedTitles.length).toBeGreaterThanOrEqual(20);
    // the log says it (JSON, no stack for the 503s)
    for (const m of [A, B]) expect(m.out()).toContain('database unavailable');
    expect(postgresLog(join(dir, 'pg'))).toMatch(/database system is shut down/);
  }, 400_000);

  it('SIGTERM to A in the middle of 200 writes through nginx: A exits 0, nginx moves to B, every acknowledged write is in the database', async () => {
    const token = await signIn(B.base, 'member');
    const answers: { i: number; status: number; id?: number; afterExit: boolean }[] = [];
    let aExited = false;
    let next = 0;
    let signalled = false;
    void A.exited.then(() => (aExited = true));
    // four writers over nginx's kept-alive connections; SIGTERM to A after 60 acknowledged writes
    const writer = async () => {
      for (;;) {
        const i = ++next;
        if (i > 200) return;
        const afterExit = aExited;
        const r = await viaNginx(site, OPINION, { token, body: opinion(`停机写入-${i}`) }).catch(() => ({ status: 0, body: null }) as Answer);
        answers.push({ i, status: r.status, id: r.status === 200 ? r.body.result.id : undefined, afterExit });
        if (!signalled && answers.filter((a) => a.status === 200).length >= 60) {
          signalled = true;
          process.kill(A.child.pid!, 'SIGTERM');
        }
        // once A is gone, keep the rest of the stream for after its exit
        if (signalled && !aExited) await A.exited;
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    expect(signalled).toBe(true);
    expect(await A.exited).toBe(0);
    expect(A.out()).toContain('shutdown.done');

    const ok = answers.filter((a) => a.status === 200);
    if (process.env.MULTI_MACHINE_LOGS) console.log('writes through nginx by status:', JSON.stringify(Object.fromEntries([...new Set(answers.map((a) => a.status))].map((s) => [s, answers.filter((a) => a.status === s).length]))));
    // nginx moved to B: every write sent after A had exited was answered 200
    const after = answers.filter((a) => a.afterExit);
    expect(after.length).toBeGreaterThan(50);
    expect(after.filter((a) => a.status !== 200)).toEqual([]);
    // nothing acknowledged lost (a write refused while A stopped was never acknowledged: the client may send it again)
    const rows = await db.query(`select id, data->>'title' as title from records where entity = 'publicOpinion' and data->>'title' like '停机写入-%'`);
    const present = new Map(rows.rows.map((r: any) => [Number(r.id), r.title]));
    for (const a of ok) expect(present.get(a.id!), `write ${a.i}`).toBe(`停机写入-${a.i}`);
    // B still ready, nginx still answers
    expect((await viaNginx(site, '/readyz')).status).toBe(200);
  }, 400_000);
});
