/**
 * 党费 (party dues): the bands of 中组部《关于中国共产党党费收缴、使用和管理的规定》(2008) and the
 * money helpers, shared by the server (amounts), the seed (the PartyDuesScale code table) and the
 * browser (formatting). Money is integer fen (分) everywhere: no floating point touches an amount.
 *
 * Money text (fen ↔ 元) is src/contract/money.ts.
 *
 * Rounding rule: 月缴纳额 = 税后月收入 × 比例, 四舍五入到分 — computed as
 * floor((incomeFen × permille + 500) / 1000) on integers (every value is ≥ 0, so that is half-up).
 */

import { formatFen, parseYuan } from './money';

export { formatFen, parseYuan };

/** 在职 / 离退休: a share of the monthly income; 固定: a fixed monthly amount the branch sets (0.2–1 元). */
export type DuesCategory = 'job' | 'retire' | 'fixed';

export interface DuesBand {
  /** the value in the PartyDuesScale code table */
  value: string;
  label: string;
  category: DuesCategory;
  /** income bounds in fen: above `minExclusive` (if any) and up to `maxInclusive` (if any) */
  minExclusive: number | null;
  maxInclusive: number | null;
  /** per mille of the income (0.5% = 5); null for the fixed band */
  permille: number | null;
}

export const DUES_CATEGORIES: { value: DuesCategory; label: string }[] = [
  { value: 'job', label: '在职党员' },
  { value: 'retire', label: '离退休党员' },
  { value: 'fixed', label: '学生、下岗失业、依靠抚恤或救济生活的党员、农民党员' },
];

/** 0.2 元 to 1 元 a month for the fixed band (规定 第二条 第（三）（四）项). */
export const FIXED_MIN_FEN = 20;
export const FIXED_MAX_FEN = 100;
/** a monthly income above this (1,000,000 元) is taken for a typing error */
export const MAX_INCOME_FEN = 100_000_000;

export const DUES_BANDS: DuesBand[] = [
  { value: 'job1', label: '在职：税后月收入3000元以下（含3000元），按0.5%', category: 'job', minExclusive: null, maxInclusive: 300_000, permille: 5 },
  { value: 'job2', label: '在职：税后月收入3000元以上至5000元（含5000元），按1%', category: 'job', minExclusive: 300_000, maxInclusive: 500_000, permille: 10 },
  { value: 'job3', label: '在职：税后月收入5000元以上至10000元（含10000元），按1.5%', category: 'job', minExclusive: 500_000, maxInclusive: 1_000_000, permille: 15 },
  { value: 'job4', label: '在职：税后月收入10000元以上，按2%', category: 'job', minExclusive: 1_000_000, maxInclusive: null, permille: 20 },
  { value: 'retire1', label: '离退休：月离退休费5000元以下（含5000元），按0.5%', category: 'retire', minExclusive: null, maxInclusive: 500_000, permille: 5 },
  { value: 'retire2', label: '离退休：月离退休费5000元以上，按1%', category: 'retire', minExclusive: 500_000, maxInclusive: null, permille: 10 },
  { value: 'fixed', label: '学生、下岗失业、依靠抚恤或救济生活的党员、农民党员：每月0.2元至1元（支部核定）', category: 'fixed', minExclusive: null, maxInclusive: null, permille: null },
];

export const bandOf = (value: string | null | undefined) => DUES_BANDS.find((b) => b.value === value);

/** The band of an income (fen) in a category; the fixed category has one band. */
export function bandFor(category: DuesCategory, incomeFen: number): DuesBand {
  const hit = DUES_BANDS.find(
    (b) => b.category === category && (b.minExclusive === null || incomeFen > b.minExclusive) && (b.maxInclusive === null || incomeFen <= b.maxInclusive),
  );
  if (!hit) throw new Error(`no dues band for ${category} ${incomeFen}`);
  return hit;
}

/** fen × permille / 1000, half-up to the fen, on integers. */
export const shareOf = (incomeFen: number, permille: number) => Math.floor((incomeFen * permille + 500) / 1000);

export type DuesBase =
  | { category: 'job' | 'retire'; incomeFen: number }
  | { category: 'fixed'; fixedFen: number };

/** What a member pays each month: the band and the amount in fen. Throws on input outside the rules (the server checks first). */
export function monthlyDues(base: DuesBase): { band: DuesBand; monthlyFen: number } {
  if (base.category === 'fixed') {
    if (!Number.isInteger(base.fixedFen) || base.fixedFen < FIXED_MIN_FEN || base.fixedFen > FIXED_MAX_FEN) throw new Error('fixed dues out of range');
    return { band: bandFor('fixed', 0), monthlyFen: base.fixedFen };
  }
  if (!Number.isInteger(base.incomeFen) || base.incomeFen < 0 || base.incomeFen > MAX_INCOME_FEN) throw new Error('income out of range');
  const band = bandFor(base.category, base.incomeFen);
  return { band, monthlyFen: shareOf(base.incomeFen, band.permille!) };
}

/** Payment states (status list `partyDuesPay`): 0 待确认 (offline, the branch confirms), 1 已缴, 2 已退回. */
export const PAY_STATUS = { pending: 0, confirmed: 1, rejected: 2 } as const;
/** A month's state for the member (status list `partyDuesMonth`). */
export const MONTH_STATE = { unpaid: 0, pending: 1, paid: 2 } as const;

// ---------------------------------------------------------------- answers (server handlers and member page)

/** A time in an answer: a Date on the server, its ISO text on the wire. */
export type DuesTime = Date | string;

/** A base as every answer shows it (all null when none is set). */
export interface DuesBaseFields {
  category: string | null;
  categoryName: string | null;
  baseIncome: number | null;
  band: string | null;
  bandName: string | null;
  monthlyAmount: number | null;
  remark: string | null;
  setByName: string | null;
  lastModificationTime: DuesTime | null;
}

/** GetMyPayBase */
export interface MyPayBase extends DuesBaseFields {
  year: number;
  isMember: boolean;
  hasBase: boolean;
  memberName: string;
  organName: string | null;
  /** offline: no online payment is connected, the branch confirms */
  payChannel: string;
  online: boolean;
  payNotice: string;
}

/** One payment (PayPartyBues, MyPayRecord.items, PayDuesPageList, ConfirmPay, RejectPay) */
export interface DuesPayment {
  id: number;
  idempotencyKey: string;
  memberId: number;
  userId: number;
  memberName: string;
  organId: number;
  organName: string;
  year: number;
  months: number[];
  monthsText: string;
  amount: number;
  channel: string;
  channelText: string;
  /** PAY_STATUS */
  status: number;
  statusText: string;
  remark: string | null;
  confirmName: string | null;
  confirmTime: DuesTime | null;
  creationTime: DuesTime;
  message: string;
}

/** A month of a member's year */
export interface DuesMonth {
  month: number;
  /** MONTH_STATE: 0 未缴, 1 待确认, 2 已缴 (status list partyDuesMonth) */
  state: number;
  stateText: string;
  amount: number | null;
  paymentId: number | null;
  due: boolean;
}

/** MyPayRecord */
export interface MyPayRecord {
  year: number;
  currentMonth: number;
  hasBase: boolean;
  monthlyAmount: number | null;
  months: DuesMonth[];
  paidAmount: number;
  owedAmount: number;
  unpaidCount: number;
  items: DuesPayment[];
}
