/**
 * API answers compressed on the wire when the browser accepts it: JSON above 1 KB goes
 * out as brotli (quality 4: most of the gain for little CPU) or gzip, on zlib's thread pool. The
 * client's own files are compressed at build time instead (vite.config.ts precompress) and served
 * as they are; file downloads (video, PDF, uploads) are never recompressed here.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const MIN_BYTES = 1024;

/** br or gzip as the request's Accept-Encoding allows (a q=0 refuses), preferring br. */
export function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding') || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    if (Buffer.byteLength(payload) < MIN_BYTES) return payload;
    reply.header('vary', 'Accept-Encoding');
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return encoding === 'br'
      ? brotli(payload, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload) } })
      : gz(payload, { level: 6 });
  });
}
