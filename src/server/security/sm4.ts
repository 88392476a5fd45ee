/**
 * SM4 (GB/T 32907-2016), the block cipher, and its counter mode (GB/T 17964). Written here so that
 * every machine runs the same code whatever its OpenSSL was built with; checked against the
 * standard's test vector and against OpenSSL's sm4-ecb where present (tests/unit/security/sm4.test.ts).
 */

const SBOX = Uint8Array.from(Buffer.from(
  'd690e9fecce13db716b614c228fb2c052b679a762abe04c3aa44132649860699' +
  '9c4250f491ef987a33540b43edcfac62e4b31ca9c908e89580df94fa758f3fa6' +
  '4707a7fcf37317ba83593c19e6854fa8686b81b27164da8bf8eb0f4b70569d35' +
  '1e240e5e6358d1a225227c3b01217887d40046579fd327524c3602e7a0c4c89e' +
  'eabf8ad240c738b5a3f7f2cef96115a1e0ae5da49b341a55ad933230f58cb1e3' +
  '1df6e22e8266ca60c02923ab0d534e6fd5db3745defd8e2f03ff6a726d6c5b51' +
  '8d1baf92bbddbc7f11d95c411f105ad80ac13188a5cd7bbd2d74d012b8e5b4b0' +
  '8969974a0c96777e65b9f109c56ec68418f07dec3adc4d2079ee5f3ed7cb3948',
  'hex',
));

const FK = [0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc];
const CK = Array.from({ length: 32 }, (_, i) => {
  let v = 0;
  for (let j = 0; j < 4; j++) v = (v << 8) | (((4 * i + j) * 7) & 0xff);
  return v >>> 0;
});

const rotl = (x: number, n: number) => ((x << n) | (x >>> (32 - n))) >>> 0;
const tau = (x: number) => ((SBOX[x >>> 24] << 24) | (SBOX[(x >>> 16) & 0xff] << 16) | (SBOX[(x >>> 8) & 0xff] << 8) | SBOX[x & 0xff]) >>> 0;
const linear = (b: number) => (b ^ rotl(b, 2) ^ rotl(b, 10) ^ rotl(b, 18) ^ rotl(b, 24)) >>> 0;
const linearKey = (b: number) => (b ^ rotl(b, 13) ^ rotl(b, 23)) >>> 0;

// the round function T = L∘τ as four byte tables: L commutes with rotation, so each is a rotation of the first
const T0 = new Uint32Array(256);
const T1 = new Uint32Array(256);
const T2 = new Uint32Array(256);
const T3 = new Uint32Array(256);
for (let b = 0; b < 256; b++) {
  const t = linear(SBOX[b] << 24 >>> 0);
  T0[b] = t;
  T1[b] = rotl(t, 24);
  T2[b] = rotl(t, 16);
  T3[b] = rotl(t, 8);
}
const round = (x: number) => (T0[x >>> 24] ^ T1[(x >>> 16) & 0xff] ^ T2[(x >>> 8) & 0xff] ^ T3[x & 0xff]) >>> 0;

/** The 32 round keys of a 16-byte key. */
export function sm4KeySchedule(key: Uint8Array): Uint32Array {
  if (key.length !== 16) throw new Error('SM4 key must be 16 bytes');
  const k = [0, 1, 2, 3].map((i) => ((key[4 * i] << 24) | (key[4 * i + 1] << 16) | (key[4 * i + 2] << 8) | key[4 * i + 3]) ^ FK[i]);
  const rk = new Uint32Array(32);
  for (let i = 0; i < 32; i++) {
    const next = (k[i] ^ linearKey(tau((k[i + 1] ^ k[i + 2] ^ k[i + 3] ^ CK[i]) >>> 0))) >>> 0;
    k.push(next);
    rk[i] = next;
  }
  return rk;
}

/** Encrypts one 16-byte block from `input` at `at` into `out` at `outAt` (no allocation: it runs for every sealed value read). */
export function sm4EncryptBlock(rk: Uint32Array, input: Uint8Array, at: number, out: Uint8Array, outAt: number) {
  let x0 = ((input[at] << 24) | (input[at + 1] << 16) | (input[at + 2] << 8) | input[at + 3]) >>> 0;
  let x1 = ((input[at + 4] << 24) | (input[at + 5] << 16) | (input[at + 6] << 8) | input[at + 7]) >>> 0;
  let x2 = ((input[at + 8] << 24) | (input[at + 9] << 16) | (input[at + 10] << 8) | input[at + 11]) >>> 0;
  let x3 = ((input[at + 12] << 24) | (input[at + 13] << 16) | (input[at + 14] << 8) | input[at + 15]) >>> 0;
  for (let i = 0; i < 32; i++) {
    const x4 = (x0 ^ round((x1 ^ x2 ^ x3 ^ rk[i]) >>> 0)) >>> 0;
    x0 = x1; x1 = x2; x2 = x3; x3 = x4;
  }
  putWord(out, outAt, x3);
  putWord(out, outAt + 4, x2);
  putWord(out, outAt + 8, x1);
  putWord(out, outAt + 12, x0);
}
function putWord(out: Uint8Array, at: number, v: number) {
  out[at] = v >>> 24; out[at + 1] = (v >>> 16) & 0xff; out[at + 2] = (v >>> 8) & 0xff; out[at + 3] = v & 0xff;
}

/** SM4-CTR: the 16-byte counter block starts at `iv` and counts up as a 128-bit big-endian number. Encrypts and decrypts alike. */
export function sm4Ctr(rk: Uint32Array, iv: Uint8Array, data: Uint8Array): Buffer {
  if (iv.length !== 16) throw new Error('SM4-CTR counter block must be 16 bytes');
  const counter = Uint8Array.from(iv);
  const stream = new Uint8Array(16);
  const out = Buffer.alloc(data.length);
  for (let off = 0; off < data.length; off += 16) {
    sm4EncryptBlock(rk, counter, 0, stream, 0);
    const n = Math.min(16, data.length - off);
    for (let i = 0; i < n; i++) out[off + i] = data[off + i] ^ stream[i];
    for (let i = 15; i >= 0 && ++counter[i] === 256; i--) counter[i] = 0;
  }
  return out;
}
