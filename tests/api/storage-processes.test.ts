/**
 * Files beyond one machine: two API "machines" — two server processes (src/server/main.ts), each
 * with a DATA_DIR of its own — sharing PostgreSQL and an S3-compatible bucket (s3rver, a child
 * process). A file uploaded through one is downloaded with Range through the other; a video's
 * chunks are sent half to one and half to the other and merged there; its HLS output, packaged by
 * whichever process merged it, plays through the other; md5Check through either finds it.
 * Needs TEST_DATABASE_URL (project api-pg); ffmpeg for the HLS part.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './harness';
import { freshDatabase, launchStarted, stopServer } from '../support/server-process';
import { startS3, type TestS3 } from '../support/s3';
import { mediaTools } from '../../src/server/files/media-info';

const dir = mkdtempSync(join(tmpdir(), 'party-machines-'));
const started: ChildProcess[] = [];

const launch = async (env: Record<string, string>) =>
  (await launchStarted({ JWT_SECRET: 'machines-test-secret', ...env }, { started })).base;
const stop = stopServer;

const api = async (base: string, path: string, init: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {}) => {
  const res = await fetch(`${base}${path}`, {
    method: init.body !== undefined || init.form ? 'POST' : 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const raw = Buffer.from(await res.arrayBuffer());
  let body: any = null;
  try {
    body = JSON.parse(raw.toString());
  } catch {
    /* bytes */
  }
  return { status: res.status, headers: res.headers, raw, body };
};
const svc = (s: string, a: string) => `/api/services/app/${s}/${a}`;

describe.skipIf(!onPostgres)('two API machines sharing PostgreSQL and an S3 bucket', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let s3: TestS3;
  let a = '';
  let b = '';

  beforeAll(async () => {
    database = await freshDatabase('dj_machines');
    s3 = await startS3();
    const env = { DATABASE_URL: database.url, ...s3.env('machines') };
    a = await launch({ ...env, DATA_DIR: join(dir, 'a') });
    b = await launch({ ...env, DATA_DIR: join(dir, 'b') });
  });
  afterAll(async () => {
    await Promise.all(started.map((c) => stop(c)));
    await s3?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  const signIn = async (base: string) => (await api(base, '/api/TokenAuth/Sigin', { body: { userName: 'member', password: 'Demo@123456' } })).body.result.accessToken as string;

  it('a file uploaded through A is downloaded whole and by Range through B; neither machine keeps it on its disk', async () => {
    const token = await signIn(a);
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024)]);
    const form = new FormData();
    form.append('file', new Blob([content]), '跨机器.pdf');
    const up = await api(a, '/file/Upload?project=LyProduct&AttachClass=2', { token, form });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const id = up.body.result.id;

    const tokenB = await signIn(b);
    const auth = (await api(b, `${svc('ResourceLibaryService', 'GetUpLoadAuth')}?id=${id}`, { token: tokenB })).body.result;
    const url = `/file/download?project=${auth.project}&token=${encodeURIComponent(auth.token)}&id=${id}`;
    const whole = await api(b, url);
    expect(whole.status).toBe(200);
    expect(whole.raw.equals(content)).toBe(true);
    const part = await api(b, url, { headers: { range: 'bytes=1048576-1048675' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1048576-1048675/${content.length}`);
    expect(part.raw.equals(content.subarray(1048576, 1048676))).toBe(true);
    for (const m of ['a', 'b']) expect(existsSync(join(dir, m, 'files', 'objects'))).toBe(false);
  });

  it.skipIf(!mediaTools().ffmpeg)('a video chunked half through A, half through B, merged by B: its HLS output plays through A, md5Check through A finds it', async () => {
    const work = mkdtempSync(join(tmpdir(), 'party-machines-video-'));
    const src = join(work, 'in.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', src]);
    const bytes = readFileSync(src);
    rmSync(work, { recursive: true, force: true });
    const md5 = createHash('md5').update(bytes.subarray(0, 31457280)).digest('hex');
    const identifier = `${md5}-${bytes.length}`;
    const half = Math.ceil(bytes.length / 2);
    const tokenA = await signIn(a);
    const uploadkey = (await api(a, svc('VodService', 'GetUploadAuthor'), { token: tokenA })).body.result.uploadkey;
    const sendChunk = (base: string, n: number) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ uploadkey, identifier, chunkNumber: String(n), totalChunks: '2' })) form.append(k, v);
      form.append('file', new Blob([bytes.subarray((n - 1) * half, n * half)]), 'blob');
      return api(base, '/file/chunk', { token: tokenA, form });
    };
    expect((await sendChunk(a, 1)).status).toBe(200);
    // the client's resume question, asked of the other machine
    expect((await api(b, `/file/chunk?uploadkey=${encodeURIComponent(uploadkey)}&identifier=${identifier}`, { token: tokenA })).body.result.uploaded).toEqual([1]);
    expect((await sendChunk(b, 2)).status).toBe(200);
    const merged = await api(b, '/file/chunksMerge', { token: tokenA, body: { name: identifier, chunks: 2, ext: 'mp4', fileoldname: '跨机器.mp4', md5, uploadkey } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.result.duration).toBe('00:00:03');

    let status = '';
    for (let i = 0; i < 120 && status !== 'ready' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      status = (await api(a, `${svc('VodService', 'GetVideoPlayAuth')}?id=${merged.body.result.id}`, { token: tokenA })).body.result.hlsStatus;
    }
    expect(status).toBe('ready');
    const playlist = await api(a, merged.body.result.url);
    expect(playlist.status).toBe(200);
    expect(playlist.raw.toString()).toContain('#EXTM3U');
    const segment = /seg\d{5}\.ts/.exec(playlist.raw.toString())![0];
    const seg = await api(a, merged.body.result.url.replace('index.m3u8', segment), { headers: { range: 'bytes=0-187' } });
    expect(seg.status).toBe(206);
    expect(seg.raw[0]).toBe(0x47); // an MPEG-TS packet
    const orig = await api(a, merged.body.result.orgfile, { headers: { range: `bytes=0-${bytes.length - 1}` } });
    expect(orig.raw.equals(bytes)).toBe(true);

    const hit = await api(a, '/file/md5Check', { token: tokenA, body: { md5, uploadkey, size: bytes.length } });
    expect(hit.body.result).toMatchObject({ exists: true, ifExist: true, id: merged.body.result.id });
    for (const m of ['a', 'b']) expect(existsSync(join(dir, m, 'files', 'hls'))).toBe(false);
  });
});
