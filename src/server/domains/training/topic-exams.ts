import { action, hasPermission, type ActionDef, type Call } from '../../http/actions';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { MSG } from '../../../contract/messages';
import { CLASS_TYPE, TRAIN_MSG, TRAIN_PERMISSION, studentClass } from './classes';
import { objectInput, pagedInput, type PagingInput } from '../../http/paging';
import { pageQuery } from '../../http/paging';
import { isInSubtree, actingOrgan, withinScope } from '../../scope';
import { PAPER_STATE_LABEL, assignedCount, assignedTo, memberResults, paperResults, paperState, partyMemberOf } from '../exam';
import { EXAM_ROUTE, SPECIAL_MSG, SPECIAL_PERMISSION, SPECIAL_TYPE, visibleTopic } from './topics';
import type { PagedResult } from '../../../contract/types';
import type { SpecialExam } from '../../../contract/training';

/**
 * The exams of a topic or a class (papers whose `train_class_id` is it, ExamPaperService): the
 * administrators attach and count them, members find the ones assigned to them.
 */

/**
 * A topic or a 培训班 by id in the caller's subtree, for the exam actions both kinds share: each
 * kind needs its own menu's permission — a class organiser without 专题学习 still attaches papers
 * to his class.
 */
async function managedTopicOrClass(call: Call<unknown>, id: number, need: 'read' | 'update') {
  const row = await call.ctx.db.selectFrom('trainClasses').select(['id', 'classType', 'organPath']).where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst();
  if (!row || !isInSubtree(row.organPath, actingOrgan(call.user).path)) throw notFound(row?.classType === CLASS_TYPE ? TRAIN_MSG.notFound : SPECIAL_MSG.notFound);
  const permission = row.classType === SPECIAL_TYPE ? SPECIAL_PERMISSION[need] : TRAIN_PERMISSION[need];
  if (!hasPermission(call.user, permission)) throw forbidden(`${MSG.forbidden}（${permission}）`);
  return row;
}
const EITHER = (need: 'read' | 'update') => ({ permission: [SPECIAL_PERMISSION[need], TRAIN_PERMISSION[need]] });

/** TrainClassService's exam actions shared by topics and classes (administrators). */
export const topicExamAdminActions: Record<string, ActionDef> = {
  GetSpecialExamOptions: action<Record<string, never>>({
    method: 'GET',
    summary: '可关联到专题或培训班的试卷（扩展）：本组织及下级组织尚未关联的试卷',
    access: EITHER('read'),
    returns: '{id, name}[]',
    input: objectInput({}),
    async handler(call) {
      return call.ctx.db
        .selectFrom('examPapers')
        .select(['id', 'paperName as name'])
        .where(withinScope(call, 'organPath'))
        .where('isDeleted', '=', false)
        .where('trainClassId', 'is', null)
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
    },
  }),

  AddBatchTrainClassExam: action<{ id: number; paperIds: number[] }>({
    method: 'POST',
    summary: '为专题或培训班关联考试（本组织及下级组织的试卷）；培训班的试卷由其学员参加',
    access: EITHER('update'),
    returns: '{id, count}',
    repeatSubmit: false,
    input: objectInput(
      {
        id: { type: 'integer', minimum: 1, title: '专题' },
        paperIds: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'integer', minimum: 1, title: '试卷' }, title: '试卷', 'x-required-message': SPECIAL_MSG.paperRequired },
      },
      ['id', 'paperIds'],
    ),
    async handler(call) {
      const { ctx, input } = call;
      await managedTopicOrClass(call, input.id, 'update');
      const ids = [...new Set(input.paperIds)];
      const papers = await ctx.db.selectFrom('examPapers').select(['id', 'paperName', 'organPath', 'trainClassId']).where('id', 'in', ids).where('isDeleted', '=', false).execute();
      const scope = actingOrgan(call.user).path;
      if (papers.length !== ids.length || papers.some((p) => !isInSubtree(p.organPath, scope))) throw notFound(SPECIAL_MSG.paperNotFound);
      const taken = papers.find((p) => p.trainClassId && p.trainClassId !== input.id);
      if (taken) throw badRequest(`${SPECIAL_MSG.paperTaken}：${taken.paperName}`, { validationErrors: [{ message: `${SPECIAL_MSG.paperTaken}：${taken.paperName}`, members: ['paperIds'] }] });
      await ctx.db.updateTable('examPapers').set({ trainClassId: input.id, lastModificationTime: new Date() }).where('id', 'in', ids).execute();
      return { id: input.id, count: ids.length };
    },
  }),

  DeleteTrainClassExam: action<{ id: number; paperId: number }>({
    method: 'DELETE',
    summary: '取消专题或培训班关联的考试（试卷保留）',
    access: EITHER('update'),
    returns: 'null',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '专题' }, paperId: { type: 'integer', minimum: 1, title: '试卷' } }, ['id', 'paperId']),
    async handler(call) {
      const { ctx, input } = call;
      await managedTopicOrClass(call, input.id, 'update');
      const hit = await ctx.db.updateTable('examPapers').set({ trainClassId: null, lastModificationTime: new Date() }).where('id', '=', input.paperId).where('trainClassId', '=', input.id).returning('id').executeTakeFirst();
      if (!hit) throw notFound(SPECIAL_MSG.paperNotFound);
      return null;
    },
  }),

  ExamStatisticsPageList: action<PagingInput & { id: number }>({
    method: 'POST',
    summary: '专题或培训班的考试统计：每份试卷的应考、参考、通过人数，通过率与平均分',
    access: EITHER('read'),
    returns: '{totalCount, items: {id, paperId, paperName, beginTitme, endTime, passScore, testCount, status, statusText, assignedCount, joinedCount, passedCount, passRate, avgScore}[]}',
    input: pagedInput({ id: { type: 'integer', minimum: 1, title: '专题' } }, ['id']),
    async handler(call) {
      const { ctx, input } = call;
      await managedTopicOrClass(call, input.id, 'read');
      const q = ctx.db.selectFrom('examPapers as p').select(['p.id', 'p.paperName', 'p.beginTime', 'p.endTime', 'p.passScore', 'p.testCount']).where('p.trainClassId', '=', input.id).where('p.isDeleted', '=', false);
      const page = await pageQuery(q, input, (x) => x.orderBy('p.id', 'desc'));
      const now = ctx.now();
      const ids = page.items.map((p) => p.id);
      // the same counts as 考试管理's: each member by his best handed-in attempt
      const [results, assigned] = await Promise.all([paperResults(ctx.db, ids), Promise.all(ids.map((id) => assignedCount(ctx.db, id)))]);
      const items = page.items.map((p, i) => {
        const r = results.get(p.id) ?? { joinCount: 0, passCount: 0, averageScore: null };
        const status = paperState(p, now);
        return {
          id: p.id, paperId: p.id, paperName: p.paperName, beginTitme: p.beginTime, endTime: p.endTime, passScore: Number(p.passScore), testCount: p.testCount,
          status, statusText: PAPER_STATE_LABEL[status],
          assignedCount: assigned[i], joinedCount: r.joinCount, passedCount: r.passCount,
          passRate: r.joinCount ? Math.floor((r.passCount / r.joinCount) * 10000) / 100 : 0,
          avgScore: r.averageScore,
        };
      });
      return { totalCount: page.totalCount, items };
    },
  }),
};

/** The member's exams of a topic or a class. */
export const topicExamMemberActions: Record<string, ActionDef> = {
  UserExamPageList: action<PagingInput & { id: number }>({
    method: 'POST',
    summary: '本人在专题或培训班（须为学员）中的考试：分配给本人的试卷，最高分、已考次数、是否通过与考试入口',
    access: 'self',
    returns: '{totalCount, items: {id, paperId, paperName, beginTitme, endTime, testTime, testCount, passScore, status, statusText, attempts, bestScore, passed, examUrl}[]}',
    input: pagedInput({ id: { type: 'integer', minimum: 1, title: '专题' } }, ['id']),
    async handler(call): Promise<PagedResult<SpecialExam<Date>>> {
      const { ctx, input, user } = call;
      const kind = await ctx.db.selectFrom('trainClasses').select('classType').where('id', '=', input.id).executeTakeFirst();
      if (kind?.classType === CLASS_TYPE) await studentClass(call, input.id);
      else await visibleTopic(call, input.id);
      const member = await partyMemberOf(ctx.db, user.userId);
      if (!member) return { totalCount: 0, items: [] };
      // the papers of the topic assigned to him (as 我的考试 finds them)
      const q = ctx.db
        .selectFrom('examPapers as p')
        .select(['p.id', 'p.paperName', 'p.beginTime', 'p.endTime', 'p.testTime', 'p.testCount', 'p.passScore'])
        .where('p.trainClassId', '=', input.id)
        .where('p.isDeleted', '=', false)
        .where(assignedTo(member));
      const page = await pageQuery(q, input, (x) => x.orderBy('p.beginTime', 'desc').orderBy('p.id', 'desc'));
      const mine = await memberResults(ctx.db, user.userId, page.items.map((p) => p.id));
      const now = ctx.now();
      // a topic's paper opened from the topic keeps the topic in its breadcrumb; a class's is 我的考试's
      const from = kind?.classType === CLASS_TYPE ? '' : `&topicId=${input.id}`;
      return {
        totalCount: page.totalCount,
        items: page.items.map((p) => {
          const r = mine.get(p.id);
          const status = paperState(p, now);
          return {
            id: p.id, paperId: p.id, paperName: p.paperName, beginTitme: p.beginTime, endTime: p.endTime, testTime: p.testTime, testCount: p.testCount, passScore: Number(p.passScore),
            status, statusText: PAPER_STATE_LABEL[status],
            attempts: r?.usedCount ?? 0, bestScore: r?.bestScore ?? null, passed: !!r?.passed,
            examUrl: `${EXAM_ROUTE}?paperId=${p.id}${from}`,
          };
        }),
      };
    },
  }),
};
