/**
 * The pieces of the kernel's code sign-in (src/server/security/sign-in-codes.ts) that need no
 * database: six-digit codes, the constant-time comparison, the QR token (purpose-bound, altered,
 * expired, another event's, a rotated code). The limits are proved over HTTP in
 * tests/api/sign-in-codes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/server/context';
import { AppError } from '../../../src/server/http/errors';
import { readPurposeToken, signPurposeToken } from '../../../src/server/files/tokens';
import { SIGN_CODE_MSG, checkSignIn, newSignInCode, sameCode, signInToken } from '../../../src/server/security/sign-in-codes';

let nowMs = Date.UTC(2031, 4, 12, 6, 0);
// checkSignIn with a token never reaches the database
const ctx = { config: { jwtSecret: Buffer.from('unit-test-secret-of-32-bytes-xxxx') }, now: () => new Date(nowMs) } as unknown as AppContext;
const event = { key: 'record:7', name: '党课', code: '042917' };
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return (e as AppError).message;
  }
  return 'accepted';
};

describe('codes', () => {
  it('are six digits, leading zeros kept, and vary', () => {
    const codes = Array.from({ length: 200 }, newSignInCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('compare equal only when the same, whatever the length typed, spaces around ignored', () => {
    expect(sameCode('042917', '042917')).toBe(true);
    expect(sameCode(' 042917 ', '042917')).toBe(true);
    expect(sameCode('042918', '042917')).toBe(false);
    expect(sameCode('42917', '042917')).toBe(false);
    expect(sameCode('0429170', '042917')).toBe(false);
    expect(sameCode('', '042917')).toBe(false);
  });
});

describe('the QR token', () => {
  it('signs in for its event and code until it ends; holds no code', async () => {
    nowMs = Date.UTC(2031, 4, 12, 6, 0);
    const token = signInToken(ctx, event, new Date(nowMs + 60 * 60_000));
    expect(token).not.toContain(event.code);
    expect(Buffer.from(token.split('.')[0], 'base64url').toString()).not.toContain(event.code);
    expect(await checkSignIn(ctx, event, 1, { token })).toBe('token');
    expect(await refusal(checkSignIn(ctx, { ...event, key: 'record:8' }, 1, { token }))).toBe(SIGN_CODE_MSG.tokenOtherEvent);
    expect(await refusal(checkSignIn(ctx, { ...event, code: '555555' }, 1, { token }))).toBe(SIGN_CODE_MSG.tokenRotated);
    expect(await refusal(checkSignIn(ctx, { ...event, code: null }, 1, { token }))).toBe(SIGN_CODE_MSG.tokenRotated);
    nowMs += 60 * 60_000;
    expect(await refusal(checkSignIn(ctx, event, 1, { token }))).toBe(SIGN_CODE_MSG.tokenExpired);
  });

  it('altered, of another purpose or under another secret is invalid', async () => {
    nowMs = Date.UTC(2031, 4, 12, 6, 0);
    const token = signInToken(ctx, event, new Date(nowMs + 60 * 60_000));
    const [body, sig] = token.split('.');
    // one character changed in the middle: the last base64url character of a signature carries
    // padding bits, so changing it may leave the decoded bytes — and the token — as they were
    const other = (s: string) => {
      const i = Math.floor(s.length / 2);
      return `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
    };
    const download = signPurposeToken(ctx.config.jwtSecret, 'download', { e: event.key }, 3600, nowMs);
    const foreign = signInToken({ ...ctx, config: { jwtSecret: Buffer.from('another-deployment-secret-xxxxxxx') } } as unknown as AppContext, event, new Date(nowMs + 60 * 60_000));
    for (const bad of [`${body}.${other(sig)}`, `${other(body)}.${sig}`, download, foreign, `${token}.x`, '.', 'x']) {
      expect(await refusal(checkSignIn(ctx, event, 1, { token: bad })), bad).toBe(SIGN_CODE_MSG.tokenInvalid);
    }
    expect(readPurposeToken(ctx.config.jwtSecret, 'download', token, nowMs)).toEqual({ error: 'invalid' });
  });
});
