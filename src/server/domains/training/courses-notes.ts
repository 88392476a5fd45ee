import { MSG } from '../../../contract/messages';
import type { Database } from '../../db/database';
import { action, hasPermission, type ActionDef, type Call } from '../../http/actions';
import { forbidden, invalid, notFound } from '../../http/errors';
import { objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { withinScope } from '../../scope';
import { containsPattern } from '../../services/query-helpers';
import { SPECIAL_MSG, SPECIAL_PERMISSION, SPECIAL_TYPE, managedTopic, requireText, visibleTopic } from './topics';
import { CLASS_TYPE, TRAIN_MSG, TRAIN_PERMISSION, managedClass, memberOrganId, memberPath, studentClass } from './classes';
import { cleanRichText, hasRichContent } from '../../http/rich-text';
import type { ClassNote } from '../../../contract/training';
import { entityInput } from '../../records/entity-input';

/**
 * 学习心得 / 学习笔记 (TrainClassService SubmitNote, GetNote, StudentNotePageList): one
 * implementation for both kinds of class, dispatched on the class's type.
 * - a topic (class_type 2): every member who sees the topic, one note on the topic (course 0);
 *   read by the topic's managers (Pages.Special);
 * - a class (class_type 1): approved students only, one note per course (or course 0, the class
 *   as a whole); read by the class's organisers (Pages.TrainClass).
 * Notes are read within the reader's own subtree (a province topic's notes from elsewhere stay
 * with their own administrators).
 */
const NOTE = '{id, trainClassId, courseId, title, content, creationTime, lastModificationTime}';

/** The kind of class an id names (deleted or missing: 404 as a class). */
async function kindOf(db: Database, id: number): Promise<number> {
  const row = await db.selectFrom('trainClasses').select('classType').where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst();
  if (!row || (row.classType !== CLASS_TYPE && row.classType !== SPECIAL_TYPE)) throw notFound(TRAIN_MSG.notFound);
  return row.classType;
}

/** A course of the class, or 404 (course 0 = the class as a whole). */
async function checkCourse(db: Database, classId: number, courseId: number | null | undefined) {
  if (!courseId) return 0;
  const c = await db.selectFrom('trainClassCourses').select('id').where('id', '=', courseId).where('trainClassId', '=', classId).where('isDeleted', '=', false).executeTakeFirst();
  if (!c) throw notFound(TRAIN_MSG.courseNotFound);
  return c.id;
}

/** The class a member writes or reads his note in, and the course: topics as before (course 0), classes for approved students. */
async function noteTarget(call: Call<unknown>, classId: number, courseId?: number | null) {
  if ((await kindOf(call.ctx.db, classId)) === SPECIAL_TYPE) {
    const topic = await visibleTopic(call, classId);
    return { classId: topic.id, courseId: 0, words: SPECIAL_MSG };
  }
  const cls = await studentClass(call, classId);
  return { classId: cls.id, courseId: await checkCourse(call.ctx.db, cls.id, courseId), words: CLASS_NOTE_MSG };
}

/** A reader of a class's notes: the permission of its kind and its managed subtree. */
async function managedNotes(call: Call<unknown>, classId: number) {
  const topic = (await kindOf(call.ctx.db, classId)) === SPECIAL_TYPE;
  const permission = topic ? SPECIAL_PERMISSION.read : TRAIN_PERMISSION.read;
  if (!hasPermission(call.user, permission)) throw forbidden(`${MSG.forbidden}（${permission}）`);
  if (topic) await managedTopic(call, classId);
  else await managedClass(call, classId);
}

/** A class's notes are 学习笔记, a topic's 学习心得: the messages name what the member is writing. */
const CLASS_NOTE_MSG = { noteTitle: '请输入笔记标题', noteContent: '请输入笔记内容' } as const;

/** The note's input from its entity; emptiness is checked by the handler, whose message depends on the kind of class. */
function noteInput() {
  const input = entityInput('specialNote', {
    fields: ['title', 'content'],
    extra: { trainClassId: { type: 'integer', minimum: 1, title: '培训班', 'x-required-message': '请选择培训班' }, courseId: courseIdProp },
    required: ['trainClassId'],
    optional: ['title', 'content'],
  });
  const props = input.properties as Record<string, Record<string, unknown>>;
  for (const f of ['title', 'content']) {
    const { minLength: _checkedByHandler, 'x-required-message': _named, ...rest } = props[f];
    props[f] = rest;
  }
  return input;
}

const courseIdProp = { type: ['integer', 'null'], minimum: 0, title: '课程' };

export const noteActions: Record<string, ActionDef> = {
  SubmitNote: action<{ trainClassId: number; courseId?: number | null; title?: string; content?: string }>({
    method: 'POST',
    summary: '提交学习心得/笔记（党员）：专题每人一篇；培训班的已通过学员每门课程一篇（courseId 省略为整个班）。再次提交即修改；富文本，服务端清洗',
    access: 'self',
    returns: '{id}',
    repeatSubmit: false,
    input: noteInput(),
    async handler(call) {
      const { ctx, input, user } = call;
      const target = await noteTarget(call, input.trainClassId, input.courseId);
      requireText(input.title ?? '', 'title', target.words.noteTitle);
      const content = cleanRichText(input.content ?? '');
      // an editor's empty paragraph is no content
      if (!content || !hasRichContent(content)) throw invalid([{ message: target.words.noteContent, members: ['content'] }]);
      const title = (input.title ?? '').trim();
      const row = await ctx.db
        .insertInto('trainClassNotes')
        .values({ trainClassId: target.classId, courseId: target.courseId, userId: user.userId, memberName: user.name, organId: memberOrganId(user), organPath: memberPath(user), title, content })
        .onConflict((oc) => oc.columns(['trainClassId', 'userId', 'courseId']).doUpdateSet({ title, content, lastModificationTime: new Date() }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
  }),

  GetNote: action<{ trainClassId: number; courseId?: number | null }>({
    method: 'GET',
    summary: '本人的学习心得/笔记（专题，或培训班的某门课程；没有时为 null）',
    access: 'self',
    returns: `${NOTE} | null`,
    input: objectInput({ trainClassId: { type: 'integer', minimum: 1, title: '培训班' }, courseId: courseIdProp }, ['trainClassId']),
    async handler(call): Promise<ClassNote<Date> | null> {
      const target = await noteTarget(call, call.input.trainClassId, call.input.courseId);
      const note = await call.ctx.db
        .selectFrom('trainClassNotes')
        .select(['id', 'trainClassId', 'courseId', 'title', 'content', 'creationTime', 'lastModificationTime'])
        .where('trainClassId', '=', target.classId)
        .where('courseId', '=', target.courseId)
        .where('userId', '=', call.user.userId)
        .executeTakeFirst();
      return note ?? null;
    },
  }),

  StudentNotePageList: action<PagingInput & { id: number; courseId?: number | null; name?: string }>({
    method: 'GET',
    summary: '学员的学习心得/笔记（管理）：专题（专题学习权限）或培训班（培训班权限，可按课程），本组织及下级组织党员的',
    access: { permission: [SPECIAL_PERMISSION.read, TRAIN_PERMISSION.read] },
    returns: '{totalCount, items: {id, trainClassId, courseId, courseName, userId, memberName, organName, title, content, creationTime, lastModificationTime}[]}',
    input: pagedInput({ id: { type: 'integer', minimum: 1, title: '培训班' }, courseId: courseIdProp, name: { type: 'string', maxLength: 50, title: '姓名' } }, ['id']),
    async handler(call) {
      const { ctx, input } = call;
      await managedNotes(call, input.id);
      let q = ctx.db
        .selectFrom('trainClassNotes as n')
        .leftJoin('organizations as o', 'o.id', 'n.organId')
        .leftJoin('trainClassCourses as c', 'c.id', 'n.courseId')
        .select(['n.id', 'n.trainClassId', 'n.courseId', 'c.courseName', 'n.userId', 'n.memberName', 'o.organName', 'n.title', 'n.content', 'n.creationTime', 'n.lastModificationTime'])
        .where('n.trainClassId', '=', input.id)
        .where(withinScope(call, 'n.organPath'));
      if (typeof input.courseId === 'number') q = q.where('n.courseId', '=', input.courseId);
      if (input.name?.trim()) q = q.where('n.memberName', 'like', containsPattern(input.name));
      return pageQuery(q, input, (x) => x.orderBy('n.id', 'desc'));
    },
  }),
};
