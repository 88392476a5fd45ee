import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived single-purpose tokens for the file server (download, chunked upload, transcoder
 * callback) and the QR sign-in of events (security/sign-in-codes.ts): a signed JSON payload. A token
 * of one purpose never passes as another, nor as a bearer.
 */
/**
 * `backup`: the operator's `npm run backup` asking the running server for a snapshot of the embedded database (src/server/db/backup-snapshot.ts);
 * `sign-in`: an event's QR sign-in (security/sign-in-codes.ts).
 */
export type Purpose = 'download' | 'upload' | 'callback' | 'backup' | 'sign-in';

export function signPurposeToken(secret: Buffer, purpose: Purpose, payload: Record<string, unknown>, ttlSeconds: number, nowMs: number): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: Math.floor(nowMs / 1000) + ttlSeconds, n: randomBytes(6).toString('base64url') })).toString('base64url');
  const sig = createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');
  return `${body}.${sig}`;
}

export function verifyPurposeToken<T extends Record<string, unknown>>(secret: Buffer, purpose: Purpose, token: string, nowMs: number): (T & { exp: number }) | null {
  const r = readPurposeToken<T>(secret, purpose, token, nowMs);
  return 'payload' in r ? r.payload : null;
}

/**
 * As verifyPurposeToken, telling why a token is refused: `invalid` (not ours, altered, of another
 * purpose) or `expired` (ours, signature intact, past its `exp`) — for a message the user can act on.
 */
export function readPurposeToken<T extends Record<string, unknown>>(secret: Buffer, purpose: Purpose, token: string, nowMs: number): { payload: T & { exp: number } } | { error: 'invalid' | 'expired' } {
  const [body, sig, extra] = String(token ?? '').split('.');
  if (!body || !sig || extra !== undefined) return { error: 'invalid' };
  const expected = createHmac('sha256', secret).update(`${purpose}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { error: 'invalid' };
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof payload.exp !== 'number') return { error: 'invalid' };
    if (payload.exp * 1000 <= nowMs) return { error: 'expired' };
    return { payload };
  } catch {
    return { error: 'invalid' };
  }
}
