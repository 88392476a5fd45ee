import { sql } from 'kysely';
import { action, type ActionDef, type Call } from '../http/actions';
import { badRequest, forbidden, notFound } from '../http/errors';
import { idInput, objectInput, pagingProps } from '../http/paging';
import { subtreePattern, actingOrgan, requireApproved } from '../scope';
import type { Executor } from '../workflow/types';
import { decideReport, submitReport } from '../workflow/upward-reports';
import { historyOf } from '../workflow/history';
import { notifyStateChange } from '../workflow/notify';
import { runCheck } from './checks';
import { hasPassed, timeStatusWhere } from './time-status';
import { assertUnique } from './unique';
import { platformDay } from '../platform-day';
import { addToDay } from '../../contract/platform-time';
import { applyScope, baseQuery, cleanBody, loadRecord, RECORD_NOT_FOUND, recordColumns, toDto, type RecordRow } from './store';
import {
  applyFilters, assertOnlyFields, bodySchema, filterProps, idProp, loadInScope, loadWithFacts, ownOrganRecord, pageOf, recordDto, remarkProp, revealSensitive,
  requiredRemarkProp, scopeOf, scopeOptions, workflowOf, type OpContext,
} from './op-kit';
import { actionableWhere, historyTitles, WORKFLOW_OPERATIONS } from './ops/workflow';
import { PARTICIPANT_OPERATIONS } from './ops/participants';
import { CHILD_OPERATIONS } from './ops/children';
import { STATISTICS_OPERATIONS } from './ops/statistics';
import { IMPORT_OPERATIONS } from './ops/import';

/**
 * Generic operations a configured action maps onto. Each builder returns an ordinary ActionDef, so
 * configured services get the same permission check, envelope, validation and OpenAPI entry as
 * hand-written ones. The base operations live here; workflow, participants, child records,
 * statistics and import in ops/.
 */
export type { OpContext } from './op-kit';

const decisionInput = objectInput({ id: idProp, approved: { type: 'boolean', title: '审核结果', 'x-required-message': '请选择审核结果' }, remark: remarkProp }, ['id', 'approved']);

async function copyInto(call: Call<any>, rec: RecordRow, organ: { id: number; path: string; level: number }, remark: string | null, db: Executor = call.ctx.db) {
  const row = await db
    .insertInto('records')
    .values({
      entity: rec.entity, organId: organ.id, organPath: organ.path, organLevel: organ.level, ownerUserId: call.user.userId, auditStatus: null,
      sourceRecordId: rec.sourceRecordId ?? rec.id, selectRemark: remark, data: JSON.stringify(rec.data), creatorUserId: call.user.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type Builder = (o: OpContext) => ActionDef;

/** An input schema that also requires these fields (an action's own `required`). */
function withRequired(input: ReturnType<typeof bodySchema>, required: string[] | undefined) {
  return required?.length ? { ...input, required: [...new Set([...input.required, ...required])] } : input;
}

/** The input of a create: the body, and for a record filed on a member's behalf his user id. */
function createInput(o: OpContext) {
  const input = bodySchema(o.entity, false);
  if (o.config.forOrgan) input.properties = { ...input.properties, organId: { type: ['integer', 'null'], minimum: 1, title: '所在党组织' } };
  if (!o.config.onBehalf) return input;
  return { ...input, properties: { ...input.properties, userId: { type: 'integer', minimum: 1, title: '党员', 'x-required-message': '请选择党员' } }, required: ['userId', ...input.required] };
}

/**
 * The organisation an administrator files a record for (`forOrgan`): an approved one of his managed
 * subtree; another is refused like any target outside it (403), so ids tell nothing beyond it.
 */
async function organTarget(call: Call<any>, organId: number) {
  const o = await call.ctx.db.selectFrom('organizations').select(['id', 'organName', 'organPath', 'organLevel', 'auditStatus']).where('id', '=', organId).where('isDeleted', '=', false).executeTakeFirst();
  call.requireScope(o?.organPath);
  requireApproved(o!);
  return { id: o!.id, path: o!.organPath, level: o!.organLevel };
}

/** The member an administrator files a record for: a registered member of his managed subtree (else as missing). */
async function memberOwner(call: Call<any>, userId: number) {
  const m = await call.ctx.db
    .selectFrom('partyMembers as m')
    .innerJoin('organizations as mo', 'mo.id', 'm.organId')
    .select(['m.userId', 'mo.id', 'mo.organPath', 'mo.organLevel'])
    .where('m.userId', '=', userId)
    .where('m.isDeleted', '=', false)
    .where('m.status', '=', 1)
    .executeTakeFirst();
  if (!m || !m.userId || !call.user.organPath || call.user.isDefaultRole || !m.organPath.startsWith(call.user.organPath)) throw notFound('党员不存在或不在您的管理范围内');
  return { userId: m.userId, organ: { id: m.id, path: m.organPath, level: m.organLevel } };
}

const BASE_OPERATIONS: Record<string, Builder> = {
  create: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: createInput(o), returns: `${o.entity.title}记录`,
      async handler(call) {
        const { userId: forUserId, ...rest } = call.input;
        const { organId: forOrganId, ...body } = o.config.forOrgan ? rest : { ...rest, organId: undefined };
        // a member's application belongs to his own organisation; an administrator's record to the one he manages
        // (or one of its subtree he names), or, filed on a member's behalf, to the member and his organisation
        const owner = o.config.onBehalf
          ? await memberOwner(call, forUserId)
          : { userId: call.user.userId, organ: forOrganId ? await organTarget(call, forOrganId) : actingOrgan(call.user) };
        const { organ } = owner;
        assertOnlyFields(o.entity, body, o.config.fields);
        const cleaned = await cleanBody(call.ctx.db, o.entity, body, { userId: call.user.userId });
        const derived = o.config.check ? await runCheck(o.config.check, { call, entity: o.entity, data: cleaned, owner }) : {};
        const data = { ...cleaned, ...derived, ...(o.config.set ?? {}) };
        const wf = workflowOf(o.entity);
        const once = o.config.once;
        const id = await call.ctx.db.transaction().execute(async (trx) => {
          if (once) {
            // one owner's simultaneous submissions queue here, so only one passes the check
            await sql`select pg_advisory_xact_lock(hashtext(${o.entity.name}), ${owner.userId}::int)`.execute(trx);
            const open = await trx.selectFrom('records').select('id').where('entity', '=', o.entity.name).where('ownerUserId', '=', owner.userId).where('isDeleted', '=', false).where('auditStatus', 'in', once.states).executeTakeFirst();
            if (open) throw badRequest(once.message);
          }
          await assertUnique(trx, o.entity, { parentId: null, ownerUserId: owner.userId, organId: organ.id, data });
          const row = await trx
            .insertInto('records')
            .values({
              entity: o.entity.name, organId: organ.id, organPath: organ.path, organLevel: organ.level, ownerUserId: owner.userId,
              auditStatus: wf ? wf.initial : null, data: JSON.stringify(data), creatorUserId: call.user.userId, creationTime: call.ctx.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (wf) {
            await trx.insertInto('workflowHistory').values({ subjectType: o.entity.name, subjectId: row.id, transition: 'submit', fromState: null, toState: wf.initial, actorUserId: call.user.userId, actorOrganId: call.user.organId ?? organ.id, creationTime: call.ctx.now() }).execute();
            await notifyStateChange(trx, { wf, title: o.entity.title, recordId: row.id, ownerUserId: owner.userId, stepTitle: '提交', to: wf.initial, organId: call.user.organId, organName: call.user.organName });
          }
          return row.id;
        });
        return recordDto(call, o.entity, await loadWithFacts(call, o.entity, id));
      },
    }),

  update: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: withRequired(bodySchema(o.entity, true, o.config.fields), o.config.required), returns: `${o.entity.title}记录`,
      async handler(call) {
        const { id, ...body } = call.input;
        const rec = await loadInScope(call, o, id);
        // a form sending the record back names its own organisation (a forOrgan entity shows organId): no change
        if (body.organId !== undefined && Number(body.organId) === rec.organId) delete body.organId;
        assertOnlyFields(o.entity, body, o.config.fields, undefined, rec.data);
        const locked = o.config.lockedFrom;
        // from its start on a record keeps what was planned; only the `except` fields (minutes, photos) still change
        if (locked && hasPassed(call.ctx, rec.data, locked.field)) assertOnlyFields(o.entity, body, locked.except ?? [], () => locked.message, rec.data);
        let data = { ...rec.data, ...(await cleanBody(call.ctx.db, o.entity, body, { userId: call.user.userId, previous: rec.data })), ...(o.config.set ?? {}) };
        // the create's rules hold for the body as it will be (a check's derived fields are stored again)
        if (o.config.check) data = { ...data, ...(await runCheck(o.config.check, { call, entity: o.entity, data, owner: { userId: rec.ownerUserId ?? call.user.userId, organ: { id: rec.organId, path: rec.organPath, level: rec.organLevel } } })) };
        await call.ctx.db.transaction().execute(async (trx) => {
          // an update changing a unique key (the year of an appraisal) is held to the rule like a create
          await assertUnique(trx, o.entity, { ...rec, data }, { excludeId: rec.id, changed: Object.keys(body).filter((k) => String(body[k]) !== String(rec.data[k])) });
          await trx.updateTable('records').set({ data: JSON.stringify(data), lastModificationTime: call.ctx.now() }).where('id', '=', id).execute();
        });
        return recordDto(call, o.entity, await loadWithFacts(call, o.entity, id));
      },
    }),

  get: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput, returns: `${o.entity.title}记录`,
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const { db } = call.ctx;
        if (o.config.markRead) await db.insertInto('recordReads').values({ recordId: rec.id, userId: call.user.userId }).onConflict((oc) => oc.doNothing()).execute();
        // opening an issued record counts as received by the caller's organisation
        if (call.user.organId) await db.updateTable('recordIssues').set({ status: 1, doneTime: call.ctx.now() }).where('recordId', '=', rec.id).where('organId', '=', call.user.organId).where('status', '=', 0).execute();
        const liked = await db.selectFrom('recordLikes').select('recordId').where('recordId', '=', rec.id).where('userId', '=', call.user.userId).executeTakeFirst();
        const read = await db.selectFrom('recordReads').select('recordId').where('recordId', '=', rec.id).where('userId', '=', call.user.userId).executeTakeFirst();
        const wf = workflowOf(o.entity);
        const history = wf ? { history: await historyOf(db, o.entity.name, rec.id, historyTitles(wf)) } : {};
        return recordDto(call, o.entity, rec, { isLiked: !!liked, isRead: !!read, ...history }, { reveal: await revealSensitive(call, o.entity, rec.id) });
      },
    }),

  page: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ ...pagingProps, ...filterProps(o.entity, o.config) }),
      returns: `{totalCount, items: ${o.entity.title}记录[]}`,
      async handler(call) {
        // a child entity's list spans its parents; any other list leaves out what hangs under a record
        const own = isChildEntity(o.entity) ? baseQuery(call.ctx.db, o.entity.name) : baseQuery(call.ctx.db, o.entity.name).where('r.parentId', 'is', null);
        let q = await applyScope(call.ctx.db, own, scopeOf(call, o), call.user, scopeOptions(o));
        if (call.input.organPath) {
          call.requireScope(call.input.organPath);
          q = q.where('r.organPath', 'like', subtreePattern(call.input.organPath));
        }
        if (o.config.actionable) q = q.where(actionableWhere(o.entity, call.user));
        const ts = o.entity.service?.timeStatus;
        const phase = ts ? call.input[ts.field] : undefined;
        if (ts && phase !== undefined && phase !== null) q = q.where(timeStatusWhere(call.ctx, o.entity, phase));
        if (o.config.dueWithinDays) {
          // falling due: the date lies on or before the platform's today plus the days (YYYY-MM-DD compares as text)
          const until = addToDay(platformDay(call.ctx), { days: o.config.dueWithinDays.days });
          q = q.where(sql`r.data->>${o.config.dueWithinDays.field}`, '<=', until);
        }
        return pageOf(call, o.entity, applyFilters(q, o.config, ts ? { ...call.input, [ts.field]: undefined } : call.input));
      },
    }),

  delete: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput,
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        if (o.config.lockedFrom && hasPassed(call.ctx, rec.data, o.config.lockedFrom.field)) throw badRequest(o.config.lockedFrom.message);
        // what hangs under it (an appraisal's ratings, a post's replies) goes with it: no orphan is counted in statistics
        await call.ctx.db.updateTable('records').set({ isDeleted: true, lastModificationTime: call.ctx.now() }).where((eb) => eb.or([eb('id', '=', rec.id), eb('parentId', '=', rec.id)])).where('isDeleted', '=', false).execute();
        return true;
      },
    }),

  report: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ id: idInput.properties.id, remark: remarkProp }, ['id']),
      async handler(call) {
        const rec = await ownOrganRecord(call, o, call.input.id);
        await submitReport(call, { subjectType: o.entity.name, subjectId: rec.id, fromOrganId: rec.organId, remark: call.input.remark, pending: '该记录已上报，正在等待上级审核' });
        return true;
      },
    }),

  reportAuditPage: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ ...pagingProps, ...filterProps(o.entity, o.config), status: { type: 'integer', enum: [0, 1, 2], default: 0, title: '审核状态' } }),
      returns: `{totalCount, items: ${o.entity.title}记录及 reportId, reportStatus, reportRemark, reportTime, fromOrganName[]}`,
      async handler(call) {
        const organ = actingOrgan(call.user);
        // reports addressed to the caller's organisation or one below it: any superior may take them up
        const reports = baseQuery(call.ctx.db, o.entity.name)
          .innerJoin('upwardReports as rp', (j) => j.onRef('rp.subjectId', '=', 'r.id').on('rp.subjectType', '=', o.entity.name))
          .where('rp.toOrganPath', 'like', subtreePattern(organ.path))
          .where('rp.status', '=', call.input.status ?? 0);
        const q = applyFilters(reports, o.config, call.input);
        return pageOf(call, o.entity, q, ['rp.id as reportId', 'rp.status as reportStatus', 'rp.remark as reportRemark', 'rp.creationTime as reportTime', 'rp.auditRemark as reportAuditRemark', 'o.organName as fromOrganName']);
      },
    }),

  auditReport: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: decisionInput,
      async handler(call) {
        const organ = actingOrgan(call.user);
        const { id, approved, remark } = call.input;
        // approved: the reported item joins the library of the organisation that approved it
        await decideReport(call, { subjectType: o.entity.name, id, noun: '记录', approved, remark, async adopt(trx) {
          const rp = await trx.selectFrom('upwardReports').select(['subjectId', 'remark']).where('id', '=', id).executeTakeFirstOrThrow();
          const rec = await trx.selectFrom('records').selectAll().where('id', '=', rp.subjectId).executeTakeFirstOrThrow();
          return copyInto(call, rec as unknown as RecordRow, organ, rp.remark, trx);
        } });
        return true;
      },
    }),

  selectAndUse: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idInput.properties.id, remark: requiredRemarkProp }, ['id', 'remark']),
      async handler(call) {
        const organ = actingOrgan(call.user);
        const rec = await loadRecord(call.ctx.db, o.entity.name, call.input.id);
        if (!rec.organPath.startsWith(organ.path)) throw notFound(RECORD_NOT_FOUND);
        if (rec.organParentId !== organ.id) throw forbidden('只能选用下一级组织的资源');
        const dup = await baseQuery(call.ctx.db, o.entity.name).select('r.id').where('r.organId', '=', organ.id).where('r.sourceRecordId', '=', rec.sourceRecordId ?? rec.id).executeTakeFirst();
        if (dup) throw badRequest('该资源已入库，请勿重复选用');
        const id = await copyInto(call, rec, organ, call.input.remark.trim());
        return recordDto(call, o.entity, await loadWithFacts(call, o.entity, id));
      },
    }),

  like: (o) => likeOp(o, true),
  unlike: (o) => likeOp(o, false),

  toggleTop: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput, returns: '{isTop}',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const isTop = !rec.isTop;
        await call.ctx.db.updateTable('records').set({ isTop, topTime: isTop ? call.ctx.now() : null }).where('id', '=', rec.id).execute();
        return { isTop };
      },
    }),

  setEnabled: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idInput.properties.id, isEnabled: { type: 'boolean', title: '是否启用' } }, ['id', 'isEnabled']),
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        await call.ctx.db.updateTable('records').set({ isEnabled: call.input.isEnabled }).where('id', '=', rec.id).execute();
        return true;
      },
    }),

  sort: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idInput.properties.id, sort: { type: 'integer', minimum: 0, maximum: 1_000_000, title: '排序' } }, ['id', 'sort']),
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        await call.ctx.db.updateTable('records').set({ sort: call.input.sort }).where('id', '=', rec.id).execute();
        return true;
      },
    }),

  reply: (o) => {
    const replyEntity = o.entities.get(o.entity.service!.replyEntity!)!;
    return action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: { ...bodySchema(replyEntity, false), properties: { ...bodySchema(replyEntity, false).properties, id: { type: 'integer', minimum: 1, title: '主题' } }, required: ['id', ...(replyEntity.schema.required ?? [])] },
      returns: `${replyEntity.title}记录`,
      async handler(call) {
        const parent = await loadInScope(call, o, call.input.id);
        const { id: _id, ...body } = call.input;
        const data = await cleanBody(call.ctx.db, replyEntity, body, { userId: call.user.userId });
        const newId = await call.ctx.db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('records')
            .values({ entity: replyEntity.name, parentId: parent.id, organId: parent.organId, organPath: parent.organPath, organLevel: parent.organLevel, ownerUserId: call.user.userId, auditStatus: null, data: JSON.stringify(data), creatorUserId: call.user.userId })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx.updateTable('records').set({ replyCount: sql`reply_count + 1` }).where('id', '=', parent.id).execute();
          return row.id;
        });
        return recordDto(call, replyEntity, await loadWithFacts(call, replyEntity, newId));
      },
    });
  },

  repliesPage: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ ...pagingProps, id: idInput.properties.id }, ['id']),
      returns: '{totalCount, items: 回复[]}',
      async handler(call) {
        const parent = await loadInScope(call, o, call.input.id);
        const q = baseQuery(call.ctx.db, o.entity.service!.replyEntity!).where('r.parentId', '=', parent.id);
        return pageOf(call, replyEntityOf(o), q);
      },
    }),

  deleteReply: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput,
      async handler(call) {
        const reply = await loadInScope(call, o, call.input.id, replyEntityOf(o));
        await call.ctx.db.transaction().execute(async (trx) => {
          await trx.updateTable('records').set({ isDeleted: true }).where('id', '=', reply.id).execute();
          if (reply.parentId) await trx.updateTable('records').set({ replyCount: sql`greatest(reply_count - 1, 0)` }).where('id', '=', reply.parentId).execute();
        });
        return true;
      },
    }),

  issue: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idInput.properties.id, organIds: { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1 }, title: '下发组织' } }, ['id']),
      returns: '{issuedCount}：下发到的下级组织数',
      async handler(call) {
        const rec = await ownOrganRecord(call, o, call.input.id);
        let children = call.ctx.db.selectFrom('organizations').select(['id', 'organPath']).where('parentId', '=', rec.organId).where('isDeleted', '=', false);
        if (call.input.organIds?.length) children = children.where('id', 'in', call.input.organIds);
        const targets = await children.execute();
        if (!targets.length) throw badRequest('没有可下发的下级组织');
        await call.ctx.db
          .insertInto('recordIssues')
          .values(targets.map((t) => ({ recordId: rec.id, organId: t.id, organPath: t.organPath })))
          .onConflict((oc) => oc.columns(['recordId', 'organId']).doNothing())
          .execute();
        const n = await call.ctx.db.selectFrom('recordIssues').select(sql<number>`count(*)`.as('n')).where('recordId', '=', rec.id).executeTakeFirstOrThrow();
        return { issuedCount: Number(n.n) };
      },
    }),

  issuedPage: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ ...pagingProps, ...filterProps(o.entity, o.config) }),
      returns: `{totalCount, items: 上级下发的${o.entity.title}记录及 issueStatus[]}`,
      async handler(call) {
        const organ = actingOrgan(call.user);
        const q = applyFilters(baseQuery(call.ctx.db, o.entity.name).innerJoin('recordIssues as ri', 'ri.recordId', 'r.id').where('ri.organId', '=', organ.id), o.config, call.input);
        return pageOf(call, o.entity, q, ['ri.status as issueStatus', 'ri.creationTime as issueTime']);
      },
    }),

  issueTargets: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ ...pagingProps, id: idInput.properties.id, status: { type: 'integer', enum: [0, 1], default: 0, title: '状态' } }, ['id']),
      returns: '{totalCount, items: {organId, organName, status, doneTime}[]}：status 0 未接收，1 已接收',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const q = call.ctx.db
          .selectFrom('recordIssues as ri')
          .innerJoin('organizations as og', 'og.id', 'ri.organId')
          .where('ri.recordId', '=', rec.id)
          .where('ri.status', '=', call.input.status ?? 0);
        const total = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
        const items = await q.select(['ri.organId', 'og.organName', 'ri.status', 'ri.doneTime']).orderBy('og.sort').orderBy('ri.organId').offset(call.input.skipCount).limit(call.input.maxResultCount).execute();
        return { totalCount: Number(total.n), items };
      },
    }),

  markRead: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput,
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        await call.ctx.db.insertInto('recordReads').values({ recordId: rec.id, userId: call.user.userId }).onConflict((oc) => oc.doNothing()).execute();
        return true;
      },
    }),

  coords: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput(filterProps(o.entity, o.config)),
      returns: `${o.entity.title}记录[]（有经纬度者，最多2000条）`,
      async handler(call) {
        let q = await applyScope(call.ctx.db, baseQuery(call.ctx.db, o.entity.name), scopeOf(call, o), call.user, scopeOptions(o));
        q = applyFilters(q, o.config, call.input).where(sql`r.data ? 'longitude'`).where(sql`r.data ? 'latitude'`);
        const rows = await q.select(recordColumns as any).orderBy('r.id').limit(2000).execute();
        return (rows as unknown as RecordRow[]).map((r) => toDto(r));
      },
    }),
};

function likeOp(o: OpContext, like: boolean): ActionDef {
  return action({
    method: o.config.method, summary: o.summary, access: o.access, input: idInput, returns: '{likeCount, isLiked}',
    async handler(call) {
      const rec = await loadInScope(call, o, call.input.id);
      return call.ctx.db.transaction().execute(async (trx) => {
        // likes of one record queue on its row, so each count is written after the one before (no lost update)
        await trx.selectFrom('records').select('id').where('id', '=', rec.id).forUpdate().execute();
        if (like) await trx.insertInto('recordLikes').values({ recordId: rec.id, userId: call.user.userId }).onConflict((oc) => oc.doNothing()).execute();
        else await trx.deleteFrom('recordLikes').where('recordId', '=', rec.id).where('userId', '=', call.user.userId).execute();
        const n = await trx.selectFrom('recordLikes').select(sql<number>`count(*)`.as('n')).where('recordId', '=', rec.id).executeTakeFirstOrThrow();
        await trx.updateTable('records').set({ likeCount: Number(n.n) }).where('id', '=', rec.id).execute();
        return { likeCount: Number(n.n), isLiked: like };
      });
    },
  });
}

const isChildEntity = (entity: OpContext['entity']) => Object.values(entity.service?.actions ?? {}).some((a) => !!a.parent);
const replyEntityOf = (o: OpContext) => o.entities.get(o.entity.service!.replyEntity!)!;

export const OPERATIONS: Record<string, Builder> = {
  ...BASE_OPERATIONS,
  ...WORKFLOW_OPERATIONS,
  ...PARTICIPANT_OPERATIONS,
  ...CHILD_OPERATIONS,
  ...STATISTICS_OPERATIONS,
  ...IMPORT_OPERATIONS,
};
