import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived single-purpose tokens for the file server (download, chunked upload, transcoder
 * callback): a signed JSON payload. A token of one purpose never passes as another, nor as a bearer.
 */
/** `backup`: the operator's `npm run backup` asking the running server for a snapshot of the embedded database (src/server/db/backup-snapshot.ts). */
export type Purpose = 'download' | 'upload' | 'callback' | 'backup';

export function signPurposeToken(secret: Buffer, purpose: Purpose, payload: Record<string, unknown>, ttlSeconds: number, nowMs: number): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: Math.floor(nowMs / 1000) + ttlSeconds, n: randomBytes(6).toString('base64url') })).toString('base64url');
  const sig = createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');
  return `${body}.${sig}`;
}

export function verifyPurposeToken<T extends Record<string, unknown>>(secret: Buffer, purpose: Purpose, token: string, nowMs: number): (T & { exp: number }) | null {
  const [body, sig] = String(token ?? '').split('.');
  if (!body || !sig) return null;
  const expected = createHmac('sha256', secret).update(`${purpose}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= nowMs) return null;
    return payload;
  } catch {
    return null;
  }
}
