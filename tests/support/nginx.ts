/**
 * The shipped nginx site (docs/deploy/nginx-party-platform.conf) made runnable on this machine:
 * the two placeholder API machines, the listen addresses, the certificate and the release path
 * replaced by local ones — nothing else changed. Used by tests/unit/deploy-files.test.ts (stand-in
 * machines) and tests/api/multi-machine.test.ts (the real server).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpsRequest } from 'node:https';
import { join } from 'node:path';

export const SHIPPED_SITE = 'docs/deploy/nginx-party-platform.conf';

export interface SitePorts {
  /** the two API machines' ports on 127.0.0.1 */
  machines: [number, number];
  http: number;
  https: number;
}

/** The shipped site with this machine's ports and paths (dir holds tls.crt and tls.key). */
export function localSite(dir: string, dist: string, p: SitePorts): string {
  const site = readFileSync(SHIPPED_SITE, 'utf8');
  return site
    .replace('server 10.0.0.11:8080', `server 127.0.0.1:${p.machines[0]}`)
    .replace('server 10.0.0.12:8080', `server 127.0.0.1:${p.machines[1]}`)
    .replace(/^\s*listen \[::\]:\d+.*$/gm, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${p.http};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${p.https} ssl http2;`)
    .replace('/etc/nginx/ssl/party-platform.crt', join(dir, 'tls.crt'))
    .replace('/etc/nginx/ssl/party-platform.key', join(dir, 'tls.key'))
    .replaceAll('/opt/party-platform/dist/client/', `${dist}/`);
}

/** A self-signed certificate for the site's name, in dir. */
export function makeCertificate(dir: string) {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=platform.example.gov.cn', '-keyout', join(dir, 'tls.key'), '-out', join(dir, 'tls.crt')], { stdio: 'ignore' });
}

/** nginx.conf around the site: everything under dir (pid, logs, temp paths), one worker, in the foreground. */
export function writeNginxConf(dir: string, site: string) {
  writeFileSync(join(dir, 'site.conf'), site);
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${join(dir, t)};`).join(' ');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''} worker_processes 1; pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'error.log')} warn;
     events { worker_connections 256; }
     http { include /etc/nginx/mime.types; access_log off; ${temps} include ${join(dir, 'site.conf')}; }`,
  );
  return { test: () => spawnSync('nginx', ['-t', '-q', '-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' }) };
}

export const startNginx = (dir: string): ChildProcess =>
  spawn('nginx', ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });

/** A minimal release of the client for the site's static locations. */
export function fakeRelease(dir: string) {
  const dist = join(dir, 'dist', 'client');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>党员教育培训平台</title>');
  return dist;
}

export interface Answer { status: number; body: any; raw: Buffer; headers: Record<string, string | string[] | undefined> }

/** Through nginx (https, its self-signed certificate), over kept-alive connections like a browser's. */
export const nginxAgent = new Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 8 });
export function viaNginx(base: string, path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const u = new URL(path, base);
  const payload = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body));
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        hostname: u.hostname, port: u.port, path: u.pathname + u.search, method: payload ? 'POST' : 'GET', agent: nginxAgent, servername: 'platform.example.gov.cn', timeout: 60_000,
        headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let body: any = null;
          try {
            body = JSON.parse(raw.toString());
          } catch {
            /* bytes or nginx's page */
          }
          resolve({ status: res.statusCode!, body, raw, headers: res.headers });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within a minute (a hang)')));
    req.on('error', reject);
    req.end(payload);
  });
}
