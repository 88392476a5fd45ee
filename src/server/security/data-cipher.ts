/**
 * Personal data sealed at rest (docs/SECURITY.md §19): each value is encrypted with an authenticated
 * scheme under the ring's current key, and the ciphertext names its scheme and key so that any key of
 * the ring opens it (rotation). Exact-match search goes through a keyed hash of the normalised value.
 *
 * A sealed value is text: `enc1:<scheme>:<key id>:<base64url payload>`
 *   sm4: payload = IV(16) ‖ SM4-CTR ciphertext ‖ HMAC-SM3(mac key, header ‖ IV ‖ ciphertext)(32) — encrypt-then-MAC
 *   aes: payload = IV(12) ‖ AES-256-GCM ciphertext ‖ tag(16), the header as additional data
 * The header (`enc1:<scheme>:<key id>:`) is authenticated too, so a key id or scheme swapped is refused.
 */
import { createCipheriv, createDecipheriv, createHmac, getHashes, hash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { sm4Ctr, sm4KeySchedule } from './sm4';

export type DataCipher = 'sm4' | 'aes';

export interface DataKey {
  id: string;
  /** 32 bytes of key material */
  secret: Buffer;
}

export interface KeyRing {
  cipher: DataCipher;
  /** the key new values are sealed with */
  current: string;
  keys: Map<string, DataKey>;
  /** the key of the search hashes (never rotated: a new one would need every hash computed again) */
  indexKey: Buffer;
  /** true when the keys come from the documented development secret */
  development: boolean;
}

export const SEALED_PREFIX = 'enc1:';
const SEALED = /^enc1:(sm4|aes):([A-Za-z0-9_-]{1,32}):([A-Za-z0-9_-]+)$/;

export class SealError extends Error {}

// SM3 for the MAC, the key derivation and the search hashes, on every machine alike (a fallback would make machines disagree)
const MAC_HASH = 'sm3';
const HAS_SM3 = getHashes().includes('sm3');

type Derived = { enc: Buffer; mac: Buffer; rk?: Uint32Array; ipad: Buffer; opad: Buffer };
const derivedCache = new WeakMap<DataKey, Derived>();

function derived(key: DataKey): Derived {
  let d = derivedCache.get(key);
  if (!d) {
    const hash = MAC_HASH;
    const enc = Buffer.from(hkdfSync(hash, key.secret, Buffer.alloc(0), 'party-platform data sm4 enc', 16));
    const mac = Buffer.from(hkdfSync(hash, key.secret, Buffer.alloc(0), 'party-platform data sm4 mac', 32));
    // the HMAC's padded keys, once (SM3's block is 64 bytes; the MAC key 32)
    const ipad = Buffer.alloc(64, 0x36);
    const opad = Buffer.alloc(64, 0x5c);
    for (let i = 0; i < mac.length; i++) {
      ipad[i] ^= mac[i];
      opad[i] ^= mac[i];
    }
    d = { enc, mac, rk: sm4KeySchedule(enc), ipad, opad };
    derivedCache.set(key, d);
  }
  return d;
}

/**
 * HMAC-SM3 (RFC 2104) over the header, IV and ciphertext, from the padded keys with one-shot hashes:
 * the same bytes as createHmac, at half its cost (createHmac sets a key up for every value read).
 */
function macOf(d: Derived, header: string, iv: Uint8Array, ct: Uint8Array): Buffer {
  const inner = hash(MAC_HASH, Buffer.concat([d.ipad, Buffer.from(header, 'latin1'), iv, ct]), 'buffer');
  return hash(MAC_HASH, Buffer.concat([d.opad, inner]), 'buffer');
}

/** Refuses to start on a Node whose OpenSSL lacks SM3 (the MAC and the search hashes need it). */
export function assertCipherAvailable() {
  if (!HAS_SM3) throw new Error('personal data encryption needs SM3 (HMAC-SM3) in Node’s OpenSSL; this build lacks it');
}

export function seal(ring: KeyRing, plain: string): string {
  const key = ring.keys.get(ring.current)!;
  const header = `${SEALED_PREFIX}${ring.cipher}:${key.id}:`;
  const data = Buffer.from(plain, 'utf8');
  let payload: Buffer;
  if (ring.cipher === 'sm4') {
    const d = derived(key);
    const iv = randomBytes(16);
    const ct = sm4Ctr(d.rk!, iv, data);
    payload = Buffer.concat([iv, ct, macOf(d, header, iv, ct)]);
  } else {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', key.secret, iv);
    c.setAAD(Buffer.from(header));
    const ct = Buffer.concat([c.update(data), c.final()]);
    payload = Buffer.concat([iv, ct, c.getAuthTag()]);
  }
  return header + payload.toString('base64url');
}

export const looksSealed = (v: string) => v.startsWith(SEALED_PREFIX) && SEALED.test(v);

/** The key id a sealed value names (null for a value that is not sealed). */
export function sealedKeyId(v: string): string | null {
  return SEALED.exec(v)?.[2] ?? null;
}

/** Opens a sealed value; a changed, truncated or foreign value throws SealError — never garbage. */
export function open(ring: KeyRing, sealed: string): string {
  const m = SEALED.exec(sealed);
  if (!m) throw new SealError('not a sealed value');
  const [, scheme, keyId, body] = m;
  const key = ring.keys.get(keyId);
  if (!key) throw new SealError(`data key "${keyId}" is not configured`);
  const header = `${SEALED_PREFIX}${scheme}:${keyId}:`;
  const payload = Buffer.from(body, 'base64url');
  if (scheme === 'sm4') {
    if (payload.length < 16 + 32) throw new SealError('sealed value too short');
    const d = derived(key);
    const iv = payload.subarray(0, 16);
    const ct = payload.subarray(16, payload.length - 32);
    const mac = payload.subarray(payload.length - 32);
    const expected = macOf(d, header, iv, ct);
    if (!timingSafeEqual(mac, expected)) throw new SealError('sealed value fails its MAC');
    return sm4Ctr(d.rk!, iv, ct).toString('utf8');
  }
  if (payload.length < 12 + 16) throw new SealError('sealed value too short');
  try {
    const dc = createDecipheriv('aes-256-gcm', key.secret, payload.subarray(0, 12));
    dc.setAAD(Buffer.from(header));
    dc.setAuthTag(payload.subarray(payload.length - 16));
    return Buffer.concat([dc.update(payload.subarray(12, payload.length - 16)), dc.final()]).toString('utf8');
  } catch {
    throw new SealError('sealed value fails its authentication tag');
  }
}

/** What a search hash is computed over: `kind` keeps an ID card and a phone number of the same digits apart. */
export type SealedKind = 'idCard' | 'phone';
export const normalise = (kind: SealedKind, v: string) => (kind === 'idCard' ? v.trim().toUpperCase() : v.trim());

/**
 * A configured record (the record store's JSON `data`) keeps its `x-sensitive` numbers as they are,
 * with their search hash beside them under this key, so that SQL can match them to a sealed column.
 */
export const hashKeyOf = (field: string) => `${field}@hash`;

/** The keyed hash of a normalised value (HMAC-SM3), for exact-match search. */
export function searchHash(ring: KeyRing, kind: SealedKind, v: string): string {
  return createHmac(MAC_HASH, ring.indexKey).update(`${kind}:${normalise(kind, v)}`).digest('base64url');
}
