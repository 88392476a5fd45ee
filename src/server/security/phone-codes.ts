import { createHash, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { MSG } from '../../contract/messages';
import type { AppContext } from '../context';
import { AppError, badRequest } from '../http/errors';
import { platformDay } from '../platform-day';
import { countHit } from './rate-limits';
import { searchHash } from './data-cipher';
import { keyRingOf } from '../db/database';

/**
 * Six-digit phone codes: stored hashed (the number too: its keyed search hash), valid 10 minutes, 5 tries, one a minute and a few an hour per
 * number; besides, a few an hour per client (network address, and session when signed in) whatever
 * the numbers, and a ceiling for the whole platform per day — each text costs money and reaches a
 * stranger's phone.
 */
/** signIn: the text code that stands in for the image captcha at password sign-in (长辈模式) */
export type CodePurpose = 'findPassword' | 'bindPhone' | 'register' | 'resetToken' | 'signIn';
const TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;
// the number is named by its keyed search hash (as in the sealed columns), so the table never holds it in plain text
const phoneHashOf = (ctx: AppContext, phone: string) => searchHash(keyRingOf(ctx.db), 'phone', phone);
const digest = (phoneHash: string, purpose: string, code: string) => createHash('sha256').update(`${phoneHash}|${purpose}|${code}`).digest('hex');

/** Who asks for a code: the address always, the session when the caller is signed in. */
export interface CodeClient {
  address: string;
  sessionId?: string | null;
}

const HOUR_MS = 3600_000;

/** Counts the send against the client and the platform's day; refuses once a limit is passed. */
async function chargeClient(ctx: AppContext, client: CodeClient) {
  const perHour = ctx.config.smsPerClientPerHour;
  const keys = [`sms-address:${client.address}`, ...(client.sessionId ? [`sms-session:${client.sessionId}`] : [])];
  for (const key of keys) {
    const hit = await countHit(ctx, key, HOUR_MS);
    if (hit.count > perHour) throw new AppError(429, MSG.phoneCodeClientLimit(hit.minutesLeft));
  }
  // the key names the platform's day, so the count starts again at midnight in China
  if ((await countHit(ctx, `sms-day:${platformDay(ctx)}`, 25 * HOUR_MS)).count > ctx.config.smsDailyLimit) throw new AppError(429, MSG.phoneCodeDailyLimit);
}

export async function issuePhoneCode(ctx: AppContext, phoneNumber: string, purpose: CodePurpose, client: CodeClient): Promise<void> {
  const now = ctx.now();
  const phoneHash = phoneHashOf(ctx, phoneNumber);
  const recent = await ctx.db
    .selectFrom('phoneCodes')
    .select([
      sql<number>`count(*)`.as('lastHour'),
      sql<number>`count(*) filter (where creation_time > ${new Date(now.getTime() - 60_000)})`.as('lastMinute'),
    ])
    .where('phoneHash', '=', phoneHash)
    .where('purpose', '!=', 'resetToken')
    .where('creationTime', '>', new Date(now.getTime() - 3600_000))
    .executeTakeFirstOrThrow();
  if (Number(recent.lastMinute) > 0 || Number(recent.lastHour) >= ctx.config.phoneCodesPerHour) throw badRequest(MSG.phoneCodeTooFrequent);
  await chargeClient(ctx, client);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db
    .insertInto('phoneCodes')
    .values({ phoneHash, purpose, codeHash: digest(phoneHash, purpose, code), expiresAt: new Date(now.getTime() + TTL_MS), creationTime: now })
    .execute();
  await ctx.sms.send(phoneNumber, `【党建学习平台】您的验证码为${code}，10分钟内有效。如非本人操作，请忽略本短信。`);
}

/** Checks and consumes a code (or a reset token stored the same way). */
export async function consumePhoneCode(ctx: AppContext, phoneNumber: string, purpose: CodePurpose, code: string): Promise<void> {
  const now = ctx.now();
  const phoneHash = phoneHashOf(ctx, phoneNumber);
  const row = await ctx.db
    .selectFrom('phoneCodes')
    .select(['id', 'codeHash', 'attempts'])
    .where('phoneHash', '=', phoneHash)
    .where('purpose', '=', purpose)
    .where('used', '=', false)
    .where('expiresAt', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.attempts >= MAX_ATTEMPTS) throw badRequest(MSG.phoneCodeWrong);
  if (row.codeHash !== digest(phoneHash, purpose, code.trim())) {
    await ctx.db.updateTable('phoneCodes').set({ attempts: row.attempts + 1 }).where('id', '=', row.id).execute();
    throw badRequest(MSG.phoneCodeWrong);
  }
  const used = await ctx.db.updateTable('phoneCodes').set({ used: true }).where('id', '=', row.id).where('used', '=', false).returning('id').executeTakeFirst();
  if (!used) throw badRequest(MSG.phoneCodeWrong);
}

/** A one-time token proving a phone code was entered, for the second step of password recovery. */
export async function issueResetToken(ctx: AppContext, phoneNumber: string, token: string) {
  const phoneHash = phoneHashOf(ctx, phoneNumber);
  await ctx.db
    .insertInto('phoneCodes')
    .values({ phoneHash, purpose: 'resetToken', codeHash: digest(phoneHash, 'resetToken', token), expiresAt: new Date(ctx.now().getTime() + TTL_MS), creationTime: ctx.now() })
    .execute();
}
