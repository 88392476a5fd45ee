import { action, type ActionDef, type Call } from '../../http/actions';
import { notFound } from '../../http/errors';
import { idInput } from '../../http/paging';
import { entityInput } from '../../records/entity-input';
import { COURSE, SPECIAL_MSG, SPECIAL_PERMISSION, checkResources, coursesOf, managedTopic, requireText } from './topics';

/** A topic's courses (TrainClassCourseService): each a name, an introduction and resources of the library. */

type CourseInput = { id?: number | null; trainClassId: number; courseName: string; introduction?: string | null; sort?: number | null; resourceIds: number[] };

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
    input: entityInput('specialCourse', {
      fields: ['courseName', 'introduction', 'sort', 'resourceIds'],
      extra: { id: { type: ['integer', 'null'], minimum: 1, title: '课程' }, trainClassId: { type: 'integer', minimum: 1, title: '专题', 'x-required-message': '请选择专题' } },
      required: ['trainClassId'],
    }),
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
