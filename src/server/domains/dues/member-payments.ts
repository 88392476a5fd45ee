import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { action, type Call } from '../../http/actions';
import { badRequest, invalid } from '../../http/errors';
import { objectInput } from '../../http/paging';
import { MONTH_STATE, PAY_STATUS, type DuesMonth, type DuesPayment, type MyPayBase, type MyPayRecord } from '../../../contract/party-dues';
import { duesGateway, OFFLINE_NOTICE } from './gateway';
import { baseDto, baseOf, isUnique, ownMember, paymentDto, payments } from './records';
import { DUES_MSG, dueMonths, MONTH_TEXT, platformMonth, yearProp } from './rules';

/**
 * The member's side of 党费: his base (GetMyPayBase), his months and payments (MyPayRecord) and paying
 * (PayPartyBues). Paying twice is prevented twice over: the client's idempotency key is unique (the
 * same attempt repeated answers the first payment), and a member's month can be held by one payment
 * that is not returned (a partial unique index), whatever keys two tabs send.
 */

/** The months of a year with their state for a member, and the totals. */
async function monthStates(db: Database, memberId: number, year: number, due: number, monthly: number | null) {
  const held = await db
    .selectFrom('partyDuesPaymentMonths as pm')
    .innerJoin('partyDuesPayments as p', 'p.id', 'pm.paymentId')
    .select(['pm.month', 'pm.status', 'pm.amount', 'pm.paymentId'])
    .where('pm.memberId', '=', memberId)
    .where('pm.year', '=', year)
    .where('pm.status', '<>', PAY_STATUS.rejected)
    .execute();
  const byMonth = new Map(held.map((h) => [h.month, h]));
  const months: DuesMonth[] = [];
  let paidAmount = 0;
  let owedAmount = 0;
  let unpaidCount = 0;
  // every month due, and each later month already paid in advance
  const last = Math.max(due, ...held.map((h) => h.month));
  for (let m = 1; m <= last; m++) {
    const h = byMonth.get(m);
    const state = !h ? MONTH_STATE.unpaid : h.status === PAY_STATUS.confirmed ? MONTH_STATE.paid : MONTH_STATE.pending;
    if (h?.status === PAY_STATUS.confirmed) paidAmount += h.amount;
    if (!h && m <= due) {
      unpaidCount++;
      if (monthly !== null) owedAmount += monthly;
    }
    months.push({ month: m, state, stateText: MONTH_TEXT[state], amount: h ? h.amount : monthly, paymentId: h?.paymentId ?? null, due: m <= due });
  }
  return { months, paidAmount, owedAmount, unpaidCount };
}

const payInput = objectInput(
  {
    idempotencyKey: { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9-]+$', title: '缴费请求编号', 'x-message': DUES_MSG.keyFormat, 'x-required-message': DUES_MSG.keyFormat },
    year: yearProp,
    months: {
      type: 'array', minItems: 1, maxItems: 12, title: '缴纳月份', 'x-required-message': DUES_MSG.months, 'x-message': DUES_MSG.months,
      items: { type: 'integer', minimum: 1, maximum: 12, title: '月份', 'x-message': DUES_MSG.monthRange },
    },
  },
  ['idempotencyKey', 'months'],
);

/** A repeat of an attempt already stored: the first answer again, or 400 when the key came with other months. */
async function repeated(call: Call<{ idempotencyKey: string }>, year: number, months: number[], db: Database = call.ctx.db) {
  const p = await payments(db).where('p.idempotencyKey', '=', call.input.idempotencyKey).executeTakeFirst();
  if (!p) return null;
  if (p.userId !== call.user.userId || p.year !== year || p.months !== months.join(',')) throw badRequest(DUES_MSG.keyReused);
  return paymentDto(p);
}

/** The months of these that a payment not returned (待确认 or 已缴) already holds. */
async function heldMonths(db: Database, memberId: number, year: number, months: number[]) {
  const rows = await db
    .selectFrom('partyDuesPaymentMonths')
    .select('month')
    .where('memberId', '=', memberId)
    .where('year', '=', year)
    .where('month', 'in', months)
    .where('status', '<>', PAY_STATUS.rejected)
    .orderBy('month')
    .execute();
  return rows.map((r) => r.month);
}

/** A member call's year (default the platform's current one) and the caller's member record. */
async function myYear(call: Call<{ year?: number }>) {
  const now = platformMonth(call.ctx);
  return { now, year: call.input.year ?? now.year, member: await ownMember(call.ctx.db, call.user.userId) };
}

export const memberActions = {
  GetMyPayBase: action<{ year?: number }>({
    method: 'GET',
    summary: '我的党费缴纳基数（党员）：某年度（默认平台当前年度）的党员类别、档次、基数（税后月收入，分）与每月缴纳额（分），及缴费方式说明',
    access: 'self',
    returns: '{year, hasBase, memberName, organName, category, categoryName, baseIncome, band, bandName, monthlyAmount, remark, setByName, lastModificationTime, payChannel, online, payNotice}',
    input: objectInput({ year: yearProp }),
    async handler(call): Promise<MyPayBase> {
      const { year, member } = await myYear(call);
      const base = member ? await baseOf(call.ctx.db, member.id, year) : undefined;
      const gateway = duesGateway(call.ctx);
      return {
        year,
        isMember: !!member,
        hasBase: !!base,
        memberName: member?.name ?? call.user.name,
        organName: member?.organName ?? null,
        ...baseDto(base),
        payChannel: gateway.channel,
        online: gateway.channel !== 'offline',
        payNotice: gateway.channel === 'offline' ? OFFLINE_NOTICE : '',
      };
    },
  }),

  MyPayRecord: action<{ year?: number }>({
    method: 'GET',
    summary: '我的党费缴纳记录（党员）：某年度（默认当前年度）截至本月每月的状态（未缴、待确认、已缴），已缴与欠缴金额（分），及本人的缴费记录',
    access: 'self',
    returns: '{year, currentMonth, hasBase, monthlyAmount, months: [{month, state, stateText, amount, paymentId, due}], paidAmount, owedAmount, unpaidCount, items: payment[]}',
    input: objectInput({ year: yearProp }),
    async handler(call): Promise<MyPayRecord> {
      const { now, year, member } = await myYear(call);
      const due = dueMonths(year, now);
      if (!member) return { year, currentMonth: due, hasBase: false, monthlyAmount: null, months: [], paidAmount: 0, owedAmount: 0, unpaidCount: 0, items: [] };
      const base = await baseOf(call.ctx.db, member.id, year);
      const states = await monthStates(call.ctx.db, member.id, year, due, base?.monthlyAmount ?? null);
      const items = await payments(call.ctx.db).where('p.memberId', '=', member.id).where('p.year', '=', year).orderBy('p.id', 'desc').execute();
      return { year, currentMonth: due, hasBase: !!base, monthlyAmount: base?.monthlyAmount ?? null, ...states, items: items.map(paymentDto) };
    },
  }),

  PayPartyBues: action<{ idempotencyKey: string; year?: number; months: number[] }>({
    method: 'POST',
    summary:
      '缴纳党费（党员）：一次缴纳某年度的一个或多个月份；idempotencyKey 为客户端为本次缴费生成的编号（UUID），同一编号重复提交只记一笔、答复相同；' +
      '未接入线上支付时记为线下缴纳（待确认），由支部确认收款',
    access: 'self',
    // the idempotency key answers a repeat with the first payment; the generic guard would refuse it instead
    repeatSubmit: false,
    returns: '{id, idempotencyKey, year, months, monthsText, amount, channel, channelText, status, statusText, message, creationTime, …}',
    input: payInput,
    async handler(call): Promise<DuesPayment> {
      const { ctx, user } = call;
      const now = platformMonth(ctx);
      const year = call.input.year ?? now.year;
      const months = [...new Set(call.input.months)].sort((a, b) => a - b);
      const again = await repeated(call, year, months);
      if (again) return again;

      if (year > now.year) throw invalid([{ message: DUES_MSG.futureYear, members: ['year'] }]);
      const due = dueMonths(year, now);
      if (months.some((m) => m > due)) throw invalid([{ message: DUES_MSG.futureMonth, members: ['months'] }]);
      const member = await ownMember(ctx.db, user.userId);
      if (!member) throw badRequest(DUES_MSG.notMember);
      const base = await baseOf(ctx.db, member.id, year);
      if (!base) throw badRequest(DUES_MSG.noBase(year));
      const gateway = duesGateway(ctx);
      try {
        const id = await ctx.db.transaction().execute(async (trx) => {
          // one member's payments queue here: a repeat of an attempt that committed meanwhile finds it,
          // and a month is seen held before another attempt tries it (the unique index stays the last word)
          await sql`select pg_advisory_xact_lock(hashtext('party_dues_payment'), ${member.id}::int)`.execute(trx);
          const first = await repeated(call, year, months, trx);
          if (first) return first.id as number;
          const held = await heldMonths(trx, member.id, year, months);
          if (held.length) throw badRequest(DUES_MSG.held(held));
          const row = await trx
            .insertInto('partyDuesPayments')
            .values({
              idempotencyKey: call.input.idempotencyKey,
              memberId: member.id,
              userId: user.userId,
              memberName: member.name,
              organId: member.organId,
              organPath: member.organPath,
              year,
              months: months.join(','),
              amount: base.monthlyAmount * months.length,
              channel: gateway.channel,
              status: PAY_STATUS.pending,
              creationTime: ctx.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('partyDuesPaymentMonths')
            .values(months.map((month) => ({ paymentId: row.id, memberId: member.id, year, month, amount: base.monthlyAmount, status: PAY_STATUS.pending })))
            .execute();
          const answer = await gateway.start({ paymentId: row.id, idempotencyKey: call.input.idempotencyKey, userId: user.userId, year, months, amountFen: base.monthlyAmount * months.length });
          if (answer.status !== PAY_STATUS.pending || answer.channel !== gateway.channel) {
            await trx.updateTable('partyDuesPayments').set({ status: answer.status, channel: answer.channel }).where('id', '=', row.id).execute();
            await trx.updateTable('partyDuesPaymentMonths').set({ status: answer.status }).where('paymentId', '=', row.id).execute();
          }
          return row.id;
        });
        return paymentDto(await payments(ctx.db).where('p.id', '=', id).executeTakeFirstOrThrow());
      } catch (err) {
        // the same attempt stored meanwhile (a second tab, a retry in flight): its answer
        if (isUnique(err, 'party_dues_payments_idempotency_key_key')) {
          const first = await repeated(call, year, months);
          if (first) return first;
        }
        // another attempt took one of these months meanwhile
        if (isUnique(err, 'ux_party_dues_month_held')) {
          const taken = await heldMonths(ctx.db, member.id, year, months);
          throw badRequest(DUES_MSG.held(taken.length ? taken : months));
        }
        throw err;
      }
    },
  }),
};
