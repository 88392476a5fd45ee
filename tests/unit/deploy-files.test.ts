// @vitest-environment node
/**
 * The shipped deployment files (docs/deploy/) are exercised, not just shipped:
 * - the environment template lists every variable the server and the backup scripts read;
 * - the systemd unit passes `systemd-analyze verify` (else a lint of its required settings);
 * - the nginx site passes `nginx -t` and then serves through Debian's nginx in front of two
 *   stand-in API machines: static cache headers, history routes, the forwarded client address,
 *   uploads past nginx's default size, Range passed through, /ops/ kept in, one machine down.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { localSite, makeCertificate, startNginx, writeNginxConf } from '../support/nginx';

const DEPLOY = 'docs/deploy';
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** Variables read by the server (src/server, src/contract) and the operator's scripts. */
function variablesRead(): Set<string> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name)) files.push(p);
    }
  };
  walk('src/server');
  walk('src/contract');
  files.push('scripts/backup.ts', 'scripts/restore.ts', 'scripts/backup-lib.ts');
  const out = new Set<string>();
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) out.add(m[1] ?? m[2]);
  }
  // the system's, not ours
  out.delete('PATH');
  return out;
}

describe('the environment template', () => {
  const template = readFileSync(join(DEPLOY, 'party-platform.env'), 'utf8');
  const listed = new Set([...template.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));

  it('lists every variable the server and the backup scripts read', () => {
    const read = variablesRead();
    expect(read.size).toBeGreaterThan(30);
    expect([...read].filter((v) => !listed.has(v)).sort()).toEqual([]);
  });

  it('lists nothing the code does not read (a stale name misleads an operator)', () => {
    const read = variablesRead();
    expect([...listed].filter((v) => !read.has(v)).sort()).toEqual([]);
  });
});

describe('the systemd unit', () => {
  const unit = readFileSync(join(DEPLOY, 'party-platform.service'), 'utf8');

  it('runs the server itself, stops it with SIGTERM in bounded time, restarts on failure, as its own user, hardened', () => {
    const setting = (k: string) => unit.match(new RegExp(`^${k}=(.*)$`, 'm'))?.[1];
    expect(setting('Type')).toBe('simple');
    expect(setting('ExecStart')).toMatch(/^\/\S*node --import tsx src\/server\/main\.ts$/); // no npm in between: it would not pass the signal on
    expect(setting('KillSignal')).toBe('SIGTERM');
    expect(Number(setting('TimeoutStopSec'))).toBeGreaterThan(0);
    expect(setting('Restart')).toBe('on-failure');
    expect(setting('EnvironmentFile')).toBe('/etc/party-platform/party-platform.env');
    expect(setting('User')).toBe('party-platform');
    for (const k of ['NoNewPrivileges', 'ProtectSystem', 'PrivateTmp', 'ProtectHome', 'CapabilityBoundingSet']) expect(setting(k), k).toBeDefined();
    // the data directory it may write is the one the template names
    expect(readFileSync(join(DEPLOY, 'party-platform.env'), 'utf8')).toContain(`DATA_DIR=${setting('ReadWritePaths')}`);
  });

  it.runIf(has('systemd-analyze'))('passes systemd-analyze verify without a warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'party-unit-'));
    try {
      // the node of this machine (the unit names Debian's /usr/bin/node)
      const file = join(dir, 'party-platform.service');
      writeFileSync(file, unit.replace('/usr/bin/node ', `${process.execPath} `));
      const r = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr.split('\n').filter((l) => l.includes('party-platform.service'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

interface Seen { port: number; url: string; xff?: string; bytes: number }

/** A stand-in API machine: answers JSON saying who it is and what it saw; /file/f/ with Range. */
function standIn(port: number, seen: Seen[]): Promise<Server> {
  const body = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
  const server = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (d: Buffer) => (bytes += d.length));
    req.on('end', () => {
      seen.push({ port, url: req.url!, xff: req.headers['x-forwarded-for'] as string | undefined, bytes });
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      if (req.url!.startsWith('/file/f/') && range) {
        const [a, b] = [Number(range[1]), Number(range[2])];
        res.writeHead(206, { 'content-range': `bytes ${a}-${b}/${body.length}`, 'content-length': b - a + 1, 'accept-ranges': 'bytes' });
        return res.end(body.subarray(a, b + 1));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ port, bytes }));
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function get(url: string, opts: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const u = new URL(url);
  const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(
    { hostname: u.hostname, port: u.port, path: u.pathname + u.search, method: opts.method ?? 'GET', headers: opts.headers, rejectUnauthorized: false, servername: 'platform.example.gov.cn' } as never,
  );
  return new Promise((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe.runIf(has('nginx') && has('openssl'))('the nginx site (Debian nginx)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'party-nginx-'));
  let nginx: ChildProcess | null = null;
  const servers: Server[] = [];
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    }
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes nginx -t and serves the client, the API and the files through two machines as documented', async () => {
    // a release's built client, a certificate, two stand-in machines
    const dist = join(dir, 'dist', 'client');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>党员教育培训平台</title>');
    const js = Buffer.from(`console.log(${JSON.stringify('x'.repeat(2000))})`);
    writeFileSync(join(dist, 'assets', 'index-3f2a1b.js'), js);
    writeFileSync(join(dist, 'assets', 'index-3f2a1b.js.gz'), gzipSync(js));
    makeCertificate(dir);
    const [a, b, https, http] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const seen: Seen[] = [];
    servers.push(await standIn(a, seen), await standIn(b, seen));

    // the shipped site with this machine's ports and paths in place of the placeholders (tests/support/nginx.ts)
    const local = localSite(dir, dist, { machines: [a, b], http, https });
    for (const placeholder of ['10.0.0.1', '/etc/nginx/ssl', '/opt/party-platform']) expect(local).not.toContain(placeholder);
    const t = writeNginxConf(dir, local).test();
    expect(t.status, t.stderr).toBe(0);

    nginx = startNginx(dir);
    const base = `https://127.0.0.1:${https}`;
    for (let i = 0; i < 100; i++) {
      if (await get(`${base}/readyz`).then(() => true, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    // static: hashed assets a year (pre-compressed twin when asked), pages revalidated, history routes get the page
    const asset = await get(`${base}/dj/assets/index-3f2a1b.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['strict-transport-security']).toBeDefined();
    for (const path of ['/dj/', '/dj/member/home', '/dj/index.html']) {
      const page = await get(`${base}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.body.toString()).toContain('党员教育培训平台');
      expect(page.headers['cache-control'], path).toBe('no-cache');
    }
    expect((await get(`${base}/dj/assets/missing-000000.js`)).status).toBe(404);
    expect((await get(`http://127.0.0.1:${http}/dj/`)).status).toBe(301);

    // the API on both machines, the client address as nginx saw it, whatever the client claims
    seen.length = 0;
    for (let i = 0; i < 6; i++) expect((await get(`${base}/api/services/app/X/Y`, { headers: { 'x-forwarded-for': '6.6.6.6' } })).status).toBe(200);
    expect(new Set(seen.map((s) => s.port))).toEqual(new Set([a, b]));
    expect(seen.every((s) => s.xff === '127.0.0.1')).toBe(true);

    // an upload past nginx's default 1 MB reaches a machine whole; Range passes through
    const upload = Buffer.alloc(20 * 1024 * 1024, 7);
    const up = await get(`${base}/file/Upload?project=LyProduct&AttachClass=2`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': String(upload.length) }, body: upload });
    expect(up.status).toBe(200);
    expect(JSON.parse(up.body.toString()).bytes).toBe(upload.length);
    const part = await get(`${base}/file/f/somekey`, { headers: { range: 'bytes=10-15' } });
    expect(part.status).toBe(206);
    expect(part.body.toString()).toBe('abcdef');

    // the operator's calls stay on the machine; readiness passes through
    seen.length = 0;
    expect((await get(`${base}/ops/backup-snapshot`, { method: 'POST' })).status).toBe(404);
    expect(seen).toEqual([]);
    expect((await get(`${base}/readyz`)).status).toBe(200);

    // one machine gone: every request is answered by the other
    servers[0].closeAllConnections();
    await new Promise((r) => servers[0].close(r));
    servers.shift();
    seen.length = 0;
    for (let i = 0; i < 6; i++) expect((await get(`${base}/api/services/app/X/Y`)).status).toBe(200);
    expect(new Set(seen.map((s) => s.port))).toEqual(new Set([b]));
  }, 60_000);
});
