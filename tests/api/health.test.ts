/**
 * Health, request ids and the API documentation's gate (issue 36), on the real app (harness).
 * Stopping and the log of a real `npm start` are in shutdown.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { createHealth, registerReadinessCheck, unregisterReadinessCheck } from '../../src/server/health';
import { scrubUrl } from '../../src/server/log';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('health addresses', () => {
  it('liveness and readiness answer without sign-in and name their checks, nothing secret', async () => {
    const live = await app.call('GET', '/livez');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    for (const path of ['/readyz', '/healthz']) {
      const ready = await app.call('GET', path);
      expect(ready.status, path).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', state: 'ready' });
      expect(ready.body.checks.map((c: any) => c.name)).toEqual(expect.arrayContaining(['database', 'migrations']));
      expect(ready.body.checks.every((c: any) => c.ok)).toBe(true);
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(JSON.stringify(ready.body)).not.toMatch(/postgres:\/\/|secret|password/i);
    }
  });

  it('a failing part makes readiness 503 naming it (machine name and Chinese); a non-critical one only degrades', async () => {
    registerReadinessCheck('objectStore', { label: '对象存储无法访问', run: async () => Promise.reject(new Error('ECONNREFUSED 10.0.0.9:9000 key=abc')) });
    try {
      const r = await app.call('GET', '/readyz');
      expect(r.status).toBe(503);
      expect(r.body.status).toBe('unavailable');
      expect(r.body.message).toBe('对象存储无法访问（objectStore）');
      expect(r.body.checks.find((c: any) => c.name === 'objectStore')).toMatchObject({ ok: false, message: '对象存储无法访问' });
      expect(r.body.checks.find((c: any) => c.name === 'database')).toMatchObject({ ok: true });
      // the cause stays in the log: the answer never carries an error's text
      expect(JSON.stringify(r.body)).not.toContain('ECONNREFUSED');
      expect((await app.call('GET', '/livez')).status).toBe(200);
    } finally {
      unregisterReadinessCheck('objectStore');
    }
    registerReadinessCheck('cache', { label: '缓存无法访问', critical: false, run: async () => Promise.reject(new Error('down')) });
    try {
      const r = await app.call('GET', '/readyz');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'degraded', message: '缓存无法访问（cache）' });
    } finally {
      unregisterReadinessCheck('cache');
    }
    expect((await app.call('GET', '/readyz')).status).toBe(200);
  });

  it('a check that hangs is cut after its time and reported', async () => {
    registerReadinessCheck('slow', { label: '慢部件无应答', run: () => new Promise<void>(() => {}) });
    try {
      const r = await app.call('GET', '/readyz');
      expect(r.status).toBe(503);
      expect(r.body.message).toBe('慢部件无应答（slow）');
    } finally {
      unregisterReadinessCheck('slow');
    }
  });

  it('a storage backend replaces the local storage check under its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'party-health-'));
    const other = await startTestApp({ seed: false, config: { dataDir: dir } });
    try {
      expect((await other.call('GET', '/readyz')).body.checks.find((c: any) => c.name === 'storage')).toMatchObject({ ok: true });
      registerReadinessCheck('storage', { label: '对象存储无法访问', run: async () => Promise.reject(new Error('no bucket')) });
      const r = await other.call('GET', '/readyz');
      expect(r.status).toBe(503);
      expect(r.body.checks.filter((c: any) => c.name === 'storage')).toEqual([{ name: 'storage', ok: false, critical: true, message: '对象存储无法访问' }]);
    } finally {
      unregisterReadinessCheck('storage');
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starting and draining: readiness 503 with the state named', async () => {
    const health = createHealth(app.ctx);
    expect(await health.check()).toMatchObject({ status: 503, body: { status: 'unavailable', state: 'starting', message: '服务正在启动' } });
    health.markReady();
    expect((await health.check()).status).toBe(200);
    health.drain();
    const r = await health.check();
    expect(r).toMatchObject({ status: 503, body: { status: 'unavailable', state: 'draining', message: '服务正在停止', checks: [{ name: 'draining', ok: false }] } });
    health.markReady();
    expect(health.state).toBe('draining');
  });
});

describe('request ids', () => {
  it('unique per request, tagged by process, sent back as X-Request-Id; a sane incoming id is kept, a strange one replaced', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add(String((await app.call('GET', '/livez')).headers['x-request-id']));
    expect(ids.size).toBe(20);
    const tags = new Set([...ids].map((id) => id.split('-').slice(0, -1).join('-')));
    expect(tags.size).toBe(1);
    expect([...tags][0].length).toBeGreaterThanOrEqual(8);
    expect((await app.call('GET', '/livez', { headers: { 'x-request-id': 'nginx-4f9c2a1b77' } })).headers['x-request-id']).toBe('nginx-4f9c2a1b77');
    const odd = (await app.call('GET', '/livez', { headers: { 'x-request-id': 'a b<script>' } })).headers['x-request-id'];
    expect(odd).not.toContain('script');
  });

  it('secret-looking query values are scrubbed from logged URLs', () => {
    expect(scrubUrl('/file/download?project=Ly&token=abc.def&id=7')).toBe('/file/download?project=Ly&token=[redacted]&id=7');
    expect(scrubUrl('/dj/singleSignOn?ticket=eyJ')).toBe('/dj/singleSignOn?ticket=[redacted]');
    expect(scrubUrl('/file/chunk?uploadkey=x&identifier=abc')).toBe('/file/chunk?uploadkey=[redacted]&identifier=abc');
    expect(scrubUrl('/api/x?Password=1&phoneCode=123456&name=张')).toBe('/api/x?Password=[redacted]&phoneCode=[redacted]&name=张');
    expect(scrubUrl('/api/x')).toBe('/api/x');
  });
});

describe('API documentation (API_DOCS)', () => {
  it('admin (default): the document for an administrator only; the UI page loads', async () => {
    expect(app.ctx.config.apiDocs).toBe('admin');
    expect((await app.call('GET', '/swagger/json')).status).toBe(401);
    const member = await app.login('member');
    expect((await app.call('GET', '/swagger/json', { token: member })).status).toBe(403);
    const admin = await app.login('admin');
    const role = (await app.call('GET', '/api/services/app/UserService/GetUserManageOrgan', { token: admin })).body.result[0];
    await app.call('GET', '/api/TokenAuth/UserChangeRole', { token: admin, query: { roleId: role.roleId, organId: role.organId } });
    const doc = await app.call('GET', '/swagger/json', { token: admin });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBeTruthy();
    expect((await app.call('GET', '/swagger/')).status).toBe(200);
  });

  it('off: nothing; public: open to all, with the file server and health calls described', async () => {
    const off = await startTestApp({ seed: false, config: { apiDocs: 'off' } });
    try {
      expect((await off.call('GET', '/swagger/json')).status).toBe(404);
      expect((await off.call('GET', '/swagger/')).status).toBe(404);
    } finally {
      await off.close();
    }
    const pub = await startTestApp({ config: { apiDocs: 'public' } });
    try {
      const doc = await pub.call('GET', '/swagger/json');
      expect(doc.status).toBe(200);
      const p = doc.body.paths;
      for (const [path, method] of [['/file/Upload', 'post'], ['/file/download', 'get'], ['/file/chunk', 'get'], ['/file/chunk', 'post'], ['/file/md5Check', 'post'], ['/file/chunksMerge', 'post'], ['/file/f/{key}', 'get'], ['/readyz', 'get'], ['/livez', 'get']]) {
        expect(p[path]?.[method], `${method} ${path}`).toBeTruthy();
        expect(p[path][method].summary, `${method} ${path}`).toMatch(/[\u4e00-\u9fa5]/);
      }
      expect(p['/file/Upload'].post.requestBody.content['multipart/form-data'].schema.properties.file.format).toBe('binary');
      expect(p['/file/Upload'].post.parameters.map((x: any) => x.name)).toEqual(expect.arrayContaining(['project', 'AttachClass']));
      expect(p['/file/chunksMerge'].post.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['uploadkey', 'name', 'chunks', 'md5']));
      expect(p['/file/download'].get.parameters.map((x: any) => x.name)).toEqual(expect.arrayContaining(['project', 'token', 'id']));
      // described, not validated: a file call's bad input still gets its own Chinese answer
      const token = await pub.login('admin');
      const r = await pub.call('POST', '/file/chunksMerge', { token, body: { uploadkey: 'x', name: 'bad', chunks: 'many', md5: 'zz' } });
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe('上传凭据无效或已过期');
    } finally {
      await pub.close();
    }
  });

});

