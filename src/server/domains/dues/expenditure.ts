import { action } from '../../http/actions';
import { invalid } from '../../http/errors';
import { pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { platformDay } from '../../platform-day';
import { actingOrgan, subtreeRange } from '../../scope';
import { containsPattern } from '../../services/query-helpers';
import { isCalendarDay } from '../../../contract/platform-time';
import { entityInput } from '../../records/entity-input';
import { admin, DUES_MSG, organPathProp } from './rules';
import { listPath } from './records';

/** 党费支出: an organisation's expenditure records (date, amount in fen, purpose, handler). */

export const expenditureActions = {
  AddPayOutRecord: action<{ payDate: string; amount: number; purpose: string; handler: string; remark?: string | null }>({
    method: 'POST',
    summary: '新增党费支出记录（管理）：本组织的支出日期、金额（分）、用途、经办人与备注',
    access: admin,
    returns: '{id}',
    // the limits and messages of schemas/party-dues-payout.json, the form's own
    input: entityInput('partyDuesPayout', { fields: ['payDate', 'amount', 'purpose', 'handler', 'remark'] }),
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
