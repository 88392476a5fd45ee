/**
 * What the load benchmarks share (scripts/bench-study.ts, scripts/bench-exam.ts): a free port, the
 * real server started as a child process, a fresh PostgreSQL database, members with sessions and
 * tokens made in bulk with SQL, an open-loop schedule, a raw keep-alive HTTP client, CPU of the
 * server and of PostgreSQL's backends from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { signToken, ISSUER, newId } from '../src/server/http/token';

export const freePort = () => new Promise<number>((res) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as any).port; s.close(() => res(p)); }); });

/** Starts a script (the platform's `src/server/main.ts` or a helper server) and resolves once it prints `ready`. BENCH_PROFILE=<dir> profiles main.ts. */
export function start(script: string, env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const profile = process.env.BENCH_PROFILE && script.endsWith('main.ts') ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes(ready) && resolve(child));
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

/** Stops a started server (SIGTERM; SIGKILL after 10 s), so a CPU profile gets written. */
export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => { child.on('exit', r); setTimeout(() => child.kill('SIGKILL'), 10_000).unref(); });
}

/** The database `url` names, dropped if it exists and made empty again (generators that own their database). */
export async function recreateDatabase(url: string) {
  const u = new globalThis.URL(url);
  const name = u.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name} is not a plain identifier`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

/** A fresh database next to `pgUrl`'s (CREATE DATABASE on its server); drop() removes it unless BENCH_KEEP=1. */
export async function freshDatabase(pgUrl: string, prefix: string) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const name = `${prefix}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = pgUrl.replace(/\/[^/]*$/, `/${name}`);
  return {
    name, url,
    async drop() {
      if (process.env.BENCH_KEEP !== '1') await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      else console.log(`kept ${url}`);
      await admin.end();
    },
  };
}

/** A secret for the server's JWT_SECRET, so the benchmark can sign tokens as the server does. */
export const newSecret = () => randomBytes(32).toString('hex');

/**
 * `n` accounts of the member role made in one go: users (`<prefix><g>`, name `<display><g>`, the
 * first user's password hash) spread round-robin, in the order of their ids, over the organisations
 * `organSql` selects (a query returning `id`), their user_roles row, one server-side session each (as
 * services/session.ts openSession writes it) and a token signed with `secret` as the server signs
 * them. With `partyMembers`, each also gets a party_members row (status 1, the organisation's path).
 * Returns the user ids (base + 1 … base + n, in order) and their tokens.
 */
export async function bulkMembers(c: pg.Client, o: { n: number; secret: string; organSql: string; prefix: string; display: string; partyMembers?: boolean }) {
  const base = Number((await c.query('select max(id) as m from users')).rows[0].m) + 1000;
  await c.query(`with o as (select id, (row_number() over (order by id) - 1)::int as k, (count(*) over ())::int as n from (${o.organSql}) s)
    insert into users (id, user_name, name, password_hash, organ_id, user_type, is_active, need_change_password)
    select $1::bigint + g, $3 || g, $4 || g, (select password_hash from users order by id limit 1), o.id, 0, true, false
    from generate_series(1, $2::int) g join o on o.k = (g - 1) % o.n`, [base, o.n, o.prefix, o.display]);
  await c.query(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
  await c.query(`insert into user_roles (user_id, role_id, organ_id) select u.id, r.id, u.organ_id from users u cross join (select id from roles where is_default order by id limit 1) r where u.id > $1`, [base]);
  if (o.partyMembers) {
    await c.query(`insert into party_members (user_id, organ_id, organ_path, name, status)
      select u.id, u.organ_id, g.organ_path, u.name, 1 from users u join organizations g on g.id = u.organ_id where u.id > $1 order by u.id`, [base]);
  }
  const ids = Array.from({ length: o.n }, (_, i) => base + 1 + i);
  const sessions = ids.map(() => newId());
  await c.query(`insert into auth_sessions (id, user_id, role_id, organ_id, login_method, expires_at)
    select s.id, s.user_id, ur.role_id, ur.organ_id, 'password', now() + interval '1 day'
    from unnest($1::text[], $2::bigint[]) as s(id, user_id) join user_roles ur on ur.user_id = s.user_id`, [sessions, ids]);
  await c.query(`analyze users, user_roles, auth_sessions, organizations${o.partyMembers ? ', party_members' : ''}`);
  const iat = Math.floor(Date.now() / 1000);
  const key = Buffer.from(o.secret, 'utf8');
  const tokens = ids.map((id, i) => signToken(key, { sub: String(id), jti: sessions[i], iat, exp: iat + 86400, iss: ISSUER }));
  return { base, ids, tokens };
}

/**
 * An open-loop schedule: request k (0 … count − 1) is due at t0 + dueMs(k) (non-decreasing) and is
 * sent then, whatever the server's answers (t0: now + 500 ms unless given); `done(k, ms)` gets its latency from the due time, so a
 * server that falls behind shows it. When more than `backlog` requests wait for their answers the
 * run stops sending (not sustained) and `count` is what was sent. Resolves with t0 (performance.now()
 * clock) and the count.
 */
export function openLoop<A>(o: { count: number; dueMs: (k: number) => number; send: (k: number) => Promise<A>; done: (k: number, ms: number, due: number, answer: A) => void; backlog: number; t0?: number }) {
  let count = o.count;
  const t0 = o.t0 ?? performance.now() + 500;
  return new Promise<{ t0: number; count: number }>((resolve) => {
    if (!count) return resolve({ t0, count });
    let k = 0;
    let done = 0;
    const tick = () => {
      const now = performance.now();
      // not sustained: too many requests waiting — stop sending and report what was done
      if (k - done > o.backlog) { console.log(`!! backlog of ${k - done} requests after ${((now - t0) / 1000).toFixed(0)} s: not sustained`); count = k; if (done >= count) resolve({ t0, count }); }
      while (k < count && t0 + o.dueMs(k) <= now) {
        const due = t0 + o.dueMs(k);
        const i = k++;
        o.send(i).then((a) => {
          o.done(i, performance.now() - due, due, a);
          if (++done >= count && k >= count) resolve({ t0, count });
        });
      }
      if (k < count) setTimeout(tick, 1);
    };
    setTimeout(tick, Math.max(0, t0 - performance.now() - 100));
  });
}

/** The q-quantile of sorted numbers. */
export const pct = (xs: ArrayLike<number>, q: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))];

/** CPU time (µs) of a process from /proc. */
export function procCpu(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1e6) / 100;
  } catch {
    return 0;
  }
}
/** CPU time (µs) of the PostgreSQL backends connected to a database (all but the caller's). */
export async function dbCpu(c: pg.Client, db: string) {
  const pids = (await c.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db])).rows.map((r) => r.pid as number);
  return pids.reduce((s, p) => s + procCpu(p), 0);
}

/** The load average (1, 5, 15 min) as /proc/loadavg has it. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export type Answer = { status: number; result?: any; error?: any };

/** A minimal keep-alive HTTP/1.1 client on raw sockets: cheap enough to drive thousands of requests a second from one core. */
export class RawClient {
  private idle: Conn[] = [];
  private queue: { bytes: Buffer; resolve: (a: Answer) => void }[] = [];
  private conns: Conn[] = [];
  constructor(private port: number, n: number) {
    for (let i = 0; i < n; i++) this.conns.push(new Conn(port, (conn) => this.free(conn)));
  }
  ready() {
    return Promise.all(this.conns.map((c) => c.connected));
  }
  request(method: string, path: string, token: string, body?: string): Promise<Answer> {
    const head = `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      (body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}` : '\r\n');
    return new Promise((resolve) => {
      const job = { bytes: Buffer.from(head), resolve };
      const conn = this.idle.pop();
      if (conn) conn.send(job.bytes, resolve);
      else this.queue.push(job);
    });
  }
  private free(conn: Conn) {
    const job = this.queue.shift();
    if (job) conn.send(job.bytes, job.resolve);
    else this.idle.push(conn);
  }
  close() {
    for (const c of this.conns) c.close();
  }
}

class Conn {
  sock!: Socket;
  connected: Promise<void>;
  private buf: Buffer = Buffer.alloc(0);
  private pending: ((a: Answer) => void) | null = null;
  private last: Buffer | null = null;
  private closed = false;
  constructor(private port: number, private onFree: (c: Conn) => void) {
    this.connected = this.open().then(() => onFree(this));
  }
  private open() {
    return new Promise<void>((resolve) => {
      this.sock = connect(this.port, '127.0.0.1', () => resolve());
      this.sock.setNoDelay(true);
      this.buf = Buffer.alloc(0);
      this.sock.on('data', (d) => this.onData(d));
      this.sock.on('error', () => {});
      this.sock.on('close', () => {
        if (this.closed) return;
        // the server closed an idle keep-alive socket (or in flight: send again once)
        const retry = this.pending && this.last;
        void this.open().then(() => { if (retry && this.pending) this.sock.write(this.last!); });
      });
    });
  }
  close() {
    this.closed = true;
    this.sock.destroy();
  }
  send(bytes: Buffer, resolve: (a: Answer) => void) {
    this.pending = resolve;
    this.last = bytes;
    this.sock.write(bytes);
  }
  private onData(d: Buffer) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
    const end = this.buf.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buf.toString('latin1', 0, end);
    const len = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buf.length < end + 4 + len) return;
    const status = Number(head.slice(9, 12));
    let result: any;
    let error: any;
    try { const body = JSON.parse(this.buf.toString('utf8', end + 4, end + 4 + len)); result = body.result; error = body.error; } catch { result = undefined; }
    this.buf = this.buf.subarray(end + 4 + len);
    const p = this.pending;
    this.pending = null;
    // an answer nobody waits for (the server's 408 on an idle connection): not a request's
    if (!p) return;
    p({ status, result, error });
    this.onFree(this);
  }
}
