import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPurposeToken } from '../../src/server/files/tokens';
import { mediaTools } from '../../src/server/files/media-info';

const hasFfmpeg = () => mediaTools().ffmpeg && mediaTools().ffprobe;
import { multipart, startTestApp, svc, type TestApp } from './harness';
import { platformDay } from '../../src/server/platform-day';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2), randomBytes(300)]);

/** An MP4 whose mvhd says `seconds` long, padded to `size` bytes. */
function fakeMp4(size: number, seconds: number) {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isom')]);
  const mvhdBody = Buffer.alloc(100);
  mvhdBody.writeUInt32BE(1000, 12); // timescale
  mvhdBody.writeUInt32BE(seconds * 1000, 16); // duration
  const mvhd = Buffer.concat([Buffer.from([0, 0, 0, 108]), Buffer.from('mvhd'), mvhdBody]);
  const moov = Buffer.concat([Buffer.from([0, 0, 0, 116]), Buffer.from('moov'), mvhd]);
  const mdatSize = size - ftyp.length - moov.length;
  const mdatHead = Buffer.alloc(8);
  mdatHead.writeUInt32BE(mdatSize, 0);
  mdatHead.write('mdat', 4);
  return Buffer.concat([ftyp, moov, mdatHead, randomBytes(mdatSize - 8)]);
}

const dataDir = mkdtempSync(join(tmpdir(), 'party-files-test-'));
let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ config: { dataDir } });
  token = await app.login('member');
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(attachClass: number, file: { name: string; content: Buffer }, t: string | null = token, project = 'LyProduct') {
  const { payload, contentType } = multipart({}, file);
  return app.call('POST', `/file/Upload?project=${project}&AttachClass=${attachClass}`, { token: t, headers: { 'content-type': contentType }, rawBody: payload } as any);
}

describe('POST /file/Upload', () => {
  it('stores an image (class 3) and serves it by its public path', async () => {
    const r = await upload(3, { name: '党徽.png', content: PNG });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toMatchObject({ name: '党徽.png', size: PNG.length });
    expect(r.body.result.value).toBe(r.body.result.path);
    const got = await app.call('GET', r.body.result.path);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    const row = await app.db.selectFrom('files').selectAll().where('id', '=', r.body.result.id).executeTakeFirstOrThrow();
    expect(row.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));
  });

  it('checks the type from the content, not the name', async () => {
    for (const [cls, file] of [[3, { name: 'a.png', content: JPEG }], [3, { name: 'virus.jpg', content: EXE }], [4, { name: 'report.pdf', content: PNG }], [2, { name: 'tool.exe', content: EXE }]] as const) {
      const r = await upload(cls, file);
      expect(r.status, file.name).toBe(400);
      expect(r.body.error.message).toBe('文件格式错误');
    }
  });

  it('refuses oversize files per class', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10240 * 1024)]);
    const r = await upload(3, { name: 'big.png', content: big });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('文件大小超出范围');
    expect(readdirSync(join(dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('never uses the file name as a path', async () => {
    const r = await upload(4, { name: '../../../etc/passwd.pdf', content: PDF });
    expect(r.status).toBe(200);
    expect(r.body.result.name).toBe('passwd.pdf');
    expect(r.body.result.value).toBe(r.body.result.id);
    expect(existsSync(join(dataDir, 'etc'))).toBe(false);
    // class 4 is fetched with a download token, not by its path
    expect((await app.call('GET', r.body.result.path)).status).toBe(403);
  });

  it('needs a signed-in user and a known project', async () => {
    expect((await upload(3, { name: 'a.png', content: PNG }, null)).status).toBe(401);
    const r = await upload(3, { name: 'a.png', content: PNG }, token, 'NoSuchProject');
    expect(r.body.error.message).toBe('上传项目不存在或已停用');
  });
});

describe('GET /file/download', () => {
  it('streams with the original name for a valid token; refuses expired, foreign and wrong-purpose tokens', async () => {
    const up = await upload(2, { name: '学习材料.pdf', content: PDF });
    const auth = await app.call('GET', svc('ResourceLibaryService', 'GetUpLoadAuth'), { token });
    const { project, token: dl } = auth.body.result;
    const ok = await app.call('GET', '/file/download', { query: { project, token: dl, id: up.body.result.id } });
    expect(ok.status).toBe(200);
    expect(ok.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('学习材料.pdf')}`);
    expect(Buffer.from(ok.body as string, 'latin1').length).toBeGreaterThan(0);

    const foreignProject = await app.call('GET', '/file/download', { query: { project: 'BigScreen', token: dl, id: up.body.result.id } });
    expect(foreignProject.status).toBe(403);
    const forged = signPurposeToken(Buffer.from('not-the-secret'), 'download', { u: 1, p: project }, 300, Date.now());
    expect((await app.call('GET', '/file/download', { query: { project, token: forged, id: up.body.result.id } })).status).toBe(403);
    const uploadKey = (await app.call('GET', svc('VodService', 'GetUploadAuthor'), { token })).body.result.uploadkey;
    expect((await app.call('GET', '/file/download', { query: { project, token: uploadKey, id: up.body.result.id } })).status).toBe(403);
    app.advance(301_000);
    const expired = await app.call('GET', '/file/download', { query: { project, token: dl, id: up.body.result.id } });
    expect(expired.status).toBe(403);
    expect(expired.body.error.message).toBe('下载凭据无效或已过期');
  });
});

/** Signs in and switches to the first managed organisation's administrator role. */
async function asAdmin(userName: string) {
  const t = await app.login(userName);
  const role = (await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token: t })).body.result[0];
  await app.call('GET', '/api/TokenAuth/UserChangeRole', { token: t, query: { roleId: role.roleId, organId: role.organId } });
  return t;
}
/** The client's two steps (core §7): a token for the file, then the download. */
async function download(t: string, id: string) {
  const auth = await app.call('GET', svc('ResourceLibaryService', 'GetUpLoadAuth'), { token: t, query: { id } });
  if (auth.status !== 200) return auth;
  return app.call('GET', '/file/download', { query: { ...auth.body.result, id } });
}

describe('who may download a file by id', () => {
  it("another signed-in user cannot download a member's private class-2 or class-4 file, and learns nothing about it", async () => {
    const teacher = await app.login('teacher');
    for (const [cls, name] of [[2, 'private.pdf'], [4, '个人材料.pdf']] as const) {
      const id = (await upload(cls, { name, content: PDF })).body.result.id;
      expect((await download(token, id)).status, `owner, class ${cls}`).toBe(200);
      const refused = await download(teacher, id);
      const missing = await download(teacher, 'nosuchfile01');
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(missing.body);
      expect(refused.body.error.message).toBe('文件不存在');
      // the spec's bare call (no id): a token that opens only the caller's own uploads
      const bare = (await app.call('GET', svc('ResourceLibaryService', 'GetUpLoadAuth'), { token: teacher })).body.result;
      expect((await app.call('GET', '/file/download', { query: { ...bare, id } })).status).toBe(404);
      const ownBare = (await app.call('GET', svc('ResourceLibaryService', 'GetUpLoadAuth'), { token })).body.result;
      expect((await app.call('GET', '/file/download', { query: { ...ownBare, id } })).status).toBe(200);
      // a token bound to one file opens no other
      const teachersOwn = (await upload(cls, { name: 'mine.pdf', content: PDF }, teacher)).body.result.id;
      const bound = (await app.call('GET', svc('ResourceLibaryService', 'GetUpLoadAuth'), { token: teacher, query: { id: teachersOwn } })).body.result;
      const swapped = await app.call('GET', '/file/download', { query: { ...bound, id } });
      expect(swapped.status).toBe(403);
      expect(swapped.body.error.message).toBe('下载凭据无效或已过期');
    }
  });

  it('offline declaration evidence: the declarant and the auditors over his organisation, nobody else', async () => {
    const evidence = (await upload(2, { name: '签到表.pdf', content: PDF })).body.result;
    // today (the platform's): a declaration must lie in the current assessment year, whenever this runs
    const studyDate = platformDay(app.ctx);
    const decl = await app.call('POST', svc('OfflinePeriodService', 'CreateOfflineReport'), { token, body: { title: '参加主题党日', studyDate, hours: 1, evidence: [{ id: evidence.id, name: evidence.name }] } });
    expect(decl.status, JSON.stringify(decl.body)).toBe(200);
    expect((await download(token, evidence.id)).status).toBe(200);
    expect((await download(await asAdmin('districtadmin'), evidence.id)).status).toBe(200); // 温江区, audits the member
    expect((await download(await asAdmin('district2admin'), evidence.id)).status).toBe(404); // 郫都区
    expect((await download(await app.login('teacher'), evidence.id)).status).toBe(404);
    // nobody lends himself a right by naming another's file as his evidence
    const teacher = await app.login('teacher');
    const borrowed = await app.call('POST', svc('OfflinePeriodService', 'CreateOfflineReport'), { token: teacher, body: { title: '借用', studyDate, hours: 1, evidence: [{ id: evidence.id, name: 'x.pdf' }] } });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.error.message).toBe('佐证材料不存在，请重新上传');
  });

  it("a resource's file: its readers, not an administrator of a sibling district", async () => {
    const district = await asAdmin('districtadmin');
    const file = (await upload(1, { name: '党章.pdf', content: PDF }, district)).body.result;
    const res = await app.call('POST', svc('ResourceLibaryService', 'CreateResourceLibary'), { token: district, body: { name: '温江区学习文件', resourceType: 4, fileId: file.id, durationSeconds: 600 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await download(token, file.id)).status).toBe(200); // a member of 温江区 reads it
    expect((await download(await asAdmin('district2admin'), file.id)).status).toBe(404);
  });
});

describe('chunked media upload', () => {
  const CHUNK = 10485760;
  const source = fakeMp4(35 * 1024 * 1024, 125);
  const headMd5 = createHash('md5').update(source.subarray(0, 31457280)).digest('hex');
  const identifier = `${headMd5}-${source.length}`;

  async function sendChunk(t: string, uploadkey: string, n: number) {
    const { payload, contentType } = multipart({ uploadkey, identifier, chunkNumber: String(n), totalChunks: '4' }, { name: 'blob', content: source.subarray((n - 1) * CHUNK, n * CHUNK) });
    return app.call('POST', '/file/chunk', { token: t, headers: { 'content-type': contentType }, rawBody: payload } as any);
  }

  it('misses md5Check, uploads chunks, resumes after a restart with only the missing chunks, merges to the same bytes, then hits md5Check', async () => {
    const auth = (await app.call('GET', svc('VodService', 'GetUploadAuthor'), { token })).body.result;
    expect(auth.chunkSize).toBe(CHUNK);
    const miss = await app.call('POST', '/file/md5Check', { token, body: { md5: headMd5, uploadkey: auth.uploadkey, size: source.length } });
    expect(miss.body.result.exists).toBe(false);
    expect((await sendChunk(token, auth.uploadkey, 1)).status).toBe(200);
    expect((await sendChunk(token, auth.uploadkey, 2)).status).toBe(200);
    // merging too early is refused
    const early = await app.call('POST', '/file/chunksMerge', { token, body: { name: identifier, chunks: 4, ext: 'mp4', fileoldname: '党课.mp4', md5: headMd5, uploadkey: auth.uploadkey } });
    expect(early.body.error.message).toBe('分片不完整，请继续上传');

    // the server restarts on the same DATA_DIR
    await app.close();
    app = await startTestApp({ config: { dataDir } });
    token = await app.login('member');
    const test = await app.call('GET', '/file/chunk', { token, query: { uploadkey: auth.uploadkey, identifier } });
    expect(test.body.result.uploaded).toEqual([1, 2]);
    expect((await sendChunk(token, auth.uploadkey, 3)).status).toBe(200);
    expect((await sendChunk(token, auth.uploadkey, 4)).status).toBe(200);
    const merged = await app.call('POST', '/file/chunksMerge', { token, body: { name: identifier, chunks: 4, ext: 'mp4', fileoldname: '党课.mp4', md5: headMd5, uploadkey: auth.uploadkey } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.result).toMatchObject({ duration: '00:02:05', metadata: { time: 125 }, ifExist: false });
    const row = await app.db.selectFrom('files').selectAll().where('id', '=', merged.body.result.id).executeTakeFirstOrThrow();
    expect(row.sha256).toBe(createHash('sha256').update(source).digest('hex'));
    const stored = readFileSync(join(dataDir, 'files', 'objects', row.storageKey.slice(0, 2), row.storageKey));
    expect(stored.equals(source)).toBe(true);
    expect(readdirSync(join(dataDir, 'files', 'chunks'))).toEqual([]);

    const hit = await app.call('POST', '/file/md5Check', { token, body: { md5: headMd5, uploadkey: auth.uploadkey, size: source.length } });
    expect(hit.body.result).toMatchObject({ exists: true, ifExist: true, duration: '00:02:05' });
    const play = await app.call('GET', svc('VodService', 'GetVideoPlayAuth'), { token, query: { id: merged.body.result.id } });
    expect(play.body.result.orgfile).toBe(merged.body.result.orgfile);
  });

  it('refuses a merge whose checksum or type is wrong, and keys of another user', async () => {
    const auth = (await app.call('GET', svc('VodService', 'GetUploadAuthor'), { token })).body.result;
    const other = await app.login('teacher');
    const r = await app.call('GET', '/file/chunk', { token: other, query: { uploadkey: auth.uploadkey, identifier } });
    expect(r.status).toBe(403);
    const bad = await app.call('POST', '/file/chunksMerge', { token, body: { name: 'abcdefgh-1', chunks: 1, ext: 'exe', fileoldname: 'x.exe', md5: headMd5, uploadkey: auth.uploadkey } });
    expect(bad.body.error.message).toBe('文件格式错误');
    const audio = await app.call('POST', '/file/chunksMerge', { token, body: { name: 'abcdefgh-2', chunks: 1, ext: 'mp3', fileoldname: 'x.mp3', md5: headMd5, uploadkey: auth.uploadkey } });
    expect(audio.body.error.message).toBe('分片不完整，请继续上传');
  });

  it('the completion hook needs its callback token', async () => {
    const f = await app.db.selectFrom('files').select('id').where('attachClass', '=', 5).executeTakeFirstOrThrow();
    const bad = await app.call('POST', svc('VodService', 'AliVideoCallBack'), { body: { fileId: f.id, status: 'success', callbackToken: 'x.y' } });
    expect(bad.status).toBe(403);
    const cb = signPurposeToken(app.ctx.config.jwtSecret, 'callback', { f: f.id }, 60, app.ctx.now().getTime());
    expect((await app.call('POST', svc('VodService', 'AliVideoCallBack'), { body: { fileId: f.id, status: 'success', callbackToken: cb } })).status).toBe(200);
    expect((await app.db.selectFrom('files').select('hlsStatus').where('id', '=', f.id).executeTakeFirstOrThrow()).hlsStatus).toBe('ready');
  });
});

describe.skipIf(!hasFfmpeg())('HLS packaging (ffmpeg present)', () => {
  it('a real video is merged, probed by ffprobe and packaged to an HLS playlist in the background', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'party-hls-'));
    const src = join(dir, 'in.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', src]);
    const bytes = readFileSync(src);
    rmSync(dir, { recursive: true, force: true });
    const md5 = createHash('md5').update(bytes.subarray(0, 31457280)).digest('hex');
    const id = `${md5}-${bytes.length}`;
    const auth = (await app.call('GET', svc('VodService', 'GetUploadAuthor'), { token })).body.result;
    const { payload, contentType } = multipart({ uploadkey: auth.uploadkey, identifier: id, chunkNumber: '1', totalChunks: '1' }, { name: 'blob', content: bytes });
    expect((await app.call('POST', '/file/chunk', { token, headers: { 'content-type': contentType }, rawBody: payload } as any)).status).toBe(200);
    const merged = await app.call('POST', '/file/chunksMerge', { token, body: { name: id, chunks: 1, ext: 'mp4', fileoldname: '测试片.mp4', md5, uploadkey: auth.uploadkey } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.result.duration).toBe('00:00:03');
    expect(merged.body.result.url).toMatch(/\/index\.m3u8$/);
    let status = '';
    for (let i = 0; i < 120 && status !== 'ready' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      status = (await app.call('GET', svc('VodService', 'GetVideoPlayAuth'), { token, query: { id: merged.body.result.id } })).body.result.hlsStatus;
    }
    expect(status).toBe('ready');
    const playlist = await app.call('GET', merged.body.result.url);
    expect(playlist.status).toBe(200);
    expect(String(playlist.body)).toContain('#EXTM3U');
    const segment = /seg\d{5}\.ts/.exec(String(playlist.body))![0];
    expect((await app.call('GET', merged.body.result.url.replace('index.m3u8', segment))).status).toBe(200);
  }, 90_000);
});
