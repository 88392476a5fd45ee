import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { MSG } from '../../contract/messages';
import type { AppContext } from '../context';
import { AppError, ERROR_CODE } from '../http/errors';
import { countHit, hitsSoFar } from './rate-limits';
import { hashPassword, verifyPassword } from './passwords';

/**
 * What password sign-in remembers about failures, and the limits built on it:
 * - per login name: captcha after 3 failures, a 5-minute lock after 5 — for a name that is no
 *   account exactly as for an account (table unknown_sign_in_names), so that the answers (error
 *   codes 1001, 1002) do not tell which accounts exist;
 * - per client address, across names (password spraying): the image code from a third of
 *   SIGNIN_FAILURES_PER_ADDRESS failures in 15 minutes, refusal (1004) at the limit.
 * A name's count is forgotten a day after its last failure.
 */
export type SignInSubject = { userId: number } | { unknownName: string };

const FORGET_AFTER_MS = 24 * 3600_000;
const ADDRESS_WINDOW_MS = 15 * 60_000;
const addressKey = (address: string) => `signin-fail:${address}`;

export interface FailureState {
  failures: number;
  lockoutEnd: Date | null;
}

/** The failures that still count: none once a day has passed since the last. */
export function countingFailures(row: { failedLoginCount: number; lockoutEnd: Date | null; lastFailedLoginAt: Date | null } | undefined, now: Date): FailureState {
  if (!row) return { failures: 0, lockoutEnd: null };
  if (row.lastFailedLoginAt && row.lastFailedLoginAt.getTime() <= now.getTime() - FORGET_AFTER_MS) return { failures: 0, lockoutEnd: null };
  return { failures: row.failedLoginCount, lockoutEnd: row.lockoutEnd };
}

export const unknownNameKey = (userName: string) => userName.trim().toLowerCase();

export async function unknownNameFailures(ctx: AppContext, name: string): Promise<FailureState> {
  const row = await ctx.db.selectFrom('unknownSignInNames').select(['failedLoginCount', 'lockoutEnd', 'lastFailedLoginAt']).where('name', '=', name).executeTakeFirst();
  return countingFailures(row, ctx.now());
}

export function assertNotLocked(ctx: AppContext, state: FailureState) {
  const now = ctx.now();
  if (state.lockoutEnd && state.lockoutEnd > now) {
    const minutes = Math.max(1, Math.ceil((state.lockoutEnd.getTime() - now.getTime()) / 60_000));
    throw new AppError(400, MSG.accountLocked(minutes), { code: ERROR_CODE.accountLocked });
  }
}

/** Counts one more failure under the name, atomically; answers the count now. */
async function bump(ctx: AppContext, subject: SignInSubject): Promise<number> {
  const now = ctx.now();
  const forgotten = new Date(now.getTime() - FORGET_AFTER_MS);
  if ('userId' in subject) {
    const row = await ctx.db
      .updateTable('users')
      .set({
        failedLoginCount: sql`case when last_failed_login_at is not null and last_failed_login_at <= ${forgotten} then 1 else failed_login_count + 1 end`,
        lastFailedLoginAt: now,
      })
      .where('id', '=', subject.userId)
      .returning('failedLoginCount')
      .executeTakeFirstOrThrow();
    return row.failedLoginCount;
  }
  await ctx.db.deleteFrom('unknownSignInNames').where('lastFailedLoginAt', '<=', forgotten).execute();
  const row = await ctx.db
    .insertInto('unknownSignInNames')
    .values({ name: subject.unknownName, failedLoginCount: 1, lastFailedLoginAt: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ failedLoginCount: sql`unknown_sign_in_names.failed_login_count + 1`, lastFailedLoginAt: now }))
    .returning('failedLoginCount')
    .executeTakeFirstOrThrow();
  return row.failedLoginCount;
}

async function lockOut(ctx: AppContext, subject: SignInSubject, until: Date) {
  // once the lock ends the captcha is still asked for
  const set = { failedLoginCount: ctx.config.captchaAfterFailures, lockoutEnd: until };
  if ('userId' in subject) await ctx.db.updateTable('users').set(set).where('id', '=', subject.userId).execute();
  else await ctx.db.updateTable('unknownSignInNames').set(set).where('name', '=', subject.unknownName).execute();
}

/** A wrong password (or a name that is no account): counted under the name and the address; always throws. */
export async function recordSignInFailure(ctx: AppContext, subject: SignInSubject, address: string): Promise<never> {
  const { captchaAfterFailures, lockAfterFailures, lockMinutes } = ctx.config;
  await countHit(ctx, addressKey(address), ADDRESS_WINDOW_MS);
  const failures = await bump(ctx, subject);
  if (failures >= lockAfterFailures) {
    await lockOut(ctx, subject, new Date(ctx.now().getTime() + lockMinutes * 60_000));
    throw new AppError(400, MSG.accountLocked(lockMinutes), { code: ERROR_CODE.accountLocked });
  }
  throw new AppError(400, MSG.wrongPassword, {
    code: failures >= captchaAfterFailures ? ERROR_CODE.captchaRequired : ERROR_CODE.general,
    details: `再输错${lockAfterFailures - failures}次，账号将锁定${lockMinutes}分钟`,
  });
}

/** Refuses an address over the limit; tells whether its sign-ins need the image code. */
export async function addressGate(ctx: AppContext, address: string): Promise<{ captcha: boolean }> {
  const { count, minutesLeft } = await hitsSoFar(ctx, addressKey(address));
  if (count >= ctx.config.signInAddressBlockAfter) throw new AppError(429, MSG.addressSignInBlocked(minutesLeft), { code: ERROR_CODE.addressBlocked });
  return { captcha: count >= ctx.config.signInAddressCaptchaAfter };
}

let decoy: Promise<string> | null = null;
/**
 * A name that is no account costs the same argon2 verification as a wrong password, so the time
 * of the answer does not tell the two apart either.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await decoy, password);
  return false;
}
