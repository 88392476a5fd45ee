/**
 * The file store failing during an upload (docs/storage.md): a full disk (the local backend on a
 * small tmpfs, ENOSPC) and an object store that goes away (s3rver killed, then started again on
 * the same port and directory). Each time: a clear Chinese error (507 full, 503 away — never a 500),
 * no half-written file kept or served, and the chunked upload resumes afterwards with only the
 * missing chunks. The local case runs in project api (needs root to mount a tmpfs, else skipped),
 * the S3 case in project api-s3.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart, onPostgres, onS3, startTestApp, svc, uploadFile, type TestApp } from './harness';
import { startS3, type TestS3 } from '../support/s3';

const MiB = 1024 * 1024;

/** An MP4 (ftyp, then filler) of `size` bytes: a video by its content. */
const fakeMp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isom'), randomBytes(size - 20)]);

/** A chunked media upload as the client does it, chunks of `chunk` bytes. */
function chunked(app: () => TestApp, token: () => string, source: Buffer, chunk: number) {
  const md5 = createHash('md5').update(source.subarray(0, 31457280)).digest('hex');
  const identifier = `${md5}-${source.length}`;
  const total = Math.ceil(source.length / chunk);
  let uploadkey = '';
  return {
    total,
    async auth() {
      uploadkey = (await app().call('GET', svc('VodService', 'GetUploadAuthor'), { token: token() })).body.result.uploadkey;
    },
    send(n: number) {
      const { payload, contentType } = multipart({ uploadkey, identifier, chunkNumber: String(n), totalChunks: String(total) }, { name: 'blob', content: source.subarray((n - 1) * chunk, n * chunk) });
      return app().call('POST', '/file/chunk', { token: token(), headers: { 'content-type': contentType }, rawBody: payload });
    },
    uploaded() {
      return app().call('GET', '/file/chunk', { token: token(), query: { uploadkey, identifier } });
    },
    merge() {
      return app().call('POST', '/file/chunksMerge', { token: token(), body: { name: identifier, chunks: total, ext: 'mp4', fileoldname: '断点续传.mp4', md5, uploadkey } });
    },
  };
}

const PDF = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

/** Root may mount a small tmpfs here: the only honest way to fill a disk in a test. */
function canMount() {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'party-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

describe.skipIf(onS3 || onPostgres || !canMount())('local backend: the disk fills up during an upload', () => {
  const mnt = mkdtempSync(join(tmpdir(), 'party-full-'));
  let app: TestApp;
  let token = '';
  afterAll(async () => {
    await app?.close();
    try {
      execFileSync('umount', [mnt], { stdio: 'ignore' });
    } catch {
      /* not mounted */
    }
    rmSync(mnt, { recursive: true, force: true });
  });

  it('507 with a Chinese message, nothing half-written, and the upload resumes once space is freed', async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mnt]);
    app = await startTestApp({ config: { dataDir: mnt } });
    token = await app.login('member');
    await expect(app.files.ping()).resolves.toBeUndefined();
    const up = chunked(() => app, () => token, fakeMp4(3 * MiB), MiB);
    await up.auth();
    // leave room for two chunks and a half
    const fs = statfsSync(mnt);
    writeFileSync(join(mnt, 'ballast'), Buffer.alloc(fs.bavail * fs.bsize - Math.round(2.5 * MiB)));
    expect((await up.send(1)).status).toBe(200);
    expect((await up.send(2)).status).toBe(200);

    const full = await up.send(3);
    expect(full.status).toBe(507);
    expect(full.body.error.message).toBe('文件存储空间已满，本次上传未保存，请联系管理员后重试');
    expect((await up.uploaded()).body.result.uploaded).toEqual([1, 2]);
    const objects = (await app.files.list('objects/')).length;
    const doc = await uploadFile(app, token, 2, { name: '材料.pdf', content: PDF(MiB) });
    expect(doc.status).toBe(507);
    expect((await app.files.list('objects/')).length).toBe(objects);
    expect(readdirSync(join(mnt, 'files', 'tmp'))).toEqual([]);

    // the administrator frees space; the client sends what is missing and merges
    rmSync(join(mnt, 'ballast'));
    expect((await up.send(3)).status).toBe(200);
    const merged = await up.merge();
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect((await app.call('GET', merged.body.result.orgfile, { headers: { range: 'bytes=0-7' } })).raw.subarray(4).toString()).toBe('ftyp');
  });
});

describe.skipIf(!onS3)('S3 backend: the object store goes away during an upload', () => {
  let s3: TestS3;
  let app: TestApp;
  let token = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'party-s3-fail-'));
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('503 with a Chinese message for uploads and downloads, nothing half-written, and the upload resumes when it is back', async () => {
    s3 = await startS3();
    app = await startTestApp({ config: { dataDir, storage: s3.settings('fail/') } });
    token = await app.login('member');
    const source = fakeMp4(12 * MiB);
    const up = chunked(() => app, () => token, source, 4 * MiB); // under S3's 5 MiB part minimum: merged by streaming, not UploadPartCopy
    await up.auth();
    expect((await up.send(1)).status).toBe(200);
    expect((await up.send(2)).status).toBe(200);
    const before = (await app.files.list('objects/')).map((o) => o.key);
    const seeded = await app.db.selectFrom('files').select('storageKey').where('attachClass', '=', 1).executeTakeFirstOrThrow();

    // the readiness check's question (FileStorage.ping): answered while the store is there, refused when it is not
    await expect(app.files.ping()).resolves.toBeUndefined();
    await s3.kill();
    await expect(app.files.ping()).rejects.toThrow();
    const lost = await up.send(3);
    expect(lost.status).toBe(503);
    expect(lost.body.error.message).toBe('文件存储暂时不可用，本次上传未保存，请稍后重试');
    const doc = await uploadFile(app, token, 2, { name: '材料.pdf', content: PDF(6 * MiB) });
    expect(doc.status).toBe(503);
    expect(doc.body.error.message).toBe('文件存储暂时不可用，本次上传未保存，请稍后重试');
    const read = await app.call('GET', `/file/f/${seeded.storageKey}`);
    expect(read.status).toBe(503);
    expect(read.body.error.message).toBe('文件存储暂时不可用，请稍后重试');
    expect((await up.uploaded()).status).toBe(503);

    await s3.restart();
    // nothing of the failed writes: no object, no chunk 3
    expect((await app.files.list('objects/')).map((o) => o.key)).toEqual(before);
    expect((await up.uploaded()).body.result.uploaded).toEqual([1, 2]);
    expect((await up.send(3)).status).toBe(200);
    const merged = await up.merge();
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const got = await app.call('GET', merged.body.result.orgfile);
    expect(got.status).toBe(200);
    expect(got.raw.equals(source)).toBe(true);
  });
});
