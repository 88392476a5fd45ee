/**
 * Real servers (`src/server/main.ts`) as child processes, for the API tests that need more than the
 * in-process harness: several processes or machines, a restart, a backup of a running server. One
 * way to start, wait for and stop them, and one way to make and drop a PostgreSQL database of
 * their own, so every such test starts the product the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../api/harness';

export interface ServerProcess {
  child: ChildProcess;
  /** everything it wrote so far, stdout and stderr */
  out(): string;
  base: string;
}

export interface LaunchOptions {
  /** the text that says it is up (the start event) — or another, e.g. the reason it refuses to start */
  until?: string;
  /** every child is pushed here, so that the test's afterAll can stop them all */
  started?: ChildProcess[];
  /** how long to wait for `until` (a loaded machine starts a server slowly) */
  timeoutMs?: number;
}

/** Starts a server on a free port with the test's environment over a quiet default one; waits for `until`. */
export async function launchServer(env: Record<string, string>, o: LaunchOptions = {}): Promise<ServerProcess> {
  const until = o.until ?? '已启动';
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  o.started?.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + (o.timeoutMs ?? 90_000);
  while (!out.includes(until) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
  return { child, out: () => out, base: `http://127.0.0.1:${port}` };
}

/** Like launchServer, but fails with the server's output when it did not start. */
export async function launchStarted(env: Record<string, string>, o: LaunchOptions = {}): Promise<ServerProcess> {
  const s = await launchServer(env, o);
  if (!s.out().includes(o.until ?? '已启动')) throw new Error(`server did not start:\n${s.out()}`);
  return s;
}

/** SIGTERM, then waits for the exit (at once when it has already exited). */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A new database on the server of TEST_DATABASE_URL, named after the test; `drop` removes it (connections closed). */
export async function freshDatabase(prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A JSON call to a server process: GET without a body, POST with one (or the method given). */
export async function callJson(base: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json().catch(() => null), headers: Object.fromEntries(res.headers) as Record<string, string> };
}
