import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { action, defineService, type Call } from '../../http/actions';
import { badRequest, invalid, notFound } from '../../http/errors';
import { objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { platformDay } from '../../platform-day';
import { subtreeOrder, subtreeRange, actingOrgan } from '../../scope';
import { duesGateway, OFFLINE_MESSAGE, OFFLINE_NOTICE } from './gateway';
import { containsPattern } from '../../services/query-helpers';
import { MESSAGE_SOURCE, sendSiteMessage } from '../../services/site-message';
import { isCalendarDay } from '../../../contract/platform-time';
import {
  bandOf,
  DUES_BANDS,
  DUES_CATEGORIES,
  FIXED_MAX_FEN,
  FIXED_MIN_FEN,
  formatFen,
  MAX_INCOME_FEN,
  monthlyDues,
  MONTH_STATE,
  PAY_STATUS,
  type DuesCategory,
} from '../../../contract/party-dues';

/**
 * 党费 (issue 16, docs/party-dues.md): the contract's three member calls (GetMyPayBase, MyPayRecord,
 * PayPartyBues — sic) and the administrator side of 党费管理 (Pages.PartyDues) under the names of the
 * original client (PayDuesPageList, PayBasePageList, UserPayBaseChangeRecordPageList, GetPayBase,
 * SetPayBase, GetPayScle — sic —, AddPayOutRecord, PayOutPageList) plus ConfirmPay, RejectPay and
 * ArrearsPageList. Money is integer fen in every input, column and answer.
 *
 * Paying twice is prevented twice over: the client's idempotency key is unique (the same attempt
 * repeated answers the first payment), and a member's month can be held by one payment that is not
 * returned (a partial unique index), whatever keys two tabs send.
 */
export const DUES_PERMISSION = 'Pages.PartyDues';

export const DUES_MSG = {
  notMember: '您还不是登记在册的党员，不能缴纳党费',
  noBase: (year: number) => `党支部尚未核定您${year}年的党费缴纳基数，暂不能缴纳，请联系所在党支部`,
  futureYear: '不能缴纳以后年度的党费',
  futureMonth: '只能缴纳本月及以前月份的党费',
  months: '请选择要缴纳的月份',
  monthRange: '月份须为1至12',
  held: (months: number[]) => `${months.join('、')}月的党费已缴纳或正待支部确认，请勿重复缴纳`,
  keyFormat: '缴费请求编号无效，请刷新页面后重试',
  keyReused: '该缴费请求编号已用于另一笔缴费，请刷新页面后重试',
  paymentNotFound: '缴费记录不存在',
  decided: '该笔缴费已处理',
  memberNotFound: '党员不存在',
  category: '请选择党员类别',
  income: '请输入税后月收入（元）',
  incomeRange: '税后月收入须在0至1000000元之间',
  fixed: `请输入每月缴纳额（${formatFen(FIXED_MIN_FEN)}至${formatFen(FIXED_MAX_FEN)}元）`,
  fixedRange: `学生、下岗失业、依靠抚恤或救济生活的党员和农民党员每月缴纳${formatFen(FIXED_MIN_FEN)}元至${formatFen(FIXED_MAX_FEN)}元`,
  year: '年度须在2000年至明年之间',
  remark: '请输入退回原因',
  payDate: '请选择支出日期',
  payDateFuture: '支出日期不能晚于今天',
  amount: '请输入金额（元）',
  purpose: '请输入支出用途',
  handler: '请输入经办人',
} as const;

/** The member page a dues message opens. */
export const DUES_ROUTE = '/partyMember/iBranch/partyDues';
/** EnumMessageType 6 党费提醒 */
const DUES_NOTICE = '6';

const categoryName = (c: string | null | undefined) => DUES_CATEGORIES.find((x) => x.value === c)?.label ?? null;
const PAY_TEXT: Record<number, string> = { 0: '待确认', 1: '已缴', 2: '已退回' };
const MONTH_TEXT: Record<number, string> = { 0: '未缴', 1: '待确认', 2: '已缴' };
const CHANNEL_TEXT: Record<string, string> = { offline: '线下缴纳（支部确认）' };

/** The platform's year and month now. */
function platformMonth(ctx: Call<unknown>['ctx']) {
  const day = platformDay(ctx);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day };
}

/** How many months of a year are due by now: all of a past year, up to this month of this one, none of a later one. */
export function dueMonths(year: number, now: { year: number; month: number }) {
  return year < now.year ? 12 : year === now.year ? now.month : 0;
}

const yearProp = { type: 'integer', minimum: 2000, maximum: 2100, title: '年度' };
const checkYear = (year: number, now: { year: number }) => {
  if (year > now.year + 1) throw invalid([{ message: DUES_MSG.year, members: ['year'] }]);
};

// ---------------------------------------------------------------- loaders

/** The caller's own party-member row (his organisation now). */
const ownMember = (db: Database, userId: number) =>
  db
    .selectFrom('partyMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organId')
    .select(['m.id', 'm.userId', 'm.name', 'm.organId', 'm.organPath', 'o.organName'])
    .where('m.userId', '=', userId)
    .where('m.isDeleted', '=', false)
    .orderBy('m.id')
    .executeTakeFirst();

const baseOf = (db: Database, memberId: number, year: number) =>
  db.selectFrom('partyDuesBases').selectAll().where('memberId', '=', memberId).where('year', '=', year).executeTakeFirst();
type BaseRow = NonNullable<Awaited<ReturnType<typeof baseOf>>>;

const baseDto = (b: BaseRow | undefined) =>
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

const payments = (db: Database) =>
  db
    .selectFrom('partyDuesPayments as p')
    .innerJoin('organizations as o', 'o.id', 'p.organId')
    .select([
      'p.id', 'p.idempotencyKey', 'p.memberId', 'p.userId', 'p.memberName', 'p.organId', 'p.organPath', 'o.organName', 'p.year', 'p.months', 'p.amount',
      'p.channel', 'p.status', 'p.remark', 'p.confirmName', 'p.confirmTime', 'p.creationTime',
    ]);
type PaymentRow = Awaited<ReturnType<ReturnType<typeof payments>['executeTakeFirstOrThrow']>>;

const monthsOf = (s: string) => s.split(',').filter(Boolean).map(Number);

/** A payment as every call answers it: a function of the stored row only, so a repeated attempt gets the very same answer. */
function paymentDto(p: PaymentRow) {
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
async function scopedPayment(call: Call<{ id: number }>) {
  const p = await payments(call.ctx.db).where('p.id', '=', call.input.id).executeTakeFirst();
  if (!p) throw notFound(DUES_MSG.paymentNotFound);
  call.requireVisible(p.organPath, DUES_MSG.paymentNotFound);
  return p;
}

/** A member of the caller's managed subtree by id (his organisation now); beyond it answers as missing. */
async function scopedMember(call: Call<{ memberId: number }>) {
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
function listPath(call: Call<{ organPath?: string }>) {
  const own = actingOrgan(call.user).path;
  const chosen = call.input.organPath?.trim();
  if (!chosen) return own;
  call.requireScope(chosen);
  return chosen;
}

const isUnique = (err: unknown, constraint?: string) =>
  !!err && typeof err === 'object' && (err as { code?: string }).code === '23505' && (!constraint || (err as { constraint?: string }).constraint === constraint);

// ---------------------------------------------------------------- the member's side

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
  const months = [];
  let paidAmount = 0;
  let owedAmount = 0;
  let unpaidCount = 0;
  // every month due, and any later month already paid in advance
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

const memberActions = {
  GetMyPayBase: action<{ year?: number }>({
    method: 'GET',
    summary: '我的党费缴纳基数（党员）：某年度（默认平台当前年度）的党员类别、档次、基数（税后月收入，分）与每月缴纳额（分），及缴费方式说明',
    access: 'self',
    returns: '{year, hasBase, memberName, organName, category, categoryName, baseIncome, band, bandName, monthlyAmount, remark, setByName, lastModificationTime, payChannel, online, payNotice}',
    input: objectInput({ year: yearProp }),
    async handler(call) {
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
    async handler(call) {
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
    async handler(call) {
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

// ---------------------------------------------------------------- the administrators' side

const admin = { permission: DUES_PERMISSION };
const organPathProp = { type: 'string', maxLength: 500, pattern: '^(/\\d+)+/$', title: '党组织' };
const nameProp = { type: 'string', maxLength: 50, title: '姓名' };

/** Members of a subtree (normal ones), with their organisation. */
const membersUnder = (db: Database, path: string) =>
  db
    .selectFrom('partyMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organId')
    .where('m.isDeleted', '=', false)
    .where('m.status', '=', 1)
    .where(subtreeRange('m.organPath', path));

function checkBase(input: { category: DuesCategory; baseIncome?: number | null; fixedAmount?: number | null }) {
  if (input.category === 'fixed') {
    if (input.fixedAmount === undefined || input.fixedAmount === null) throw invalid([{ message: DUES_MSG.fixed, members: ['fixedAmount'] }]);
    if (input.fixedAmount < FIXED_MIN_FEN || input.fixedAmount > FIXED_MAX_FEN) throw invalid([{ message: DUES_MSG.fixedRange, members: ['fixedAmount'] }]);
    return { baseIncome: null, ...monthlyDues({ category: 'fixed', fixedFen: input.fixedAmount }) };
  }
  if (input.baseIncome === undefined || input.baseIncome === null) throw invalid([{ message: DUES_MSG.income, members: ['baseIncome'] }]);
  return { baseIncome: input.baseIncome, ...monthlyDues({ category: input.category, incomeFen: input.baseIncome }) };
}

const adminActions = {
  GetPayScle: action({
    method: 'GET',
    summary: '党费缴纳标准（代码表 PartyDuesScale 的档次）：类别、收入区间（分，下限不含、上限含）、比例（千分比），固定档每月0.2元至1元',
    access: { permission: [DUES_PERMISSION] },
    returns: '{categories: [{value, label}], items: [{value, label, category, minExclusive, maxInclusive, permille}], fixedMin, fixedMax, rounding}',
    async handler() {
      return { categories: DUES_CATEGORIES, items: DUES_BANDS, fixedMin: FIXED_MIN_FEN, fixedMax: FIXED_MAX_FEN, rounding: '月缴纳额 = 税后月收入 × 比例，四舍五入到分' };
    },
  }),

  PayBasePageList: action<PagingInput & { year?: number; organPath?: string; name?: string; hasBase?: boolean }>({
    method: 'GET',
    summary: '党员缴费基数（管理）：本组织及下级组织的党员及其某年度（默认当前年度）的基数、档次与每月缴纳额（分）',
    access: admin,
    returns: '{totalCount, items: [{memberId, userId, name, organName, year, hasBase, category, categoryName, baseIncome, band, bandName, monthlyAmount, remark, setByName, lastModificationTime}]}',
    input: pagedInput({ year: yearProp, organPath: organPathProp, name: nameProp, hasBase: { type: 'boolean', title: '已核定' } }),
    async handler(call) {
      const year = call.input.year ?? platformMonth(call.ctx).year;
      const path = listPath(call);
      let q = membersUnder(call.ctx.db, path).leftJoin('partyDuesBases as b', (j) => j.onRef('b.memberId', '=', 'm.id').on('b.year', '=', year));
      if (call.input.name?.trim()) q = q.where('m.name', 'like', containsPattern(call.input.name));
      if (call.input.hasBase !== undefined) q = q.where('b.id', call.input.hasBase ? 'is not' : 'is', null);
      const page = await pageQuery(q.select(['m.id']), call.input, (x) =>
        x
          .clearSelect()
          .select(['m.id as memberId', 'm.userId', 'm.name', 'o.organName', 'b.id as baseId', 'b.category', 'b.baseIncome', 'b.band', 'b.monthlyAmount', 'b.remark', 'b.setByName', 'b.creationTime', 'b.lastModificationTime'])
          .orderBy(subtreeOrder('m.organPath'))
          .orderBy('m.id'),
      );
      return {
        totalCount: page.totalCount,
        items: page.items.map((r: any) => ({
          id: r.memberId,
          memberId: r.memberId,
          userId: r.userId,
          name: r.name,
          organName: r.organName,
          year,
          hasBase: r.baseId !== null,
          ...baseDto(r.baseId !== null ? (r as BaseRow) : undefined),
        })),
      };
    },
  }),

  GetPayBase: action<{ memberId: number; year?: number }>({
    method: 'GET',
    summary: '某党员某年度的缴费基数（管理，本组织及下级组织的党员）',
    access: admin,
    returns: '{memberId, name, organName, year, hasBase, category, baseIncome, fixedAmount, band, bandName, monthlyAmount, remark}',
    input: objectInput({ memberId: { type: 'integer', minimum: 1, title: '党员' }, year: yearProp }, ['memberId']),
    async handler(call) {
      const m = await scopedMember(call);
      const year = call.input.year ?? platformMonth(call.ctx).year;
      const b = await baseOf(call.ctx.db, m.id, year);
      return {
        memberId: m.id,
        name: m.name,
        organName: m.organName,
        year,
        hasBase: !!b,
        ...baseDto(b),
        fixedAmount: b?.category === 'fixed' ? b.monthlyAmount : null,
      };
    },
  }),

  SetPayBase: action<{ memberId: number; year?: number; category: DuesCategory; baseIncome?: number | null; fixedAmount?: number | null; remark?: string | null }>({
    method: 'POST',
    summary:
      '核定党员某年度的缴费基数（管理）：在职、离退休按税后月收入（分）定档计算，学生、下岗失业、依靠抚恤或救济生活的党员和农民党员为每月固定额（20至100分）；每次核定记入变更记录',
    access: admin,
    returns: '{memberId, year, category, baseIncome, band, bandName, monthlyAmount}',
    input: objectInput(
      {
        memberId: { type: 'integer', minimum: 1, title: '党员' },
        year: yearProp,
        category: { type: 'string', enum: DUES_CATEGORIES.map((c) => c.value), title: '党员类别', 'x-message': DUES_MSG.category, 'x-required-message': DUES_MSG.category },
        baseIncome: { type: ['integer', 'null'], minimum: 0, maximum: MAX_INCOME_FEN, title: '税后月收入', 'x-message': DUES_MSG.incomeRange },
        fixedAmount: { type: ['integer', 'null'], minimum: 0, maximum: 100_000, title: '每月缴纳额', 'x-message': DUES_MSG.fixedRange },
        remark: { type: ['string', 'null'], maxLength: 200, title: '备注' },
      },
      ['memberId', 'category'],
    ),
    async handler(call) {
      const { ctx, input, user } = call;
      const now = platformMonth(ctx);
      const year = input.year ?? now.year;
      checkYear(year, now);
      const m = await scopedMember(call);
      const { baseIncome, band, monthlyFen } = checkBase(input);
      const remark = input.remark?.trim() || null;
      await ctx.db.transaction().execute(async (trx) => {
        // one base per member and year: the row is locked while its change is written
        const old = await trx.selectFrom('partyDuesBases').selectAll().where('memberId', '=', m.id).where('year', '=', year).forUpdate().executeTakeFirst();
        const values = { category: input.category, baseIncome, band: band.value, monthlyAmount: monthlyFen, remark, setByUserId: user.userId, setByName: user.name };
        if (old) await trx.updateTable('partyDuesBases').set({ ...values, organId: m.organId, organPath: m.organPath, lastModificationTime: ctx.now() }).where('id', '=', old.id).execute();
        else
          await trx
            .insertInto('partyDuesBases')
            .values({ ...values, memberId: m.id, userId: m.userId, organId: m.organId, organPath: m.organPath, year, creationTime: ctx.now() })
            .onConflict((oc) => oc.columns(['memberId', 'year']).doUpdateSet({ ...values, lastModificationTime: ctx.now() }))
            .execute();
        await trx
          .insertInto('partyDuesBaseChanges')
          .values({
            memberId: m.id,
            organPath: m.organPath,
            year,
            oldCategory: old?.category ?? null,
            oldBaseIncome: old?.baseIncome ?? null,
            oldBand: old?.band ?? null,
            oldMonthlyAmount: old?.monthlyAmount ?? null,
            newCategory: input.category,
            newBaseIncome: baseIncome,
            newBand: band.value,
            newMonthlyAmount: monthlyFen,
            remark,
            changedByUserId: user.userId,
            changedByName: user.name,
            creationTime: ctx.now(),
          })
          .execute();
      });
      return { memberId: m.id, year, category: input.category, baseIncome, band: band.value, bandName: band.label, monthlyAmount: monthlyFen };
    },
  }),

  UserPayBaseChangeRecordPageList: action<PagingInput & { memberId?: number; year?: number; organPath?: string }>({
    method: 'GET',
    summary: '缴费基数变更记录（管理）：本组织及下级组织党员的每次核定，变更前后的类别、基数、档次与月缴纳额（分），最新在前',
    access: admin,
    returns: '{totalCount, items: [{id, memberId, name, year, oldCategoryName, oldBaseIncome, oldBandName, oldMonthlyAmount, newCategoryName, newBaseIncome, newBandName, newMonthlyAmount, remark, changedByName, creationTime}]}',
    input: pagedInput({ memberId: { type: 'integer', minimum: 1, title: '党员' }, year: yearProp, organPath: organPathProp }),
    async handler(call) {
      const path = listPath(call);
      let q = call.ctx.db
        .selectFrom('partyDuesBaseChanges as c')
        .innerJoin('partyMembers as m', 'm.id', 'c.memberId')
        .where(subtreeRange('c.organPath', path));
      if (call.input.memberId) q = q.where('c.memberId', '=', call.input.memberId);
      if (call.input.year) q = q.where('c.year', '=', call.input.year);
      const page = await pageQuery(q.select('c.id'), call.input, (x) => x.clearSelect().selectAll('c').select('m.name').orderBy('c.id', 'desc'));
      return {
        totalCount: page.totalCount,
        items: page.items.map((c: any) => ({
          id: c.id,
          memberId: c.memberId,
          name: c.name,
          year: c.year,
          oldCategoryName: categoryName(c.oldCategory),
          oldBaseIncome: c.oldBaseIncome,
          oldBandName: bandOf(c.oldBand)?.label ?? null,
          oldMonthlyAmount: c.oldMonthlyAmount,
          newCategoryName: categoryName(c.newCategory),
          newBaseIncome: c.newBaseIncome,
          newBandName: bandOf(c.newBand)?.label ?? c.newBand,
          newMonthlyAmount: c.newMonthlyAmount,
          remark: c.remark,
          changedByName: c.changedByName,
          creationTime: c.creationTime,
        })),
      };
    },
  }),

  PayDuesPageList: action<PagingInput & { status?: number; year?: number; organPath?: string; name?: string }>({
    method: 'GET',
    summary: '党费缴纳记录（管理）：本组织及下级组织党员的缴费，status 0 待确认（线下缴纳，待支部确认收款）、1 已缴、2 已退回，最新在前',
    access: admin,
    returns: '{totalCount, items: payment[]}',
    input: pagedInput({ status: { type: 'integer', enum: [0, 1, 2], title: '状态' }, year: yearProp, organPath: organPathProp, name: nameProp }),
    async handler(call) {
      const path = listPath(call);
      let q = payments(call.ctx.db).where(subtreeRange('p.organPath', path));
      if (call.input.status !== undefined) q = q.where('p.status', '=', call.input.status);
      if (call.input.year) q = q.where('p.year', '=', call.input.year);
      if (call.input.name?.trim()) q = q.where('p.memberName', 'like', containsPattern(call.input.name));
      const page = await pageQuery<PaymentRow>(q, call.input, (x) => x.orderBy('p.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map(paymentDto) };
    },
  }),

  ConfirmPay: action<{ id: number }>({
    method: 'POST',
    summary: '确认收款（管理）：支部收到党员线下缴纳的党费后确认，该笔缴费及其月份记为已缴；站内信告知党员',
    access: admin,
    returns: 'payment',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '缴费记录' } }, ['id']),
    async handler(call) {
      return decide(call, PAY_STATUS.confirmed, null);
    },
  }),

  RejectPay: action<{ id: number; remark: string }>({
    method: 'POST',
    summary: '退回（管理）：未收到款项或金额不符时退回该笔缴费，其月份重新成为未缴；须填写原因，站内信告知党员',
    access: admin,
    returns: 'payment',
    input: objectInput(
      { id: { type: 'integer', minimum: 1, title: '缴费记录' }, remark: { type: 'string', minLength: 1, maxLength: 200, title: '退回原因', 'x-required-message': DUES_MSG.remark } },
      ['id', 'remark'],
    ),
    async handler(call) {
      const remark = call.input.remark.trim();
      if (!remark) throw invalid([{ message: DUES_MSG.remark, members: ['remark'] }]);
      return decide(call, PAY_STATUS.rejected, remark);
    },
  }),

  ArrearsPageList: action<PagingInput & { year?: number; organPath?: string; name?: string }>({
    method: 'GET',
    summary: '欠缴名单（管理）：本组织及下级组织已核定基数的党员中，某年度（默认当前年度）截至本月仍有未缴月份的，及欠缴月数与金额（分）；待确认的月份不计为欠缴',
    access: admin,
    returns: '{totalCount, items: [{memberId, name, organName, year, monthlyAmount, dueMonths, unpaidCount, owedAmount, unpaidMonths}]}',
    input: pagedInput({ year: yearProp, organPath: organPathProp, name: nameProp }),
    async handler(call) {
      const now = platformMonth(call.ctx);
      const year = call.input.year ?? now.year;
      const due = dueMonths(year, now);
      const path = listPath(call);
      const held = (ref: string) =>
        sql<number>`(select count(*) from party_dues_payment_months pm where pm.member_id = ${sql.ref(ref)} and pm.year = ${year} and pm.month <= ${due} and pm.status <> ${PAY_STATUS.rejected})`;
      let q = membersUnder(call.ctx.db, path)
        .innerJoin('partyDuesBases as b', (j) => j.onRef('b.memberId', '=', 'm.id').on('b.year', '=', year))
        .where(sql<boolean>`${held('m.id')} < ${due}`);
      if (call.input.name?.trim()) q = q.where('m.name', 'like', containsPattern(call.input.name));
      const page = await pageQuery(q.select('m.id'), call.input, (x) =>
        x
          .clearSelect()
          .select(['m.id as memberId', 'm.name', 'o.organName', 'b.monthlyAmount', 'b.band'])
          .select(held('m.id').as('heldCount'))
          .orderBy(subtreeOrder('m.organPath'))
          .orderBy('m.id'),
      );
      const ids = page.items.map((r: any) => r.memberId as number);
      const heldMonths = ids.length
        ? await call.ctx.db
            .selectFrom('partyDuesPaymentMonths')
            .select(['memberId', 'month'])
            .where('memberId', 'in', ids)
            .where('year', '=', year)
            .where('status', '<>', PAY_STATUS.rejected)
            .execute()
        : [];
      return {
        totalCount: page.totalCount,
        items: page.items.map((r: any) => {
          const taken = new Set(heldMonths.filter((h) => h.memberId === r.memberId).map((h) => h.month));
          const unpaid = Array.from({ length: due }, (_, i) => i + 1).filter((m) => !taken.has(m));
          return {
            id: r.memberId,
            memberId: r.memberId,
            name: r.name,
            organName: r.organName,
            year,
            band: r.band,
            monthlyAmount: r.monthlyAmount,
            dueMonths: due,
            unpaidCount: unpaid.length,
            owedAmount: unpaid.length * r.monthlyAmount,
            unpaidMonths: unpaid.map((m) => `${m}月`).join('、'),
          };
        }),
      };
    },
  }),

  ArrearsStatistics: action<{ year?: number; organPath?: string }>({
    method: 'GET',
    summary: '欠缴统计（管理）：某年度（默认当前年度）截至本月的欠缴人数、月数与金额（分），按所选组织（默认本组织）的直接下级组织汇总（每行含其全部下级），本级党员另列一行',
    access: admin,
    returns: '{totals: {members, months, owed}, rows: [{key, label, organId, organPath, members, months, owed}], measures}',
    input: objectInput({ year: yearProp, organPath: organPathProp }),
    async handler(call) {
      const now = platformMonth(call.ctx);
      const year = call.input.year ?? now.year;
      const due = dueMonths(year, now);
      const path = listPath(call);
      const measures = [
        { key: 'members', title: '欠缴人数' },
        { key: 'months', title: '欠缴月数' },
        { key: 'owed', title: '欠缴金额（元）', valueType: 'fen' },
      ];
      // each member's unpaid months, summed by the child of `path` his organisation lies under ('' = the organisation itself)
      const grouped = await sql<{ child: string; members: number; months: number; owed: number }>`
        select child, count(*)::int as members, sum(unpaid)::int as months, sum(unpaid * monthly)::bigint as owed from (
          select split_part(substr(m.organ_path, ${path.length + 1}), '/', 1) as child, b.monthly_amount as monthly,
            ${due} - (select count(*) from party_dues_payment_months pm where pm.member_id = m.id and pm.year = ${year} and pm.month <= ${due} and pm.status <> ${PAY_STATUS.rejected}) as unpaid
          from party_members m join party_dues_bases b on b.member_id = m.id and b.year = ${year}
          where not m.is_deleted and m.status = 1 and m.organ_path collate "C" >= ${path} and m.organ_path collate "C" < ${`${path.slice(0, -1)}0`}
        ) x where unpaid > 0 group by child`.execute(call.ctx.db);
      const ids = grouped.rows.map((r) => Number(r.child)).filter((n) => n > 0);
      const organs = ids.length ? await call.ctx.db.selectFrom('organizations').select(['id', 'organName', 'organPath']).where('id', 'in', ids).execute() : [];
      const byId = new Map(organs.map((o) => [o.id, o]));
      const rows = grouped.rows
        .map((r) => {
          const o = r.child ? byId.get(Number(r.child)) : undefined;
          const figures = { members: Number(r.members), months: Number(r.months), owed: Number(r.owed) };
          return o ? { key: o.id, label: o.organName, organId: o.id, organPath: o.organPath, ...figures } : { key: '本级', label: '本级', ...figures };
        })
        .sort((a, b) => b.owed - a.owed);
      const totals = rows.reduce((t, r) => ({ members: t.members + r.members, months: t.months + r.months, owed: t.owed + r.owed }), { members: 0, months: 0, owed: 0 });
      return { totals, rows, measures };
    },
  }),

  AddPayOutRecord: action<{ payDate: string; amount: number; purpose: string; handler: string; remark?: string | null }>({
    method: 'POST',
    summary: '新增党费支出记录（管理）：本组织的支出日期、金额（分）、用途、经办人与备注',
    access: admin,
    returns: '{id}',
    input: objectInput(
      {
        payDate: { type: 'string', maxLength: 10, title: '支出日期', 'x-required-message': DUES_MSG.payDate, 'x-message': DUES_MSG.payDate },
        amount: { type: 'integer', minimum: 1, maximum: MAX_INCOME_FEN, title: '金额', 'x-required-message': DUES_MSG.amount, 'x-message': '金额须大于0元' },
        purpose: { type: 'string', minLength: 1, maxLength: 200, title: '用途', 'x-required-message': DUES_MSG.purpose },
        handler: { type: 'string', minLength: 1, maxLength: 50, title: '经办人', 'x-required-message': DUES_MSG.handler },
        remark: { type: ['string', 'null'], maxLength: 500, title: '备注' },
      },
      ['payDate', 'amount', 'purpose', 'handler'],
    ),
    async handler(call) {
      const { ctx, input, user } = call;
      const payDate = input.payDate.slice(0, 10);
      if (!isCalendarDay(payDate)) throw invalid([{ message: DUES_MSG.payDate, members: ['payDate'] }]);
      if (payDate > platformDay(ctx)) throw invalid([{ message: DUES_MSG.payDateFuture, members: ['payDate'] }]);
      const purpose = input.purpose.trim();
      const handler = input.handler.trim();
      if (!purpose) throw invalid([{ message: DUES_MSG.purpose, members: ['purpose'] }]);
      if (!handler) throw invalid([{ message: DUES_MSG.handler, members: ['handler'] }]);
      const organ = actingOrgan(user);
      const row = await ctx.db
        .insertInto('partyDuesPayouts')
        .values({ organId: organ.id, organPath: organ.path, payDate, amount: input.amount, purpose, handler, remark: input.remark?.trim() || null, creatorUserId: user.userId, creationTime: ctx.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
  }),

  PayOutPageList: action<PagingInput & { organPath?: string; purpose?: string; payDateStart?: string; payDateEnd?: string }>({
    method: 'GET',
    summary: '党费支出记录（管理）：本组织及下级组织的支出，按支出日期最新在前',
    access: admin,
    returns: '{totalCount, items: [{id, organName, payDate, amount, purpose, handler, remark, creationTime}]}',
    input: pagedInput({
      organPath: organPathProp,
      purpose: { type: 'string', maxLength: 200, title: '用途' },
      payDateStart: { type: 'string', maxLength: 30, title: '开始日期' },
      payDateEnd: { type: 'string', maxLength: 30, title: '结束日期' },
    }),
    async handler(call) {
      const path = listPath(call);
      let q = call.ctx.db.selectFrom('partyDuesPayouts as x').innerJoin('organizations as o', 'o.id', 'x.organId').where(subtreeRange('x.organPath', path));
      if (call.input.purpose?.trim()) q = q.where('x.purpose', 'like', containsPattern(call.input.purpose));
      const from = call.input.payDateStart?.slice(0, 10);
      const to = call.input.payDateEnd?.slice(0, 10);
      if (from && isCalendarDay(from)) q = q.where('x.payDate', '>=', from);
      if (to && isCalendarDay(to)) q = q.where('x.payDate', '<=', to);
      const page = await pageQuery(q.select('x.id'), call.input, (x) =>
        x.clearSelect().select(['x.id', 'o.organName', 'x.payDate', 'x.amount', 'x.purpose', 'x.handler', 'x.remark', 'x.creationTime']).orderBy('x.payDate', 'desc').orderBy('x.id', 'desc'),
      );
      return page;
    },
  }),
};

/** Confirms or returns a pending payment of the caller's subtree; a decided one answers 400 (two clicks, two administrators). */
async function decide(call: Call<{ id: number }>, status: number, remark: string | null) {
  const { ctx, user } = call;
  const p = await scopedPayment(call);
  if (p.status !== PAY_STATUS.pending) throw badRequest(DUES_MSG.decided);
  const organ = actingOrgan(user);
  await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('partyDuesPayments')
      .set({ status, remark, confirmUserId: user.userId, confirmName: user.name, confirmTime: ctx.now() })
      .where('id', '=', p.id)
      .where('status', '=', PAY_STATUS.pending)
      .executeTakeFirst();
    if (!Number(done.numUpdatedRows)) throw badRequest(DUES_MSG.decided);
    await trx.updateTable('partyDuesPaymentMonths').set({ status }).where('paymentId', '=', p.id).execute();
    const what = `${p.year}年${monthsOf(p.months).map((m) => `${m}月`).join('、')}党费${formatFen(p.amount)}元`;
    await sendSiteMessage(trx, {
      title: status === PAY_STATUS.confirmed ? '党费缴纳已确认' : '党费缴纳被退回',
      content: status === PAY_STATUS.confirmed ? `${user.organName || ''}已确认收到您缴纳的${what}。` : `${user.organName || ''}退回了您缴纳的${what}：${remark}。请与支部联系后重新缴纳。`,
      messageType: DUES_NOTICE,
      senderOrganId: organ.id,
      organName: user.organName,
      userIds: [p.userId],
      source: MESSAGE_SOURCE.member,
      linkUrl: DUES_ROUTE,
    });
  });
  return paymentDto(await payments(ctx.db).where('p.id', '=', p.id).executeTakeFirstOrThrow());
}

export const partyDuesService = defineService('PartyDuesService', { ...memberActions, ...adminActions });
