import { sql } from 'kysely';
import { action, type ActionDef } from '../../http/actions';
import { badRequest } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { isInSubtree, subtreeRange, actingOrgan, pathChain, withinScope } from '../../scope';
import { studyPercent } from '../../../contract/study-progress';
import { containsPattern } from '../../services/query-helpers';
import { cleanRichText } from '../../http/rich-text';
import { entityInput } from '../../records/entity-input';
import { hours } from '../study';
import { COURSE, SPECIAL_PERMISSION, SPECIAL_TYPE, TOPIC, coursesOf, managedTopic, memberOrder, requireText, topics, type TopicRow } from './topics';
import { topicCounts, topicResources } from './topic-progress';

/** 专题管理: administrators' topics of their subtree — list, detail, writes, courses' resources and the members' study of a topic. */

const TOPIC_FIELDS = ['name', 'coverPhoto', 'introduction', 'sort', 'isEnabled', 'isRecommend'];
type TopicInput = { id?: number; name: string; coverPhoto?: string | null; introduction?: string | null; sort?: number | null; isEnabled?: boolean | null; isRecommend?: boolean | null };

const topicListFilters = {
  name: { type: 'string', maxLength: 100, title: '专题名称' },
  isEnabled: { type: 'boolean', title: '启用' },
  isRecommend: { type: 'boolean', title: '推荐' },
};

/** TrainClassService's topic administration actions. */
export const topicAdminActions: Record<string, ActionDef> = {
  SpecialPageList: action<PagingInput & { name?: string; isEnabled?: boolean; isRecommend?: boolean }>({
    method: 'GET',
    summary: '专题管理列表（扩展：本组织及下级组织的专题，按排序）；课程、资源与考试数量',
    access: { permission: SPECIAL_PERMISSION.read },
    returns: `{totalCount, items: ${TOPIC}[]}`,
    input: pagedInput(topicListFilters),
    async handler(call) {
      const { ctx, input } = call;
      let q = topics(ctx.db).where(withinScope(call, 't.organPath'));
      if (input.name?.trim()) q = q.where('t.name', 'like', containsPattern(input.name));
      if (typeof input.isEnabled === 'boolean') q = q.where('t.isEnabled', '=', input.isEnabled);
      if (typeof input.isRecommend === 'boolean') q = q.where('t.isRecommend', '=', input.isRecommend);
      const page = await pageQuery<TopicRow>(q, input, memberOrder);
      const counts = await topicCounts(ctx.db, page.items.map((r) => r.id));
      return { totalCount: page.totalCount, items: page.items.map(({ organPath: _p, ...r }) => ({ ...r, ...counts.get(r.id) })) };
    },
  }),

  GetSpecialById: action<{ id: number }>({
    method: 'GET',
    summary: '专题详情（管理）：基本信息、课程及其资源、数量',
    access: { permission: SPECIAL_PERMISSION.read },
    returns: `${TOPIC} & {courses: ${COURSE}[]}`,
    input: idInput,
    async handler(call) {
      const { organPath: _p, ...row } = await managedTopic(call, call.input.id);
      const counts = await topicCounts(call.ctx.db, [row.id]);
      return { ...row, ...counts.get(row.id), courses: await coursesOf(call.ctx.db, row.id, null) };
    },
  }),

  CreateSpecial: action<TopicInput>({
    method: 'POST',
    summary: '新建专题（属于当前管理组织，向下发布）；简介为富文本，服务端清洗',
    access: { permission: SPECIAL_PERMISSION.create },
    returns: '{id}',
    input: entityInput('special', { fields: TOPIC_FIELDS }),
    async handler(call) {
      const { ctx, input, user } = call;
      requireText(input.name, 'name', '请输入专题名称');
      const organ = actingOrgan(user);
      const made = await ctx.db
        .insertInto('trainClasses')
        .values({
          classType: SPECIAL_TYPE, name: input.name.trim(), coverPhoto: input.coverPhoto || null, introduction: cleanRichText(input.introduction),
          organId: organ.id, organPath: organ.path, sort: input.sort ?? 0, isEnabled: input.isEnabled ?? true, isRecommend: input.isRecommend ?? false, creatorUserId: user.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: made.id };
    },
  }),

  UpdateSpecial: action<TopicInput & { id: number }>({
    method: 'PUT',
    summary: '修改专题',
    access: { permission: SPECIAL_PERMISSION.update },
    returns: '{id}',
    // an update keeps what it is not sent: the entity's form defaults (sort 0, enabled, not recommended) are a new topic's only
    input: entityInput('special', { fields: TOPIC_FIELDS, id: 'required' }),
    async handler(call) {
      const { ctx, input } = call;
      const row = await managedTopic(call, input.id);
      requireText(input.name, 'name', '请输入专题名称');
      await ctx.db
        .updateTable('trainClasses')
        .set({
          name: input.name.trim(), coverPhoto: input.coverPhoto || null, introduction: cleanRichText(input.introduction), sort: input.sort ?? row.sort,
          isEnabled: input.isEnabled ?? row.isEnabled, isRecommend: input.isRecommend ?? row.isRecommend, lastModificationTime: new Date(),
        })
        .where('id', '=', input.id)
        .execute();
      return { id: input.id };
    },
  }),

  DeleteSpecial: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除专题（扩展）：连同课程；已关联的试卷解除关联后保留',
    access: { permission: SPECIAL_PERMISSION.delete },
    returns: 'null',
    input: idInput,
    async handler(call) {
      const { ctx, input } = call;
      await managedTopic(call, input.id);
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('trainClassCourses').set({ isDeleted: true, lastModificationTime: new Date() }).where('trainClassId', '=', input.id).execute();
        await trx.updateTable('examPapers').set({ trainClassId: null }).where('trainClassId', '=', input.id).execute();
        await trx.updateTable('trainClasses').set({ isDeleted: true, lastModificationTime: new Date() }).where('id', '=', input.id).execute();
      });
      return null;
    },
  }),

  SetSort: action<{ id: number; sort: number }>({
    method: 'POST',
    summary: '设置专题排序（数字小的在前）',
    access: { permission: SPECIAL_PERMISSION.update },
    returns: '{id, sort}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '编号' }, sort: { type: 'integer', minimum: 0, maximum: 99999, title: '排序', 'x-required-message': '请输入排序' } }, ['id', 'sort']),
    async handler(call) {
      const { ctx, input } = call;
      await managedTopic(call, input.id);
      await ctx.db.updateTable('trainClasses').set({ sort: input.sort, lastModificationTime: new Date() }).where('id', '=', input.id).execute();
      return { id: input.id, sort: input.sort };
    },
  }),

  SetEnable: action<{ id: number; isEnabled?: boolean; isRecommend?: boolean }>({
    method: 'POST',
    summary: '启用或停用专题（停用后党员不可见）；也可设置推荐',
    access: { permission: SPECIAL_PERMISSION.update },
    returns: '{id, isEnabled, isRecommend}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '编号' }, isEnabled: { type: 'boolean', title: '启用' }, isRecommend: { type: 'boolean', title: '推荐' } }, ['id']),
    async handler(call) {
      const { ctx, input } = call;
      const row = await managedTopic(call, input.id);
      if (typeof input.isEnabled !== 'boolean' && typeof input.isRecommend !== 'boolean') throw badRequest('请指定启用或推荐状态', { validationErrors: [{ message: '请指定启用或推荐状态', members: ['isEnabled'] }] });
      const isEnabled = input.isEnabled ?? row.isEnabled;
      const isRecommend = input.isRecommend ?? row.isRecommend;
      await ctx.db.updateTable('trainClasses').set({ isEnabled, isRecommend, lastModificationTime: new Date() }).where('id', '=', input.id).execute();
      return { id: input.id, isEnabled, isRecommend };
    },
  }),

  SpecialCourseList: action<{ id: number }>({
    method: 'GET',
    summary: '专题的课程列表（扩展，管理）：每门课程的学习资源',
    access: { permission: SPECIAL_PERMISSION.read },
    returns: `{totalCount, items: ${COURSE}[]}`,
    input: idInput,
    async handler(call) {
      const row = await managedTopic(call, call.input.id);
      const items = (await coursesOf(call.ctx.db, row.id, null)).map(({ resources: _r, ...c }) => c);
      return { totalCount: items.length, items };
    },
  }),

  GetSpecialResourceOptions: action<Record<string, never>>({
    method: 'GET',
    summary: '可用于专题课程的资源（扩展）：当前管理组织及其上级组织发布、已启用的资源',
    access: { permission: SPECIAL_PERMISSION.read },
    returns: '{id, name, resourceType}[]',
    input: objectInput({}),
    async handler(call) {
      return call.ctx.db
        .selectFrom('resources')
        .select(['id', 'name', 'resourceType'])
        .where('organPath', 'in', pathChain(actingOrgan(call.user).path))
        .where('isDeleted', '=', false)
        .where('isEnabled', '=', true)
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
    },
  }),
};

/** 专题学习情况: how the members of a topic's organisation studied it. */
export const topicStudyCheckActions: Record<string, ActionDef> = {
  SpecialCheckPageList: action<PagingInput & { id: number; name?: string; organPath?: string }>({
    method: 'POST',
    summary: '专题学习情况：专题所属组织下每名党员在本专题资源上的学时、完成资源数、进度与通过的考试数',
    access: { permission: SPECIAL_PERMISSION.read },
    returns: '{totalCount, items: {userId, name, organName, resourceCount, finishedCount, period, totalPeriod, percent, examPassedCount, lastStudyTime}[]}',
    input: pagedInput({ id: { type: 'integer', minimum: 1, title: '专题' }, name: { type: 'string', maxLength: 50, title: '姓名' }, organPath: { type: 'string', maxLength: 2000, title: '党组织' } }, ['id']),
    async handler(call) {
      const { ctx, input } = call;
      const topic = await managedTopic(call, input.id);
      // members of the topic's subtree (which lies in the caller's), narrowed to an organisation he names inside it
      let scope = topic.organPath;
      if (input.organPath?.trim()) {
        call.requireScope(input.organPath);
        if (!isInSubtree(input.organPath, topic.organPath)) return { totalCount: 0, items: [] };
        scope = input.organPath;
      }
      let q = ctx.db
        .selectFrom('partyMembers as m')
        .innerJoin('organizations as o', 'o.id', 'm.organId')
        .select(['m.userId', 'm.name', 'o.organName', 'm.organPath', 'm.id'])
        .where(subtreeRange('m.organPath', scope))
        .where('m.isDeleted', '=', false)
        .where('m.status', '=', 1)
        .where('m.userId', 'is not', null);
      if (input.name?.trim()) q = q.where('m.name', 'like', containsPattern(input.name));
      const page = await pageQuery<{ userId: number; name: string; organName: string; id: number }>(q, input, (x) => x.orderBy(sql`m.organ_path collate "C"`).orderBy('m.id'));
      const userIds = page.items.map((m) => m.userId);
      const resources = (await topicResources(ctx.db, [topic.id])).get(topic.id) ?? [];
      const resourceIds = resources.map((r) => r.resourceId);
      const duration = new Map(resources.map((r) => [r.resourceId, r.duration]));
      const totalDuration = resources.reduce((s, r) => s + r.duration, 0);
      const totals = userIds.length && resourceIds.length
        ? await ctx.db.selectFrom('studyTotals').select(['userId', 'resourceId', 'seconds', 'completed', 'lastStudyTime']).where('userId', 'in', userIds).where('resourceId', 'in', resourceIds).execute()
        : [];
      const passed = userIds.length
        ? await ctx.db
            .selectFrom('examResults as r')
            .innerJoin('examPapers as p', 'p.id', 'r.paperId')
            .select(['r.userId', sql<number>`count(distinct r.paper_id)::int`.as('n')])
            .where('p.trainClassId', '=', topic.id)
            .where('p.isDeleted', '=', false)
            .where('r.userId', 'in', userIds)
            .where('r.passed', '=', true)
            .groupBy('r.userId')
            .execute()
        : [];
      const passedBy = new Map(passed.map((p) => [p.userId, Number(p.n)]));
      return {
        totalCount: page.totalCount,
        items: page.items.map((m) => {
          const mine = totals.filter((t) => t.userId === m.userId);
          const seconds = mine.reduce((s, t) => s + Math.min(Number(t.seconds), duration.get(t.resourceId) ?? 0), 0);
          const last = mine.reduce<Date | null>((d, t) => (!d || new Date(t.lastStudyTime) > d ? new Date(t.lastStudyTime) : d), null);
          return {
            id: m.userId, userId: m.userId, name: m.name, organName: m.organName,
            resourceCount: resources.length, finishedCount: mine.filter((t) => t.completed).length,
            studiedSeconds: seconds, period: hours(seconds), totalPeriod: hours(totalDuration), percent: studyPercent(seconds, totalDuration),
            examPassedCount: passedBy.get(m.userId) ?? 0, lastStudyTime: last,
          };
        }),
      };
    },
  }),
};
