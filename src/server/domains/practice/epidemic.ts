import { invalid } from '../../http/errors';
import type { CheckContext } from '../../records/checks';
import { platformDay } from '../../platform-day';
import { isCalendarDay } from '../../../contract/platform-time';

/**
 * 疫情防控报告 (schemas/epidemic-report.json): what its JSON Schema cannot say — a report is of a
 * day that has come (the platform's today), and no more members took part than were on duty.
 * Run on create and on update (the body as it will be).
 */
export async function checkEpidemicReport(c: CheckContext) {
  const { reportDate, onDutyCount, joinCount } = c.data as { reportDate?: string; onDutyCount?: number; joinCount?: number };
  if (typeof reportDate === 'string' && (!isCalendarDay(reportDate) || reportDate > platformDay(c.call.ctx))) {
    throw invalid([{ message: isCalendarDay(reportDate) ? '报告日期不能晚于今天' : '报告日期格式不正确', members: ['reportDate'] }]);
  }
  if (typeof onDutyCount === 'number' && typeof joinCount === 'number' && joinCount > onDutyCount) {
    throw invalid([{ message: '参与防控党员数不能多于在岗党员数', members: ['joinCount'] }]);
  }
}
