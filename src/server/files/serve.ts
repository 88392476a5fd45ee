import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors';
import { FILE_MSG } from './policy';
import { MissingObject, type FileStorage } from './storage';

/**
 * Sends a stored object as the answer, whichever backend holds it, streaming: one byte range
 * (`Range: bytes=a-b`, `a-`, `-n`; a player seeks with it) as 206, an unsatisfiable one as 416, the
 * whole object otherwise. A file never changes under its key (its ETag is its SHA-256), HLS output
 * is tagged by size and time; a client holding the ETag gets a 304.
 */
export async function sendObject(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  meta: { size?: number; etag?: string; lastModified?: Date | string | null },
) {
  let size = meta.size;
  let tag = meta.etag;
  if (size === undefined) {
    const st = await storage.stat(key);
    if (!st) throw notFound(FILE_MSG.notFound);
    size = st.size;
    tag ??= `${st.size.toString(16)}-${Math.floor(st.modifiedMs).toString(16)}`;
  }
  const etag = `"${tag ?? size.toString(16)}"`;
  reply.header('accept-ranges', 'bytes').header('etag', etag);
  if (meta.lastModified) reply.header('last-modified', new Date(meta.lastModified).toUTCString());
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();

  let range: { start: number; end: number } | undefined;
  const header = req.headers.range;
  const ifRange = req.headers['if-range'];
  if (header && (!ifRange || ifRange === etag)) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
    // several ranges, or another unit: the whole object (allowed by RFC 9110)
    if (m && (m[1] || m[2])) {
      let start: number;
      let end: number;
      if (!m[1]) {
        const n = Number(m[2]);
        start = Math.max(0, size - n);
        end = size - 1;
        if (n === 0) start = size;
      } else {
        start = Number(m[1]);
        end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
      }
      if (start >= size || start > end) {
        return reply.status(416).header('content-range', `bytes */${size}`).send();
      }
      range = { start, end };
    }
  }
  let body;
  try {
    body = req.method === 'HEAD' ? null : await storage.open(key, range);
  } catch (err) {
    if (err instanceof MissingObject) throw notFound(FILE_MSG.notFound);
    throw err;
  }
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('content-length', range ? range.end - range.start + 1 : size);
  return reply.send(body ?? '');
}
