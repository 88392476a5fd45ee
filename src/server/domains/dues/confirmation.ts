import { notOwnCaseWhere } from '../../workflow/own-case';
import { action, type Call } from '../../http/actions';
import type { AppContext } from '../../context';
import { badRequest, invalid } from '../../http/errors';
import { objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { actingOrgan, subtreeRange } from '../../scope';
import { containsPattern } from '../../services/query-helpers';
import { MESSAGE_SOURCE, sendSiteMessage } from '../../services/site-message';
import { formatFen, PAY_STATUS, type DuesPayment } from '../../../contract/party-dues';
import { listPath, monthsOf, paymentDto, payments, scopedPayment, type PaymentRow } from './records';
import { admin, DUES_MSG, DUES_NOTICE, DUES_ROUTE, nameProp, organPathProp, yearProp } from './rules';

/**
 * The branch's confirmation of payments recorded offline: the list of a subtree's payments, confirming
 * the money was received (ConfirmPay) or returning the payment (RejectPay); the member is told by a
 * site message either way.
 */

export const confirmationActions = {
  PayDuesPageList: action<PagingInput & { status?: number; year?: number; organPath?: string; name?: string }>({
    method: 'GET',
    summary: '党费缴纳记录（管理）：本组织及下级组织党员的缴费，status 0 待确认（线下缴纳，待支部确认收款）、1 已缴、2 已退回，最新在前',
    access: admin,
    pending: { title: '党费待确认', input: { status: 0 } },
    returns: '{totalCount, items: payment[]}',
    input: pagedInput({ status: { type: 'integer', enum: [0, 1, 2], title: '状态' }, year: yearProp, organPath: organPathProp, name: nameProp }),
    async handler(call) {
      const path = listPath(call);
      let q = payments(call.ctx.db).where(subtreeRange('p.organPath', path));
      if (call.input.status !== undefined) q = q.where('p.status', '=', call.input.status);
      // 待确认 is 待我确认: his own payment is confirmed by another administrator (own-case.ts)
      if (call.input.status === PAY_STATUS.pending) q = q.where(notOwnCaseWhere('p.userId', call.user));
      if (call.input.year) q = q.where('p.year', '=', call.input.year);
      if (call.input.name?.trim()) q = q.where('p.memberName', 'like', containsPattern(call.input.name));
      const page = await pageQuery<PaymentRow>(q, call.input, (x) => x.orderBy('p.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map(paymentDto) };
    },
  }),

  ConfirmPay: action<{ id: number }>({
    method: 'POST',
    summary: '确认收款（管理）：支部收到党员线下缴纳的党费后确认，该笔缴费及其月份记为已缴；站内信告知党员（不能确认本人的党费）',
    access: admin,
    decides: { noun: '党费', verb: '确认', caseOf: '缴费的党员', subject: payerOf },
    returns: 'payment',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '缴费记录' } }, ['id']),
    async handler(call) {
      return decide(call, PAY_STATUS.confirmed, null);
    },
  }),

  RejectPay: action<{ id: number; remark: string }>({
    method: 'POST',
    summary: '退回（管理）：未收到款项或金额不符时退回该笔缴费，其月份重新成为未缴；须填写原因，站内信告知党员（不能退回本人的党费）',
    access: admin,
    decides: { noun: '党费', verb: '退回', caseOf: '缴费的党员', subject: payerOf },
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
};

/** Whose payment it is (the decision's case: nobody confirms his own dues). */
async function payerOf(call: { input: { id: number }; ctx: AppContext }) {
  const p = await call.ctx.db.selectFrom('partyDuesPayments').select('userId').where('id', '=', call.input.id).executeTakeFirst();
  return p?.userId ?? null;
}

/** Confirms or returns a pending payment of the caller's subtree; a decided one answers 400 (two clicks, two administrators). */
async function decide(call: Call<{ id: number }>, status: number, remark: string | null): Promise<DuesPayment> {
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
