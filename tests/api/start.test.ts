import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from './harness';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as any).port;
      s.close(() => resolve(port));
    });
  });

const dir = mkdtempSync(join(tmpdir(), 'party-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(onPostgres)('npm start', () => {
  it('starts on the embedded database, seeds the demo, prints the accounts, signs in, stops on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dir, SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const deadline = Date.now() + 90_000;
    while (!(out.includes('已启动') && out.includes('演示数据')) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
    expect(out).toContain(`http://127.0.0.1:${port}/dj/`);
    for (const account of ['admin', 'member', 'teacher', 'cityadmin', 'branchadmin']) expect(out).toContain(account);

    const res = await fetch(`http://127.0.0.1:${port}/api/TokenAuth/Sigin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json-patch+json' },
      body: JSON.stringify({ userName: 'admin', password: 'Demo@123456' }),
    });
    const body = await res.json();
    expect(body.result.accessToken).toBeTruthy();
    const perms = await (await fetch(`http://127.0.0.1:${port}/api/services/app/PermissionService/GetCurrentUserPermission`, { headers: { authorization: `Bearer ${body.result.accessToken}` } })).json();
    expect(perms.result.length).toBeGreaterThanOrEqual(2);
    expect(perms.result.every((p: any) => Array.isArray(p.menus))).toBe(true);

    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);
});
