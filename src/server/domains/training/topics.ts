import type { Database } from '../../db/database';
import type { CurrentUser } from '../../http/auth';
import type { Call } from '../../http/actions';
import { invalid, notFound } from '../../http/errors';
import { usableResources } from './courses-read';
import { isInSubtree, actingOrgan, pathChain } from '../../scope';
import { baseSelect, toResource } from '../study';

/**
 * 专题学习 (special topics): a special topic is a training class of class_type 2
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

export const TOPIC = '专题 {id, name, coverPhoto, introduction, organId, organName, sort, isEnabled, isRecommend, courseCount, resourceCount, examCount, creationTime}';
export const COURSE = '课程 {id, trainClassId, courseName, introduction, sort, resourceIds, resourceNames, resources}';

/** A name of spaces only passes minLength: refuse it as missing, by field. */
export function requireText(value: string, member: string, message: string) {
  if (!value.trim()) throw invalid([{ message, members: [member] }]);
}


export const topics = (db: Database) =>
  db
    .selectFrom('trainClasses as t')
    .innerJoin('organizations as o', 'o.id', 't.organId')
    .select(['t.id', 't.name', 't.coverPhoto', 't.introduction', 't.organId', 'o.organName', 't.organPath', 't.sort', 't.isEnabled', 't.isRecommend', 't.creationTime'])
    .where('t.classType', '=', SPECIAL_TYPE)
    .where('t.isDeleted', '=', false);
export type TopicRow = Awaited<ReturnType<ReturnType<typeof topics>['executeTakeFirstOrThrow']>>;
type TopicQuery = ReturnType<typeof topics>;

/** A topic by id in the caller's managed subtree; beyond it, exactly as a missing one. */
export async function managedTopic(call: Call<unknown>, id: number): Promise<TopicRow> {
  const row = await topics(call.ctx.db).where('t.id', '=', id).executeTakeFirst();
  if (!row || !isInSubtree(row.organPath, actingOrgan(call.user).path)) throw notFound(SPECIAL_MSG.notFound);
  return row;
}

/** Where a member reads topics from: his own organisation's chain upward (an administrator's member record, else his role's). */
const memberChain = (user: CurrentUser) => pathChain(user.memberOrganPath ?? user.organPath ?? '/');
export const visibleTopics = (call: Call<unknown>) => topics(call.ctx.db).where('t.isEnabled', '=', true).where('t.organPath', 'in', memberChain(call.user));

export async function visibleTopic(call: Call<unknown>, id: number): Promise<TopicRow> {
  const row = await visibleTopics(call).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SPECIAL_MSG.notFound);
  return row;
}

/** Members' order of topics: by sort, the newest first among equals. */
export const memberOrder = (q: TopicQuery) => q.orderBy('t.sort', 'asc').orderBy('t.id', 'desc');

/** Checks a course's resources: each enabled and published at the topic's organisation or above, so every member who sees the topic may study it (the one rule of classes' courses too). */
export async function checkResources(db: Database, topicPath: string, ids: number[]) {
  const unique = [...new Set(ids)];
  const ok = await usableResources(db, topicPath, unique);
  if (ok.length !== unique.length) throw invalid([{ message: SPECIAL_MSG.resourceOutOfReach, members: ['resourceIds'] }]);
  return unique;
}

export async function coursesOf(db: Database, topicId: number, userId: number | null) {
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
