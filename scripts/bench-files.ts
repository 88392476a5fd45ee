/**
 * File benchmarks, not timed tests:
 *  1. the uploader's checksum (src/client/widgets/media-upload/checksum.ts, bundled as shipped) over
 *     the first 30 MB of a 31 MB file in headless Chromium, 2 MB slices with a yield between them:
 *     the WebAssembly MD5 it uses and, for comparison, its spark-md5 fallback; goal at most 300 ms.
 *  2. loopback upload throughput of a 200 MB file through the real server: chunked (10 MB chunks)
 *     and merged, like the media uploader does.
 * Run: npx tsx scripts/bench-files.ts   (needs /usr/bin/chromium; starts its own server on a temp DATA_DIR)
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const MB = 1024 * 1024;

/** The uploader's own checksum module, bundled for the page: the benchmark measures the shipped code. */
async function checksumBundle(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: true, lib: { entry: resolve('src/client/widgets/media-upload/checksum.ts'), formats: ['iife'], name: 'checksum' } },
  });
  const result = (Array.isArray(out) ? out[0] : out) as { output: { type: string; code?: string }[] };
  return result.output.find((o) => o.type === 'chunk')!.code!;
}

async function checksumInChromium(engine: 'wasm' | 'js') {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const page = await browser.newPage();
  await page.setContent('<html><body></body></html>');
  await page.addScriptTag({ content: await checksumBundle() });
  const runs: number[] = await page.evaluate(async (engine) => {
    const size = 30 * 1024 * 1024;
    const data = new Uint8Array(size + 1024 * 1024);
    for (let i = 0; i < data.length; i += 65536) crypto.getRandomValues(data.subarray(i, Math.min(data.length, i + 65536)));
    const file = new File([data], 'bench.mp4');
    const times: number[] = [];
    for (let r = 0; r < 5; r++) {
      const t0 = performance.now();
      await (window as any).checksum.headMd5(file, { engine });
      times.push(performance.now() - t0);
    }
    return times;
  }, engine);
  await browser.close();
  return runs;
}

const freePort = () => new Promise<number>((res) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as any).port; s.close(() => res(p)); }); });

async function uploadThroughput() {
  const dataDir = mkdtempSync(join(tmpdir(), 'party-bench-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((res) => server.stdout.on('data', (d) => String(d).includes('演示数据') && res()));
  const base = `http://127.0.0.1:${port}`;
  const post = async (url: string, body: unknown, token?: string) => (await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json();
  const token = (await post('/api/TokenAuth/Sigin', { userName: 'member', password: 'Demo@123456' })).result.accessToken;
  const auth = (await (await fetch(`${base}/api/services/app/VodService/GetUploadAuthor`, { headers: { authorization: `Bearer ${token}` } })).json()).result;
  // a 200 MB "MP4": an ftyp box, then random bytes
  const size = 200 * MB;
  const file = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isom'), randomBytes(size - 20)]);
  const md5 = createHash('md5').update(file.subarray(0, 30 * MB)).digest('hex');
  const identifier = `${md5}-${size}`;
  const chunks = Math.ceil(size / auth.chunkSize);
  const t0 = performance.now();
  for (let n = 1; n <= chunks; n++) {
    const form = new FormData();
    form.set('uploadkey', auth.uploadkey);
    form.set('identifier', identifier);
    form.set('chunkNumber', String(n));
    form.set('totalChunks', String(chunks));
    form.set('file', new Blob([file.subarray((n - 1) * auth.chunkSize, n * auth.chunkSize)]), 'blob');
    const r = await fetch(`${base}/file/chunk`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (!r.ok) throw new Error(`chunk ${n}: ${r.status}`);
  }
  const tChunks = performance.now() - t0;
  const merged = await post('/file/chunksMerge', { name: identifier, chunks, ext: 'mp4', fileoldname: 'bench.mp4', md5, uploadkey: auth.uploadkey }, token);
  const total = performance.now() - t0;
  if (!merged.success) throw new Error(JSON.stringify(merged.error));
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  return { chunksMs: tChunks, totalMs: total, size };
}

const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)];
for (const engine of ['wasm', 'js'] as const) {
  const runs = await checksumInChromium(engine);
  const label = engine === 'wasm' ? 'WebAssembly MD5 (hash-wasm, used)' : 'spark-md5 (fallback)';
  console.log(`${label} over the first 30 MB in Chromium: median ${median(runs).toFixed(0)} ms (runs: ${runs.map((r) => r.toFixed(0)).join(', ')} ms; goal ≤ 300 ms)`);
}
const up = await uploadThroughput();
console.log(`200 MB chunked upload over loopback: chunks ${(up.size / MB / (up.chunksMs / 1000)).toFixed(1)} MB/s (${(up.chunksMs / 1000).toFixed(1)} s); with merge and verification ${(up.size / MB / (up.totalMs / 1000)).toFixed(1)} MB/s (${(up.totalMs / 1000).toFixed(1)} s)`);
