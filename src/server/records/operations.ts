import { sql } from 'kysely';
import { MSG } from '../../contract/messages';
import { action, type ActionDef, type Access, type Call } from '../http/actions';
import { badRequest, forbidden, invalid, notFound } from '../http/errors';
import { idInput, objectInput, pageQuery, pagingProps, type PagingInput } from '../http/paging';
import { subtreePattern } from '../scope';
import type { ActionConfig, EntityFile } from './entities';
import { actingOrgan, applyScope, assertInScope, baseQuery, cleanBody, loadRecord, RECORD_NOT_FOUND, recordColumns, toDto, type RecordRow, type Scope } from './store';

/**
 * Generic operations a configured action maps onto. Each builder returns an ordinary ActionDef, so
 * configured services get the same permission check, envelope, validation and OpenAPI entry as
 * hand-written ones.
 */
export interface OpContext {
  entity: EntityFile;
  config: ActionConfig;
  access: Access;
  scope: Scope;
  summary: string;
  entities: Map<string, EntityFile>;
}

const ALREADY_AUDITED = '该记录已审核';
const remarkProp = { type: 'string', maxLength: 500, title: '备注' };
const requiredRemarkProp = { ...remarkProp, minLength: 1, 'x-message': MSG.remarkRequired, 'x-required-message': MSG.remarkRequired };
const decisionInput = objectInput({ id: { type: 'integer', minimum: 1, title: '编号' }, approved: { type: 'boolean', title: '审核结果', 'x-required-message': '请选择审核结果' }, remark: remarkProp }, ['id', 'approved']);

/** The body schema of an entity as action input: unknown fields are dropped, not refused. */
function bodySchema(entity: EntityFile, withId: boolean) {
  const properties: Record<string, unknown> = { ...entity.schema.properties };
  if (withId) properties.id = { type: 'integer', minimum: 1, title: '编号' };
  return { type: 'object', additionalProperties: false, properties, required: [...(withId ? ['id'] : []), ...(entity.schema.required ?? [])] };
}

function fieldType(entity: EntityFile, field: string) {
  const t = entity.schema.properties[field]?.type;
  const first = Array.isArray(t) ? t.find((x) => x !== 'null') : t;
  return first === 'integer' || first === 'number' || first === 'boolean' ? first : 'string';
}

/** Filter inputs declared by the action: eq, contains, in, dateRange (fieldStart/fieldEnd), bool. */
function filterProps(entity: EntityFile, config: ActionConfig) {
  const props: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(config.filters ?? {})) {
    const title = entity.schema.properties[field]?.title ?? (field === 'creationTime' ? '创建时间' : field);
    if (kind === 'dateRange') {
      props[`${field}Start`] = { type: 'string', maxLength: 30, title: `${title}起` };
      props[`${field}End`] = { type: 'string', maxLength: 30, title: `${title}止` };
    } else if (kind === 'in') props[field] = { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 }, title };
    else if (kind === 'bool') props[field] = { type: 'boolean', title };
    else if (kind === 'contains') props[field] = { type: 'string', maxLength: 100, title };
    else props[field] = { type: fieldType(entity, field), title };
  }
  props.organPath = { type: 'string', maxLength: 500, pattern: '^/(\\d+/)*$', title: '党组织', 'x-message': MSG.organRequired };
  return props;
}

const COLUMN_FIELDS: Record<string, string> = { creationTime: 'r.creation_time', auditStatus: 'r.audit_status', isTop: 'r.is_top', isEnabled: 'r.is_enabled', organId: 'r.organ_id' };

function applyFilters(q: any, config: ActionConfig, input: Record<string, any>) {
  const ref = (field: string) => (COLUMN_FIELDS[field] ? sql.raw(COLUMN_FIELDS[field]) : sql`r.data->>${field}`);
  const text = (field: string) => (COLUMN_FIELDS[field] ? sql`${sql.raw(COLUMN_FIELDS[field])}::text` : sql`r.data->>${field}`);
  for (const [field, value] of Object.entries(config.where ?? {})) q = q.where(sql`${text(field)} = ${String(value)}`);
  for (const [field, kind] of Object.entries(config.filters ?? {})) {
    if (kind === 'dateRange') {
      const start = input[`${field}Start`];
      const end = input[`${field}End`];
      if (start) q = q.where(sql`${ref(field)} >= ${start}`);
      if (end) q = q.where(sql`${ref(field)} <= ${/^\d{4}-\d{2}-\d{2}$/.test(end) ? `${end}T23:59:59.999` : end}`);
      continue;
    }
    const v = input[field];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    if (kind === 'contains') q = q.where(sql`${text(field)} ilike ${`%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    else if (kind === 'in') q = q.where(sql`${text(field)} in (${sql.join((v as unknown[]).map(String))})`);
    else q = q.where(sql`${text(field)} = ${String(v)}`);
  }
  return q;
}

/** Per-caller marks beside each record: liked, read. */
const marks = (userId: number) => [
  sql<boolean>`exists (select 1 from record_likes l where l.record_id = r.id and l.user_id = ${userId})`.as('isLiked'),
  sql<boolean>`exists (select 1 from record_reads d where d.record_id = r.id and d.user_id = ${userId})`.as('isRead'),
];

async function pageOf(call: Call<any>, q: any, extraSelect: any[] = []) {
  const page = await pageQuery<RecordRow>(q, call.input as PagingInput, (x) =>
    x
      .select([...recordColumns, ...marks(call.user.userId), ...extraSelect] as any)
      .orderBy('r.isTop', 'desc')
      .orderBy(sql`r.top_time desc nulls last`)
      .orderBy('r.sort')
      .orderBy('r.id', 'desc'),
  );
  return { totalCount: page.totalCount, items: page.items.map((r) => toDto(r)) };
}

/** The action's scope; an administrator holding the `elevate` permission works on his whole subtree. */
const scopeOf = (call: Call<any>, o: OpContext): Scope =>
  o.config.elevate && !call.user.isDefaultRole && call.user.permissions.has(o.config.elevate) ? 'subtree' : o.scope;

/** Loads one record the caller may reach; fixed `where` conditions hold for single records too. */
async function loadInScope(call: Call<any>, o: OpContext, id: number, entityName = o.entity.name) {
  const rec = await loadRecord(call.ctx.db, entityName, id);
  for (const [field, value] of Object.entries(o.config.where ?? {})) if (String(rec.data[field]) !== String(value)) throw notFound(RECORD_NOT_FOUND);
  await assertInScope(call.ctx.db, rec, scopeOf(call, o), call.user);
  return rec;
}

/** A record of the caller's own organisation (report, issue): one beyond his subtree answers as missing, one below it is refused with the reason. */
async function ownOrganRecord(call: Call<any>, o: OpContext, id: number) {
  const rec = await loadRecord(call.ctx.db, o.entity.name, id);
  const organ = actingOrgan(call.user);
  if (!rec.organPath.startsWith(organ.path)) throw notFound(RECORD_NOT_FOUND);
  if (rec.organId !== organ.id) throw forbidden('只能操作本组织的数据');
  return rec;
}

function requireRemarkOnReject(input: { approved: boolean; remark?: string }) {
  if (!input.approved && !input.remark?.trim()) throw invalid([{ message: MSG.remarkRequired, members: ['remark'] }]);
}

async function copyInto(call: Call<any>, rec: RecordRow, organ: { id: number; path: string; level: number }, remark: string | null) {
  const row = await call.ctx.db
    .insertInto('records')
    .values({
      entity: rec.entity, organId: organ.id, organPath: organ.path, organLevel: organ.level, ownerUserId: call.user.userId, auditStatus: null,
      sourceRecordId: rec.sourceRecordId ?? rec.id, selectRemark: remark, data: JSON.stringify(rec.data), creatorUserId: call.user.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type Builder = (o: OpContext) => ActionDef;

export const OPERATIONS: Record<string, Builder> = {
  create: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: bodySchema(o.entity, false), returns: `${o.entity.title}记录`,
      async handler(call) {
        const organ = actingOrgan(call.user);
        const data = { ...(await cleanBody(call.ctx.db, o.entity, call.input)), ...(o.config.set ?? {}) };
        const row = await call.ctx.db
          .insertInto('records')
          .values({
            entity: o.entity.name, organId: organ.id, organPath: organ.path, organLevel: organ.level, ownerUserId: call.user.userId,
            auditStatus: o.entity.service?.auditOnCreate ? 0 : null, data: JSON.stringify(data), creatorUserId: call.user.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return toDto(await loadRecord(call.ctx.db, o.entity.name, row.id));
      },
    }),

  update: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: bodySchema(o.entity, true), returns: `${o.entity.title}记录`,
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const { id, ...body } = call.input;
        const data = { ...rec.data, ...(await cleanBody(call.ctx.db, o.entity, body)), ...(o.config.set ?? {}) };
        await call.ctx.db.updateTable('records').set({ data: JSON.stringify(data), lastModificationTime: call.ctx.now() }).where('id', '=', id).execute();
        return toDto(await loadRecord(call.ctx.db, o.entity.name, id));
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
        return toDto(rec, { isLiked: !!liked, isRead: !!read });
      },
    }),

  page: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ ...pagingProps, ...filterProps(o.entity, o.config) }),
      returns: `{totalCount, items: ${o.entity.title}记录[]}`,
      async handler(call) {
        let q = await applyScope(call.ctx.db, baseQuery(call.ctx.db, o.entity.name).where('r.parentId', 'is', null), scopeOf(call, o), call.user);
        if (call.input.organPath) {
          call.requireScope(call.input.organPath);
          q = q.where('r.organPath', 'like', subtreePattern(call.input.organPath));
        }
        return pageOf(call, applyFilters(q, o.config, call.input));
      },
    }),

  delete: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput,
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        await call.ctx.db.updateTable('records').set({ isDeleted: true, lastModificationTime: call.ctx.now() }).where('id', '=', rec.id).execute();
        return true;
      },
    }),

  audit: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: decisionInput,
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        if (rec.auditStatus !== 0) throw badRequest(ALREADY_AUDITED);
        requireRemarkOnReject(call.input);
        await call.ctx.db
          .updateTable('records')
          .set({ auditStatus: call.input.approved ? 1 : 2, auditRemark: call.input.remark?.trim() || null, auditorUserId: call.user.userId, auditTime: call.ctx.now() })
          .where('id', '=', rec.id)
          .where('auditStatus', '=', 0)
          .execute();
        return true;
      },
    }),

  report: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ id: idInput.properties.id, remark: remarkProp }, ['id']),
      async handler(call) {
        const rec = await ownOrganRecord(call, o, call.input.id);
        const organ = await call.ctx.db.selectFrom('organizations as o').innerJoin('organizations as p', 'p.id', 'o.parentId').select(['p.id', 'p.organPath']).where('o.id', '=', rec.organId).executeTakeFirst();
        if (!organ) throw badRequest('已是最高一级组织，无法上报');
        const pending = await call.ctx.db.selectFrom('recordReports').select('id').where('recordId', '=', rec.id).where('status', '=', 0).executeTakeFirst();
        if (pending) throw badRequest('该记录已上报，正在等待上级审核');
        await call.ctx.db
          .insertInto('recordReports')
          .values({ entity: o.entity.name, recordId: rec.id, fromOrganId: rec.organId, toOrganId: organ.id, toOrganPath: organ.organPath, remark: call.input.remark?.trim() || null, reporterUserId: call.user.userId })
          .execute();
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
        const q = applyFilters(
          // reports addressed to the caller's organisation or one below it: any superior may take them up
          baseQuery(call.ctx.db, o.entity.name).innerJoin('recordReports as rp', 'rp.recordId', 'r.id').where('rp.toOrganPath', 'like', subtreePattern(organ.path)).where('rp.status', '=', call.input.status ?? 0),
          o.config,
          call.input,
        );
        const page = await pageOf(call, q, ['rp.id as reportId', 'rp.status as reportStatus', 'rp.remark as reportRemark', 'rp.creationTime as reportTime', 'rp.auditRemark as reportAuditRemark', 'o.organName as fromOrganName']);
        return page;
      },
    }),

  auditReport: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: decisionInput,
      async handler(call) {
        const organ = actingOrgan(call.user);
        const report = await call.ctx.db.selectFrom('recordReports').selectAll().where('id', '=', call.input.id).where('entity', '=', o.entity.name).executeTakeFirst();
        // a report addressed outside the caller's subtree answers as a missing one
        if (!report || !report.toOrganPath.startsWith(organ.path)) throw notFound('上报记录不存在');
        if (report.status !== 0) throw badRequest(ALREADY_AUDITED);
        requireRemarkOnReject(call.input);
        const rec = await loadRecord(call.ctx.db, o.entity.name, report.recordId);
        // approved: the reported item joins the library of the organisation that approved it
        const resultId = call.input.approved ? await copyInto(call, rec, organ, report.remark) : null;
        await call.ctx.db
          .updateTable('recordReports')
          .set({ status: call.input.approved ? 1 : 2, auditRemark: call.input.remark?.trim() || null, auditorUserId: call.user.userId, auditTime: call.ctx.now(), resultRecordId: resultId })
          .where('id', '=', report.id)
          .execute();
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
        return toDto(await loadRecord(call.ctx.db, o.entity.name, id));
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
        const data = await cleanBody(call.ctx.db, replyEntity, body);
        const newId = await call.ctx.db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('records')
            .values({ entity: replyEntity.name, parentId: parent.id, organId: parent.organId, organPath: parent.organPath, organLevel: parent.organLevel, ownerUserId: call.user.userId, auditStatus: null, data: JSON.stringify(data), creatorUserId: call.user.userId })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx.updateTable('records').set({ replyCount: sql`reply_count + 1` }).where('id', '=', parent.id).execute();
          return row.id;
        });
        return toDto(await loadRecord(call.ctx.db, replyEntity.name, newId));
      },
    });
  },

  repliesPage: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ ...pagingProps, id: idInput.properties.id }, ['id']),
      returns: '{totalCount, items: 回复[]}',
      async handler(call) {
        const parent = await loadInScope(call, o, call.input.id);
        const q = baseQuery(call.ctx.db, o.entity.service!.replyEntity!).leftJoin('users as u', 'u.id', 'r.ownerUserId').where('r.parentId', '=', parent.id);
        return pageOf(call, q, ['u.name as ownerName']);
      },
    }),

  deleteReply: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput,
      async handler(call) {
        const reply = await loadInScope(call, o, call.input.id, o.entity.service!.replyEntity!);
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
        return pageOf(call, q, ['ri.status as issueStatus', 'ri.creationTime as issueTime']);
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
        let q = await applyScope(call.ctx.db, baseQuery(call.ctx.db, o.entity.name), scopeOf(call, o), call.user);
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
        if (like) await trx.insertInto('recordLikes').values({ recordId: rec.id, userId: call.user.userId }).onConflict((oc) => oc.doNothing()).execute();
        else await trx.deleteFrom('recordLikes').where('recordId', '=', rec.id).where('userId', '=', call.user.userId).execute();
        const n = await trx.selectFrom('recordLikes').select(sql<number>`count(*)`.as('n')).where('recordId', '=', rec.id).executeTakeFirstOrThrow();
        await trx.updateTable('records').set({ likeCount: Number(n.n) }).where('id', '=', rec.id).execute();
        return { likeCount: Number(n.n), isLiked: like };
      });
    },
  });
}
