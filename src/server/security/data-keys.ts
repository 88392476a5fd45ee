/**
 * The key ring of personal data at rest, from the configuration (README "Configuration"):
 *   DATA_CIPHER       sm4 (default: SM4-CTR + HMAC-SM3) or aes-256-gcm
 *   DATA_KEYS         `id:base64,id:base64…` — 32-byte keys; the entry named `index` keys the search hashes
 *   DATA_KEYS_FILE    the same entries in a file (one a line or comma-separated), e.g. a mounted secret
 *   DATA_KEY_CURRENT  the id new values are sealed with (default: the last data key listed)
 * Without keys the demo and development derive them from a fixed, documented secret and say so loudly
 * in the log; production (NODE_ENV=production, or DATA_KEYS_REQUIRED=1) refuses to start without them.
 */
import { hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assertCipherAvailable, type DataKey, type KeyRing } from './data-cipher';

/** The documented development secret (README): anyone may read data sealed under it. */
export const DEV_DATA_SECRET = 'party-platform-development-data-key-not-for-production';
export const DEV_KEY_ID = 'dev';

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

function parseEntries(text: string, source: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const raw of text.split(/[\n,]/)) {
    const entry = raw.trim();
    if (!entry || entry.startsWith('#')) continue;
    const at = entry.indexOf(':');
    const id = entry.slice(0, at).trim();
    const secret = Buffer.from(entry.slice(at + 1).trim(), 'base64');
    if (at < 1 || !KEY_ID.test(id)) throw new Error(`${source}: an entry is not "id:base64key" (id of letters, digits, _ and -)`);
    if (secret.length !== 32) throw new Error(`${source}: key "${id}" is not 32 bytes of base64`);
    if (out.has(id)) throw new Error(`${source}: key "${id}" is listed twice`);
    out.set(id, secret);
  }
  return out;
}

function cipherOf(v: string | undefined): KeyRing['cipher'] {
  const c = (v || 'sm4').trim().toLowerCase();
  if (c === 'sm4') return 'sm4';
  if (c === 'aes-256-gcm' || c === 'aes') return 'aes';
  throw new Error(`DATA_CIPHER: "${v}" is neither sm4 nor aes-256-gcm`);
}

const derive = (info: string) => Buffer.from(hkdfSync('sha256', DEV_DATA_SECRET, Buffer.alloc(0), info, 32));

export function loadKeyRing(env: NodeJS.ProcessEnv): KeyRing {
  assertCipherAvailable();
  const cipher = cipherOf(env.DATA_CIPHER);
  const listed = new Map<string, Buffer>();
  if (env.DATA_KEYS_FILE) for (const [k, v] of parseEntries(readFileSync(env.DATA_KEYS_FILE, 'utf8'), 'DATA_KEYS_FILE')) listed.set(k, v);
  if (env.DATA_KEYS) for (const [k, v] of parseEntries(env.DATA_KEYS, 'DATA_KEYS')) listed.set(k, v);
  const required = env.NODE_ENV === 'production' || env.DATA_KEYS_REQUIRED === '1';
  if (!listed.size) {
    if (required) throw new Error('DATA_KEYS or DATA_KEYS_FILE must give the keys of personal data at rest (NODE_ENV=production / DATA_KEYS_REQUIRED=1)');
    return { cipher, current: DEV_KEY_ID, keys: new Map([[DEV_KEY_ID, { id: DEV_KEY_ID, secret: derive('data') }]]), indexKey: derive('index'), development: true };
  }
  const indexKey = listed.get('index');
  if (!indexKey) throw new Error('DATA_KEYS: the entry "index" (the key of the search hashes) is missing');
  listed.delete('index');
  if (!listed.size) throw new Error('DATA_KEYS: no data key besides "index"');
  const keys = new Map<string, DataKey>([...listed].map(([id, secret]) => [id, { id, secret }]));
  const current = env.DATA_KEY_CURRENT?.trim() || [...keys.keys()].at(-1)!;
  if (!keys.has(current)) throw new Error(`DATA_KEY_CURRENT: "${current}" is not among the configured keys`);
  return { cipher, current, keys, indexKey, development: false };
}

let fromEnv: KeyRing | null = null;
/** The process's key ring, read once from the environment. */
export function processKeyRing(): KeyRing {
  fromEnv ??= loadKeyRing(process.env);
  return fromEnv;
}

/** What the security policy page may show: the scheme and key ids, never key material. */
export const describeKeyRing = (ring: KeyRing) => ({
  cipher: ring.cipher === 'sm4' ? 'SM4-CTR + HMAC-SM3' : 'AES-256-GCM',
  searchHash: 'HMAC-SM3',
  currentKeyId: ring.current,
  keyIds: [...ring.keys.keys()],
  development: ring.development,
});
