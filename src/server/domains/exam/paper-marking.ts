import { action, type ActionDef, type Call } from '../../http/actions';
import { pageQuery, pagedInput, type PagingInput } from '../../http/paging';
import { withinScope } from '../../scope';
import { notOwnCaseWhere } from '../../workflow/own-case';
import { containsPattern } from '../../services/query-helpers';
import { RESULT_STATUS } from './sitting';
import { PAPER_PERMISSION } from './paper-rules';

/**
 * 待阅卷: every attempt of the caller's subtree's papers waiting for its short answers to be marked
 * (MarkShortAnswer's rule: the paper in his subtree, the attempt 待阅卷, not his own sheet), across
 * papers — the 工作台 counts this list as it is.
 */
const marking = (call: Call<PagingInput & { paperName?: string; name?: string }>) => {
  let q = call.ctx.db
    .selectFrom('examResults as r')
    .innerJoin('examPapers as p', 'p.id', 'r.paperId')
    .where('p.isDeleted', '=', false)
    .where('r.status', '=', RESULT_STATUS.marking)
    .where(withinScope(call, 'p.organPath'))
    .where(notOwnCaseWhere('r.userId', call.user));
  if (call.input.paperName?.trim()) q = q.where('p.paperName', 'like', containsPattern(call.input.paperName));
  if (call.input.name?.trim()) q = q.where('r.memberName', 'like', containsPattern(call.input.name));
  return q;
};

export const paperMarkingActions = {
  MarkingPageList: action<PagingInput & { paperName?: string; name?: string }>({
    method: 'GET',
    summary: '待阅卷（扩展）：管理范围内各考试等待简答题打分的考试记录（不含本人的），最早交卷的在前',
    access: { permission: PAPER_PERMISSION.update },
    pending: { title: '简答题阅卷', input: {} },
    returns: '{totalCount, items: {id(考试记录), paperId, paperName, userId, name, organName, attemptNo, submitTime}[]}',
    input: pagedInput({ paperName: { type: 'string', maxLength: 100, title: '考试名称' }, name: { type: 'string', maxLength: 50, title: '姓名' } }),
    async handler(call) {
      const page = await pageQuery(marking(call), call.input, (q) =>
        q
          .leftJoin('organizations as o', 'o.id', 'r.organId')
          .select(['r.id', 'r.paperId', 'p.paperName', 'r.userId', 'r.memberName as name', 'o.organName', 'r.attemptNo', 'r.submitTime'])
          .orderBy('r.submitTime')
          .orderBy('r.id'),
      );
      return { totalCount: page.totalCount, items: page.items.map((x) => ({ ...x, markingResultId: x.id })) };
    },
  }),
} satisfies Record<string, ActionDef>;
