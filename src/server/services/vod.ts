import { action, defineService } from '../http/actions';
import { AppError, notFound } from '../http/errors';
import { objectInput } from '../http/paging';
import { MEDIA_CHUNK_BYTES, FILE_MSG } from '../files/policy';
import { signPurposeToken, verifyPurposeToken } from '../files/tokens';
import { completeHls } from '../files/hls';
import { mayReadFile } from '../files/readers';
import { mediaResult } from '../files/media';

const UPLOAD_KEY_TTL = 24 * 3600;
const DOWNLOAD_TOKEN_TTL = 300;

const uploadAuthor = action({
  method: 'GET',
  summary: '分片上传授权：分片地址、上传凭据（24小时内可断点续传）与分片大小',
  access: 'self',
  returns: '{uploadUrl, md5CheckUrl, mergeUrl, uploadkey, chunkSize, expireInSeconds}',
  async handler({ ctx, user }) {
    return {
      uploadUrl: '/file/chunk',
      md5CheckUrl: '/file/md5Check',
      mergeUrl: '/file/chunksMerge',
      uploadkey: signPurposeToken(ctx.config.jwtSecret, 'upload', { u: user.userId }, UPLOAD_KEY_TTL, ctx.now().getTime()),
      chunkSize: MEDIA_CHUNK_BYTES,
      expireInSeconds: UPLOAD_KEY_TTL,
    };
  },
});

/**
 * Video on demand on our own file server: upload authorisation for the chunked uploader, play
 * information for the player, and the transcoder's completion hook (AliVideoCallBack keeps the
 * spec's name: an external transcoder calls it with a callback token; the built-in ffmpeg job
 * completes through the same function).
 */
export const vodService = defineService('VodService', {
  GetUploadAuthor: uploadAuthor,
  GetPpVodUploadUrl: { ...uploadAuthor, summary: '分片上传地址（同 GetUploadAuthor）' },

  GetVideoPlayAuth: action<{ id: string }>({
    method: 'GET',
    summary: '播放信息：HLS 就绪时给出 m3u8，否则给出原文件；含转码进度',
    access: 'self',
    returns: '{playUrl, orgfile, duration, hlsStatus, hlsProgress}',
    input: objectInput({ id: { type: 'string', minLength: 1, maxLength: 40, title: '文件' } }, ['id']),
    async handler({ ctx, input }) {
      const f = await ctx.db.selectFrom('files').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!f || (f.kind !== 'video' && f.kind !== 'audio')) throw notFound(FILE_MSG.notFound);
      const r = mediaResult(f, false);
      return { playUrl: f.hlsStatus === 'ready' ? r.url : r.orgfile, orgfile: r.orgfile, duration: r.duration, seconds: f.durationSeconds, hlsStatus: f.hlsStatus, hlsProgress: f.hlsProgress };
    },
  }),

  AliVideoCallBack: action<{ fileId: string; status: 'success' | 'fail'; callbackToken: string }>({
    method: 'POST',
    summary: '转码完成回调（外部转码服务以回调凭据调用）',
    access: 'public',
    input: objectInput(
      {
        fileId: { type: 'string', minLength: 1, maxLength: 40, title: '文件' },
        status: { type: 'string', enum: ['success', 'fail'], title: '转码结果' },
        callbackToken: { type: 'string', minLength: 1, maxLength: 500, title: '回调凭据' },
      },
      ['fileId', 'status', 'callbackToken'],
    ),
    async handler({ ctx, input }) {
      const t = verifyPurposeToken<{ f: string }>(ctx.config.jwtSecret, 'callback', input.callbackToken, ctx.now().getTime());
      if (!t || t.f !== input.fileId) throw new AppError(403, '回调凭据无效');
      await completeHls(ctx, input.fileId, input.status === 'success');
      return true;
    },
  }),
});

/**
 * The download helper's first step (core §7): a short-lived token for GET /file/download. With the
 * file's id (our client always sends it) the caller's right to read that file is checked here and
 * the token opens that file only; without it (the spec's bare call) the token opens only files the
 * caller uploaded himself. A file he may not read answers as a missing one.
 */
export const resourceUploadAuthService = defineService('ResourceLibaryService', {
  GetUpLoadAuth: action<{ project?: string; id?: string }>({
    method: 'GET',
    summary: '下载凭据：5分钟内有效，仅用于 /file/download；传文件 id 时校验本人可读并只对该文件有效，否则只对本人上传的文件有效',
    access: 'self',
    returns: '{project, token}',
    input: objectInput({ project: { type: 'string', maxLength: 50, default: 'LyProduct', title: '项目' }, id: { type: 'string', maxLength: 40, title: '文件' } }),
    async handler({ ctx, input, user }) {
      const project = input.project || 'LyProduct';
      const payload: Record<string, unknown> = { u: user.userId, p: project };
      if (input.id) {
        const f = await ctx.db.selectFrom('files').select(['id', 'uploaderUserId']).where('id', '=', input.id).executeTakeFirst();
        if (!f || !(await mayReadFile(ctx, user, f))) throw notFound(FILE_MSG.notFound);
        payload.f = f.id;
      }
      return { project, token: signPurposeToken(ctx.config.jwtSecret, 'download', payload, DOWNLOAD_TOKEN_TTL, ctx.now().getTime()) };
    },
  }),
});
