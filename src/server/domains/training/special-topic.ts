import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { CurrentUser } from '../../http/auth';
import { action, hasPermission, type ActionDef, type Call } from '../../http/actions';
import { badRequest, forbidden, invalid, notFound } from '../../http/errors';
import { MSG } from '../../../contract/messages';
import { CLASS_TYPE, TRAIN_MSG, TRAIN_PERMISSION, studentClass } from './classes';
import { usableResources } from './courses-read';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { isInSubtree, subtreeRange, actingOrgan, pathChain } from '../../scope';
import { studyPercent } from '../../../contract/study-progress';
import { containsPattern } from '../../services/query-helpers';
import { cleanRichText } from '../../http/rich-text';
import { hours, baseSelect, RESOURCE, toResource } from '../study';
import { PAPER_STATE_LABEL, assignedCount, assignedTo, memberResults, paperResults, paperState, partyMemberOf } from '../exam';

/**
 * 专题学习 (special topics, issue 13): a special topic is a training class of class_type 2
 * (migration 020), as in the original server's TrainClassService. An administrator's topic belongs
 * to his managed organisation: his subtree manages it (sort, enable, recommend, courses, exams),
 * anything else answers as missing. Members see enabled topics of their own organisation and those
 * above it (published downwards), play the courses' resources in the ordinary players — the
 * ordinary study report credits their 学时 — and find the topic's exams (papers whose
 * `train_class_id` is the topic, ExamPaperService).
 */
export const SPECIAL_TYPE = 2;
export const SPECIAL_PERMISSION = {
  read: 'Pages.Special',
  create: 'Pages.Special.Create',
  update: 'Pages.Special.Update',
  delete: 'Pages.Special.Delete',
};

export const SPECIAL_MSG = {
  notFound: '专题不存在或已删除',
  courseNotFound: '课程不存在或已删除',
  paperNotFound: '试卷不存在或已删除',
  resourceOutOfReach: '所选资源须为本专题所属组织或其上级组织发布、已启用的资源',
  resourceRequired: '请至少选择一个学习资源',
  paperTaken: '试卷已关联其他专题',
  paperRequired: '请选择要关联的试卷',
  noteTitle: '请输入心得标题',
  noteContent: '请输入心得内容',
} as const;

/** The member route where a paper is taken (built with ExamPaperService). */
export const EXAM_ROUTE = '/partyMember/iStudy/subject/info/exam';

const TOPIC = '专题 {id, name, coverPhoto, introduction, organId, organName, sort, isEnabled, isRecommend, courseCount, resourceCount, examCount, creationTime}';
const COURSE = '课程 {id, trainClassId, courseName, introduction, sort, resourceIds, resourceNames, resources}';

const topicProps = {
  name: { type: 'string', minLength: 1, maxLength: 100, title: '专题名称', 'x-required-message': '请输入专题名称' },
  coverPhoto: { type: ['string', 'null'], maxLength: 500, title: '封面' },
  introduction: { type: ['string', 'null'], maxLength: 100000, title: '专题简介' },
  sort: { type: ['integer', 'null'], minimum: 0, maximum: 99999, title: '排序' },
  isEnabled: { type: ['boolean', 'null'], title: '启用' },
  isRecommend: { type: ['boolean', 'null'], title: '推荐' },
};
type TopicInput = { id?: number; name: string; coverPhoto?: string | null; introduction?: string | null; sort?: number | null; isEnabled?: boolean | null; isRecommend?: boolean | null };

const courseProps = {
  id: { type: ['integer', 'null'], minimum: 1, title: '课程' },
  trainClassId: { type: 'integer', minimum: 1, title: '专题', 'x-required-message': '请选择专题' },
  courseName: { type: 'string', minLength: 1, maxLength: 100, title: '课程名称', 'x-required-message': '请输入课程名称' },
  introduction: { type: ['string', 'null'], maxLength: 2000, title: '课程简介' },
  sort: { type: ['integer', 'null'], minimum: 0, maximum: 99999, title: '排序' },
  resourceIds: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'integer', minimum: 1, title: '学习资源' }, title: '学习资源', 'x-required-message': SPECIAL_MSG.resourceRequired },
};
type CourseInput = { id?: number | null; trainClassId: number; courseName: string; introduction?: string | null; sort?: number | null; resourceIds: number[] };

/** A name of spaces only passes minLength: refuse it as missing, by field. */
export function requireText(value: string, member: string, message: string) {
  if (!value.trim()) throw invalid([{ message, members: [member] }]);
}


const topics = (db: Database) =>
  db
    .selectFrom('trainClasses as t')
    .innerJoin('organizations as o', 'o.id', 't.organId')
    .select(['t.id', 't.name', 't.coverPhoto', 't.introduction', 't.organId', 'o.organName', 't.organPath', 't.sort', 't.isEnabled', 't.isRecommend', 't.creationTime'])
    .where('t.classType', '=', SPECIAL_TYPE)
    .where('t.isDeleted', '=', false);
type TopicRow = Awaited<ReturnType<ReturnType<typeof topics>['executeTakeFirstOrThrow']>>;

/** A topic by id in the caller's managed subtree; beyond it, exactly as a missing one. */
export async function managedTopic(call: Call<unknown>, id: number): Promise<TopicRow> {
  const row = await topics(call.ctx.db).where('t.id', '=', id).executeTakeFirst();
  if (!row || !isInSubtree(row.organPath, actingOrgan(call.user).path)) throw notFound(SPECIAL_MSG.notFound);
  return row;
}

/**
 * A topic or a 培训班 by id in the caller's subtree, for the exam actions both kinds share (issue
 * 14): each kind needs its own menu's permission — a class organiser without 专题学习 still attaches
 * papers to his class.
 */
async function managedTopicOrClass(call: Call<unknown>, id: number, need: 'read' | 'update') {
  const row = await call.ctx.db.selectFrom('trainClasses').select(['id', 'classType', 'organPath']).where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst();
  if (!row || !isInSubtree(row.organPath, actingOrgan(call.user).path)) throw notFound(row?.classType === CLASS_TYPE ? TRAIN_MSG.notFound : SPECIAL_MSG.notFound);
  const permission = row.classType === SPECIAL_TYPE ? SPECIAL_PERMISSION[need] : TRAIN_PERMISSION[need];
  if (!hasPermission(call.user, permission)) throw forbidden(`${MSG.forbidden}（${permission}）`);
  return row;
}
const EITHER = (need: 'read' | 'update') => ({ permission: [SPECIAL_PERMISSION[need], TRAIN_PERMISSION[need]] });

/** Where a member reads topics from: his own organisation's chain upward (an administrator's member record, else his role's). */
const memberChain = (user: CurrentUser) => pathChain(user.memberOrganPath ?? user.organPath ?? '/');
const visibleTopics = (call: Call<unknown>) => topics(call.ctx.db).where('t.isEnabled', '=', true).where('t.organPath', 'in', memberChain(call.user));

export async function visibleTopic(call: Call<unknown>, id: number): Promise<TopicRow> {
  const row = await visibleTopics(call).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SPECIAL_MSG.notFound);
  return row;
}

/** The playable resources of topics (enabled, not deleted), per topic. */
async function topicResources(db: Database, topicIds: number[]) {
  const out = new Map<number, { resourceId: number; duration: number }[]>();
  if (!topicIds.length) return out;
  const rows = await db
    .selectFrom('trainClassCourses as c')
    .innerJoin('trainClassCourseResources as cr', 'cr.courseId', 'c.id')
    .innerJoin('resources as r', 'r.id', 'cr.resourceId')
    .select(['c.trainClassId', 'r.id as resourceId', 'r.durationSeconds'])
    .where('c.trainClassId', 'in', topicIds)
    .where('c.isDeleted', '=', false)
    .where('r.isDeleted', '=', false)
    .where('r.isEnabled', '=', true)
    .execute();
  for (const id of topicIds) out.set(id, []);
  for (const r of rows) {
    const list = out.get(r.trainClassId)!;
    // a resource in two courses of one topic counts once
    if (!list.some((x) => x.resourceId === r.resourceId)) list.push({ resourceId: r.resourceId, duration: r.durationSeconds });
  }
  return out;
}

/** Per topic: course, resource and exam counts (administrators' list). */
async function topicCounts(db: Database, ids: number[]) {
  const out = new Map<number, { courseCount: number; resourceCount: number; examCount: number }>();
  if (!ids.length) return out;
  for (const id of ids) out.set(id, { courseCount: 0, resourceCount: 0, examCount: 0 });
  const courses = await db.selectFrom('trainClassCourses').select(['trainClassId', sql<number>`count(*)::int`.as('n')]).where('trainClassId', 'in', ids).where('isDeleted', '=', false).groupBy('trainClassId').execute();
  for (const r of courses) out.get(r.trainClassId)!.courseCount = Number(r.n);
  const res = await topicResources(db, ids);
  for (const [id, list] of res) out.get(id)!.resourceCount = list.length;
  const exams = await db.selectFrom('examPapers').select(['trainClassId', sql<number>`count(*)::int`.as('n')]).where('trainClassId', 'in', ids).where('isDeleted', '=', false).groupBy('trainClassId').execute();
  for (const r of exams) out.get(r.trainClassId!)!.examCount = Number(r.n);
  return out;
}

/** A member's study of each topic: credited seconds over its resources (study_totals, capped at each duration), completed resources. */
async function memberProgress(db: Database, userId: number, topicIds: number[]) {
  const res = await topicResources(db, topicIds);
  const all = [...new Set([...res.values()].flat().map((r) => r.resourceId))];
  const totals = all.length
    ? await db.selectFrom('studyTotals').select(['resourceId', 'seconds', 'completed']).where('userId', '=', userId).where('resourceId', 'in', all).execute()
    : [];
  const byRes = new Map(totals.map((t) => [t.resourceId, t]));
  const out = new Map<number, { resourceCount: number; finishedCount: number; seconds: number; durationSeconds: number; period: number; totalPeriod: number; percent: number }>();
  for (const id of topicIds) {
    const list = res.get(id) ?? [];
    let seconds = 0;
    let duration = 0;
    let finished = 0;
    for (const r of list) {
      const t = byRes.get(r.resourceId);
      duration += r.duration;
      seconds += Math.min(Number(t?.seconds ?? 0), r.duration);
      if (t?.completed) finished += 1;
    }
    out.set(id, { resourceCount: list.length, finishedCount: finished, seconds, durationSeconds: duration, period: hours(seconds), totalPeriod: hours(duration), percent: studyPercent(seconds, duration) });
  }
  return out;
}

/** Members' cards: the reference client's names (id, name, coverPhoto, resourceCount) plus the member's progress. */
async function memberCards(call: Call<unknown>, rows: TopicRow[]) {
  const progress = await memberProgress(call.ctx.db, call.user.userId, rows.map((r) => r.id));
  return rows.map(({ organPath: _p, introduction: _i, ...r }) => ({ ...r, ...progress.get(r.id)! }));
}

const memberOrder = (q: any) => q.orderBy('t.sort', 'asc').orderBy('t.id', 'desc');

/** Checks a course's resources: each enabled and published at the topic's organisation or above, so every member who sees the topic may study it (the one rule of classes' courses too). */
async function checkResources(db: Database, topicPath: string, ids: number[]) {
  const unique = [...new Set(ids)];
  const ok = await usableResources(db, topicPath, unique);
  if (ok.length !== unique.length) throw invalid([{ message: SPECIAL_MSG.resourceOutOfReach, members: ['resourceIds'] }]);
  return unique;
}

async function coursesOf(db: Database, topicId: number, userId: number | null) {
  const courses = await db
    .selectFrom('trainClassCourses')
    .select(['id', 'trainClassId', 'courseName', 'introduction', 'sort'])
    .where('trainClassId', '=', topicId)
    .where('isDeleted', '=', false)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const links = courses.length
    ? await db.selectFrom('trainClassCourseResources').select(['courseId', 'resourceId', 'sort']).where('courseId', 'in', courses.map((c) => c.id)).orderBy('sort', 'asc').execute()
    : [];
  const resourceIds = [...new Set(links.map((l) => l.resourceId))];
  const resources = resourceIds.length
    ? (await baseSelect(db, userId ?? 0).where('r.id', 'in', resourceIds).where('r.isEnabled', '=', true).execute()).map(toResource)
    : [];
  const byId = new Map(resources.map((r) => [r.id, r]));
  return courses.map((c) => {
    const mine = links.filter((l) => l.courseId === c.id).map((l) => byId.get(l.resourceId)).filter((r): r is NonNullable<typeof r> => !!r);
    return { ...c, resourceIds: mine.map((r) => r.id), resourceNames: mine.map((r) => r.name).join('、'), resources: mine };
  });
}

const topicListFilters = {
  name: { type: 'string', maxLength: 100, title: '专题名称' },
  isEnabled: { type: 'boolean', title: '启用' },
  isRecommend: { type: 'boolean', title: '推荐' },
};

/** TrainClassService's special-topic actions (issue 14 adds the training-class ones beside them). */
export const specialTopicActions: Record<string, ActionDef> = {
  SpecialPageList: action<PagingInput & { name?: string; isEnabled?: boolean; isRecommend?: boolean }>({
    method: 'GET',
    summary: '专题管理列表（扩展：本组织及下级组织的专题，按排序）；课程、资源与考试数量',
    access: { permission: SPECIAL_PERMISSION.read },
    returns: `{totalCount, items: ${TOPIC}[]}`,
    input: pagedInput(topicListFilters),
    async handler(call) {
      const { ctx, input } = call;
      let q = topics(ctx.db).where(subtreeRange('t.organPath', actingOrgan(call.user).path));
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
    input: objectInput(topicProps, ['name']),
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
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '编号' }, ...topicProps }, ['id', 'name']),
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
        .where(subtreeRange('organPath', actingOrgan(call.user).path))
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
      const ids = (page.items as any[]).map((p) => p.id);
      // the same counts as 考试管理's: each member by his best handed-in attempt
      const [results, assigned] = await Promise.all([paperResults(ctx.db, ids), Promise.all(ids.map((id) => assignedCount(ctx.db, id)))]);
      const items = (page.items as any[]).map((p, i) => {
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

  // ---- members: any signed-in member, topics of his organisation and above

  GetTopSepcial: action<{ maxResultCount?: number }>({
    method: 'GET',
    summary: '置顶专题：推荐的专题按排序取前几个（党员可见的）',
    access: 'self',
    returns: `{id, name, coverPhoto, resourceCount, period, totalPeriod, percent}[]`,
    input: objectInput({ maxResultCount: { type: 'integer', minimum: 1, maximum: 20, default: 5, title: '条数' } }),
    async handler(call) {
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
    async handler(call) {
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
    async handler(call) {
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
    async handler(call) {
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
    async handler(call) {
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

  UserExamPageList: action<PagingInput & { id: number }>({
    method: 'POST',
    summary: '本人在专题或培训班（须为学员）中的考试：分配给本人的试卷，最高分、已考次数、是否通过与考试入口',
    access: 'self',
    returns: '{totalCount, items: {id, paperId, paperName, beginTitme, endTime, testTime, testCount, passScore, status, statusText, attempts, bestScore, passed, examUrl}[]}',
    input: pagedInput({ id: { type: 'integer', minimum: 1, title: '专题' } }, ['id']),
    async handler(call) {
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
      const mine = await memberResults(ctx.db, user.userId, (page.items as any[]).map((p) => p.id));
      const now = ctx.now();
      return {
        totalCount: page.totalCount,
        items: (page.items as any[]).map((p) => {
          const r = mine.get(p.id);
          const status = paperState(p, now);
          return {
            id: p.id, paperId: p.id, paperName: p.paperName, beginTitme: p.beginTime, endTime: p.endTime, testTime: p.testTime, testCount: p.testCount, passScore: Number(p.passScore),
            status, statusText: PAPER_STATE_LABEL[status],
            attempts: r?.usedCount ?? 0, bestScore: r?.bestScore ?? null, passed: !!r?.passed,
            examUrl: `${EXAM_ROUTE}?paperId=${p.id}`,
          };
        }),
      };
    },
  }),
};

/** The topic of a course asked for by id: beyond the caller's subtree the course answers as missing. */
async function courseTopic(call: Call<unknown>, topicId: number) {
  try {
    return await managedTopic(call, topicId);
  } catch {
    throw notFound(SPECIAL_MSG.courseNotFound);
  }
}

/** TrainClassCourseService's special-topic actions. */
export const specialCourseActions: Record<string, ActionDef> = {
  UpdateSpecial: action<CourseInput>({
    method: 'PUT',
    summary: '保存专题的课程（无 id 新增，有 id 修改）：课程名称、简介、排序与资源库中的学习资源',
    access: { permission: SPECIAL_PERMISSION.update },
    returns: '{id}',
    input: objectInput(courseProps, ['trainClassId', 'courseName', 'resourceIds']),
    async handler(call) {
      const { ctx, input } = call;
      const topic = await managedTopic(call, input.trainClassId);
      requireText(input.courseName, 'courseName', '请输入课程名称');
      if (input.id) {
        const c = await ctx.db.selectFrom('trainClassCourses').select('id').where('id', '=', input.id).where('trainClassId', '=', topic.id).where('isDeleted', '=', false).executeTakeFirst();
        if (!c) throw notFound(SPECIAL_MSG.courseNotFound);
      }
      const resourceIds = await checkResources(ctx.db, topic.organPath, input.resourceIds);
      return ctx.db.transaction().execute(async (trx) => {
        const values = { courseName: input.courseName.trim(), introduction: input.introduction?.trim() || null, sort: input.sort ?? 0 };
        const id = input.id
          ? (await trx.updateTable('trainClassCourses').set({ ...values, lastModificationTime: new Date() }).where('id', '=', input.id).returning('id').executeTakeFirstOrThrow()).id
          : (await trx.insertInto('trainClassCourses').values({ ...values, trainClassId: topic.id }).returning('id').executeTakeFirstOrThrow()).id;
        await trx.deleteFrom('trainClassCourseResources').where('courseId', '=', id).execute();
        await trx.insertInto('trainClassCourseResources').values(resourceIds.map((resourceId, sort) => ({ courseId: id, resourceId, sort }))).execute();
        return { id };
      });
    },
  }),

  GetSpecialCourse: action<{ id: number }>({
    method: 'GET',
    summary: '专题课程详情（扩展，管理）：课程与所选资源',
    access: { permission: SPECIAL_PERMISSION.read },
    returns: COURSE,
    input: idInput,
    async handler(call) {
      const c = await call.ctx.db.selectFrom('trainClassCourses').select(['id', 'trainClassId']).where('id', '=', call.input.id).where('isDeleted', '=', false).executeTakeFirst();
      if (!c) throw notFound(SPECIAL_MSG.courseNotFound);
      await courseTopic(call, c.trainClassId);
      const { resources: _r, ...course } = (await coursesOf(call.ctx.db, c.trainClassId, null)).find((x) => x.id === c.id)!;
      return course;
    },
  }),

  DeleteSpecialCourse: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除专题的课程（扩展）',
    access: { permission: SPECIAL_PERMISSION.update },
    returns: 'null',
    input: idInput,
    async handler(call) {
      const { ctx, input } = call;
      const c = await ctx.db.selectFrom('trainClassCourses').select(['id', 'trainClassId']).where('id', '=', input.id).where('isDeleted', '=', false).executeTakeFirst();
      if (!c) throw notFound(SPECIAL_MSG.courseNotFound);
      await courseTopic(call, c.trainClassId);
      await ctx.db.updateTable('trainClassCourses').set({ isDeleted: true, lastModificationTime: new Date() }).where('id', '=', input.id).execute();
      return null;
    },
  }),
};

