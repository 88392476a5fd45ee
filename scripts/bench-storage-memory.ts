/**
 * The server's memory while ~200 MB files go through it (docs/BENCHMARKS.md, docs/storage.md): a
 * benchmark, not a timed test. For each backend (local directory, and S3 against s3rver started
 * here as a child process) it starts the real server (src/server/main.ts, PGlite, a temp DATA_DIR),
 * then, sampling the server process's RSS (/proc/<pid>/status) every 50 ms:
 *   1. uploads a 190 MB document through /file/Upload (one streamed multipart request),
 *   2. downloads it whole and checks its SHA-256, then 20 Range reads of 1 MB,
 *   3. uploads a 200 MB video in 20 chunks of 10 MB and merges it (on S3: UploadPartCopy),
 *   4. downloads the merged video whole.
 * It prints the resident memory before and the peak during each step.
 * Run: npx tsx scripts/bench-storage-memory.ts [local|s3|both]   (default both)
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createServer } from 'node:net';
import { startS3, type TestS3 } from '../tests/support/s3';

const MB = 1024 * 1024;
const freePort = () => new Promise<number>((res) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => res(p)); }); });
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** Pseudo-random bytes (the same for the same seed in one run), generated as they are sent: the benchmark holds none of the file. */
const BLOCK = randomBytes(MB);
function* bytes(total: number, head: Buffer, seed: number) {
  yield head;
  let sent = head.length;
  const block = Buffer.from(BLOCK);
  let i = seed;
  while (sent < total) {
    const n = Math.min(MB, total - sent);
    block.writeUInt32LE(i++, 0);
    yield Buffer.from(block.subarray(0, n));
    sent += n;
  }
}

function post(base: string, path: string, headers: Record<string, string>, body: Iterable<Buffer>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
      let out = '';
      res.on('data', (d) => (out += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(out || 'null') }));
    });
    req.on('error', reject);
    Readable.from(body).pipe(req);
  });
}

function multipartBody(fields: Record<string, string>, name: string, file: Iterable<Buffer>) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  function* gen() {
    for (const [k, v] of Object.entries(fields)) yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    yield* file;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: gen() };
}

async function download(url: string, range?: string) {
  const res = await fetch(url, { headers: range ? { range } : {} });
  const h = createHash('sha256');
  let n = 0;
  for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) {
    h.update(c);
    n += c.length;
  }
  return { status: res.status, size: n, sha256: h.digest('hex') };
}

async function run(backend: 'local' | 's3') {
  const dataDir = mkdtempSync(join(tmpdir(), 'party-bench-mem-'));
  let s3: TestS3 | null = null;
  const env: Record<string, string> = { STORAGE: 'local' };
  if (backend === 's3') {
    s3 = await startS3();
    Object.assign(env, s3.env('bench'));
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((res) => server.stdout!.on('data', (d) => String(d).includes('已启动') && res()));
  const pid = server.pid!;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 50);
  const rows: [string, number, number][] = [];
  const step = async (what: string, fn: () => Promise<void>) => {
    global.gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const before = rss(pid);
    peak = before;
    const t0 = Date.now();
    await fn();
    rows.push([what, before, peak]);
    console.error(`${backend}: ${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s, RSS ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB`);
  };
  try {
    const token = (await (await fetch(`${base}/api/TokenAuth/Sigin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'member', password: 'Demo@123456' }) })).json()).result.accessToken;
    const auth = { authorization: `Bearer ${token}` };
    // the server is warmed up (its first upload and download load code) before measuring
    const warm = multipartBody({}, 'warm.pdf', bytes(2 * MB, Buffer.from('%PDF-1.4\n'), 9));
    const w = await post(base, '/file/Upload?project=LyProduct&AttachClass=1', { ...auth, 'content-type': warm.contentType }, warm.body);
    await download(`${base}${w.body.result.path}`);

    const DOC = 190 * MB;
    let docPath = '';
    await step(`upload ${DOC / MB} MB (/file/Upload, one request)`, async () => {
      const m = multipartBody({}, 'big.pdf', bytes(DOC, Buffer.from('%PDF-1.4\n'), 1));
      const r = await post(base, '/file/Upload?project=LyProduct&AttachClass=1', { ...auth, 'content-type': m.contentType }, m.body);
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
      docPath = r.body.result.path;
    });
    await step(`download ${DOC / MB} MB whole, then 20 Range reads of 1 MB`, async () => {
      const d = await download(`${base}${docPath}`);
      if (d.size !== DOC) throw new Error(`downloaded ${d.size}`);
      for (let i = 0; i < 20; i++) {
        const r = await download(`${base}${docPath}`, `bytes=${i * 9 * MB}-${i * 9 * MB + MB - 1}`);
        if (r.status !== 206 || r.size !== MB) throw new Error(`range ${i}: ${r.status} ${r.size}`);
      }
    });

    // a video: ftyp, moov/mvhd (600 s), then one mdat box over the rest
    const VIDEO = 200 * MB;
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isom')]);
    const mvhd = Buffer.alloc(108);
    mvhd.writeUInt32BE(108, 0);
    mvhd.write('mvhd', 4);
    mvhd.writeUInt32BE(1000, 20);
    mvhd.writeUInt32BE(600_000, 24);
    const moov = Buffer.concat([Buffer.from([0, 0, 0, 116]), Buffer.from('moov'), mvhd]);
    const mdat = Buffer.alloc(8);
    mdat.writeUInt32BE(VIDEO - ftyp.length - moov.length, 0);
    mdat.write('mdat', 4);
    const head = Buffer.concat([ftyp, moov, mdat]);
    const md5 = createHash('md5');
    let hashed = 0;
    for (const c of bytes(VIDEO, head, 100)) {
      if (hashed >= 31457280) break;
      md5.update(c.subarray(0, 31457280 - hashed));
      hashed += c.length;
    }
    const headMd5 = md5.digest('hex');
    const identifier = `${headMd5}-${VIDEO}`;
    let orgfile = '';
    await step(`upload ${VIDEO / MB} MB in 20 chunks of 10 MB, merge`, async () => {
      const uploadkey = (await (await fetch(`${base}/api/services/app/VodService/GetUploadAuthor`, { headers: auth })).json()).result.uploadkey;
      const all = bytes(VIDEO, head, 100);
      let carry: Buffer = Buffer.alloc(0);
      for (let n = 1; n <= 20; n++) {
        // exactly 10 MB a chunk, cut across the generator's blocks
        const chunk: Buffer[] = [];
        let len = 0;
        while (len < 10 * MB) {
          const c = carry.length ? carry : (all.next().value as Buffer);
          const take = c.subarray(0, 10 * MB - len);
          carry = c.subarray(take.length);
          chunk.push(take);
          len += take.length;
        }
        const m = multipartBody({ uploadkey, identifier, chunkNumber: String(n), totalChunks: '20' }, 'blob', chunk);
        const r = await post(base, '/file/chunk', { ...auth, 'content-type': m.contentType }, m.body);
        if (r.status !== 200) throw new Error(JSON.stringify(r.body));
      }
      const merged = await fetch(`${base}/file/chunksMerge`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: identifier, chunks: 20, ext: 'mp4', fileoldname: 'bench.mp4', md5: headMd5, uploadkey }) });
      const body = await merged.json();
      if (merged.status !== 200) throw new Error(JSON.stringify(body));
      orgfile = body.result.orgfile;
    });
    await step(`download the ${VIDEO / MB} MB video whole`, async () => {
      const d = await download(`${base}${orgfile}`);
      if (d.size !== VIDEO) throw new Error(`downloaded ${d.size}`);
    });
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${backend === 's3' ? 'S3 (s3rver)' : 'local directory'}: server RSS`);
  console.log('| step | RSS before | peak RSS during | growth |');
  console.log('|---|---|---|---|');
  for (const [what, before, p] of rows) console.log(`| ${what} | ${(before / MB).toFixed(0)} MB | ${(p / MB).toFixed(0)} MB | +${((p - before) / MB).toFixed(0)} MB |`);
}

const which = process.argv[2] ?? 'both';
if (which === 'local' || which === 'both') await run('local');
if (which === 's3' || which === 'both') await run('s3');
process.exit(0);
