import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, onPostgres } from './harness';


const dir = mkdtempSync(join(tmpdir(), 'party-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }));

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

  it('a write acknowledged with 200 survives kill -9 of the server (durability of acknowledged writes)', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const launch = async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, PORT: String(port), DATA_DIR: dir, SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
        // a process group of its own: the kill takes its ffmpeg jobs too, as a crash of the machine would
        detached: true,
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const deadline = Date.now() + 90_000;
      while (!out.includes('已启动') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
      expect(out).toContain('已启动');
      return child;
    };
    const json = async (path: string, init: RequestInit = {}) => (await fetch(`${base}${path}`, init)).json();
    const signIn = async () => {
      const token = (await json('/api/TokenAuth/Sigin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: 'Demo@123456' }) })).result.accessToken;
      const role = (await json('/api/services/app/UserService/GetUserManageOrgan', { headers: { authorization: `Bearer ${token}` } })).result[0];
      await json(`/api/TokenAuth/UserChangeRole?roleId=${role.roleId}&organId=${role.organId}`, { headers: { authorization: `Bearer ${token}` } });
      return { authorization: `Bearer ${token}` };
    };

    let child = await launch();
    const auth = await signIn();
    const created = await fetch(`${base}/api/services/app/ProjectService/CreateProject`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ code: 'Durable01', name: '强杀后仍在的项目' }) });
    expect(created.status).toBe(200);
    // no shutdown hook runs: what was acknowledged must already be on disk
    let exited = new Promise((resolve) => child.on('exit', resolve));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;

    child = await launch();
    try {
      const list = await json('/api/services/app/ProjectService/GetPageProjectList?MaxResultCount=100', { headers: await signIn() });
      expect(list.result.items.map((p: any) => p.code)).toContain('Durable01');
    } finally {
      exited = new Promise((resolve) => child.on('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }, 240_000);
});
