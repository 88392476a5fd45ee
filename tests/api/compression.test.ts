/**
 * What goes on the wire: JSON answers above 1 KB are brotli or gzip as the browser
 * accepts, small ones and clients that accept neither get plain JSON; the built client's files go
 * out precompressed with long cache lifetimes (hashed names), index.html always revalidated.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/server/http/compress';
import { signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

const dataDir = mkdtempSync(join(tmpdir(), 'compression-test-'));
const clientDir = join(dataDir, 'client');
const script = `console.log(${JSON.stringify('党建'.repeat(2000))});`;
let app: TestApp;
let token: string;

beforeAll(async () => {
  // a built client in miniature: index.html and one hashed asset with its build-time twins
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(clientDir, 'assets', 'main-AbC123.js'), script);
  writeFileSync(join(clientDir, 'assets', 'main-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(join(clientDir, 'assets', 'main-AbC123.js.gz'), gzipSync(script));
  app = await startTestApp({ config: { dataDir }, clientDir });
  token = (await signInAsAdmin(app, 'admin')).token;
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('JSON answers', () => {
  const list = (acceptEncoding?: string) =>
    app.call('GET', svc('PartyMemberService', 'PageList'), { token, query: { skipCount: 0, maxResultCount: 50 }, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('are brotli for a browser, gzip where only that is accepted, plain otherwise — the same JSON', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.result.items).toHaveLength(50);
    const br = await list('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.raw).toString())).toEqual(plain.body);
    expect(br.raw.length).toBeLessThan(Buffer.byteLength(JSON.stringify(plain.body)) / 3);
    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.raw).toString())).toEqual(plain.body);
    expect((await list('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('stay plain when small', async () => {
    const small = await app.call('GET', svc('PartyMemberService', 'PageList'), { token, query: { skipCount: 0, maxResultCount: 1 }, headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.success).toBe(true);
  });

  it('negotiates as Accept-Encoding says', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=0.5, br;q=0')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('the client files', () => {
  it('go out precompressed, hashed assets cached for a year, index.html revalidated', async () => {
    const br = await app.call('GET', '/dj/assets/main-AbC123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.raw).toString()).toBe(script);
    const plain = await app.call('GET', '/dj/assets/main-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString()).toBe(script);
    const page = await app.call('GET', '/dj/partyMember/iStudy', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toContain('text/html');
  });
});
