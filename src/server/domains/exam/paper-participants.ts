import { sql } from 'kysely';
import { containsPattern } from '../../services/query-helpers';
import { action, type ActionDef } from '../../http/actions';
import { pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { closeExpired } from './sitting';
import { assignedMembers } from './papers';
import { PAPER_PERMISSION } from './paper-rules';
import { paperFor } from './paper-access';
import { checkedMembers, checkedOrgans, includeUsers, targetIds, writeOrgans } from './paper-compose';
import type { RowOf } from './row-type';
import { paperTargetsInput, usersInput } from './inputs';

/** Who sits a paper: its members and their results; organisations' subtrees and members added or taken off one by one. */
export const paperParticipantActions = {
  GetExamPaperUsers: action<PagingInput & { paperId: number; name?: string; state?: number }>({
    method: 'GET',
    summary: '试卷的参考党员及成绩（可导出）；state 1 未参加 2 已参加 3 已通过 4 未通过 5 待阅卷',
    access: { permission: PAPER_PERMISSION.read },
    returns: '{totalCount, items: [{userId, name, organName, attemptCount, bestScore, passed, lastSubmitTime, stateName, resultId(最近一次), markingResultId(最早一次待阅卷)}]}',
    input: pagedInput({ paperId: { type: 'integer', minimum: 1, title: '试卷' }, name: { type: 'string', maxLength: 50, title: '姓名' }, state: { type: 'integer', enum: [1, 2, 3, 4, 5], title: '状态' } }, ['paperId']),
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.paperId);
      await closeExpired(ctx, { paperId: p.id });
      // each member's results, read for the rows the page shows (a lateral lookup by the paper's and
      // member's index), not grouped over every sitting of the paper first
      let q = (await assignedMembers(ctx.db, p.id))
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('examResults')
            .select([
              sql<number>`count(*)::int`.as('attemptCount'),
              sql<number | null>`max(score) filter (where status <> 1)`.as('bestScore'),
              sql<boolean>`bool_or(coalesce(passed, false))`.as('passed'),
              sql<boolean>`bool_or(status = 2)`.as('marking'),
              sql<Date | null>`max(submit_time)`.as('lastSubmitTime'),
              sql<number>`max(id)`.as('resultId'),
              sql<number | null>`min(id) filter (where status = 2)`.as('markingResultId'),
            ])
            .where('paperId', '=', p.id)
            .whereRef('examResults.userId', '=', 'm.userId')
            .as('r'),
          (join) => join.onTrue(),
        )
        .select(['m.userId', 'm.name', 'm.organId', 'o.organName', 'r.attemptCount', 'r.bestScore', 'r.passed', 'r.marking', 'r.lastSubmitTime', 'r.resultId', 'r.markingResultId']);
      if (input.name?.trim()) q = q.where('m.name', 'like', containsPattern(input.name));
      if (input.state === 1) q = q.where('r.bestScore', 'is', null);
      if (input.state === 2) q = q.where('r.bestScore', 'is not', null);
      if (input.state === 3) q = q.where('r.passed', '=', true);
      if (input.state === 4) q = q.where('r.bestScore', 'is not', null).where('r.passed', '=', false).where('r.marking', '=', false);
      if (input.state === 5) q = q.where('r.marking', '=', true);
      const page = await pageQuery<RowOf<typeof q>>(q, input, (x) => x.orderBy(sql`m.organ_path collate "C"`).orderBy('m.id'));
      return {
        totalCount: page.totalCount,
        items: page.items.map((r) => ({
          userId: r.userId,
          name: r.name,
          organId: r.organId,
          organName: r.organName,
          attemptCount: r.attemptCount ?? 0,
          bestScore: r.bestScore != null ? Number(r.bestScore) : null,
          passed: r.bestScore != null ? !!r.passed : null,
          lastSubmitTime: r.lastSubmitTime,
          resultId: r.resultId ?? null,
          markingResultId: r.markingResultId ?? null,
          stateName: r.bestScore == null ? (r.attemptCount ? '答题中' : '未参加') : r.marking && !r.passed ? '待阅卷' : r.passed ? '通过' : '未通过',
        })),
      };
    },
  }),

  AddExamPaperUsers: action<{ paperId: number; userIds: number[] }>({
    method: 'POST',
    summary: '为试卷单独添加参考党员（管理范围内的党员）',
    access: { permission: PAPER_PERMISSION.update },
    returns: '{addedCount}',
    input: usersInput,
    async handler(call) {
      const p = await paperFor(call, call.input.paperId);
      const ids = await checkedMembers(call, call.input.userIds);
      await includeUsers(call.ctx.db, p.id, ids);
      return { addedCount: ids.length };
    },
  }),

  ModifyExamPaperUsers: action<{ paperId: number; teachTarget?: string | number[] | null; userIds?: number[] | null }>({
    method: 'POST',
    summary: '修改试卷的参考范围：teachTarget 参考组织（含下级，整体替换）；给出 userIds 时单独添加的党员也整体替换',
    access: { permission: PAPER_PERMISSION.update },
    returns: '{id}',
    input: paperTargetsInput,
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.paperId);
      const organs = await checkedOrgans(call, targetIds(input.teachTarget));
      const users = input.userIds ? await checkedMembers(call, input.userIds) : null;
      await ctx.db.transaction().execute(async (trx) => {
        await writeOrgans(trx, p.id, organs);
        if (users) {
          await trx.deleteFrom('examPaperUsers').where('paperId', '=', p.id).where('excluded', '=', false).execute();
          await includeUsers(trx, p.id, users);
        }
      });
      return { id: p.id };
    },
  }),

  DeleteExamPaperUsers: action<{ paperId: number; userIds: number[] }>({
    method: 'DELETE',
    summary: '把党员移出试卷的参考人员（按组织参考的也移出；已有的考试记录保留）',
    access: { permission: PAPER_PERMISSION.update },
    returns: 'null',
    input: usersInput,
    async handler(call) {
      const p = await paperFor(call, call.input.paperId);
      const ids = await checkedMembers(call, call.input.userIds);
      await call.ctx.db
        .insertInto('examPaperUsers')
        .values(ids.map((userId) => ({ paperId: p.id, userId, excluded: true })))
        .onConflict((oc) => oc.columns(['paperId', 'userId']).doUpdateSet({ excluded: true }))
        .execute();
      return null;
    },
  }),
} satisfies Record<string, ActionDef>;
