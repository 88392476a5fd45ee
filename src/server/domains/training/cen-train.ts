import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { action, type ActionDef, type Call } from '../../http/actions';
import { badRequest, invalid, notFound } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { isInSubtree, subtreeRange, actingOrgan, withinScope } from '../../scope';
import { CLASS_STATE_LABEL, CLASS_TYPE, STUDENT_STATUS } from './classes';
import { containsPattern } from '../../services/query-helpers';
import { syncBatch } from './rotation';
import { CEN_MSG, checked, programmeInput, programmeUpdateInput, type Checked, type ProgrammeInput } from './cen-train-input';
import type { PagedResult } from '../../../contract/types';
import type { MyCenTrain } from '../../../contract/training';

export { CEN_MSG } from './cen-train-input';

/**
 * 集中轮训 (centralised rotation training): a programme (`cen_trains`) of the caller's
 * managed organisation with batches. Each batch is a published class (class_type 1, `cen_train_id`)
 * whose scope is the organisations assigned to it and whose students are their members, assigned
 * (source 3, approved) when the programme is saved — so courses, sign-in, notes and minds work on a
 * batch as on every class. An organisation belongs to one batch of a programme at most, subtrees
 * included, so a member studies in one batch of it.
 */
export const CEN_PERMISSION = {
  read: 'Pages.CentralTraining',
  create: 'Pages.CentralTraining.Create',
  update: 'Pages.CentralTraining.Update',
  delete: 'Pages.CentralTraining.Delete',
} as const;

const PROGRAMME =
  '集中轮训 {id, name, year, coverPhoto, introduction, startTime, endTime, organId, createOrganName, batchCount, studentCount, batches: [{id (培训班编号), className, startTime, endTime, address, organs: [{organId, organName}], organIds, organNames, studentCount, signedCount, state, statusText}]}';
const MY_ITEM = '{id, name, year, coverPhoto, startTime, endTime, createOrganName, batch: {id (培训班编号), className, startTime, endTime, address, state, statusText}}';

const programmes = (db: Database) =>
  db
    .selectFrom('cenTrains as c')
    .innerJoin('organizations as o', 'o.id', 'c.organId')
    .select(['c.id', 'c.name', 'c.year', 'c.coverPhoto', 'c.introduction', 'c.startTime', 'c.endTime', 'c.organId', 'o.organName as createOrganName', 'c.organPath', 'c.creationTime'])
    .where('c.isDeleted', '=', false);
type ProgrammeRow = Awaited<ReturnType<ReturnType<typeof programmes>['executeTakeFirstOrThrow']>>;

/** A programme of the caller's managed subtree; beyond it, exactly as a missing one. */
async function managedProgramme(call: Call<unknown>, id: number): Promise<ProgrammeRow> {
  const row = await programmes(call.ctx.db).where('c.id', '=', id).executeTakeFirst();
  if (!row || !isInSubtree(row.organPath, actingOrgan(call.user).path)) throw notFound(CEN_MSG.notFound);
  return row;
}

const batchRows = (db: Database, programmeIds: number[]) =>
  db
    .selectFrom('trainClasses')
    .select(['id', 'cenTrainId', 'name', 'startTime', 'endTime', 'address'])
    .where('cenTrainId', 'in', programmeIds)
    .where('classType', '=', CLASS_TYPE)
    .where('isDeleted', '=', false)
    .orderBy('startTime')
    .orderBy('id')
    .execute();

/** A batch has no application window: 待开班 before it starts, then 进行中, then 已结束 (codes of CLASS_STATE_LABEL). */
export const batchState = (b: { startTime: Date | null; endTime: Date | null }, now: Date) => (b.endTime && now > b.endTime ? 5 : b.startTime && now >= b.startTime ? 4 : 3);

/** Approved students and signed-in students of each class (two grouped queries however many batches). */
async function batchCounts(db: Database, classIds: number[]) {
  const out = new Map<number, { studentCount: number; signedCount: number }>(classIds.map((id) => [id, { studentCount: 0, signedCount: 0 }]));
  if (!classIds.length) return out;
  const students = await db
    .selectFrom('trainClassStudents')
    .select(['trainClassId', sql<number>`count(*)::int`.as('n')])
    .where('trainClassId', 'in', classIds)
    .where('status', '=', STUDENT_STATUS.approved)
    .groupBy('trainClassId')
    .execute();
  for (const r of students) out.get(r.trainClassId)!.studentCount = Number(r.n);
  const signed = await db
    .selectFrom('trainClassSignins')
    .select(['trainClassId', sql<number>`count(distinct user_id)::int`.as('n')])
    .where('trainClassId', 'in', classIds)
    .groupBy('trainClassId')
    .execute();
  for (const r of signed) out.get(r.trainClassId)!.signedCount = Number(r.n);
  return out;
}

/** Programmes with their batches, organisations and counts (a fixed number of queries for a page). */
async function toProgrammes(call: Call<unknown>, rows: ProgrammeRow[]) {
  const { db } = call.ctx;
  const ids = rows.map((r) => r.id);
  const batches = ids.length ? await batchRows(db, ids) : [];
  const classIds = batches.map((b) => b.id);
  const [counts, scopes] = await Promise.all([
    batchCounts(db, classIds),
    classIds.length
      ? db.selectFrom('trainClassScopes as s').innerJoin('organizations as o', 'o.id', 's.organId').select(['s.trainClassId', 's.organId', 'o.organName']).where('s.trainClassId', 'in', classIds).where('s.excluded', '=', false).orderBy('s.organId').execute()
      : [],
  ]);
  const now = call.ctx.now();
  return rows.map(({ organPath: _p, ...r }) => {
    const mine = batches
      .filter((b) => b.cenTrainId === r.id)
      .map((b) => {
        const organs = scopes.filter((s) => s.trainClassId === b.id).map((s) => ({ organId: s.organId, organName: s.organName }));
        const state = batchState(b, now);
        return {
          id: b.id, className: b.name, startTime: b.startTime, endTime: b.endTime, address: b.address,
          organs, organIds: organs.map((o) => o.organId), organNames: organs.map((o) => o.organName).join('、'),
          ...counts.get(b.id)!, state, statusText: CLASS_STATE_LABEL[state],
        };
      });
    return { ...r, batchCount: mine.length, studentCount: mine.reduce((s, b) => s + b.studentCount, 0), batches: mine };
  });
}

/** The programme's batches written as the input says, in the caller's transaction. */
async function writeBatches(trx: Database, call: Call<unknown>, programme: { id: number; organId: number; organPath: string }, data: Checked) {
  const existing = await batchRows(trx, [programme.id]);
  const kept = new Set(data.batches.map((b) => b.id).filter((x): x is number => !!x));
  const unknown = [...kept].find((id) => !existing.some((e) => e.id === id));
  if (unknown) throw invalid([{ message: CEN_MSG.batchNotFound, members: [`batches[${data.batches.findIndex((b) => b.id === unknown)}].id`] }]);
  const removed = existing.filter((e) => !kept.has(e.id));
  if (removed.length) {
    const signed = await trx.selectFrom('trainClassSignins').select('trainClassId').where('trainClassId', 'in', removed.map((r) => r.id)).limit(1).executeTakeFirst();
    if (signed) throw badRequest(CEN_MSG.batchSigned(removed.find((r) => r.id === signed.trainClassId)!.name));
    await trx.updateTable('trainClasses').set({ isDeleted: true, lastModificationTime: new Date() }).where('id', 'in', removed.map((r) => r.id)).execute();
  }
  // removed batches first: an organisation moved out of one may go into another
  for (const b of data.batches) {
    const fields = { name: b.className, startTime: b.startTime, endTime: b.endTime, address: b.address, coverPhoto: data.coverPhoto, introduction: data.introduction, lastModificationTime: new Date() };
    let classId = b.id;
    if (classId) await trx.updateTable('trainClasses').set(fields).where('id', '=', classId).execute();
    else {
      classId = (
        await trx
          .insertInto('trainClasses')
          .values({
            ...fields, lastModificationTime: null, classType: CLASS_TYPE, cenTrainId: programme.id, organId: programme.organId, organPath: programme.organPath,
            status: 1, needAudit: false, trainNumbers: 0, creatorUserId: call.user.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    await syncBatch(trx, classId, b.organs, call.user.userId);
  }
}

/** Levels below the caller's organisation that a batch may name (cities and districts for a province). */
export const ORGAN_OPTION_DEPTH = 2;
const ORGAN_OPTION_MAX = 3000;
const depthOf = (path: string) => path.split('/').filter(Boolean).length;


/** TrainClassService's rotation-programme actions. */
export const cenTrainActions: Record<string, ActionDef> = {
  CreateCenTrain: action<ProgrammeInput>({
    method: 'POST',
    summary: '新建集中轮训（属于当前管理组织）：批次即培训班，参训组织下的党员直接成为学员',
    access: { permission: CEN_PERMISSION.create },
    returns: '{id}',
    input: programmeInput,
    async handler(call) {
      const data = await checked(call, call.input);
      const organ = actingOrgan(call.user);
      const id = await call.ctx.db.transaction().execute(async (trx) => {
        const made = await trx
          .insertInto('cenTrains')
          .values({ name: data.name, year: data.year, coverPhoto: data.coverPhoto, introduction: data.introduction, startTime: data.startTime, endTime: data.endTime, organId: organ.id, organPath: organ.path, creatorUserId: call.user.userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        // new batches only: ids sent with a new programme name nothing of it
        await writeBatches(trx, call, { id: made.id, organId: organ.id, organPath: organ.path }, { ...data, batches: data.batches.map((b) => ({ ...b, id: null })) });
        return made.id;
      });
      return { id };
    },
  }),

  UpdateCenTrain: action<ProgrammeInput & { id: number }>({
    method: 'PUT',
    summary: '修改集中轮训：新批次创建，移除的批次删除（已有签到的不能删除），参训组织变化时学员随之调整',
    access: { permission: CEN_PERMISSION.update },
    returns: '{id}',
    input: programmeUpdateInput,
    async handler(call) {
      const row = await managedProgramme(call, call.input.id);
      const data = await checked(call, call.input);
      await call.ctx.db.transaction().execute(async (trx) => {
        // two saves of one programme at once would race on its batches' scopes
        await trx.selectFrom('cenTrains').select('id').where('id', '=', row.id).forUpdate().execute();
        await trx
          .updateTable('cenTrains')
          .set({ name: data.name, year: data.year, coverPhoto: data.coverPhoto, introduction: data.introduction, startTime: data.startTime, endTime: data.endTime, lastModificationTime: new Date() })
          .where('id', '=', row.id)
          .execute();
        await writeBatches(trx, call, row, data);
      });
      return { id: row.id };
    },
  }),

  DeleteCenTrain: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除集中轮训（扩展）：连同其批次；已有签到记录的不能删除',
    access: { permission: CEN_PERMISSION.delete },
    returns: 'null',
    input: idInput,
    async handler(call) {
      const row = await managedProgramme(call, call.input.id);
      await call.ctx.db.transaction().execute(async (trx) => {
        const ids = (await batchRows(trx, [row.id])).map((b) => b.id);
        if (ids.length && (await trx.selectFrom('trainClassSignins').select('trainClassId').where('trainClassId', 'in', ids).limit(1).executeTakeFirst())) throw badRequest(CEN_MSG.programmeSigned);
        if (ids.length) await trx.updateTable('trainClasses').set({ isDeleted: true, lastModificationTime: new Date() }).where('id', 'in', ids).execute();
        await trx.updateTable('cenTrains').set({ isDeleted: true, lastModificationTime: new Date() }).where('id', '=', row.id).execute();
      });
      return null;
    },
  }),

  GetCenTrainById: action<{ id: number }>({
    method: 'GET',
    summary: '集中轮训详情：批次、参训组织、学员与签到人数',
    access: { permission: CEN_PERMISSION.read },
    returns: PROGRAMME,
    input: idInput,
    async handler(call) {
      const row = await managedProgramme(call, call.input.id);
      return (await toProgrammes(call, [row]))[0];
    },
  }),

  CenTrainBatchList: action<{ id: number }>({
    method: 'GET',
    summary: '集中轮训的批次（扩展，详情下方的列表）',
    access: { permission: CEN_PERMISSION.read },
    returns: '{totalCount, items: batch[]}',
    input: idInput,
    async handler(call) {
      const row = await managedProgramme(call, call.input.id);
      const items = (await toProgrammes(call, [row]))[0].batches;
      return { totalCount: items.length, items };
    },
  }),

  CenTrainOrganOptions: action<Record<string, never>>({
    method: 'GET',
    summary: '批次可选的参训组织（扩展）：当前管理组织及其下两级组织，树形',
    access: { permission: CEN_PERMISSION.read },
    returns: '{id, organName, children}[]',
    input: objectInput({}),
    async handler(call) {
      const organ = actingOrgan(call.user);
      // a whole province's tree is 200 000 organisations: batches name the levels that rotation training is organised by
      const maxDepth = depthOf(organ.path) + ORGAN_OPTION_DEPTH;
      const rows = await call.ctx.db
        .selectFrom('organizations')
        .select(['id', 'parentId', 'organName', 'organPath'])
        .where(subtreeRange('organPath', organ.path))
        .where('isDeleted', '=', false)
        .where(sql<boolean>`length(organ_path) - length(replace(organ_path, '/', '')) <= ${maxDepth + 1}`)
        .orderBy(sql`organ_path collate "C"`)
        .limit(ORGAN_OPTION_MAX)
        .execute();
      type Node = { id: number; organName: string; children?: Node[] };
      const nodes = new Map<number, Node>(rows.map((r) => [r.id, { id: r.id, organName: r.organName }]));
      const roots: Node[] = [];
      for (const r of rows) {
        const parent = r.parentId != null && r.organPath !== organ.path ? nodes.get(r.parentId) : undefined;
        if (parent) (parent.children ??= []).push(nodes.get(r.id)!);
        else if (r.organPath === organ.path) roots.push(nodes.get(r.id)!);
      }
      return roots;
    },
  }),

  CenTrainPageList: action<PagingInput & { name?: string; year?: number }>({
    method: 'GET',
    summary: '集中轮训列表：本组织及下级组织的轮训，新的在前',
    access: { permission: CEN_PERMISSION.read },
    returns: `{totalCount, items: ${PROGRAMME}[]}`,
    input: pagedInput({ name: { type: 'string', maxLength: 100, title: '轮训名称' }, year: { type: 'integer', minimum: 2000, maximum: 2100, title: '年度' } }),
    async handler(call) {
      const { input } = call;
      let q = programmes(call.ctx.db).where(withinScope(call, 'c.organPath'));
      if (input.name?.trim()) q = q.where('c.name', 'like', containsPattern(input.name));
      if (input.year) q = q.where('c.year', '=', input.year);
      const page = await pageQuery<ProgrammeRow>(q, input, (x) => x.orderBy('c.startTime', 'desc').orderBy('c.id', 'desc'));
      return { totalCount: page.totalCount, items: await toProgrammes(call, page.items) };
    },
  }),

  MyCenTrainPageList: action<PagingInput>({
    method: 'GET',
    summary: '我的集中轮训（党员）：本人为学员的批次所在的轮训，及本人的批次',
    access: 'self',
    returns: `{totalCount, items: ${MY_ITEM}[]}`,
    input: pagedInput(),
    async handler(call): Promise<PagedResult<MyCenTrain<Date>>> {
      const q = call.ctx.db
        .selectFrom('trainClassStudents as s')
        .innerJoin('trainClasses as t', 't.id', 's.trainClassId')
        .innerJoin('cenTrains as c', 'c.id', 't.cenTrainId')
        .innerJoin('organizations as o', 'o.id', 'c.organId')
        .select([
          'c.id', 'c.name', 'c.year', 'c.coverPhoto', 'c.startTime', 'c.endTime', 'o.organName as createOrganName',
          't.id as batchId', 't.name as className', 't.startTime as batchStart', 't.endTime as batchEnd', 't.address',
        ])
        .where('s.userId', '=', call.user.userId)
        .where('s.status', '=', STUDENT_STATUS.approved)
        .where('t.isDeleted', '=', false)
        .where('t.classType', '=', CLASS_TYPE)
        .where('c.isDeleted', '=', false);
      const page = await pageQuery(q, call.input, (x) => x.orderBy('c.startTime', 'desc').orderBy('c.id', 'desc'));
      const now = call.ctx.now();
      return {
        totalCount: page.totalCount,
        items: page.items.map((r) => {
          const state = batchState({ startTime: r.batchStart, endTime: r.batchEnd }, now);
          return {
            id: r.id, name: r.name, year: r.year, coverPhoto: r.coverPhoto, startTime: r.startTime, endTime: r.endTime, createOrganName: r.createOrganName,
            batch: { id: r.batchId, className: r.className, startTime: r.batchStart, endTime: r.batchEnd, address: r.address, state, statusText: CLASS_STATE_LABEL[state] },
          };
        }),
      };
    },
  }),
};
