import { createCipheriv, getCiphers, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sm4Ctr, sm4EncryptBlock, sm4KeySchedule } from '../../../src/server/security/sm4';

const hex = (h: string) => Buffer.from(h, 'hex');

describe('SM4 (GB/T 32907-2016)', () => {
  it('the standard’s example 1: one block', () => {
    const k = hex('0123456789abcdeffedcba9876543210');
    const out = Buffer.alloc(16);
    sm4EncryptBlock(sm4KeySchedule(k), k, 0, out, 0);
    expect(out.toString('hex')).toBe('681edf34d206965e86b3e94f536e4246');
  });

  it('the standard’s example 2: the block encrypted 1 000 000 times', () => {
    const k = hex('0123456789abcdeffedcba9876543210');
    const rk = sm4KeySchedule(k);
    const b = Buffer.from(k);
    for (let i = 0; i < 1_000_000; i++) sm4EncryptBlock(rk, b, 0, b, 0);
    expect(b.toString('hex')).toBe('595298c7c6fd271f0402f804c33d3f66');
  });

  it.runIf(getCiphers().includes('sm4-ctr'))('CTR agrees with OpenSSL’s sm4-ctr on random data, across the counter’s carry', () => {
    for (const len of [0, 1, 15, 16, 17, 100, 1000]) {
      const key = randomBytes(16);
      const iv = Buffer.concat([randomBytes(14), hex('fffe')]);
      const data = randomBytes(len);
      const c = createCipheriv('sm4-ctr', key, iv);
      expect(sm4Ctr(sm4KeySchedule(key), iv, data).equals(Buffer.concat([c.update(data), c.final()]))).toBe(true);
    }
  });

  it('CTR decrypts what it encrypted, and refuses a wrong key or counter size', () => {
    const rk = sm4KeySchedule(randomBytes(16));
    const iv = randomBytes(16);
    const data = Buffer.from('51011519800322017X', 'utf8');
    expect(sm4Ctr(rk, iv, sm4Ctr(rk, iv, data)).equals(data)).toBe(true);
    expect(() => sm4KeySchedule(randomBytes(15))).toThrow();
    expect(() => sm4Ctr(rk, randomBytes(12), data)).toThrow();
  });
});
