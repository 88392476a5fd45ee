import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context';
import { AppError, badRequest, invalid } from '../http/errors';
import { readPurposeToken, signPurposeToken } from '../files/tokens';
import { countHit, hitsSoFar } from './rate-limits';

/**
 * Sign-in to an event with the organiser's code — a meeting, a volunteer activity, a class's course,
 * and any event added later: every such sign-in goes through `checkSignIn` (docs/SECURITY.md,
 * "Sign-in codes").
 *
 * - Codes are six digits from the CSPRNG (`newSignInCode`), compared in constant time.
 * - Per member and event: 5 code attempts in 15 minutes; the 5th wrong one pauses his code entry for
 *   that event 15 minutes (签到码错误次数过多，请N分钟后再试). An attempt takes its place in the
 *   count before the code is compared, so simultaneous requests (several sessions) get no more.
 * - Per event, across members: 50 wrong codes in 10 minutes pause code entry for the event 10
 *   minutes, naming it. The QR token still signs in then (it cannot be guessed).
 * - The counters are the shared fixed-window counters of `rate-limits.ts` (table rate_counters in
 *   the one database every API process uses), so the limits hold across processes and restarts.
 * - The QR code carries a signed, expiring token (`signInToken`: HMAC with the server's secret,
 *   purpose `sign-in`, files/tokens.ts) naming the event and a keyed mark of the code it was issued
 *   with (never the code); it expires with the sign-in window, and a rotated code voids it. A token
 *   signs in without the code, and is not limited: it cannot be guessed.
 */
export const SIGN_CODE_LIMITS = {
  perMember: 5,
  memberWindowMinutes: 15,
  memberWaitMinutes: 15,
  perEvent: 50,
  eventWindowMinutes: 10,
  eventWaitMinutes: 10,
  /** a QR token of an event without a sign-in window lives this long */
  tokenFallbackHours: 24,
} as const;

export const SIGN_CODE_MSG = {
  required: '请输入签到码',
  wrong: '签到码错误',
  triesLeft: (n: number) => `再输错${n}次，将暂停签到${SIGN_CODE_LIMITS.memberWaitMinutes}分钟`,
  memberWait: (minutes: number) => `签到码错误次数过多，请${minutes}分钟后再试`,
  eventWait: (name: string, minutes: number) => `「${name}」的签到码错误次数过多，已暂停输入签到码，请${minutes}分钟后再试（扫描组织者出示的签到二维码仍可签到）`,
  tokenInvalid: '签到二维码无效，请重新扫描组织者出示的二维码',
  tokenExpired: '签到二维码已过期，请向组织者索取新的签到二维码',
  tokenRotated: '签到码已更换，该二维码已失效，请扫描组织者出示的新二维码',
  tokenOtherEvent: '该二维码不是本活动的签到二维码',
} as const;

/** An event's sign-in as the kernel sees it: a key unique across kinds, a name for messages, the current code. */
export interface SignInEvent {
  /** e.g. `record:12`, `course:7` */
  key: string;
  name: string;
  code: string | null;
}

/** Six digits, uniformly from the CSPRNG. */
export const newSignInCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Constant time whatever was typed: digests of equal length are compared. */
export function sameCode(given: string, actual: string): boolean {
  const a = createHash('sha256').update(given.trim()).digest();
  const b = createHash('sha256').update(actual).digest();
  return timingSafeEqual(a, b);
}

/**
 * Which code a token was issued with, without telling it: a keyed digest (the server's secret), so
 * the token's readable payload cannot be searched for the six digits offline.
 */
const codeMark = (ctx: AppContext, event: SignInEvent, code: string) => createHmac('sha256', ctx.config.jwtSecret).update(`sign-in-code.${event.key}.${code}`).digest('base64url').slice(0, 16);

/** The QR code's token: the event and (a mark of) its current code, valid until `expiresAt` (the end of the sign-in window). */
export function signInToken(ctx: AppContext, event: SignInEvent & { code: string }, expiresAt: Date | null): string {
  const nowMs = ctx.now().getTime();
  const until = expiresAt?.getTime() ?? nowMs + SIGN_CODE_LIMITS.tokenFallbackHours * 3600_000;
  const ttlSeconds = Math.max(1, Math.ceil((until - nowMs) / 1000));
  return signPurposeToken(ctx.config.jwtSecret, 'sign-in', { e: event.key, c: codeMark(ctx, event, event.code) }, ttlSeconds, nowMs);
}

const minutes = (n: number) => n * 60_000;
const memberKey = (event: SignInEvent, userId: number) => `signcode-try:${event.key}:${userId}`;
const memberWaitKey = (event: SignInEvent, userId: number) => `signcode-wait:${event.key}:${userId}`;
const eventKey = (event: SignInEvent) => `signcode-fail:${event.key}`;
const eventWaitKey = (event: SignInEvent) => `signcode-pause:${event.key}`;

const tooMany = (message: string) => new AppError(429, message);

/**
 * Decides a member's sign-in to an event once every other rule (participant, not yet signed, inside
 * the window) has passed: by the QR token, or by the code within the limits. Returns how; throws
 * the refusal (400 wrong code or token, 429 while paused).
 */
export async function checkSignIn(ctx: AppContext, event: SignInEvent, userId: number, presented: { code?: string | null; token?: string | null }): Promise<'token' | 'code'> {
  const token = presented.token?.trim();
  if (token) {
    const r = readPurposeToken<{ e: string; c: string }>(ctx.config.jwtSecret, 'sign-in', token, ctx.now().getTime());
    if ('error' in r) throw badRequest(r.error === 'expired' ? SIGN_CODE_MSG.tokenExpired : SIGN_CODE_MSG.tokenInvalid);
    if (r.payload.e !== event.key) throw badRequest(SIGN_CODE_MSG.tokenOtherEvent);
    if (!event.code || !sameCode(String(r.payload.c ?? ''), codeMark(ctx, event, event.code))) throw badRequest(SIGN_CODE_MSG.tokenRotated);
    return 'token';
  }
  const code = presented.code?.trim();
  if (!code) throw invalid([{ message: SIGN_CODE_MSG.required, members: ['code'] }]);

  const L = SIGN_CODE_LIMITS;
  const memberPause = await hitsSoFar(ctx, memberWaitKey(event, userId));
  if (memberPause.count > 0) throw tooMany(SIGN_CODE_MSG.memberWait(memberPause.minutesLeft));
  const eventPause = await hitsSoFar(ctx, eventWaitKey(event));
  if (eventPause.count > 0) throw tooMany(SIGN_CODE_MSG.eventWait(event.name, eventPause.minutesLeft));

  // the attempt takes its place first: of simultaneous attempts only the first five are compared
  const attempt = await countHit(ctx, memberKey(event, userId), minutes(L.memberWindowMinutes));
  if (attempt.count > L.perMember) throw tooMany(SIGN_CODE_MSG.memberWait(attempt.minutesLeft));
  if (event.code && sameCode(code, event.code)) return 'code';

  const failures = await countHit(ctx, eventKey(event), minutes(L.eventWindowMinutes));
  if (failures.count >= L.perEvent) {
    const pause = await countHit(ctx, eventWaitKey(event), minutes(L.eventWaitMinutes));
    if (attempt.count < L.perMember) throw tooMany(SIGN_CODE_MSG.eventWait(event.name, pause.minutesLeft));
  }
  if (attempt.count >= L.perMember) {
    const pause = await countHit(ctx, memberWaitKey(event, userId), minutes(L.memberWaitMinutes));
    throw tooMany(SIGN_CODE_MSG.memberWait(pause.minutesLeft));
  }
  throw new AppError(400, SIGN_CODE_MSG.wrong, {
    validationErrors: [{ message: SIGN_CODE_MSG.wrong, members: ['code'] }],
    details: SIGN_CODE_MSG.triesLeft(L.perMember - attempt.count),
  });
}
