/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP), with node:crypto only: the
 * administrator's second factor in an authenticator app (微信/阿里云/Google/Microsoft Authenticator,
 * FreeOTP …). HMAC-SHA1, 30-second steps, 6 digits — what every authenticator app understands.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = B32.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 §5.3: HOTP of a counter, `digits` long (the algorithm is sha1 for authenticator apps; RFC 6238's vectors use sha256/sha512 too). */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const h = createHmac(algorithm, key).update(msg).digest();
  const offset = h[h.length - 1] & 0x0f;
  const bin = ((h[offset] & 0x7f) << 24) | (h[offset + 1] << 16) | (h[offset + 2] << 8) | h[offset + 3];
  return String(bin % 10 ** digits).padStart(digits, '0');
}

export const timeStep = (unixSeconds: number) => Math.floor(unixSeconds / TOTP_STEP_SECONDS);

/** RFC 6238: the code of the step `unixSeconds` falls in. */
export const totp = (key: Buffer, unixSeconds: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1') =>
  hotp(key, timeStep(unixSeconds), digits, algorithm);

/**
 * The step a code matches, within one step either side (clock drift of the phone, RFC 6238 §5.2),
 * and only a step after `lastStep`: a code seen once — over a shoulder, in a proxy log — is spent.
 */
export function matchStep(key: Buffer, code: string, unixSeconds: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = timeStep(unixSeconds);
  for (const step of [now, now - 1, now + 1]) {
    if (lastStep != null && step <= lastStep) continue;
    const expected = Buffer.from(hotp(key, step));
    if (timingSafeEqual(expected, Buffer.from(code))) return step;
  }
  return null;
}

/** A new 160-bit key (RFC 4226 §4 recommends 160 bits). */
export const newTotpKey = () => randomBytes(20);

/** The otpauth:// address the QR code carries (Key Uri Format understood by the authenticator apps). */
export function otpauthUri(issuer: string, account: string, key: Buffer): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${base32Encode(key)}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
}

/**
 * The key at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the server secret, so a copy
 * of the database alone (a backup) does not give the codes away. `v1.<iv>.<tag>.<ciphertext>`.
 */
const sealKey = (serverSecret: Buffer) => Buffer.from(hkdfSync('sha256', serverSecret, 'party-platform', 'totp-secret-v1', 32));

export function sealTotpKey(serverSecret: Buffer, key: Buffer): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', sealKey(serverSecret), iv);
  const body = Buffer.concat([c.update(key), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function openTotpKey(serverSecret: Buffer, sealed: string): Buffer {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !body) throw new Error('unknown sealed TOTP key');
  const d = createDecipheriv('aes-256-gcm', sealKey(serverSecret), Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]);
}

/** Recovery codes: ten of `xxxxx-xxxxx` (50 bits each), shown once; only their hashes are kept. */
export const RECOVERY_CODE_COUNT = 10;
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const s = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

/** The stored form of a recovery code: bound to its user, insensitive to case, spaces and dashes. */
export const recoveryCodeHash = (userId: number, code: string) =>
  createHash('sha256').update(`${userId}:${code.toLowerCase().replace(/[\s-]/g, '')}`).digest('hex');
