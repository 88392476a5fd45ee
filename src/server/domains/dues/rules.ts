import type { Call } from '../../http/actions';
import { invalid } from '../../http/errors';
import { platformDay } from '../../platform-day';
import { DUES_CATEGORIES, FIXED_MAX_FEN, FIXED_MIN_FEN, formatFen } from '../../../contract/party-dues';

/**
 * 党费 rules shared by the dues modules: the permission, the messages of the spec (verbatim), the
 * texts of the states and the platform's year and month. Money is integer fen everywhere.
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
export const DUES_NOTICE = '6';

export const categoryName = (c: string | null | undefined) => DUES_CATEGORIES.find((x) => x.value === c)?.label ?? null;
export const PAY_TEXT: Record<number, string> = { 0: '待确认', 1: '已缴', 2: '已退回' };
export const MONTH_TEXT: Record<number, string> = { 0: '未缴', 1: '待确认', 2: '已缴' };
export const CHANNEL_TEXT: Record<string, string> = { offline: '线下缴纳（支部确认）' };

/** The platform's year and month now. */
export function platformMonth(ctx: Call<unknown>['ctx']) {
  const day = platformDay(ctx);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day };
}

/** How many months of a year are due by now: all of a past year, up to this month of this one, none of a later one. */
export function dueMonths(year: number, now: { year: number; month: number }) {
  return year < now.year ? 12 : year === now.year ? now.month : 0;
}

export const yearProp = { type: 'integer', minimum: 2000, maximum: 2100, title: '年度' };
export const checkYear = (year: number, now: { year: number }) => {
  if (year > now.year + 1) throw invalid([{ message: DUES_MSG.year, members: ['year'] }]);
};


/** The administrators' calls: 党费管理 */
export const admin = { permission: DUES_PERMISSION };
export const organPathProp = { type: 'string', maxLength: 500, pattern: '^(/\\d+)+/$', title: '党组织' };
export const nameProp = { type: 'string', maxLength: 50, title: '姓名' };
