import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import { ok } from '../http/envelope';
import { CLASS_POLICY, FILE_MSG, HEAD_MD5_BYTES } from './policy';
import { cleanName, extOf, sniff } from './sniff';
import { FileStorage } from './storage';
import { verifyPurposeToken } from './tokens';
import { mediaTools, probeDuration } from './media-info';
import { mediaResult, publicPath, uploadResult } from './media';
import { ensureHls, hlsJob } from './hls';
import { newId } from '../http/token';

const VIDEO_EXTS = ['mp4', 'avi', '3gp', 'rmvb', 'mpeg1', 'mpeg2', 'mpeg3', 'mpeg4', 'mpeg', 'wmv', 'mtv', 'mov', 'flv'];
const AUDIO_EXTS = ['mp3', 'ogg', 'wav', 'aac'];
const IDENTIFIER = /^[A-Za-z0-9_-]{8,80}$/;
const SWEEP_AGE_MS = 24 * 3600_000;

/** Hashes of one file as it streams by: sha256 of all, md5 of the first 30 MB, the first 64 KB kept for sniffing. */
class Hasher {
  private sha = createHash('sha256');
  private md5 = createHash('md5');
  private headParts: Buffer[] = [];
  private headLen = 0;
  size = 0;
  update(chunk: Buffer) {
    this.sha.update(chunk);
    if (this.size < HEAD_MD5_BYTES) this.md5.update(chunk.subarray(0, HEAD_MD5_BYTES - this.size));
    if (this.headLen < 65536) {
      const take = chunk.subarray(0, 65536 - this.headLen);
      this.headParts.push(take);
      this.headLen += take.length;
    }
    this.size += chunk.length;
  }
  result() {
    return { size: this.size, sha256: this.sha.digest('hex'), headMd5: this.md5.digest('hex'), head: Buffer.concat(this.headParts) };
  }
}

/** Copies a stream to `dest` (which must not exist), hashing as it goes. */
async function receive(source: NodeJS.ReadableStream, dest: string) {
  const h = new Hasher();
  const tap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      h.update(chunk);
      cb(null, chunk);
    },
  });
  await pipeline(source, tap, createWriteStream(dest, { flags: 'wx' }));
  return h.result();
}

/** Concatenates chunk files in order into `dest`, hashing once on the way. */
async function assemble(paths: string[], dest: string) {
  const h = new Hasher();
  const out = createWriteStream(dest, { flags: 'wx' });
  try {
    for (const p of paths) {
      for await (const buf of createReadStream(p)) {
        h.update(buf as Buffer);
        if (!out.write(buf)) await once(out, 'drain');
      }
    }
  } finally {
    out.end();
    await finished(out);
  }
  return h.result();
}

function typeError(kind: 'video' | 'audio' | null) {
  return badRequest(kind === 'video' ? FILE_MSG.videoFormat : kind === 'audio' ? FILE_MSG.audioFormat : FILE_MSG.wrongType);
}

export async function registerFileRoutes(app: FastifyInstance, ctx: AppContext): Promise<FileStorage> {
  const storage = FileStorage.for(ctx.config.dataDir);
  // background work through the shared job queue (src/server/jobs/): abandoned chunks and temporary
  // files swept hourly on each machine (they are on its disk), videos packaged where ffmpeg is
  ctx.jobs.register({ kind: 'files.sweep', everyMs: 3600_000, perMachine: true, run: async () => void storage.sweep(SWEEP_AGE_MS) });
  if (mediaTools().ffmpeg) ctx.jobs.register(hlsJob(ctx, storage));

  await app.register(multipart, { throwFileSizeLimit: false, limits: { files: 1, fields: 20, parts: 25, fieldSize: 4096, fileSize: CLASS_POLICY[5].maxBytes } });

  const requireUser = (req: FastifyRequest) => {
    if (!req.currentUser) throw unauthorized();
    return req.currentUser;
  };
  const fileByKey = (key: string) => ctx.db.selectFrom('files').selectAll().where('storageKey', '=', key).executeTakeFirst();

  /** Stores a received temp file as an object and records it. */
  async function keep(tmp: string, got: Awaited<ReturnType<typeof receive>>, meta: { name: string; ext: string; mime: string; kind: string; project: string; attachClass: number; userId: number }) {
    const key = storage.newKey();
    await rename(tmp, storage.objectPath(key));
    const duration = await probeDuration(storage.objectPath(key), meta.kind);
    const row = {
      id: newId(12), storageKey: key, name: meta.name, ext: meta.ext, size: got.size, contentType: meta.mime, kind: meta.kind, sha256: got.sha256,
      headMd5: meta.kind === 'video' || meta.kind === 'audio' ? got.headMd5 : null, project: meta.project, attachClass: meta.attachClass,
      uploaderUserId: meta.userId, durationSeconds: duration, hlsStatus: null as string | null, hlsProgress: null as number | null,
    };
    await ctx.db.insertInto('files').values(row).execute();
    return row;
  }

  async function checkProject(project: string) {
    const p = await ctx.db.selectFrom('projects').select('id').where('code', '=', project).where('isEnabled', '=', true).where('isDeleted', '=', false).executeTakeFirst();
    if (!p) throw badRequest(FILE_MSG.projectMissing);
  }

  app.post('/file/Upload', { schema: { hide: true } }, async (req) => {
    const user = requireUser(req);
    const q = req.query as Record<string, string>;
    const attachClass = Number(q.AttachClass ?? q.attachClass ?? 2);
    const policy = CLASS_POLICY[attachClass];
    if (!policy || attachClass === 5) throw badRequest(FILE_MSG.classInvalid);
    const project = String(q.project ?? q.Project ?? 'LyProduct');
    await checkProject(project);
    if (!req.isMultipart()) throw badRequest(FILE_MSG.noFile);
    const part = await req.file({ limits: { fileSize: policy.maxBytes } });
    if (!part || part.fieldname !== 'file') throw badRequest(FILE_MSG.noFile);
    const tmp = storage.tmpPath();
    try {
      const got = await receive(part.file, tmp);
      if (part.file.truncated || got.size > policy.maxBytes) throw badRequest(FILE_MSG.tooLarge);
      if (got.size === 0) throw badRequest(FILE_MSG.noFile);
      const name = cleanName(part.filename ?? '');
      const ext = extOf(name);
      const sniffed = sniff(got.head);
      if (!sniffed || !policy.kinds.includes(sniffed.kind) || (ext && !sniffed.exts.includes(ext))) throw badRequest(FILE_MSG.wrongType);
      const row = await keep(tmp, got, { name, ext: ext || sniffed.exts[0], mime: sniffed.mime, kind: sniffed.kind, project, attachClass, userId: user.userId });
      return ok(uploadResult(row));
    } finally {
      await rm(tmp, { force: true });
    }
  });

  // Public objects (images, covers, media): unguessable key, Range requests for seeking.
  app.get('/file/f/:key', { schema: { hide: true } }, async (req, reply) => {
    const { key } = req.params as { key: string };
    const f = IDENTIFIER.test(key) ? await fileByKey(key) : undefined;
    if (!f) throw notFound(FILE_MSG.notFound);
    if (CLASS_POLICY[f.attachClass]?.byId) throw forbidden('该文件须凭下载凭据下载');
    const path = storage.objectPath(f.storageKey);
    reply.header('content-type', f.contentType).header('cache-control', 'private, max-age=86400').header('x-content-type-options', 'nosniff');
    if (f.kind === 'document') reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(f.name)}`);
    return reply.sendFile(basename(path), dirname(path), { contentType: false });
  });

  app.get('/file/hls/:key/:name', { schema: { hide: true } }, async (req, reply) => {
    const { key, name } = req.params as { key: string; name: string };
    if (!IDENTIFIER.test(key) || !/^(index\.m3u8|seg\d{5}\.ts)$/.test(name)) throw notFound(FILE_MSG.notFound);
    const dir = join(storage.root, 'hls', key);
    if (!existsSync(join(dir, name))) throw notFound(FILE_MSG.notFound);
    reply.header('content-type', name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
    return reply.sendFile(name, dir);
  });

  app.get('/file/download', { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, string>;
    const payload = verifyPurposeToken<{ u: number; p: string; f?: string }>(ctx.config.jwtSecret, 'download', q.token, ctx.now().getTime());
    const id = String(q.id ?? '');
    // a token names its file (read right checked when it was issued, GetUpLoadAuth) or else opens its holder's own uploads
    if (!payload || payload.p !== String(q.project ?? '') || (payload.f !== undefined && payload.f !== id)) throw new AppError(403, FILE_MSG.tokenInvalid);
    const f = await ctx.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    if (!f || (payload.f === undefined && f.uploaderUserId !== payload.u)) throw notFound(FILE_MSG.notFound);
    const path = storage.objectPath(f.storageKey);
    reply
      .header('content-type', f.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${encodeURIComponent(f.name)}"; filename*=UTF-8''${encodeURIComponent(f.name)}`);
    return reply.sendFile(basename(path), dirname(path), { contentType: false });
  });

  // ---- resumable chunked media upload ----
  const uploadKeyUser = (uploadkey: unknown, req: FastifyRequest) => {
    const payload = verifyPurposeToken<{ u: number }>(ctx.config.jwtSecret, 'upload', String(uploadkey ?? ''), ctx.now().getTime());
    if (!payload || (req.currentUser && req.currentUser.userId !== payload.u)) throw new AppError(403, FILE_MSG.uploadKeyInvalid);
    return payload.u;
  };
  const chunkNumbers = (dir: string) => readdirSync(dir).filter((n) => /^\d+$/.test(n)).map(Number).sort((a, b) => a - b);

  app.get('/file/chunk', { schema: { hide: true } }, async (req) => {
    const q = req.query as Record<string, string>;
    const userId = uploadKeyUser(q.uploadkey, req);
    const identifier = String(q.identifier ?? '');
    if (!IDENTIFIER.test(identifier)) throw badRequest(FILE_MSG.chunkInvalid);
    return ok({ uploaded: chunkNumbers(storage.chunkDir(userId, identifier)) });
  });

  app.post('/file/chunk', { schema: { hide: true } }, async (req) => {
    if (!req.isMultipart()) throw badRequest(FILE_MSG.chunkInvalid);
    const part = await req.file({ limits: { fileSize: 64 * 1024 * 1024 } });
    if (!part) throw badRequest(FILE_MSG.noFile);
    // a multipart field's value (a file part has none)
    const field = (n: string) => {
      const f = part.fields[n];
      return f && !Array.isArray(f) && 'value' in f ? (f.value as string | undefined) : undefined;
    };
    const userId = uploadKeyUser(field('uploadkey'), req);
    const identifier = String(field('identifier') ?? '');
    const chunkNumber = Number(field('chunkNumber'));
    if (!IDENTIFIER.test(identifier) || !Number.isInteger(chunkNumber) || chunkNumber < 1 || chunkNumber > 10000) {
      part.file.resume();
      throw badRequest(FILE_MSG.chunkInvalid);
    }
    const dir = storage.chunkDir(userId, identifier);
    const tmp = join(dir, `.${chunkNumber}.${newId(6)}`);
    try {
      const got = await receive(part.file, tmp);
      if (part.file.truncated) throw badRequest(FILE_MSG.tooLarge);
      // atomic: a chunk is either absent or whole
      await rename(tmp, join(dir, String(chunkNumber)));
      return ok({ chunkNumber, size: got.size });
    } finally {
      await rm(tmp, { force: true });
    }
  });

  app.post('/file/md5Check', { schema: { hide: true } }, async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    uploadKeyUser(b.uploadkey, req);
    const md5 = String(b.md5 ?? '').toLowerCase();
    if (!/^[a-f0-9]{32}$/.test(md5)) throw badRequest(FILE_MSG.chunkInvalid);
    let q = ctx.db.selectFrom('files').selectAll().where('headMd5', '=', md5);
    if (b.size != null) q = q.where('size', '=', Number(b.size));
    const hit = await q.orderBy('creationTime').executeTakeFirst();
    if (hit) hit.hlsStatus = await ensureHls(ctx, hit);
    return ok(hit ? { exists: true, ...mediaResult(hit, true) } : { exists: false });
  });

  app.post('/file/chunksMerge', { schema: { hide: true } }, async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const userId = uploadKeyUser(b.uploadkey, req);
    const identifier = String(b.name ?? '');
    const chunks = Number(b.chunks);
    const md5 = String(b.md5 ?? '').toLowerCase();
    if (!IDENTIFIER.test(identifier) || !Number.isInteger(chunks) || chunks < 1 || chunks > 10000 || !/^[a-f0-9]{32}$/.test(md5)) throw badRequest(FILE_MSG.chunkInvalid);
    const name = cleanName(String(b.fileoldname ?? 'media'));
    const ext = String(b.ext ?? extOf(name)).replace(/^\./, '').toLowerCase();
    const expected: 'video' | 'audio' | null = VIDEO_EXTS.includes(ext) ? 'video' : AUDIO_EXTS.includes(ext) ? 'audio' : null;
    if (!expected) throw typeError(null);
    const dir = storage.chunkDir(userId, identifier);
    const have = chunkNumbers(dir);
    if (have.length < chunks || have[chunks - 1] !== chunks) throw badRequest(FILE_MSG.chunksMissing, { details: `已收到 ${have.length}/${chunks} 个分片` });
    const tmp = storage.tmpPath();
    try {
      // assemble in order into a temporary file; only a verified whole file is moved into place
      const got = await assemble(Array.from({ length: chunks }, (_, i) => join(dir, String(i + 1))), tmp);
      if (got.headMd5 !== md5) throw badRequest(FILE_MSG.checksumMismatch);
      const sniffed = sniff(got.head);
      if (!sniffed || sniffed.kind !== expected) throw typeError(expected);
      const existing = await ctx.db.selectFrom('files').selectAll().where('sha256', '=', got.sha256).where('attachClass', '=', 5).executeTakeFirst();
      if (existing) {
        await rm(dir, { recursive: true, force: true });
        existing.hlsStatus = await ensureHls(ctx, existing);
        return ok(mediaResult(existing, true));
      }
      const row = await keep(tmp, got, { name, ext, mime: sniffed.mime, kind: sniffed.kind, project: String(b.project ?? 'LyProduct'), attachClass: 5, userId });
      await rm(dir, { recursive: true, force: true });
      row.hlsStatus = await ensureHls(ctx, row);
      return ok(mediaResult(row, false));
    } finally {
      await rm(tmp, { force: true });
    }
  });

  return storage;
}
