import { sql, type SelectQueryBuilder } from 'kysely';
import { hashKeyOf } from '../security/data-cipher';
import type { AnySelect } from '../db/database';
import { MSG } from '../../contract/messages';
import { P } from '../../contract/permissions';
import { ID_CARD_ANY, maskIdCard, maskPhone, PHONE_ANY } from '../../contract/validators';
import { hasPermission, type Access, type ActionDef, type Call } from '../http/actions';
import { recordSensitiveView } from '../http/audit-log';
import { badRequest, forbidden, notFound } from '../http/errors';
import { exportCursorOf, pageQuery, type PagingInput } from '../http/paging';
import { canTake } from '../workflow/decide';
import { type Subject, type WorkflowDef } from '../workflow/types';
import { fieldActors, namedOrganFields, workflowOf } from './named-organs';
import { timeStatusOf } from './time-status';
import { caseFactColumns, caseOfRecord } from './case-facts';
import type { ActionConfig, EntityFile } from './entities';
import { assertInScope, inScope, loadRecord, organIdOf, organPathFact, RECORD_NOT_FOUND, recordColumns, toDto, type FactColumn, type LoadedRecord, type RecordRow, type Scope, type ScopeOptions } from './store';
import { actingOrgan } from '../scope';

/**
 * What the generic operations share: the context an operation is built with, input schemas,
 * filters, paging, loading one record within scope, and the per-caller facts every record DTO
 * carries (liked, read, joined, the workflow steps the caller may take).
 */
export interface OpContext {
  entity: EntityFile;
  config: ActionConfig;
  access: Access;
  scope: Scope;
  summary: string;
  entities: Map<string, EntityFile>;
}

/** Builds the ActionDef of one configured action from its context. */
export type Builder = (o: OpContext) => ActionDef;

export const remarkProp = { type: 'string', maxLength: 500, title: '备注' };
export const requiredRemarkProp = { ...remarkProp, minLength: 1, 'x-message': MSG.remarkRequired, 'x-required-message': MSG.remarkRequired };
export const idProp = { type: 'integer', minimum: 1, title: '编号' };

/**
 * The body schema of an entity as action input: unknown fields are dropped, not refused. An action
 * that may change only some `fields` requires only those of them the entity requires.
 */
export function bodySchema(entity: EntityFile, withId: boolean, fields?: string[]) {
  const properties: Record<string, unknown> = { ...entity.schema.properties };
  // a personal number may come back masked as it was shown (store.ts cleanBody restores it)
  for (const [k, kind] of sensitiveFields(entity)) properties[k] = { ...entity.schema.properties[k], pattern: kind === 'idCard' ? ID_CARD_ANY : PHONE_ANY };
  if (withId) properties.id = idProp;
  const required = (entity.schema.required ?? []).filter((k) => !fields || fields.includes(k));
  return { type: 'object', additionalProperties: false, properties, required: [...(withId ? ['id'] : []), ...required] };
}

export function fieldType(entity: EntityFile, field: string) {
  const t = entity.schema.properties[field]?.type;
  const first = Array.isArray(t) ? t.find((x) => x !== 'null') : t;
  return first === 'integer' || first === 'number' || first === 'boolean' ? first : 'string';
}

/** Filter inputs declared by the action: eq, contains, in, dateRange (fieldStart/fieldEnd), bool. */
export function filterProps(entity: EntityFile, config: ActionConfig) {
  const props: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(config.filters ?? {})) {
    const title = entity.schema.properties[field]?.title ?? (field === 'creationTime' ? '创建时间' : field);
    if (kind === 'dateRange') {
      props[`${field}Start`] = { type: 'string', maxLength: 30, title: `${title}起` };
      props[`${field}End`] = { type: 'string', maxLength: 30, title: `${title}止` };
    } else if (kind === 'quarter') {
      props[`${field}Quarter`] = { type: 'string', pattern: QUARTER.source, title: `${title}（季度）`, 'x-message': '季度格式不正确，应为如 2026-Q4' };
    } else if (field === entity.service?.timeStatus?.field) props[field] = { type: 'integer', enum: [0, 1, 2], title: '状态' };
    else if (kind === 'in') props[field] = { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 }, title };
    else if (kind === 'bool') props[field] = { type: 'boolean', title };
    else if (kind === 'contains') props[field] = { type: 'string', maxLength: 100, title };
    else if (field === 'parentId') props[field] = { type: 'integer', minimum: 1, title: '所属记录' };
    else props[field] = { type: fieldType(entity, field), title };
  }
  props.organPath = { type: 'string', maxLength: 500, pattern: '^/(\\d+/)*$', title: '党组织', 'x-message': MSG.organRequired };
  return props;
}

const COLUMN_FIELDS: Record<string, string> = { creationTime: 'r.creation_time', auditStatus: 'r.audit_status', isTop: 'r.is_top', isEnabled: 'r.is_enabled', organId: 'r.organ_id', parentId: 'r.parent_id' };

/** A reference to a record field in SQL: a column of the record, else a body field (as text). */
export const fieldRef = (field: string) => (COLUMN_FIELDS[field] ? sql.raw(COLUMN_FIELDS[field]) : sql`r.data->>${field}`);
const fieldText = (field: string) => (COLUMN_FIELDS[field] ? sql`${sql.raw(COLUMN_FIELDS[field])}::text` : sql`r.data->>${field}`);

/** A calendar quarter as the input of a `quarter` filter: '2026-Q4'. */
export const QUARTER = /^\d{4}-Q[1-4]$/;

/** The days a quarter spans: from its first day to the first day of the next (exclusive), 'YYYY-MM-DD'. */
export function quarterRange(quarter: string): { from: string; to: string } {
  const [y, q] = [Number(quarter.slice(0, 4)), Number(quarter.slice(6))];
  const month = (q - 1) * 3 + 1;
  const from = `${y}-${String(month).padStart(2, '0')}-01`;
  const to = q === 4 ? `${y + 1}-01-01` : `${y}-${String(month + 3).padStart(2, '0')}-01`;
  return { from, to };
}

/** The quarter a calendar day lies in: '2026-11-25' → '2026-Q4'. */
export const quarterOf = (day: string) => `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

/** SQL: a record matches fixed conditions (a value: equal; an array: one of). */
export function whereSql(where: Record<string, unknown>) {
  const conds = Object.entries(where).map(([field, value]) =>
    Array.isArray(value) ? sql`${fieldText(field)} in (${sql.join(value.map(String))})` : sql`${fieldText(field)} = ${String(value)}`,
  );
  return conds.length ? sql<boolean>`(${sql.join(conds, sql` and `)})` : sql<boolean>`true`;
}

/** Whether a value satisfies a fixed `where` condition: equal to it, or one of an array. */
const whereMatches = (cond: unknown, actual: unknown) => (Array.isArray(cond) ? cond.map(String).includes(String(actual)) : String(actual) === String(cond));

/** Narrows a select over `records as r` by the action's fixed `where` and the filters its input fills. */
export function applyFilters<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>, config: ActionConfig, input: Record<string, unknown>): SelectQueryBuilder<DB, TB, O> {
  for (const [field, value] of Object.entries(config.where ?? {})) {
    q = Array.isArray(value) ? q.where(sql<boolean>`${fieldText(field)} in (${sql.join(value.map(String))})`) : q.where(sql<boolean>`${fieldText(field)} = ${String(value)}`);
  }
  for (const [field, kind] of Object.entries(config.filters ?? {})) {
    if (kind === 'dateRange') {
      const start = input[`${field}Start`] as string | undefined;
      const end = input[`${field}End`] as string | undefined;
      if (start) q = q.where(sql<boolean>`${fieldRef(field)} >= ${start}`);
      if (end) q = q.where(sql<boolean>`${fieldRef(field)} <= ${/^\d{4}-\d{2}-\d{2}$/.test(end) ? `${end}T23:59:59.999` : end}`);
      continue;
    }
    if (kind === 'quarter') {
      // wall-clock times and days of the platform zone compare as text with the quarter's first days
      const quarter = input[`${field}Quarter`] as string | undefined;
      if (!quarter) continue;
      const { from, to } = quarterRange(quarter);
      q = q.where(sql<boolean>`${fieldRef(field)} >= ${from}`).where(sql<boolean>`${fieldRef(field)} < ${to}`);
      continue;
    }
    const v = input[field];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    if (kind === 'contains') q = q.where(sql<boolean>`${fieldText(field)} ilike ${`%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    else if (kind === 'in') q = q.where(sql<boolean>`${fieldText(field)} in (${sql.join((v as unknown[]).map(String))})`);
    else q = q.where(sql<boolean>`${fieldText(field)} = ${String(v)}`);
  }
  return q;
}

// ---- workflow facts of an entity ----

export { workflowOf };

/** What the action's scope needs besides the caller. */
export const scopeOptions = (o: OpContext): ScopeOptions => ({ regionLevel: o.config.regionLevel, organFields: namedOrganFields(o.entity) });
const needsParentOwner = (wf: WorkflowDef | null) => Object.values(wf?.transitions ?? {}).some((t) => t.actor === 'parentOwner');

/** Extra columns a record of this entity needs for its per-caller facts. */
export function factColumns(entity: EntityFile, userId: number): FactColumn[] {
  const wf = workflowOf(entity);
  const cols: FactColumn[] = [];
  if (needsParentOwner(wf)) cols.push(sql<number | null>`(select pr.owner_user_id from records pr where pr.id = r.parent_id)`.as('parentOwnerUserId'));
  // a child record (a help record under an application) names whose record it hangs under
  if (Object.values(entity.service?.actions ?? {}).some((a) => !!a.parent)) {
    cols.push(sql<string | null>`(select pu.name from records pr join users pu on pu.id = pr.owner_user_id where pr.id = r.parent_id)`.as('parentOwnerName'));
    // what it hangs under, by name (a study report lists the articles it is about)
    cols.push(sql<string | null>`(select pr.data->>'title' from records pr where pr.id = r.parent_id)`.as('parentTitle'));
  }
  for (const f of namedOrganFields(entity)) cols.push(sql<string | null>`(select fo.organ_path from organizations fo where fo.id = ${organIdOf(f)})`.as(organPathFact(f)));
  cols.push(...caseFactColumns(entity, wf));
  if (entity.service?.participants) {
    cols.push(sql<boolean>`exists (select 1 from record_participants pt where pt.record_id = r.id and pt.user_id = ${userId} and pt.status = 1)`.as('isJoined'));
    cols.push(sql<boolean>`exists (select 1 from record_participants pt where pt.record_id = r.id and pt.user_id = ${userId} and pt.status = 1 and pt.sign_in_time is not null)`.as('isSigned'));
  }
  if (entity.service?.participants?.leave) {
    // the caller's own leave request: offWorkStatus (null none, 0 pending, 1 approved, -1 rejected) and its reason
    cols.push(sql<number | null>`(select pt.leave_status from record_participants pt where pt.record_id = r.id and pt.user_id = ${userId} and pt.status = 1)`.as('offWorkStatus'));
    cols.push(sql<string | null>`(select pt.leave_reason from record_participants pt where pt.record_id = r.id and pt.user_id = ${userId} and pt.status = 1)`.as('leaveReason'));
  }
  return cols;
}

/** A record as a workflow subject. */
export function recordSubject(entity: EntityFile, rec: LoadedRecord): Subject {
  const wf = workflowOf(entity);
  return {
    type: entity.name,
    id: rec.id,
    noun: '记录',
    state: rec.auditStatus,
    organId: rec.organId,
    organPath: rec.organPath,
    ownerUserId: rec.ownerUserId,
    parentOwnerUserId: (rec.parentOwnerUserId as number | null | undefined) ?? null,
    fieldOrganPaths: Object.fromEntries(fieldActors(wf).map((f) => [f, (rec[organPathFact(f)] as string | null | undefined) ?? null])),
    data: rec.data,
    ...caseOfRecord(entity, rec),
  };
}

/** The record's DTO with the caller's facts: the steps he may take now. */
/** The fields an entity marks `x-sensitive`, with their kind. */
export const sensitiveFields = (entity: EntityFile) =>
  Object.entries(entity.schema.properties).flatMap(([k, f]) => (f['x-sensitive'] ? [[k, f['x-sensitive']] as const] : []));

/**
 * Whether a detail shows the entity's personal numbers in full: only to holders of the permission,
 * and each such view leaves an audit row (GETs are not logged otherwise).
 */
export async function revealSensitive(call: Call<unknown>, entity: EntityFile, recordId: number) {
  if (!sensitiveFields(entity).length || !hasPermission(call.user, P.PartyMemberViewSensitive)) return false;
  const [service, action] = (call.req.actionName ?? `${entity.name}/Get`).split('/');
  await recordSensitiveView(call.ctx, call.req, { service, action, targetIds: [recordId], detail: { entity: entity.name }, module: entity.title });
  return true;
}

const MASK = { idCard: maskIdCard, phone: maskPhone } as const;

function unchanged(entity: EntityFile, k: string, sent: unknown, stored: unknown) {
  if ((sent ?? null) === (stored ?? null)) return true;
  const kind = entity.schema.properties[k]?.['x-sensitive'];
  if (kind && typeof sent === 'string' && typeof stored === 'string' && sent === MASK[kind](stored)) return true;
  return typeof sent === 'object' && sent !== null && JSON.stringify(sent) === JSON.stringify(stored);
}

export function recordDto(call: Call<unknown>, entity: EntityFile, rec: LoadedRecord, extra: Record<string, unknown> = {}, opts: { reveal?: boolean } = {}) {
  const wf = workflowOf(entity);
  const { parentOwnerUserId: _po, caseUserId: _cu, escalateAbove: _ea, ...row }: LoadedRecord = rec;
  for (const f of namedOrganFields(entity)) delete row[organPathFact(f)];
  const facts: Record<string, unknown> = {};
  const ts = entity.service?.timeStatus;
  if (ts) facts[ts.field] = timeStatusOf(call.ctx, entity, rec.data);
  if (wf) {
    const subject = recordSubject(entity, rec);
    facts.availableTransitions = Object.entries(wf.transitions).filter(([, t]) => canTake(call.user, t, subject)).map(([name]) => name);
  }
  const dto: Record<string, unknown> = toDto(row as RecordRow, { ...facts, ...extra });
  // an anonymous record tells nobody but its owner who wrote it (the server keeps the owner for notices)
  const anon = entity.service?.anonymousField;
  if (anon && rec.data?.[anon] === true && rec.ownerUserId !== call.user.userId) {
    Object.assign(dto, { ownerName: '匿名', ownerUserId: null });
    // nor does the history: the submission and the owner's own steps were his
    const ownSteps = new Set(['submit', ...Object.entries(wf?.transitions ?? {}).filter(([, t]) => t.actor === 'owner').map(([name]) => name)]);
    if (Array.isArray(dto.history)) dto.history = (dto.history as { transition: string }[]).map((h) => (ownSteps.has(h.transition) ? { ...h, actorName: '匿名' } : h));
  }
  for (const [k] of sensitiveFields(entity)) delete dto[hashKeyOf(k)];
  if (!opts.reveal) for (const [k, kind] of sensitiveFields(entity)) if (typeof dto[k] === 'string') dto[k] = MASK[kind](dto[k] as string);
  return dto;
}

/** Who owns each record of a page (a subquery: only the page's rows pay for it). */
const ownerName = sql<string | null>`(select ou.name from users ou where ou.id = r.owner_user_id)`.as('ownerName');

/** Per-caller marks beside each record: liked, read. */
const marks = (userId: number) => [
  sql<boolean>`exists (select 1 from record_likes l where l.record_id = r.id and l.user_id = ${userId})`.as('isLiked'),
  sql<boolean>`exists (select 1 from record_reads d where d.record_id = r.id and d.user_id = ${userId})`.as('isRead'),
];

/** The order of every record list: topped first (latest topped first), then by sort, newest first. */
const listOrder = (x: AnySelect) => x.orderBy('r.isTop', 'desc').orderBy(sql`r.top_time desc nulls last`).orderBy('r.sort').orderBy('r.id', 'desc');

/** One page of records with the caller's marks and facts, in the list order every record list uses. */
export async function pageOf(call: Call<unknown>, entity: EntityFile, q: AnySelect, extraSelect: readonly string[] = []) {
  const input = call.input as PagingInput;
  const columns = (x: AnySelect) => x.select([...recordColumns, ownerName, ...marks(call.user.userId), ...factColumns(entity, call.user.userId), ...extraSelect]);
  const cursor = exportCursorOf(input);
  if (cursor) {
    // an export: the filtered list is ordered once, then read by id a page at a time
    const all = (cursor.ids ??= (await listOrder(q.select('r.id')).limit(cursor.limit + 1).execute()).map((r) => Number(r.id)));
    const ids = all.slice(input.skipCount, input.skipCount + input.maxResultCount);
    const rows = ids.length ? await listOrder(columns(q.where('r.id', 'in', ids))).execute() : [];
    return { totalCount: all.length, items: (rows as LoadedRecord[]).map((r) => recordDto(call, entity, r)) };
  }
  const page = await pageQuery<LoadedRecord>(q, input, (x) => listOrder(columns(x)));
  // a count for the 工作台 (COUNT_ONLY) reads no rows
  return { totalCount: page.totalCount, items: page.items.map((r) => recordDto(call, entity, r)) };
}

/**
 * The action's scope; an administrator holding the `elevate` permission works on his whole subtree
 * (and, for a record concerning other organisations, on the records of either side).
 */
export const scopeOf = (call: Call<unknown>, o: OpContext): Scope =>
  o.config.elevate && !call.user.isDefaultRole && call.user.permissions.has(o.config.elevate) ? (namedOrganFields(o.entity).length ? 'sides' : 'subtree') : o.scope;

/** One record with the columns its per-caller facts need. */
export async function loadWithFacts(call: Call<unknown>, entity: EntityFile, id: number): Promise<LoadedRecord> {
  return loadRecord(call.ctx.db, entity.name, id, factColumns(entity, call.user.userId));
}

/**
 * Loads one record the caller may reach; fixed `where` conditions hold for single records too.
 * `orActor`: the record is also reachable by whoever may act on one of these steps (the receiving
 * side of a transfer works on a record outside his subtree).
 */
export async function loadInScope(call: Call<unknown>, o: OpContext, id: number, entity: EntityFile = o.entity, orActor?: (rec: LoadedRecord) => boolean) {
  const rec = await loadWithFacts(call, entity, id);
  for (const [field, value] of Object.entries(o.config.where ?? {})) {
    const actual = COLUMN_FIELDS[field] ? rec[field] : rec.data[field];
    if (!whereMatches(value, actual)) throw notFound(RECORD_NOT_FOUND);
  }
  if (orActor && orActor(rec)) return rec;
  await assertInScope(call.ctx.db, rec, scopeOf(call, o), call.user, scopeOptions(o));
  return rec;
}

/** Whether a record is within the action's scope (without throwing). */
export const recordInScope = (call: Call<unknown>, o: OpContext, rec: RecordRow) => inScope(call.ctx.db, rec, scopeOf(call, o), call.user, scopeOptions(o));

/** A record of the caller's own organisation (report, issue): one beyond his subtree answers as missing, one below it is refused with the reason. */
export async function ownOrganRecord(call: Call<unknown>, o: OpContext, id: number) {
  const rec = await loadRecord(call.ctx.db, o.entity.name, id);
  const organ = actingOrgan(call.user);
  if (!rec.organPath.startsWith(organ.path)) throw notFound(RECORD_NOT_FOUND);
  if (rec.organId !== organ.id) throw forbidden('只能操作本组织的数据');
  return rec;
}

/** Refuses body fields outside an action's whitelist (`fields`), naming the first by its title. */
/**
 * Refuses a body field the action may not change. With the stored record (an update), a field sent
 * back as it is stored — or masked as it was shown — is no change and passes: a client may send the
 * whole record back.
 */
export function assertOnlyFields(entity: EntityFile, input: Record<string, unknown>, allowed: string[] | undefined, say = (title: string) => `字段“${title}”不能在此修改`, stored?: Record<string, unknown>) {
  if (!allowed) return;
  for (const k of Object.keys(input)) {
    if (stored && unchanged(entity, k, input[k], stored[k])) continue;
    if (entity.schema.properties[k] && !allowed.includes(k)) {
      const message = say(entity.schema.properties[k].title);
      throw badRequest(message, { validationErrors: [{ message, members: [k] }] });
    }
  }
}
