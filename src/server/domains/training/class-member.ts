import type { Database } from '../../db/database';
import { action, type ActionDef, type Call } from '../../http/actions';
import { badRequest, notFound } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { containsPattern } from '../../services/query-helpers';
import { STUDENT_STATUS, STUDENT_STATUS_LABEL, TRAIN_MSG, classState, classes, memberOrganId, memberPath, studentRow, type ClassRow } from './classes';
import { freeFor } from './places';
import { ENROL_MSG, HOLDS_PLACE, inScope, inScopeOf, lockClass, readPlaces, readPlacesOf, requirePlaces, scopeHolds } from './enrol';
import { classCounts, classItem } from './class-common';
import type { MemberClass, MemberClassDetail } from '../../../contract/training';

/** Members' classes: those open to them (published, their organisation in the scope), applying, and their own. */

/** What a member sees of a class: the class, his place in it, and whether he may apply now. */
async function memberItems(call: Call<unknown>, rows: ClassRow[]): Promise<MemberClass<Date>[]> {
  const { db } = call.ctx;
  const now = call.ctx.now();
  const ids = rows.map((r) => r.id);
  const counts = await classCounts(db, ids);
  const mine = ids.length ? await db.selectFrom('trainClassStudents').select(['trainClassId', 'status']).where('userId', '=', call.user.userId).where('trainClassId', 'in', ids).execute() : [];
  const path = memberPath(call.user);
  // one query each for the page, not per class
  const [scoped, places] = await Promise.all([inScopeOf(db, ids, path), readPlacesOf(db, rows)]);
  const out = [];
  for (const r of rows) {
    const st = mine.find((m) => m.trainClassId === r.id)?.status ?? null;
    const item = classItem(r, now);
    const canApply = item.state === 2 && (st === null || st === STUDENT_STATUS.rejected) && scoped.has(r.id) && freeFor(path, places.get(r.id)!) >= 1;
    out.push({ ...item, trainNumbers: r.trainNumbers, studentCount: counts.get(r.id)!.studentCount, studentStatus: st, studentStatusText: st === null ? null : STUDENT_STATUS_LABEL[st], canApply });
  }
  return out;
}

const published = (db: Database) => classes(db).where('t.status', '=', 1);

export const classMemberActions: Record<string, ActionDef> = {
  Apply: action<{ classId: number }>({
    method: 'POST',
    summary: '报名培训班（党员）：报名时间内、培训范围内；占用名额（所在组织分到的名额或班级剩余名额），需审核的待审核',
    access: 'self',
    returns: '{id, status}',
    // a second click is answered by the lock and 您已报名 — clearer than the generic repeat guard
    repeatSubmit: false,
    input: objectInput({ classId: { type: 'integer', minimum: 1, title: '培训班', 'x-required-message': '请选择培训班' } }, ['classId']),
    async handler(call) {
      const { ctx, input, user } = call;
      const c = await published(ctx.db).where('t.id', '=', input.classId).executeTakeFirst();
      const path = memberPath(user);
      if (!c || !(await inScope(ctx.db, c.id, path))) throw notFound(TRAIN_MSG.notFound);
      const state = classState(c, ctx.now());
      if (state < 2) throw badRequest(ENROL_MSG.notStarted);
      if (state > 2) throw badRequest(ENROL_MSG.closed);
      const status = c.needAudit ? STUDENT_STATUS.pending : STUDENT_STATUS.approved;
      const id = await ctx.db.transaction().execute(async (trx) => {
        await lockClass(trx, c.id);
        const mine = await trx.selectFrom('trainClassStudents').select(['id', 'status']).where('trainClassId', '=', c.id).where('userId', '=', user.userId).executeTakeFirst();
        if (mine && HOLDS_PLACE.includes(mine.status as 0 | 1)) throw badRequest(ENROL_MSG.already);
        if (mine?.status === STUDENT_STATUS.removed) throw badRequest(ENROL_MSG.removed);
        requirePlaces(await readPlaces(trx, c.id, c.trainNumbers), [path]);
        const row = await trx
          .insertInto('trainClassStudents')
          .values({ trainClassId: c.id, userId: user.userId, memberName: user.name, organId: memberOrganId(user), organPath: path, status, source: 1, creationTime: ctx.now() })
          .onConflict((oc) => oc.columns(['trainClassId', 'userId']).doUpdateSet({ status, source: 1, organId: memberOrganId(user), organPath: path, auditRemark: null, auditTime: null, auditorUserId: null, creationTime: ctx.now() }))
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return { id, status };
    },
  }),

  ClassMineList: action<PagingInput & { name?: string }>({
    method: 'GET',
    summary: '可报名的培训班（党员）：已发布、培训范围包含本人组织的培训班（集中轮训批次除外），含本人的报名状态',
    access: 'self',
    returns: '{totalCount, items: 党员端培训班}',
    input: pagedInput({ name: { type: 'string', maxLength: 100, title: '名称' } }),
    async handler(call) {
      const { ctx, input } = call;
      let q = published(ctx.db).where('t.cenTrainId', 'is', null).where(scopeHolds(memberPath(call.user)));
      if (input.name?.trim()) q = q.where('t.name', 'like', containsPattern(input.name));
      const page = await pageQuery<ClassRow>(q, input, (x) => x.orderBy('t.applyEndTime', 'desc').orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: await memberItems(call, page.items) };
    },
  }),

  MyClassPageList: action<PagingInput>({
    method: 'GET',
    summary: '我的培训班（党员）：已报名（待审核、已通过、未通过）的培训班与集中轮训批次',
    access: 'self',
    returns: '{totalCount, items: 党员端培训班}',
    input: pagedInput(),
    async handler(call) {
      const { ctx, input } = call;
      const q = published(ctx.db).where((eb) =>
        eb.exists(eb.selectFrom('trainClassStudents as s').select('s.id').whereRef('s.trainClassId', '=', 't.id').where('s.userId', '=', call.user.userId).where('s.status', 'in', [0, 1, 2])),
      );
      const page = await pageQuery<ClassRow>(q, input, (x) => x.orderBy('t.startTime', 'desc').orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: await memberItems(call, page.items) };
    },
  }),

  GetMyClass: action<{ id: number }>({
    method: 'GET',
    summary: '培训班（党员，扩展）：培训范围内或本人已报名的已发布培训班，含简介、地点与本人状态',
    access: 'self',
    returns: '党员端培训班 & {introduction, address, teachingObjects}',
    input: idInput,
    async handler(call): Promise<MemberClassDetail<Date>> {
      const { ctx } = call;
      const c = await published(ctx.db).where('t.id', '=', call.input.id).executeTakeFirst();
      if (!c) throw notFound(TRAIN_MSG.notFound);
      const mine = await studentRow(ctx.db, c.id, call.user.userId);
      if (!mine && !(await inScope(ctx.db, c.id, memberPath(call.user)))) throw notFound(TRAIN_MSG.notFound);
      const [item] = await memberItems(call, [c]);
      return { ...item, introduction: c.introduction, address: c.address, teachingObjects: c.teachingObjects };
    },
  }),
};
