/**
 * `npm run backup` and `npm run restore` as README's Operations section says: the real server
 * (`src/server/main.ts`, as `npm start` runs it) with the demo province, a file uploaded and a
 * study record declared, writes going on while the backup is taken; the archive restored into a
 * fresh DATA_DIR (and, on PostgreSQL, a fresh database); a server started on it signs in, finds
 * the member, the file (same bytes) and the study record, and every write acknowledged before the
 * backup began.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { signPurposeToken } from '../../src/server/files/tokens';
import { freePort, multipart, onPostgres, startTestApp, svc } from './harness';
import { launchStarted, stopServer } from '../support/server-process';

const root = mkdtempSync(join(tmpdir(), 'party-backup-'));
const children = new Set<ChildProcess>();
afterAll(async () => {
  for (const c of children) await stop(c);
  rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

const baseEnv = (dataDir: string, port: number, databaseUrl = '') => ({
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  SKIP_CLIENT_BUILD: '1',
  LOG_LEVEL: 'warn',
  REPEAT_SUBMIT_SECONDS: '0',
});

/** The real server on this environment (support/server-process.ts), stopped by afterAll if a test does not. */
const launch = async (env: NodeJS.ProcessEnv) => {
  const started: ChildProcess[] = [];
  try {
    return (await launchStarted(env as Record<string, string>, { started, timeoutMs: 150_000 })).child;
  } finally {
    for (const c of started) children.add(c);
  }
};
const stop = async (child: ChildProcess) => {
  await stopServer(child);
  children.delete(child);
};

/** `npm run <script> -- args` with this environment; resolves to its output, rejects when it fails. */
function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`npm run ${script} exited ${code}:\n${out}`))));
  });
}

function client(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, path: string, o: { token?: string; body?: unknown; query?: Record<string, unknown>; raw?: { payload: Buffer; contentType: string } } = {}) => {
    const qs = o.query ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)]))}` : '';
    const headers: Record<string, string> = {};
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: BodyInit | undefined;
    if (o.raw) {
      headers['content-type'] = o.raw.contentType;
      body = new Uint8Array(o.raw.payload);
    } else if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    const res = await fetch(`${base}${path}${qs}`, { method, headers, body });
    const raw = Buffer.from(await res.arrayBuffer());
    let json: any = null;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      /* bytes */
    }
    return { status: res.status, body: json, raw };
  };
  const login = async (userName: string) => {
    const r = await call('POST', '/api/TokenAuth/Sigin', { body: { userName, password: 'Demo@123456' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result.accessToken as string;
  };
  const asAdmin = async (userName: string) => {
    const token = await login(userName);
    const role = (await call('GET', svc('UserService', 'GetUserManageOrgan'), { token })).body.result[0];
    expect((await call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } })).status).toBe(200);
    return token;
  };
  const myReports = async (token: string) =>
    (await call('GET', svc('OfflinePeriodService', 'GetMyOffineReportPageList'), { token, query: { MaxResultCount: 1000 } })).body.result.items.map((r: any) => r.title as string);
  const download = async (token: string, id: string) => {
    const auth = await call('GET', svc('ResourceLibaryService', 'GetUpLoadAuth'), { token, query: { id } });
    expect(auth.status).toBe(200);
    return call('GET', '/file/download', { query: { ...auth.body.result, id } });
  };
  return { call, login, asAdmin, myReports, download };
}

/** The demo accounts' phone numbers (seed/accounts.ts): sealed at rest, so never in an archive as text. */
const DEMO_PHONES = ['13800000001', '13800000002', '13800000003', '13800000004', '13800000005', '13800000006', '13800000007'];

/**
 * The phone numbers found as plain text anywhere in the archive: every file unpacked (the PGlite data
 * directory's pages and WAL included) and, on PostgreSQL, the dump as SQL (pg_restore -f -).
 */
function plainPhonesIn(archive: string): string[] {
  const dir = mkdtempSync(join(root, 'unpacked-'));
  execFileSync('tar', ['-xzf', archive, '-C', dir]);
  const found = new Set<string>();
  const scan = (bytes: Buffer) => {
    for (const p of DEMO_PHONES) if (bytes.includes(p)) found.add(p);
  };
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const f = join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (e.isFile()) scan(e.name === 'database.dump' ? execFileSync('pg_restore', ['-f', '-', f], { maxBuffer: 1 << 30 }) : readFileSync(f));
    }
  };
  walk(dir);
  rmSync(dir, { recursive: true, force: true });
  return [...found];
}

/** The whole round trip on one kind of database; `fresh` gives a new DATABASE_URL (PostgreSQL) or '' (PGlite). */
async function roundTrip(fresh: () => Promise<string>) {
  const srcDir = join(root, `src-${randomBytes(3).toString('hex')}`);
  const srcUrl = await fresh();
  const port = await freePort();
  const server = await launch(baseEnv(srcDir, port, srcUrl));
  const api = client(port);

  // a file and a study record (a member's offline study declaration with the file as evidence)
  const member = await api.login('member');
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096)]);
  const up = await api.call('POST', '/file/Upload?project=LyProduct&AttachClass=2', { token: member, raw: multipart({}, { name: '学习笔记.pdf', content: bytes }) });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const fileId = up.body.result.id as string;
  const title = `备份前的学习记录 ${randomBytes(3).toString('hex')}`;
  const decl = await api.call('POST', svc('OfflinePeriodService', 'CreateOfflineReport'), { token: member, body: { title, studyDate: '2026-11-01', hours: 2, evidence: [{ id: fileId, name: '学习笔记.pdf' }] } });
  expect(decl.status, JSON.stringify(decl.body)).toBe(200);
  // a member as an administrator finds him
  const district = await api.asAdmin('districtadmin');
  const members = (await api.call('GET', svc('PartyMemberService', 'PageList'), { token: district, query: { MaxResultCount: 20 } })).body.result.items;
  expect(members.length).toBeGreaterThan(0);
  const someone = members[0];

  // writes go on while the backup is taken: each acknowledged before it began must be in it
  let writing = true;
  const acked: Array<{ title: string; at: number }> = [];
  const writer = (async () => {
    for (let i = 0; writing; i++) {
      const t = `备份期间的写入 ${i}`;
      const r = await api.call('POST', svc('OfflinePeriodService', 'CreateOfflineReport'), { token: member, body: { title: t, studyDate: '2026-11-02', hours: 1 } });
      if (r.status === 200) acked.push({ title: t, at: Date.now() });
    }
  })();
  await new Promise((r) => setTimeout(r, 300));
  const backupStarted = Date.now();
  const archive = join(root, `backup-${randomBytes(3).toString('hex')}.tar.gz`);
  const out = await npmRun('backup', ['--out', archive], baseEnv(srcDir, port, srcUrl));
  writing = false;
  await writer;
  await stop(server);
  expect(out).toContain('备份完成');
  // personal data at rest is sealed: the archive holds ciphertext only (no number in a page, the WAL or the dump)
  expect(plainPhonesIn(archive)).toEqual([]);
  expect(statSync(archive).mode & 0o077).toBe(0); // personal data and the token secret: the owner's only
  const beforeBackup = acked.filter((a) => a.at < backupStarted).map((a) => a.title);
  expect(beforeBackup.length).toBeGreaterThan(0);
  // nothing left behind in the data directory
  expect(existsSync(join(srcDir, '.backup')) ? readdirSync(join(srcDir, '.backup')) : []).toEqual([]);

  // restore into a fresh place; a second restore onto it is refused
  const dstDir = join(root, `dst-${randomBytes(3).toString('hex')}`);
  const dstUrl = await fresh();
  const restored = await npmRun('restore', [archive], baseEnv(dstDir, port, dstUrl));
  expect(restored).toContain('恢复完成');
  await expect(npmRun('restore', [archive], baseEnv(dstDir, port, dstUrl))).rejects.toThrow(/不是空目录|已有/);

  const port2 = await freePort();
  const again = await launch(baseEnv(dstDir, port2, dstUrl));
  try {
    const api2 = client(port2);
    const member2 = await api2.login('member');
    const reports = await api2.myReports(member2);
    expect(reports).toContain(title);
    for (const t of beforeBackup) expect(reports).toContain(t);
    const got = await api2.download(member2, fileId);
    expect(got.status).toBe(200);
    expect(got.raw.equals(bytes)).toBe(true);
    const district2 = await api2.asAdmin('districtadmin');
    const found = await api2.call('GET', svc('PartyMemberService', 'Get'), { token: district2, query: { id: someone.id } });
    expect(found.status).toBe(200);
    expect(found.body.result.name).toBe(someone.name);
  } finally {
    await stop(again);
  }
}

describe.skipIf(onPostgres)('backup and restore on the embedded database (PGlite)', () => {
  it('backs up a running server online and restores into a fresh DATA_DIR that a new server runs on', async () => {
    await roundTrip(async () => '');
  }, 600_000);
});

describe.runIf(onPostgres && !!process.env.TEST_DATABASE_URL)('backup and restore on PostgreSQL', () => {
  const made: string[] = [];
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const freshDatabase = async () => {
    const name = `party_backup_${randomBytes(5).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    made.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  afterAll(async () => {
    for (const c of children) await stop(c);
    for (const name of made) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('pg_dump of a running server, restored into a fresh database with the files into a fresh DATA_DIR', async () => {
    await roundTrip(freshDatabase);
  }, 600_000);

  it('two machines starting at once on an empty database take turns: one migrates and seeds, both serve', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([freePort(), freePort()]);
    const servers = await Promise.all([
      launch(baseEnv(join(root, `twin-a-${a}`), a, url)),
      launch(baseEnv(join(root, `twin-b-${b}`), b, url)),
    ]);
    try {
      for (const port of [a, b]) await client(port).login('admin');
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const row = (await c.query('select count(*)::int as n, count(distinct user_name)::int as d from users')).rows[0];
      const roots = (await c.query('select count(*)::int as n from organizations where parent_id is null')).rows[0].n;
      await c.end();
      expect(row.n).toBe(row.d);
      expect(roots).toBe(1);
    } finally {
      for (const s of servers) await stop(s);
    }
  }, 600_000);
});

describe('POST /ops/backup-snapshot (the backup script asking the running server)', () => {
  it('needs a backup token signed with the server\'s secret: 401 without, 403 for another purpose, another key or an expired one', async () => {
    const dataDir = onPostgres ? undefined : join(root, `snap-${randomBytes(3).toString('hex')}`);
    const app = await startTestApp({ dataDir, seed: false });
    try {
      const secret = app.ctx.config.jwtSecret;
      const post = (authorization?: string) => app.call('POST', '/ops/backup-snapshot', { headers: authorization ? { authorization } : {} });
      expect((await post()).status).toBe(401);
      expect((await post(`Bearer ${signPurposeToken(secret, 'download', {}, 60, Date.now())}`)).status).toBe(403);
      expect((await post(`Bearer ${signPurposeToken(Buffer.from('another key'), 'backup', {}, 60, Date.now())}`)).status).toBe(403);
      expect((await post(`Bearer ${signPurposeToken(secret, 'backup', {}, -1, Date.now())}`)).status).toBe(403);
      const good = await post(`Bearer ${signPurposeToken(secret, 'backup', {}, 60, Date.now())}`);
      if (onPostgres) {
        // PostgreSQL is backed up by pg_dump: the server copies nothing
        expect(good.status).toBe(403);
        expect(good.body.error.message).toContain('pg_dump');
      } else {
        expect(good.status, JSON.stringify(good.body)).toBe(200);
        const snap = join(dataDir!, '.backup', good.body.result.snapshot, 'data');
        expect(existsSync(join(snap, 'PG_VERSION'))).toBe(true);
        expect(existsSync(join(snap, 'files'))).toBe(false);
        expect(existsSync(join(snap, 'postmaster.pid'))).toBe(false);
        expect(existsSync(join(snap, 'jwt-secret'))).toBe(true);
      }
    } finally {
      await app.close();
    }
  }, 120_000);
});
