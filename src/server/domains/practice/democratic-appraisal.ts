import { badRequest } from '../../http/errors';
import type { CheckContext } from '../../records/checks';

/**
 * 民主评议: a rating names a member (the member picker's party-member id). He must be a registered
 * member of the appraisal's organisation or below it — an id from elsewhere is refused like an
 * unknown one, so ids tell nothing beyond the branch. The rating keeps his name, account, branch and
 * the appraisal's year, so lists, the member's own view and the yearly statistics need no join.
 */
export async function checkAppraisalMember({ call, data, parent }: CheckContext) {
  const memberId = Number(data.memberId);
  const refuse = () => badRequest('该党员不存在或不属于本次评议的党组织', { validationErrors: [{ message: '该党员不存在或不属于本次评议的党组织', members: ['memberId'] }] });
  if (!parent || !Number.isInteger(memberId) || memberId < 1) throw refuse();
  const m = await call.ctx.db
    .selectFrom('partyMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organId')
    .select(['m.id', 'm.userId', 'm.name', 'o.organName', 'o.organPath'])
    .where('m.id', '=', memberId)
    .where('m.isDeleted', '=', false)
    .where('m.status', '=', 1)
    .executeTakeFirst();
  if (!m || !m.organPath.startsWith(parent.organPath)) throw refuse();
  return { memberName: m.name, userId: m.userId, memberOrganName: m.organName, year: parent.data.year ?? null };
}
