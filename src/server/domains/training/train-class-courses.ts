import { sql } from 'kysely';
import { action, type ActionDef } from '../../http/actions';
import { badRequest, invalid, notFound, type ValidationError } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, pagingProps, type PagingInput } from '../../http/paging';
import { isInSubtree, actingOrgan, withinScope } from '../../scope';
import { CLASS_STATE_LABEL, CLASS_TYPE, STUDENT_STATUS, TRAIN_PERMISSION, classState, managedClass, studentClass } from './classes';
import { COURSE_MSG, checkLibraries, checkedCourse, courseInput, courseValues, type CourseFields } from './courses-input';
import { classCourses, courseDtos, courseOf, courseReader, courseResources, courseStudy, managedCourse, signWindow, usableResources } from './courses-read';
import { noteActions } from './courses-notes';
import { containsPattern } from '../../services/query-helpers';
import { RESOURCE } from '../study';
import { SIGN_CODE_MSG, checkSignIn, newSignInCode, signInToken, type SignInEvent } from '../../security/sign-in-codes';
import type { ClassCourse } from '../../../contract/training';

/**
 * 培训班 courses, sign-in, notes and training records (docs/training.md "Courses,
 * sign-in, notes, training records"). Organisers are the administrators whose managed subtree
 * holds the class (Pages.TrainClass to read, .Update to write); students are its approved
 * members. A course's resources play in the ordinary players, whose study report credits the
 * member's 学时 — nothing here credits study. A class's 学时 in the training record is the
 * `period` of the courses the member signed in to.
 */
export const SIGN_MSG = {
  codeWrong: SIGN_CODE_MSG.wrong,
  outOfWindow: '不在签到时间内',
  signed: '您已签到',
  resourceOutOfReach: '所选资源须为本培训班所属组织或其上级组织发布、已启用的资源',
  resourceType: '所选资源与资源类型不符',
  resourceRequired: '请至少选择一个学习资源',
  resourceNotLinked: '该课程未关联此资源',
  memberNotFound: '党员不存在或不在您的管理范围内',
} as const;

/** The member page a sign-in QR code opens: the class page with the course and a signed token (never the bare code). */
export const signUrl = (classId: number, courseId: number, token: string) => `/partyMember/iStudy/rotationTrain/info?id=${classId}&courseId=${courseId}&token=${encodeURIComponent(token)}`;

/** A course as an event of the kernel's code sign-in (security/sign-in-codes.ts: limits, rotation, QR tokens). */
const courseEvent = (c: { id: number; courseName: string; signCode: string | null }): SignInEvent => ({ key: `course:${c.id}`, name: c.courseName, code: c.signCode });

const COURSE = '课程 {id, trainClassId, courseName, courseType, period, startTime, endTime, description, baseLibraryId, baseName, teacherLibraryId, teacherName, address, longitude, latitude, sort, resourceCount, signedCount, studentCount, isSigned?, signTime?}';
const classIdProp = { type: 'integer', minimum: 1, title: '培训班', 'x-required-message': '请选择培训班' };
const courseIdProp = { type: 'integer', minimum: 1, title: '课程', 'x-required-message': '请选择课程' };

/** TrainClassCourseService actions for classes (topics' UpdateSpecial etc. are special-topic.ts). */
export const courseActions: Record<string, ActionDef> = {
  Create: action<CourseFields & { trainClassId: number }>({
    method: 'POST',
    summary: '新增培训班课程：名称、线下/线上、学时、起止时间、讲师、地点',
    access: { permission: TRAIN_PERMISSION.update },
    returns: '{id}',
    repeatSubmit: false,
    input: courseInput({ trainClassId: classIdProp }, ['trainClassId']),
    async handler(call) {
      const cls = await managedClass(call, call.input.trainClassId);
      const values = await checkedCourse(call, call.input, cls);
      const row = await call.ctx.db.insertInto('trainClassCourses').values({ ...values, trainClassId: cls.id }).returning('id').executeTakeFirstOrThrow();
      return { id: row.id };
    },
  }),

  CreateBatchCourse: action<{ trainClassId: number; courses: CourseFields[] }>({
    method: 'POST',
    summary: '批量新增培训班课程：全部通过校验才一并保存（一个事务）',
    access: { permission: TRAIN_PERMISSION.update },
    returns: '{count}',
    repeatSubmit: false,
    input: objectInput(
      {
        trainClassId: classIdProp,
        courses: { type: 'array', minItems: 1, maxItems: 200, title: '课程', 'x-required-message': COURSE_MSG.coursesRequired, items: courseInput() },
      },
      ['trainClassId', 'courses'],
    ),
    async handler(call) {
      const cls = await managedClass(call, call.input.trainClassId);
      const errors: ValidationError[] = [];
      const checked = call.input.courses.map((c, i) => ({ ...courseValues(call, c, `courses[${i}].`, cls), prefix: `courses[${i}].`, n: i + 1 }));
      const library = await checkLibraries(call.ctx.db, checked);
      for (const c of checked) {
        const mine = [...c.errors, ...library.filter((e) => e.members[0].startsWith(c.prefix))];
        errors.push(...mine.map((e) => ({ ...e, message: `第${c.n}门课程：${e.message}` })));
      }
      if (errors.length) throw invalid(errors);
      const rows = checked.map((c) => ({ ...c.values, trainClassId: cls.id }));
      await call.ctx.db.transaction().execute((trx) => trx.insertInto('trainClassCourses').values(rows).execute());
      return { count: rows.length };
    },
  }),

  Update: action<CourseFields & { id: number }>({
    method: 'PUT',
    summary: '修改培训班课程',
    access: { permission: TRAIN_PERMISSION.update },
    returns: '{id}',
    input: courseInput({ id: { type: 'integer', minimum: 1, title: '课程' } }, ['id']),
    async handler(call) {
      const { course, cls } = await managedCourse(call, call.input.id);
      const values = await checkedCourse(call, call.input, cls);
      await call.ctx.db.updateTable('trainClassCourses').set({ ...values, lastModificationTime: new Date() }).where('id', '=', course.id).execute();
      return { id: course.id };
    },
  }),

  Delete: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除培训班课程（签到与笔记保留在库中，不再计入）',
    access: { permission: TRAIN_PERMISSION.update },
    returns: 'true',
    input: idInput,
    async handler(call) {
      const { course } = await managedCourse(call, call.input.id);
      await call.ctx.db.updateTable('trainClassCourses').set({ isDeleted: true, lastModificationTime: new Date() }).where('id', '=', course.id).execute();
      return true;
    },
  }),

  Get: action<{ id: number }>({
    method: 'GET',
    summary: '培训班课程详情（管理）',
    access: { permission: TRAIN_PERMISSION.read },
    returns: COURSE,
    input: idInput,
    async handler(call) {
      const { course, cls } = await managedCourse(call, call.input.id);
      return (await courseDtos(call.ctx.db, cls.id, [course], null))[0];
    },
  }),

  CourseList: action<{ trainClassId: number }>({
    method: 'GET',
    summary: '培训班的课程（扩展）：组织者或已通过的学员可读；学员另有本人是否签到',
    access: 'self',
    returns: `{items: ${COURSE}[]}`,
    input: objectInput({ trainClassId: classIdProp }, ['trainClassId']),
    async handler(call): Promise<{ items: ClassCourse<Date>[] }> {
      const { cls, student } = await courseReader(call, call.input.trainClassId);
      const rows = await classCourses(call.ctx.db, cls.id);
      return { items: await courseDtos(call.ctx.db, cls.id, rows, student ? call.user.userId : null) };
    },
  }),

  SetCourseResource: action<{ trainClassCourseId: number; resourceList: number[]; resourceType?: number | null }>({
    method: 'POST',
    summary: '设置课程的学习资源：培训班所属组织或其上级组织发布、已启用的资源库资源。给出资源类型时只替换该类型的资源，否则替换全部',
    access: { permission: TRAIN_PERMISSION.update },
    returns: 'true',
    repeatSubmit: false,
    input: objectInput(
      {
        trainClassCourseId: courseIdProp,
        resourceList: { type: 'array', maxItems: 50, items: { type: 'integer', minimum: 1, title: '学习资源' }, title: '学习资源', 'x-required-message': SIGN_MSG.resourceRequired },
        resourceType: { type: ['integer', 'null'], enum: [1, 2, 3, 4, 5, 6, 7, null], title: '资源类型' },
      },
      ['trainClassCourseId', 'resourceList'],
    ),
    async handler(call) {
      const { ctx, input } = call;
      const { course, cls } = await managedCourse(call, input.trainClassCourseId);
      const ids = [...new Set(input.resourceList)];
      if (!ids.length) throw invalid([{ message: SIGN_MSG.resourceRequired, members: ['resourceList'] }]);
      const ok = await usableResources(ctx.db, cls.organPath, ids);
      if (ok.length !== ids.length) throw invalid([{ message: SIGN_MSG.resourceOutOfReach, members: ['resourceList'] }]);
      const type = input.resourceType ?? null;
      if (type && ok.some((r) => r.resourceType !== type)) throw invalid([{ message: SIGN_MSG.resourceType, members: ['resourceList'] }]);
      await ctx.db.transaction().execute(async (trx) => {
        let del = trx.deleteFrom('trainClassCourseResources').where('courseId', '=', course.id);
        if (type) del = del.where('resourceId', 'in', trx.selectFrom('resources').select('id').where('resourceType', '=', type));
        await del.execute();
        const kept = await trx.selectFrom('trainClassCourseResources').select(['resourceId', 'sort']).where('courseId', '=', course.id).execute();
        const base = kept.reduce((m, k) => Math.max(m, k.sort + 1), 0);
        const fresh = ids.filter((id) => !kept.some((k) => k.resourceId === id));
        if (fresh.length) await trx.insertInto('trainClassCourseResources').values(fresh.map((resourceId, i) => ({ courseId: course.id, resourceId, sort: base + i }))).execute();
      });
      return true;
    },
  }),

  DeleteCourseResource: action<{ trainClassCourseId: number; resourceId: number }>({
    method: 'DELETE',
    summary: '移除课程的一个学习资源',
    access: { permission: TRAIN_PERMISSION.update },
    returns: 'true',
    input: objectInput({ trainClassCourseId: courseIdProp, resourceId: { type: 'integer', minimum: 1, title: '学习资源' } }, ['trainClassCourseId', 'resourceId']),
    async handler(call) {
      const { course } = await managedCourse(call, call.input.trainClassCourseId);
      const hit = await call.ctx.db.deleteFrom('trainClassCourseResources').where('courseId', '=', course.id).where('resourceId', '=', call.input.resourceId).returning('resourceId').executeTakeFirst();
      if (!hit) throw notFound(SIGN_MSG.resourceNotLinked);
      return true;
    },
  }),

  GetCourseResource: action<{ trainClassCourseId: number }>({
    method: 'GET',
    summary: '课程的学习资源及本人学习进度（组织者或已通过的学员）；在普通播放页学习，由学习上报记学时',
    access: 'self',
    returns: `{items: ${RESOURCE}[]}`,
    input: objectInput({ trainClassCourseId: courseIdProp }, ['trainClassCourseId']),
    async handler(call) {
      const course = await courseOf(call.ctx.db, call.input.trainClassCourseId);
      await courseReader(call, course.trainClassId);
      return { items: await courseResources(call.ctx.db, course.id, call.user.userId) };
    },
  }),

  SignCode: action<{ id: number; refresh?: boolean }>({
    method: 'POST',
    summary: '课程签到码（扩展，组织者）：六位数字，签到时间为开课前 30 分钟至结课；refresh 更换签到码（旧签到码与旧二维码立即失效）；二维码打开 signUrl（带签名令牌，签到结束时失效）',
    access: { permission: TRAIN_PERMISSION.update },
    returns: '{code, validFrom, validTo, signUrl}',
    input: objectInput({ id: courseIdProp, refresh: { type: ['boolean', 'null'], title: '重新生成' } }, ['id']),
    async handler(call) {
      const { course, cls } = await managedCourse(call, call.input.id);
      let code = course.signCode;
      if (!code || call.input.refresh) {
        code = newSignInCode();
        await call.ctx.db.updateTable('trainClassCourses').set({ signCode: code, signCodeTime: call.ctx.now() }).where('id', '=', course.id).execute();
      }
      const window = signWindow(course);
      const token = signInToken(call.ctx, { ...courseEvent(course), code }, window?.to ?? null);
      return { code, validFrom: window?.from ?? null, validTo: window?.to ?? null, signUrl: signUrl(cls.id, course.id, token) };
    },
  }),

  Signin: action<{ courseId: number; code?: string | null; token?: string | null }>({
    method: 'POST',
    summary: '课程签到（已通过的学员）：开课前 30 分钟至结课之间，输入签到码或扫描签到二维码（token）；签到码错误次数有限制',
    access: 'self',
    returns: '{signTime}',
    repeatSubmit: false,
    input: objectInput(
      {
        courseId: courseIdProp,
        code: { type: ['string', 'null'], maxLength: 10, title: '签到码', 'x-required-message': '请输入签到码' },
        token: { type: ['string', 'null'], maxLength: 1000, title: '签到二维码' },
      },
      ['courseId'],
    ),
    async handler(call) {
      const { ctx, input, user } = call;
      const course = await courseOf(ctx.db, input.courseId);
      const cls = await studentClass(call, course.trainClassId);
      const done = await ctx.db.selectFrom('trainClassSignins').select('signTime').where('courseId', '=', course.id).where('userId', '=', user.userId).executeTakeFirst();
      if (done) throw badRequest(SIGN_MSG.signed);
      const window = signWindow(course);
      const now = ctx.now();
      if (!window || now < window.from || now > window.to) throw badRequest(SIGN_MSG.outOfWindow);
      await checkSignIn(ctx, courseEvent(course), user.userId, { code: input.code, token: input.token });
      // the key (course, user) decides a double submit
      const row = await ctx.db
        .insertInto('trainClassSignins')
        .values({ courseId: course.id, userId: user.userId, trainClassId: cls.id, signTime: now, signedByUserId: null })
        .onConflict((oc) => oc.columns(['courseId', 'userId']).doNothing())
        .returning('signTime')
        .executeTakeFirst();
      if (!row) throw badRequest(SIGN_MSG.signed);
      return { signTime: row.signTime };
    },
  }),

  StudiedPageList: action<PagingInput & { courseId: number; signed?: boolean; name?: string }>({
    method: 'GET',
    summary: '课程考勤（组织者）：已通过的学员（本组织及下级组织的），签到时间与本课程资源的学时',
    access: { permission: TRAIN_PERMISSION.read },
    returns: '{totalCount, items: {userId, name, organName, signTime, signedBy, studyPeriod, finished}[]}',
    input: pagedInput({ courseId: courseIdProp, signed: { type: 'boolean', title: '是否签到' }, name: { type: 'string', maxLength: 50, title: '姓名' } }, ['courseId']),
    async handler(call) {
      const { ctx, input } = call;
      const { course, cls } = await managedCourse(call, input.courseId);
      let q = ctx.db
        .selectFrom('trainClassStudents as st')
        .leftJoin('organizations as o', 'o.id', 'st.organId')
        .leftJoin('trainClassSignins as s', (j) => j.onRef('s.userId', '=', 'st.userId').on('s.courseId', '=', course.id))
        .leftJoin('users as sb', 'sb.id', 's.signedByUserId')
        .select(['st.id', 'st.userId', 'st.memberName as name', 'o.organName', 's.signTime', 'sb.name as signedBy'])
        .where('st.trainClassId', '=', cls.id)
        .where('st.status', '=', STUDENT_STATUS.approved)
        .where(withinScope(call, 'st.organPath'));
      if (input.signed === true) q = q.where('s.signTime', 'is not', null);
      if (input.signed === false) q = q.where('s.signTime', 'is', null);
      if (input.name?.trim()) q = q.where('st.memberName', 'like', containsPattern(input.name));
      const page = await pageQuery<{ id: number; userId: number; name: string; organName: string | null; signTime: Date | null; signedBy: string | null }>(q, input, (x) =>
        x.orderBy(sql`s.sign_time is null`).orderBy('s.signTime', 'asc').orderBy('st.id', 'asc'),
      );
      const study = await courseStudy(ctx.db, course.id, page.items.map((p) => p.userId));
      return { totalCount: page.totalCount, items: page.items.map(({ id: _id, ...p }) => ({ ...p, ...study.get(p.userId)! })) };
    },
  }),
};

/** TrainClassService actions of this part: notes (both kinds of class) and training records. */
export const classCourseActions: Record<string, ActionDef> = {
  ...noteActions,

  TrainRecordPageList: action<PagingInput & { userId?: number | null }>({
    method: 'GET',
    summary: '培训记录：党员已通过的培训班，课程数、已签到数与学时（已签到课程的学时之和）；管理员可查本组织及下级组织的党员',
    access: 'self',
    returns: '{totalCount, items: {trainClassId, className, createOrganName, startTime, endTime, courseCount, signedCount, period, state, statusText}[]}',
    input: objectInput({ ...pagingProps, userId: { type: ['integer', 'null'], minimum: 1, title: '党员' } }),
    async handler(call) {
      const { ctx, input, user } = call;
      let userId = user.userId;
      if (input.userId && input.userId !== user.userId) {
        // an administrator's member: his managed subtree holds the member's organisation
        const m = user.isDefaultRole ? undefined : await ctx.db.selectFrom('partyMembers').select('organPath').where('userId', '=', input.userId).where('isDeleted', '=', false).executeTakeFirst();
        if (!m || !isInSubtree(m.organPath, actingOrgan(user).path)) throw notFound(SIGN_MSG.memberNotFound);
        userId = input.userId;
      }
      const q = ctx.db
        .selectFrom('trainClassStudents as st')
        .innerJoin('trainClasses as t', 't.id', 'st.trainClassId')
        .innerJoin('organizations as o', 'o.id', 't.organId')
        .select(['t.id', 't.name', 'o.organName', 't.status', 't.applyStartTime', 't.applyEndTime', 't.startTime', 't.endTime'])
        .where('st.userId', '=', userId)
        .where('st.status', '=', STUDENT_STATUS.approved)
        .where('t.classType', '=', CLASS_TYPE)
        .where('t.isDeleted', '=', false);
      const page = await pageQuery<{ id: number; name: string; organName: string; status: number; applyStartTime: Date | null; applyEndTime: Date | null; startTime: Date | null; endTime: Date | null }>(q, input, (x) =>
        x.orderBy('t.startTime', 'desc').orderBy('t.id', 'desc'),
      );
      const ids = page.items.map((c) => c.id);
      const [courses, signed] = ids.length
        ? await Promise.all([
            ctx.db.selectFrom('trainClassCourses').select(['trainClassId', sql<number>`count(*)::int`.as('n')]).where('trainClassId', 'in', ids).where('isDeleted', '=', false).groupBy('trainClassId').execute(),
            ctx.db
              .selectFrom('trainClassSignins as s')
              .innerJoin('trainClassCourses as c', 'c.id', 's.courseId')
              .select(['s.trainClassId', sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(c.period), 0)`.as('period')])
              .where('s.userId', '=', userId)
              .where('s.trainClassId', 'in', ids)
              .where('c.isDeleted', '=', false)
              .groupBy('s.trainClassId')
              .execute(),
          ])
        : [[], []];
      const now = ctx.now();
      return {
        totalCount: page.totalCount,
        items: page.items.map((c) => {
          const s = signed.find((x) => x.trainClassId === c.id);
          const state = classState(c, now);
          return {
            trainClassId: c.id, className: c.name, createOrganName: c.organName, startTime: c.startTime, endTime: c.endTime,
            courseCount: Number(courses.find((x) => x.trainClassId === c.id)?.n ?? 0),
            signedCount: Number(s?.n ?? 0),
            period: Math.round(Number(s?.period ?? 0) * 10) / 10,
            state, statusText: CLASS_STATE_LABEL[state],
          };
        }),
      };
    },
  }),
};

