import { action, type ActionDef } from '../../http/actions';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { containsPattern } from '../../services/query-helpers';
import { hours, RESOURCE } from '../study';
import { coursesOf, memberOrder, visibleTopic, visibleTopics, type TopicRow } from './topics';
import { memberCards, memberProgress } from './topic-progress';
import type { PagedResult } from '../../../contract/types';
import type { SpecialCard, SpecialDetail, SpecialSum } from '../../../contract/training';

/** Members' topics: every signed-in member sees the enabled topics of his organisation and above, with his progress. */
export const topicMemberActions: Record<string, ActionDef> = {
  GetTopSepcial: action<{ maxResultCount?: number }>({
    method: 'GET',
    summary: '置顶专题：推荐的专题按排序取前几个（党员可见的）',
    access: 'self',
    returns: `{id, name, coverPhoto, resourceCount, period, totalPeriod, percent}[]`,
    input: objectInput({ maxResultCount: { type: 'integer', minimum: 1, maximum: 20, default: 5, title: '条数' } }),
    async handler(call): Promise<SpecialCard[]> {
      const rows = await memberOrder(visibleTopics(call).where('t.isRecommend', '=', true)).limit(call.input.maxResultCount ?? 5).execute();
      return memberCards(call, rows);
    },
  }),

  GetRecommandSepcialList: action<PagingInput>({
    method: 'GET',
    summary: '推荐专题分页列表（党员可见的）',
    access: 'self',
    returns: `{totalCount, items: {id, name, coverPhoto, organName, resourceCount, finishedCount, period, totalPeriod, percent}[]}`,
    input: pagedInput(),
    async handler(call): Promise<PagedResult<SpecialCard>> {
      const page = await pageQuery<TopicRow>(visibleTopics(call).where('t.isRecommend', '=', true), call.input, memberOrder);
      return { totalCount: page.totalCount, items: await memberCards(call, page.items) };
    },
  }),

  MySpecialPageList: action<PagingInput & { name?: string }>({
    method: 'GET',
    summary: '我的专题：本组织及上级组织发布的、已启用的专题，含本人学习进度',
    access: 'self',
    returns: `{totalCount, items: {id, name, coverPhoto, organName, resourceCount, finishedCount, period, totalPeriod, percent}[]}`,
    input: pagedInput({ name: { type: 'string', maxLength: 100, title: '专题名称' } }),
    async handler(call): Promise<PagedResult<SpecialCard>> {
      let q = visibleTopics(call);
      if (call.input.name?.trim()) q = q.where('t.name', 'like', containsPattern(call.input.name));
      const page = await pageQuery<TopicRow>(q, call.input, memberOrder);
      return { totalCount: page.totalCount, items: await memberCards(call, page.items) };
    },
  }),

  GetSpecialAndResourceById: action<{ id: number }>({
    method: 'GET',
    summary: '专题详情（党员）：简介、课程及其资源（含本人学时），本人进度',
    access: 'self',
    returns: `{id, name, coverPhoto, introduction, organName, resourceCount, finishedCount, period, totalPeriod, percent, courses: {id, courseName, introduction, resources: ${RESOURCE}[]}[]}`,
    input: idInput,
    async handler(call): Promise<SpecialDetail> {
      const { organPath: _p, ...row } = await visibleTopic(call, call.input.id);
      const progress = (await memberProgress(call.ctx.db, call.user.userId, [row.id])).get(row.id)!;
      const courses = (await coursesOf(call.ctx.db, row.id, call.user.userId)).map(({ resourceIds: _i, resourceNames: _n, ...c }) => c);
      return { ...row, ...progress, courses };
    },
  }),

  GetUserSpecialSum: action<Record<string, never>>({
    method: 'GET',
    summary: '本人专题学习汇总：可学专题数、在学、已完成，专题学时',
    access: 'self',
    returns: '{specialCount, studyingCount, finishedCount, period, totalPeriod}',
    input: objectInput({}),
    async handler(call): Promise<SpecialSum> {
      // a member sees at most the topics of a handful of organisations: read them whole
      const rows = await visibleTopics(call).select([]).limit(1000).execute();
      const progress = [...(await memberProgress(call.ctx.db, call.user.userId, rows.map((r) => r.id))).values()];
      const finished = progress.filter((p) => p.resourceCount > 0 && p.finishedCount >= p.resourceCount).length;
      const studying = progress.filter((p) => p.seconds > 0).length - finished;
      const seconds = progress.reduce((s, p) => s + p.seconds, 0);
      return {
        specialCount: rows.length,
        studyingCount: studying,
        finishedCount: finished,
        period: hours(seconds),
        totalPeriod: hours(progress.reduce((s, p) => s + p.durationSeconds, 0)),
      };
    },
  }),

  // 学习心得 (SubmitNote, GetNote, StudentNotePageList): one implementation for topics and classes, train/courses-notes.ts
};
