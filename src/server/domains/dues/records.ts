import type { Database } from '../../db/database';
import type { Call } from '../../http/actions';
import { notFound } from '../../http/errors';
import { actingOrgan, subtreeRange } from '../../scope';
import { bandOf, PAY_STATUS } from '../../../contract/party-dues';
import type { DuesBaseFields, DuesPayment } from '../../../contract/party-dues';
import { OFFLINE_MESSAGE } from './gateway';
import { CHANNEL_TEXT, DUES_MSG, PAY_TEXT, categoryName } from './rules';

/** The dues rows every module reads — members, bases, payments — and the answers made of them. */


/** The caller's own party-member row (his organisation now). */
export const ownMember = (db: Database, userId: number) =>
  db
    .selectFrom('partyMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organId')
    .select(['m.id', 'm.userId', 'm.name', 'm.organId', 'm.organPath', 'o.organName'])
    .where('m.userId', '=', userId)
    .where('m.isDeleted', '=', false)
    .orderBy('m.id')
    .executeTakeFirst();

export const baseOf = (db: Database, memberId: number, year: number) =>
  db.selectFrom('partyDuesBases').selectAll().where('memberId', '=', memberId).where('year', '=', year).executeTakeFirst();
export type BaseRow = NonNullable<Awaited<ReturnType<typeof baseOf>>>;

/** The columns of a base an answer shows. */
export type BaseFields = Pick<BaseRow, 'category' | 'baseIncome' | 'band' | 'monthlyAmount' | 'remark' | 'setByName' | 'creationTime' | 'lastModificationTime'>;

export const baseDto = (b: BaseFields | undefined): DuesBaseFields =>
  b
    ? {
        category: b.category,
        categoryName: categoryName(b.category),
        baseIncome: b.baseIncome,
        band: b.band,
        bandName: bandOf(b.band)?.label ?? b.band,
        monthlyAmount: b.monthlyAmount,
        remark: b.remark,
        setByName: b.setByName,
        lastModificationTime: b.lastModificationTime ?? b.creationTime,
      }
    : { category: null, categoryName: null, baseIncome: null, band: null, bandName: null, monthlyAmount: null, remark: null, setByName: null, lastModificationTime: null };

export const payments = (db: Database) =>
  db
    .selectFrom('partyDuesPayments as p')
    .innerJoin('organizations as o', 'o.id', 'p.organId')
    .select([
      'p.id', 'p.idempotencyKey', 'p.memberId', 'p.userId', 'p.memberName', 'p.organId', 'p.organPath', 'o.organName', 'p.year', 'p.months', 'p.amount',
      'p.channel', 'p.status', 'p.remark', 'p.confirmName', 'p.confirmTime', 'p.creationTime',
    ]);
export type PaymentRow = Awaited<ReturnType<ReturnType<typeof payments>['executeTakeFirstOrThrow']>>;

export const monthsOf = (s: string) => s.split(',').filter(Boolean).map(Number);

/** A payment as every call answers it: a function of the stored row only, so a repeated attempt gets the very same answer. */
export function paymentDto(p: PaymentRow): DuesPayment {
  const months = monthsOf(p.months);
  return {
    id: p.id,
    idempotencyKey: p.idempotencyKey,
    memberId: p.memberId,
    userId: p.userId,
    memberName: p.memberName,
    organId: p.organId,
    organName: p.organName,
    year: p.year,
    months,
    monthsText: months.map((m) => `${m}月`).join('、'),
    amount: p.amount,
    channel: p.channel,
    channelText: CHANNEL_TEXT[p.channel] ?? p.channel,
    status: p.status,
    statusText: PAY_TEXT[p.status] ?? '',
    remark: p.remark,
    confirmName: p.confirmName,
    confirmTime: p.confirmTime,
    creationTime: p.creationTime,
    message: p.status === PAY_STATUS.pending && p.channel === 'offline' ? OFFLINE_MESSAGE : '',
  };
}

/** A payment of the caller's managed subtree by id; beyond it answers as missing. */
export async function scopedPayment(call: Call<{ id: number }>) {
  const p = await payments(call.ctx.db).where('p.id', '=', call.input.id).executeTakeFirst();
  if (!p) throw notFound(DUES_MSG.paymentNotFound);
  call.requireVisible(p.organPath, DUES_MSG.paymentNotFound);
  return p;
}

/** A member of the caller's managed subtree by id (his organisation now); beyond it answers as missing. */
export async function scopedMember(call: Call<{ memberId: number }>) {
  const m = await call.ctx.db
    .selectFrom('partyMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organId')
    .select(['m.id', 'm.userId', 'm.name', 'm.organId', 'm.organPath', 'o.organName'])
    .where('m.id', '=', call.input.memberId)
    .where('m.isDeleted', '=', false)
    .executeTakeFirst();
  if (!m) throw notFound(DUES_MSG.memberNotFound);
  call.requireVisible(m.organPath, DUES_MSG.memberNotFound);
  return m;
}

/** The subtree a list reads: a chosen organisation of the caller's subtree (organPath) or his whole one. */
export function listPath(call: Call<{ organPath?: string }>) {
  const own = actingOrgan(call.user).path;
  const chosen = call.input.organPath?.trim();
  if (!chosen) return own;
  call.requireScope(chosen);
  return chosen;
}

export const isUnique = (err: unknown, constraint?: string) =>
  !!err && typeof err === 'object' && (err as { code?: string }).code === '23505' && (!constraint || (err as { constraint?: string }).constraint === constraint);

/** Members of a subtree (normal ones), with their organisation. */
export const membersUnder = (db: Database, path: string) =>
  db
    .selectFrom('partyMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organId')
    .where('m.isDeleted', '=', false)
    .where('m.status', '=', 1)
    .where(subtreeRange('m.organPath', path));
