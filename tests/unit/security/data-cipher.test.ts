import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal, SealError, searchHash, sealedKeyId } from '../../../src/server/security/data-cipher';
import { DEV_KEY_ID, loadKeyRing } from '../../../src/server/security/data-keys';

const key = () => randomBytes(32).toString('base64');

describe.each(['sm4', 'aes-256-gcm'])('sealed values (%s)', (cipher) => {
  const ring = loadKeyRing({ DATA_CIPHER: cipher, DATA_KEYS: `index:${key()},k1:${key()}` });
  const scheme = cipher === 'sm4' ? 'sm4' : 'aes';

  it('round trip, a fresh ciphertext each time, naming scheme and key', () => {
    const a = seal(ring, '51011519800322017X');
    const b = seal(ring, '51011519800322017X');
    expect(a).not.toBe(b);
    expect(a).toMatch(new RegExp(`^enc1:${scheme}:k1:[A-Za-z0-9_-]+$`));
    expect(sealedKeyId(a)).toBe('k1');
    expect(open(ring, a)).toBe('51011519800322017X');
    expect(open(ring, seal(ring, '张三 13800000001'))).toBe('张三 13800000001');
    expect(open(ring, seal(ring, ''))).toBe('');
  });

  it('a changed character anywhere, a cut, or a swapped key id or scheme is refused (SealError), never garbage', () => {
    const v = seal(ring, '13800000001');
    const body = v.slice(v.lastIndexOf(':') + 1);
    const head = v.slice(0, v.lastIndexOf(':') + 1);
    for (let i = 0; i < body.length; i++) {
      const c = body[i] === 'A' ? 'B' : 'A';
      const changed = head + body.slice(0, i) + c + body.slice(i + 1);
      // the last base64url character may carry padding bits only: then the bytes are the same
      if (Buffer.from(changed.slice(head.length), 'base64url').equals(Buffer.from(body, 'base64url'))) continue;
      expect(() => open(ring, changed)).toThrow(SealError);
    }
    expect(() => open(ring, v.slice(0, -4))).toThrow(SealError);
    const other = loadKeyRing({ DATA_CIPHER: cipher, DATA_KEYS: `index:${key()},k1:${key()},k2:${key()}` });
    expect(() => open(other, v)).toThrow(SealError);
    expect(() => open({ ...ring, keys: new Map([['k2', ring.keys.get('k1')!]]) }, v.replace(':k1:', ':k2:'))).toThrow(SealError);
    expect(() => open(ring, v.replace(`enc1:${scheme}:`, `enc1:${scheme === 'sm4' ? 'aes' : 'sm4'}:`))).toThrow(SealError);
  });
});

describe('search hashes and the key ring', () => {
  const ring = loadKeyRing({ DATA_KEYS: `index:${key()},a:${key()}` });
  it('hash the normalised value, keyed, and keep kinds apart', () => {
    expect(searchHash(ring, 'idCard', ' 51011519800322017x ')).toBe(searchHash(ring, 'idCard', '51011519800322017X'));
    expect(searchHash(ring, 'phone', '13800000001')).not.toBe(searchHash(ring, 'idCard', '13800000001'));
    const other = loadKeyRing({ DATA_KEYS: `index:${key()},a:${key()}` });
    expect(searchHash(other, 'phone', '13800000001')).not.toBe(searchHash(ring, 'phone', '13800000001'));
  });

  it('production refuses to start without keys; development derives them from the documented secret', () => {
    expect(() => loadKeyRing({ NODE_ENV: 'production' })).toThrow(/DATA_KEYS/);
    expect(() => loadKeyRing({ DATA_KEYS_REQUIRED: '1' })).toThrow(/DATA_KEYS/);
    const dev = loadKeyRing({});
    expect(dev.development).toBe(true);
    expect(dev.current).toBe(DEV_KEY_ID);
    // the same on every machine: a value sealed by one process opens in another
    expect(open(loadKeyRing({}), seal(dev, 'x'))).toBe('x');
  });

  it('the current key is the last listed or DATA_KEY_CURRENT; bad entries stop the start', () => {
    expect(loadKeyRing({ DATA_KEYS: `index:${key()},a:${key()},b:${key()}` }).current).toBe('b');
    expect(loadKeyRing({ DATA_KEYS: `index:${key()},a:${key()},b:${key()}`, DATA_KEY_CURRENT: 'a' }).current).toBe('a');
    expect(() => loadKeyRing({ DATA_KEYS: `index:${key()},a:${key()}`, DATA_KEY_CURRENT: 'c' })).toThrow(/DATA_KEY_CURRENT/);
    expect(() => loadKeyRing({ DATA_KEYS: `a:${key()}` })).toThrow(/index/);
    expect(() => loadKeyRing({ DATA_KEYS: `index:${key()},a:c2hvcnQ=` })).toThrow(/32 bytes/);
    expect(() => loadKeyRing({ DATA_KEYS: `index:${key()},a:${key()}`, DATA_CIPHER: 'des' })).toThrow(/DATA_CIPHER/);
  });
});

describe('the SM4 scheme as stored', () => {
  it('its MAC is HMAC-SM3 as createHmac computes it (values sealed by earlier versions still open)', () => {
    const secret = randomBytes(32);
    const ring = loadKeyRing({ DATA_CIPHER: 'sm4', DATA_KEYS: `index:${key()},k1:${secret.toString('base64')}` });
    const v = seal(ring, '13800000001');
    const header = 'enc1:sm4:k1:';
    const payload = Buffer.from(v.slice(header.length), 'base64url');
    const mac = createHmac('sm3', Buffer.from(hkdfSync('sm3', secret, Buffer.alloc(0), 'party-platform data sm4 mac', 32)))
      .update(header).update(payload.subarray(0, payload.length - 32)).digest();
    expect(payload.subarray(payload.length - 32).equals(mac)).toBe(true);
  });
});
