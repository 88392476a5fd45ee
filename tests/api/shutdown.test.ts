/**
 * The product started exactly as the README says — `npm start`, with a temporary DATA_DIR and a free
 * PORT — then stopped as a service manager stops it: SIGTERM to that npm process (issue 36).
 * Checked: readiness, a request in flight when the signal comes finishes, exit 0, the port closed,
 * no process left in its process group, the shutdown steps in the log, every log line JSON, request
 * ids unique and request lines naming the signed-in user, and no secret in any line (the password,
 * a wrong password, the token, a phone code, download and upload tokens).
 * PGlite here; API_PROCESSES=2 on PostgreSQL when TEST_DATABASE_URL is set (project api-pg).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase } from '../support/server-process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, onPostgres, svc } from './harness';

const dirs: string[] = [];
const started: ChildProcess[] = [];
afterAll(() => {
  // a failed test must not leave a server behind: its whole process group goes, even when npm itself has exited
  for (const c of started) {
    try {
      process.kill(-c.pid!, 'SIGKILL');
    } catch {
      /* the group is empty */
    }
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);

interface Server { child: ChildProcess; base: string; port: number; out: () => string; exited: Promise<number | null>; dataDir: string }

/** `npm start` in a process group of its own (so that what it leaves behind can be found). */
async function npmStart(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'party-stop-'));
  dirs.push(dataDir);
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_CLIENT_BUILD: '1', DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    const ready = await fetch(`${base}/readyz`).then((r) => r.status, () => 0);
    if (ready === 200) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`not ready: ${out.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return { child, base, port, out: () => out, exited, dataDir };
}

const waitFor = async (what: () => boolean, label: string, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** The log's records: npm's own two banner lines (`> name start`, `> exec node …`) are npm's, not the server's. */
function records(out: string) {
  const lines = out.split('\n').filter((l) => l.trim() && !/^> /.test(l));
  const bad = lines.filter((l) => {
    try {
      return typeof JSON.parse(l) !== 'object';
    } catch {
      return true;
    }
  });
  expect(bad, 'lines that are not JSON').toEqual([]);
  return lines.map((l) => JSON.parse(l) as Record<string, any>);
}

/**
 * Processes still running in the group (ps exits 1 when there is none). A zombie (state Z) has
 * already exited and waits only for init to reap it (tsx's esbuild helper, once its parent is gone).
 */
function groupMembers(pgid: number) {
  try {
    const rows = execFileSync('ps', ['-o', 'pid=,stat=,args=', '-g', String(pgid)], { encoding: 'utf8' }).trim().split('\n');
    return rows.filter((r) => r.trim() && !/^\s*\d+\s+Z/.test(r)).join('\n');
  } catch {
    return '';
  }
}

const portClosed = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(true));
  });

const json = async (base: string, path: string, init: { token?: string; body?: unknown; method?: string } = {}) => {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
};

/** A multipart body in two halves: the second is sent only when the test says so. */
function chunkUpload(base: string, uploadkey: string) {
  const boundary = `----b${randomBytes(6).toString('hex')}`;
  const field = (n: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`;
  const head = Buffer.from(`${field('uploadkey', uploadkey)}${field('identifier', 'inflight-upload-01')}${field('chunkNumber', '1')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const data = randomBytes(256 * 1024);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const whole = Buffer.concat([head, data, tail]);
  const cut = head.length + 1000;
  const url = new URL('/file/chunk', base);
  let answer!: Promise<{ status: number; body: any }>;
  const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': whole.length } });
  answer = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  req.write(whole.subarray(0, cut));
  return { finish: () => req.end(whole.subarray(cut)), answer };
}

const STEPS = ['shutdown.begin', 'shutdown.draining', 'shutdown.http-closed', 'shutdown.jobs-handed-back', 'shutdown.database-closed', 'shutdown.done'];

describe.skipIf(onPostgres)('npm start, then SIGTERM to npm (one process, PGlite)', () => {
  it('finishes the request in flight, exits 0, leaves no process and an open port behind, logs every step as JSON and no secret', async () => {
    const password = `Pw-${randomBytes(6).toString('hex')}`;
    const s = await npmStart({ DEMO_PASSWORD: password });

    // activity whose secrets must stay out of the log
    const wrong = `Wrong-${randomBytes(6).toString('hex')}`;
    expect((await json(s.base, '/api/TokenAuth/Sigin', { body: { userName: 'member', password: wrong } })).status).toBe(400);
    const signed = await json(s.base, '/api/TokenAuth/Sigin', { body: { userName: 'member', password } });
    expect(signed.status).toBe(200);
    const token = signed.body.result.accessToken as string;
    const phone = `139${String(Date.now() % 1e8).padStart(8, '0')}`;
    expect((await json(s.base, svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: phone, purpose: 'register' } })).status).toBe(200);
    // the demo's phone: the text is in DATA_DIR/sms-outbox.jsonl
    const outbox = join(s.dataDir, 'sms-outbox.jsonl');
    await waitFor(() => existsSync(outbox) && readFileSync(outbox, 'utf8').includes(phone), 'the demo outbox');
    const code = /验证码为(\d{6})/.exec(readFileSync(outbox, 'utf8').split('\n').filter((l) => l.includes(phone)).pop()!)![1];
    const form = new FormData();
    form.append('file', new Blob([PNG]), '党徽.png');
    const up = await fetch(`${s.base}/file/Upload?project=LyProduct&AttachClass=2`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const fileId = ((await up.json()) as any).result.id;
    const auth = (await json(s.base, svc('ResourceLibaryService', 'GetUpLoadAuth'), { token })).body.result;
    expect((await fetch(`${s.base}/file/download?project=${auth.project}&token=${encodeURIComponent(auth.token)}&id=${fileId}`)).status).toBe(200);
    const uploadkey = (await json(s.base, svc('VodService', 'GetUploadAuthor'), { token })).body.result.uploadkey as string;

    // a request in flight when the signal comes: its body is half sent
    const upload = chunkUpload(s.base, uploadkey);
    await waitFor(() => s.out().includes('"url":"/file/chunk"'), 'the chunk request to arrive');
    process.kill(s.child.pid!, 'SIGTERM');
    await waitFor(() => s.out().includes('shutdown.draining'), 'draining');
    upload.finish();
    expect(await upload.answer).toMatchObject({ status: 200, body: { success: true, result: { chunkNumber: 1, size: 256 * 1024 } } });

    expect(await s.exited).toBe(0);
    expect(await portClosed(s.port)).toBe(true);
    expect(groupMembers(s.child.pid!)).toBe('');

    const out = s.out();
    const log = records(out);
    const steps = log.filter((r) => String(r.event ?? '').startsWith('shutdown.')).map((r) => r.event);
    expect(steps).toEqual(STEPS);
    expect(log.find((r) => r.event === 'shutdown.begin')).toMatchObject({ signal: 'SIGTERM' });
    expect(log.find((r) => r.event === 'shutdown.http-closed')).toMatchObject({ requestsCut: false });
    expect(log.find((r) => r.event === 'shutdown.done')).toMatchObject({ exitCode: 0 });
    // the banner and the demo accounts are events
    expect(log.find((r) => r.event === 'server.listening')).toMatchObject({ url: `${s.base}/dj/`, database: 'pglite' });
    expect(log.find((r) => r.event === 'demo.accounts')!.accounts.map((a: any) => a.userName)).toEqual(expect.arrayContaining(['admin', 'member', 'branchadmin']));

    // request ids: one per request, all different; the signed-in user on the lines of his requests
    const incoming = log.filter((r) => r.msg === 'incoming request');
    expect(incoming.length).toBeGreaterThanOrEqual(8);
    expect(new Set(incoming.map((r) => r.reqId)).size).toBe(incoming.length);
    const permissionLine = log.find((r) => r.msg === 'request completed' && r.userId !== undefined);
    expect(permissionLine).toMatchObject({ userId: expect.any(Number), roleId: expect.anything(), organId: expect.any(Number) });

    // no secret in any line
    for (const secret of [password, wrong, token, code, auth.token, encodeURIComponent(auth.token), uploadkey]) expect(out, 'a secret in the log').not.toContain(secret);
    expect(out).not.toContain(phone);
  }, 300_000);
});

const withPostgres = onPostgres && !!process.env.TEST_DATABASE_URL;
describe.skipIf(!withPostgres)('npm start with API_PROCESSES=2, then SIGTERM to npm (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it('each worker drains and exits, then the first process; exit 0, nothing left; request ids differ across processes', async () => {
    database = await freshDatabase('dj_stop');
    const s = await npmStart({
      DATABASE_URL: database.url,
      API_PROCESSES: '2',
      JWT_SECRET: 'shutdown-test-secret',
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `stop${randomBytes(3).toString('hex')}:` } : {}),
    });
    const token = (await json(s.base, '/api/TokenAuth/Sigin', { body: { userName: 'member', password: 'Demo@123456' } })).body.result.accessToken;
    // requests through the workers (whichever takes each connection)
    for (let i = 0; i < 12; i++) {
      expect((await fetch(`${s.base}/api/services/app/PermissionService/GetCurrentUserPermission`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } })).status).toBe(200);
    }
    await waitFor(() => (s.out().match(/"event":"worker.listening"/g) ?? []).length >= 2, 'both workers');

    process.kill(s.child.pid!, 'SIGTERM');
    expect(await s.exited).toBe(0);
    expect(await portClosed(s.port)).toBe(true);
    expect(groupMembers(s.child.pid!)).toBe('');

    const log = records(s.out());
    const workers = new Set(log.filter((r) => r.event === 'worker.listening').map((r) => r.pid));
    expect(workers.size).toBe(2);
    for (const pid of workers) {
      const steps = log.filter((r) => r.pid === pid && String(r.event ?? '').startsWith('shutdown.')).map((r) => r.event);
      expect(steps, `worker ${pid}`).toEqual(STEPS);
    }
    const primary = log.filter((r) => !workers.has(r.pid) && String(r.event ?? '').startsWith('shutdown.')).map((r) => r.event);
    expect(primary).toEqual(['shutdown.begin', 'shutdown.workers-stopping', 'shutdown.workers-stopped', 'shutdown.jobs-handed-back', 'shutdown.database-closed', 'shutdown.done']);
    expect(log.find((r) => r.event === 'shutdown.workers-stopped')!.exits).toEqual([0, 0]);
    const ids = log.filter((r) => r.msg === 'incoming request').map((r) => r.reqId);
    expect(new Set(ids).size).toBe(ids.length);
    // each process tags its request ids with its own random tag (which worker takes a connection is the kernel's choice)
    expect(new Set(log.filter((r) => r.event === 'worker.listening').map((r) => r.proc)).size).toBe(2);
    expect(ids.every((id) => log.some((r) => r.event === 'worker.listening' && id.startsWith(`${r.proc}-`)))).toBe(true);
    expect(log.some((r) => r.msg === 'request completed' && r.userId !== undefined)).toBe(true);
  }, 300_000);
});
