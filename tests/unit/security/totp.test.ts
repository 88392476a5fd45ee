import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchStep, newRecoveryCodes, openTotpKey, otpauthUri, recoveryCodeHash, sealTotpKey, totp } from '../../../src/server/security/totp';

// RFC 6238 Appendix B: the seeds are ASCII "1234567890" repeated to the hash's key length
const seeds = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const vectors: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(vectors)('the RFC 6238 test vectors at T=%i', (t, sha1, sha256, sha512) => {
    expect(totp(seeds.sha1, t, 8, 'sha1')).toBe(sha1);
    expect(totp(seeds.sha256, t, 8, 'sha256')).toBe(sha256);
    expect(totp(seeds.sha512, t, 8, 'sha512')).toBe(sha512);
  });

  it('the RFC 4226 HOTP vectors (6 digits, the authenticator apps’ form)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, i) => hotp(seeds.sha1, i))).toEqual(expected);
  });

  it('base32 round-trips and matches RFC 4648', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(() => base32Decode('1')).toThrow();
  });

  it('accepts one step of drift either way, refuses older steps and a step already used', () => {
    const key = seeds.sha1;
    const t = 1_700_000_015;
    const step = Math.floor(t / 30);
    expect(matchStep(key, totp(key, t), t, null)).toBe(step);
    expect(matchStep(key, totp(key, t - 30), t, null)).toBe(step - 1);
    expect(matchStep(key, totp(key, t + 30), t, null)).toBe(step + 1);
    expect(matchStep(key, totp(key, t - 60), t, null)).toBeNull();
    // replay: the step was used
    expect(matchStep(key, totp(key, t), t, step)).toBeNull();
    expect(matchStep(key, 'abcdef', t, null)).toBeNull();
    expect(matchStep(key, '12345', t, null)).toBeNull();
  });

  it('the key rests sealed (AES-256-GCM): opened with the server secret only, tampering detected', () => {
    const secret = Buffer.from('server-secret-for-test');
    const key = Buffer.from('0123456789abcdefghij');
    const sealed = sealTotpKey(secret, key);
    expect(sealed).not.toContain(base32Encode(key));
    expect(openTotpKey(secret, sealed)).toEqual(key);
    expect(() => openTotpKey(Buffer.from('another'), sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x'.repeat(20)).toString('base64url');
    expect(() => openTotpKey(secret, parts.join('.'))).toThrow();
  });

  it('the otpauth address and the recovery codes', () => {
    expect(otpauthUri('党员教育培训平台', 'admin', Buffer.from('foobar'))).toBe(
      `otpauth://totp/${encodeURIComponent('党员教育培训平台:admin')}?secret=MZXW6YTBOI&issuer=${encodeURIComponent('党员教育培训平台')}&algorithm=SHA1&digits=6&period=30`,
    );
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(recoveryCodeHash(1, codes[0])).toBe(recoveryCodeHash(1, codes[0].toUpperCase().replace('-', ' ')));
    expect(recoveryCodeHash(1, codes[0])).not.toBe(recoveryCodeHash(2, codes[0]));
  });
});
