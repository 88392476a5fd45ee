/**
 * The resource library as its administrator screens use it: a resource created from an upload's file
 * id (the MediaUpload / FileUpload `valueKey: "id"` path) plays for members, its play address follows
 * the file's HLS packaging, files needing a download token are refused as resource files, and the
 * audit list of reports carries what the auditor plays.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestApp, svc, type TestApp } from './harness';

/** An MP4 whose mvhd says `seconds` long. */
function fakeMp4(size: number, seconds: number) {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isom')]);
  const mvhdBody = Buffer.alloc(100);
  mvhdBody.writeUInt32BE(1000, 12);
  mvhdBody.writeUInt32BE(seconds * 1000, 16);
  const mvhd = Buffer.concat([Buffer.from([0, 0, 0, 108]), Buffer.from('mvhd'), mvhdBody]);
  const moov = Buffer.concat([Buffer.from([0, 0, 0, 116]), Buffer.from('moov'), mvhd]);
  const mdatHead = Buffer.alloc(8);
  mdatHead.writeUInt32BE(size - ftyp.length - moov.length, 0);
  mdatHead.write('mdat', 4);
  return Buffer.concat([ftyp, moov, mdatHead, randomBytes(size - ftyp.length - moov.length - 8)]);
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300)]);
const dataDir = mkdtempSync(join(tmpdir(), 'party-study-admin-'));
let app: TestApp;
let province: string;
let member: string;

/** Signs in and acts as the administrator of the organisation whose name contains `organ`. */
async function asAdmin(userName: string, organ?: string) {
  const token = await app.login(userName);
  const roles = (await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token })).body.result;
  const role = roles.find((r: any) => !organ || String(r.organName).includes(organ)) ?? roles[0];
  await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } });
  return token;
}

/** The MediaUpload path: upload authorisation, one chunk, merge; answers the video upload result. */
async function uploadVideo(token: string, bytes: Buffer, name: string) {
  const md5 = createHash('md5').update(bytes.subarray(0, 31457280)).digest('hex');
  const identifier = `${md5}-${bytes.length}`;
  const auth = (await app.call('GET', svc('VodService', 'GetUploadAuthor'), { token })).body.result;
  const { payload, contentType } = multipart({ uploadkey: auth.uploadkey, identifier, chunkNumber: '1', totalChunks: '1' }, { name: 'blob', content: bytes });
  expect((await app.call('POST', '/file/chunk', { token, headers: { 'content-type': contentType }, rawBody: payload } as any)).status).toBe(200);
  const merged = await app.call('POST', '/file/chunksMerge', { token, body: { name: identifier, chunks: 1, ext: 'mp4', fileoldname: name, md5, uploadkey: auth.uploadkey } });
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  return merged.body.result;
}

async function uploadFile(token: string, attachClass: number, name: string, content: Buffer) {
  const { payload, contentType } = multipart({}, { name, content });
  const r = await app.call('POST', `/file/Upload?project=LyProduct&AttachClass=${attachClass}`, { token, headers: { 'content-type': contentType }, rawBody: payload } as any);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

beforeAll(async () => {
  app = await startTestApp({ config: { dataDir } });
  province = await asAdmin('admin', '省委');
  member = await app.login('member');
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('resources created from the administrator screens', () => {
  it('a video created from its upload id has the file duration as 学时 and plays for members; HLS once ready', async () => {
    const upload = await uploadVideo(province, fakeMp4(256 * 1024, 75), '微党课.mp4');
    expect(upload).toMatchObject({ duration: '00:01:15', metadata: { time: 75 } });
    const created = await app.call('POST', svc('ResourceLibaryService', 'CreateResourceLibary'), { token: province, body: { name: '屏幕新增的视频', resourceType: 1, fileId: upload.id } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const res = created.body.result;
    expect(res).toMatchObject({ durationSeconds: 75, resoursePeriod: 0.02, fileId: upload.id, playUrl: upload.orgfile });

    const shelf = (await app.call('GET', svc('ResourceLibaryService', 'GetOrganResourceList'), { token: member, query: { resourceType: 1, MaxResultCount: 50 } })).body.result;
    expect(shelf.items.map((r: any) => r.id)).toContain(res.id);
    const opened = (await app.call('GET', svc('ResourceLibaryService', 'GetByIdAutoIncr'), { token: member, query: { id: res.id } })).body.result;
    const played = await app.call('GET', opened.playUrl, { headers: { range: 'bytes=0-15' } });
    expect([200, 206]).toContain(played.status);

    // once the packaging is ready every reader gets the playlist, whatever was stored at creation
    const key = opened.playUrl.split('/').pop();
    await app.db.updateTable('files').set({ hlsStatus: 'ready' }).where('id', '=', upload.id).execute();
    const again = (await app.call('GET', svc('ResourceLibaryService', 'GetResourceById'), { token: member, query: { id: res.id } })).body.result;
    expect(again.playUrl).toBe(`/file/hls/${key}/index.m3u8`);
    expect(again).not.toHaveProperty('storageKey');
  });

  it('a PDF of attachment class 1 becomes a file resource members open by its path; a class-2 file is refused on fileId', async () => {
    const pdf = await uploadFile(province, 1, '学习手册.pdf', PDF);
    const created = await app.call('POST', svc('ResourceLibaryService', 'CreateResourceLibary'), { token: province, body: { name: '屏幕新增的文件', resourceType: 4, fileId: pdf.id, durationSeconds: 600 } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.result).toMatchObject({ durationSeconds: 600, resoursePeriod: 0.17, playUrl: pdf.path });
    const opened = (await app.call('GET', svc('ResourceLibaryService', 'GetByIdAutoIncr'), { token: member, query: { id: created.body.result.id } })).body.result;
    expect((await app.call('GET', opened.playUrl)).status).toBe(200);

    const tokenOnly = await uploadFile(province, 2, '内部材料.pdf', PDF);
    const refused = await app.call('POST', svc('ResourceLibaryService', 'CreateResourceLibary'), { token: province, body: { name: '凭据文件', resourceType: 4, fileId: tokenOnly.id, durationSeconds: 600 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.validationErrors[0]).toMatchObject({ members: ['fileId'] });
    expect(refused.body.error.validationErrors[0].message).toContain('请重新上传');
  });

  it('the audit list of reports carries the play address and 学时 of each reported resource', async () => {
    const district = await asAdmin('districtadmin');
    const upload = await uploadVideo(district, fakeMp4(128 * 1024, 30), '区县党课.mp4');
    const created = (await app.call('POST', svc('ResourceLibaryService', 'CreateResourceLibary'), { token: district, body: { name: '区县上报的视频', resourceType: 1, fileId: upload.id, keyWord: '党课' } })).body.result;
    expect((await app.call('POST', svc('ResourceReportService', 'CreateResourceReport'), { token: district, body: { resourceId: created.id, remark: '请审核' } })).status).toBe(200);
    const queue = (await app.call('GET', svc('ResourceReportService', 'GetOranReportAuditList'), { token: province, query: { status: 0 } })).body.result;
    const item = queue.items.find((i: any) => i.resourceId === created.id);
    expect(item).toMatchObject({ name: '区县上报的视频', remark: '请审核', playUrl: upload.orgfile, keyWord: '党课', resoursePeriod: 0.01, fromOrganName: expect.any(String) });
    const mine = (await app.call('GET', svc('ResourceReportService', 'GetMyOrganReportList'), { token: district })).body.result;
    expect(mine.items.find((i: any) => i.resourceId === created.id)).toMatchObject({ status: 0, resoursePeriod: 0.01 });
  });
});
