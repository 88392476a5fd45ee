import { sql, type AliasedRawBuilder } from 'kysely';
import { keyRingOf, type Database } from '../db/database';
import { hashKeyOf, looksSealed, seal, searchHash } from '../security/data-cipher';
import type { CurrentUser } from '../http/auth';
import { badRequest, forbidden, notFound } from '../http/errors';
import { MSG } from '../../contract/messages';
import { instantOf } from '../../contract/platform-time';
import { unmasked } from '../../contract/validators';
import { actingOrgan, isInSubtree, pathChain, subtreePattern, subtreeRange } from '../scope';
import { sanitizeRichText } from '../http/rich-text';
import type { EntityFile } from './entities';
import { checkStricterLimits } from './stricter-limits';

/**
 * The generic record store: entity-agnostic queries over `records`. It knows organisations, owners,
 * workflow state and JSON bodies — never what a teaching plan or a forum post is.
 */

/**
 * Which records a caller reaches: `subtree` (his managed subtree), `own` (his own), `visible`
 * (published by his organisation or one above), `children` (of organisations directly below),
 * `available` (his organisation and above), `ownOrgan` (his acting organisation's only),
 * `participating` (records he has joined), `parentOwner` (children of records he owns), `region`
 * (the subtree of his organisation's ancestor at `regionLevel`, e.g. his district), `sides` (his
 * subtree holds the record's organisation or one its `organFields` name: both sides of a transfer),
 * `otherSide` (his subtree holds an organisation the `organFields` name: the receiving side).
 */
export type Scope = 'subtree' | 'own' | 'visible' | 'children' | 'available' | 'ownOrgan' | 'participating' | 'parentOwner' | 'region' | 'sides' | 'otherSide';

/** What some scopes need besides the caller: the region's level, the body fields naming other organisations. */
export interface ScopeOptions {
  regionLevel?: number;
  organFields?: string[];
}

/** A body field holding an organisation id, safely as a bigint (junk reads as null). */
export const organIdOf = (field: string) => sql`case when jsonb_typeof(r.data->${field}) = 'number' then (r.data->>${field})::bigint end`;
/** The fact column carrying the path of the organisation a body field names (loaded with the record); camelCase survives the CamelCasePlugin's round trip. */
export const organPathFact = (field: string) => `organPathOf${field[0].toUpperCase()}${field.slice(1)}`;

/**
 * SQL: an organisation named by one of the fields lies in the subtree. An entity naming one field has
 * its organisation's path on the record (`named_organ_path`, migration 016, kept by a trigger and by
 * organisation moves): a byte-order range of its index. Several fields: each tested per record.
 */
const namedOrganIn = (fields: string[], scopePath: string) =>
  fields.length === 1
    ? subtreeRange('r.named_organ_path', scopePath)
    : fields.length
      ? sql<boolean>`(${sql.join(fields.map((f) => sql`exists (select 1 from organizations fo where fo.id = ${organIdOf(f)} and fo.organ_path like ${subtreePattern(scopePath)})`), sql` or `)})`
      : sql<boolean>`false`;

/** The path of the ancestor-or-self at a level (1 is the root): '/1/5/23/40/' at 3 → '/1/5/23/'. */
export const pathAtLevel = (path: string, level: number) => {
  const ids = path.split('/').filter(Boolean);
  return `/${ids.slice(0, Math.max(1, Math.min(level, ids.length))).join('/')}/`;
};

/** The organisation a member's region-wide lists start from: his own organisation's ancestor at `level`. */
function regionPath(user: CurrentUser, level: number) {
  const base = user.memberOrganPath ?? user.organPath;
  return base ? pathAtLevel(base, level) : null;
}


export const RECORD_NOT_FOUND = '记录不存在或已删除';

/**
 * A published record's range (`visible` scope): a body field `publishRange` of 'own' shows it to the
 * members of the publishing organisation only; absent or 'subtree', to those of its whole subtree.
 */
export const PUBLISH_RANGE = 'publishRange';



export function baseQuery(db: Database, entity: string) {
  return db
    .selectFrom('records as r')
    .innerJoin('organizations as o', 'o.id', 'r.organId')
    .where('r.entity', '=', entity)
    .where('r.isDeleted', '=', false);
}
export type RecordQuery = ReturnType<typeof baseQuery>;

/** Limits a query to the records a caller may see under a scope. */
export async function applyScope(db: Database, q: RecordQuery, scope: Scope, user: CurrentUser, opts: ScopeOptions = {}): Promise<RecordQuery> {
  const { regionLevel = 3, organFields = [] } = opts;
  switch (scope) {
    case 'sides': {
      const path = actingOrgan(user).path;
      return q.where(sql<boolean>`(r.organ_path like ${subtreePattern(path)} or ${namedOrganIn(organFields, path)})`);
    }
    case 'otherSide':
      return q.where(namedOrganIn(organFields, actingOrgan(user).path));
    case 'ownOrgan':
      return q.where('r.organId', '=', actingOrgan(user).id);
    case 'participating':
      return q.where(sql<boolean>`exists (select 1 from record_participants pt where pt.record_id = r.id and pt.user_id = ${user.userId} and pt.status = 1)`);
    case 'parentOwner':
      return q.where(sql<boolean>`exists (select 1 from records pr where pr.id = r.parent_id and pr.owner_user_id = ${user.userId})`);
    case 'region': {
      const path = regionPath(user, regionLevel);
      return path ? q.where('r.organPath', 'like', subtreePattern(path)) : q.where(sql<boolean>`false`);
    }
    case 'own':
      return q.where('r.ownerUserId', '=', user.userId);
    case 'visible': {
      // published by the member's own organisation or one above it
      const base = user.memberOrganId ?? user.organId;
      if (!base) return q.where(sql<boolean>`false`);
      const organ = await db.selectFrom('organizations').select('organPath').where('id', '=', base).executeTakeFirst();
      const own = organ?.organPath ?? '/';
      return q.where('r.organPath', 'in', pathChain(own)).where(sql<boolean>`(coalesce(r.data->>${PUBLISH_RANGE}, 'subtree') <> 'own' or r.organ_path = ${own})`);
    }
    case 'children': {
      const organ = actingOrgan(user);
      return q.where('o.parentId', '=', organ.id);
    }
    case 'available': {
      const organ = actingOrgan(user);
      return q.where('r.organPath', 'in', pathChain(organ.path));
    }
    default: {
      const organ = actingOrgan(user);
      return q.where('r.organPath', 'like', subtreePattern(organ.path));
    }
  }
}

/**
 * Whether one record lies within a caller's scope (for single-record operations). A record outside
 * it answers exactly as a missing one (404), so that ids tell nothing about what lies beyond.
 */
export async function assertInScope(
  db: Database,
  rec: { id: number; organId: number; parentId: number | null; organPath: string; ownerUserId: number | null; organParentId?: number | null; data?: Record<string, unknown> },
  scope: Scope,
  user: CurrentUser,
  opts: ScopeOptions = {},
) {
  if (await inScope(db, rec, scope, user, opts)) return;
  // a subordinate's record the caller can see but not change: say why, it is no secret that it exists
  if (scope === 'ownOrgan' && user.organPath && isInSubtree(rec.organPath, user.organPath)) throw forbidden('只能操作本组织的数据');
  throw notFound(RECORD_NOT_FOUND);
}

/** Whether one record lies within a caller's scope. */
export async function inScope(
  db: Database,
  rec: { id: number; organId: number; parentId: number | null; organPath: string; ownerUserId: number | null; organParentId?: number | null; data?: Record<string, unknown> },
  scope: Scope,
  user: CurrentUser,
  opts: ScopeOptions = {},
): Promise<boolean> {
  const { regionLevel = 3, organFields = [] } = opts;
  // the paths of the organisations the record's fields name, loaded with it (op-kit's factColumns)
  const named = () => organFields.map((f) => (rec as Record<string, unknown>)[organPathFact(f)]).filter((p): p is string => typeof p === 'string');
  let ok = false;
  if (scope === 'own') ok = rec.ownerUserId === user.userId;
  else if (scope === 'ownOrgan') ok = rec.organId === actingOrgan(user).id;
  else if (scope === 'participating') {
    ok = !!(await db.selectFrom('recordParticipants').select('recordId').where('recordId', '=', rec.id).where('userId', '=', user.userId).where('status', '=', 1).executeTakeFirst());
  } else if (scope === 'parentOwner') {
    ok = rec.parentId != null && !!(await db.selectFrom('records').select('id').where('id', '=', rec.parentId).where('ownerUserId', '=', user.userId).executeTakeFirst());
  } else if (scope === 'region') {
    const path = regionPath(user, regionLevel);
    ok = !!path && isInSubtree(rec.organPath, path);
  }
  else if (scope === 'visible') {
    const base = user.memberOrganId ?? user.organId;
    const organ = base ? await db.selectFrom('organizations').select('organPath').where('id', '=', base).executeTakeFirst() : null;
    ok = !!organ && pathChain(organ.organPath).includes(rec.organPath) && (rec.data?.[PUBLISH_RANGE] !== 'own' || rec.organPath === organ.organPath);
  } else if (scope === 'children') ok = rec.organParentId === actingOrgan(user).id;
  else if (scope === 'available') ok = pathChain(actingOrgan(user).path).includes(rec.organPath);
  else if (scope === 'subtree') ok = isInSubtree(rec.organPath, actingOrgan(user).path);
  else if (scope === 'sides') ok = [rec.organPath, ...named()].some((p) => isInSubtree(p, actingOrgan(user).path));
  else if (scope === 'otherSide') ok = named().some((p) => isInSubtree(p, actingOrgan(user).path));
  return ok;
}

export const recordColumns = [
  'r.id', 'r.entity', 'r.parentId', 'r.organId', 'o.organName', 'o.parentId as organParentId', 'r.organPath', 'r.organLevel', 'r.ownerUserId',
  'r.auditStatus', 'r.auditRemark', 'r.auditTime', 'r.isTop', 'r.isEnabled', 'r.sort', 'r.likeCount', 'r.replyCount', 'r.participantCount',
  'r.sourceRecordId', 'r.selectRemark', 'r.data', 'r.creationTime', 'r.lastModificationTime',
] as const;

export type RecordRow = {
  id: number; entity: string; parentId: number | null; organId: number; organName: string; organParentId: number | null; organPath: string; organLevel: number;
  ownerUserId: number | null; auditStatus: number | null; auditRemark: string | null; auditTime: Date | null; isTop: boolean; isEnabled: boolean;
  sort: number; likeCount: number; replyCount: number; participantCount: number; sourceRecordId: number | null; selectRemark: string | null; data: Record<string, unknown>;
  creationTime: Date; lastModificationTime: Date | null; ownerName?: string | null;
};

/**
 * A record loaded with fact columns beside it (op-kit's `factColumns`: the parent's owner, the
 * caller's participation, the paths of the organisations its fields name…), read by their names.
 */
export type LoadedRecord = RecordRow & { [fact: string]: unknown };

/** A column computed beside a record's own (a subquery), under its alias. */
export type FactColumn = AliasedRawBuilder<unknown, string>;

/** The DTO: body fields flattened beside the record's own columns (body never overrides them). */
export function toDto(r: RecordRow, extra: Record<string, unknown> = {}) {
  const { data, organParentId: _p, entity: _e, ...cols } = r;
  return { ...data, ...cols, ...extra };
}

export async function loadRecord(db: Database, entity: string, id: number, extra: readonly FactColumn[] = []): Promise<LoadedRecord> {
  const row = await baseQuery(db, entity)
    .leftJoin('users as u', 'u.id', 'r.ownerUserId')
    .select([...recordColumns, 'u.name as ownerName'])
    .select(extra)
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(RECORD_NOT_FOUND);
  return row as LoadedRecord;
}

/** Server-side cleaning of a body: rich text sanitised, strings trimmed, code-table values checked. */
/**
 * `by`: the caller, whose own uploads alone a FileUpload field may name (files already in
 * `previous`, the record's body before the change, stay allowed) — an attachment is never a way to
 * reach somebody else's private file.
 */
export async function cleanBody(db: Database, entity: EntityFile, body: Record<string, unknown>, by?: { userId: number; previous?: Record<string, unknown> }): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [k, field] of Object.entries(entity.schema.properties)) {
    if (!(k in body)) continue;
    let v = body[k];
    if (typeof v === 'string') v = field.contentMediaType === 'text/html' ? sanitizeRichText(v) : v.trim();
    // a masked number sent back unchanged stands for the stored one; never stored masked
    if (field['x-sensitive'] && typeof v === 'string') {
      v = unmasked(v, (by?.previous?.[k] as string | undefined) ?? null);
      if (v == null) throw badRequest(field['x-message'] ?? `${field.title}格式错误`, { validationErrors: [{ message: field['x-message'] ?? `${field.title}格式错误`, members: [k] }] });
    }
    // a multiple choice of codes may come comma-joined, as the original client sent it
    if (field['x-code-table'] && Array.isArray(v)) v = v.flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean);
    if (field['x-code-table'] && v != null && v !== '') {
      const values = Array.isArray(v) ? v.map(String) : [String(v)];
      const found = await db.selectFrom('baseCodes').select('value').where('typeName', '=', field['x-code-table']).where('value', 'in', values).execute();
      if (found.length !== new Set(values).size) {
        const message = `${field.title}取值无效`;
        throw badRequest(message, { validationErrors: [{ message, members: [k] }] });
      }
    }
    out[k] = v;
  }
  checkOrder(entity, out);
  await checkStricterLimits(db, entity, out);
  if (by) await checkOwnFiles(db, entity, out, by.userId, by.previous ?? {});
  return out;
}

/**
 * The JSON a record's body is written as: its `x-sensitive` numbers sealed, each with its search hash
 * beside it (`<field>@hash`, what SQL matches — docs/SECURITY.md §19). Reads through the database
 * open them (the sealing plugin opens any sealed value in a result), so the store sees plain numbers.
 */
export function storedData(db: Database, entity: EntityFile, data: Record<string, unknown>): string {
  const out = { ...data };
  for (const [k, field] of Object.entries(entity.schema.properties)) {
    const kind = field['x-sensitive'];
    if (!kind || !(k in out)) continue;
    const v = out[k];
    if (typeof v !== 'string' || !v) {
      out[hashKeyOf(k)] = null;
      continue;
    }
    if (looksSealed(v)) continue;
    const ring = keyRingOf(db);
    out[hashKeyOf(k)] = searchHash(ring, kind, v);
    out[k] = seal(ring, v);
  }
  return JSON.stringify(out);
}

const fileIds = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v == null || v === '' ? [] : [v]).map((x) => (x && typeof x === 'object' ? String((x as { id?: unknown }).id ?? '') : String(x))).filter(Boolean);

async function checkOwnFiles(db: Database, entity: EntityFile, body: Record<string, unknown>, userId: number, previous: Record<string, unknown>) {
  for (const [k, field] of Object.entries(entity.schema.properties)) {
    if (field['x-component'] !== 'FileUpload' || !(k in body)) continue;
    const before = new Set(fileIds(previous[k]));
    const added = fileIds(body[k]).filter((id) => !before.has(id));
    if (!added.length) continue;
    const mine = await db.selectFrom('files').select('id').where('id', 'in', added).where('uploaderUserId', '=', userId).execute();
    if (mine.length !== new Set(added).size) {
      const message = `${field.title}须为本人上传的文件`;
      throw badRequest(message, { validationErrors: [{ message, members: [k] }] });
    }
  }
}

/**
 * `x-after` rules between fields (an end after its start, a deadline before the start): a field
 * with `"x-after": "startTime"` must not lie before that field, `"x-before"` not after it. Both
 * compare the instants the values mean in the platform zone; the message is `x-order-message`.
 */
function checkOrder(entity: EntityFile, body: Record<string, unknown>) {
  for (const [k, field] of Object.entries(entity.schema.properties)) {
    for (const [rule, sign] of [['x-after', 1], ['x-before', -1]] as const) {
      const other = field[rule] as string | undefined;
      if (!other || body[k] == null || body[other] == null || body[k] === '' || body[other] === '') continue;
      const a = instantOf(body[k], 'UTC');
      const b = instantOf(body[other], 'UTC');
      // both are read in the same zone: their order does not depend on which
      if (a && b && sign * (a.getTime() - b.getTime()) < 0) {
        const message = (field['x-order-message'] as string) ?? `${field.title}不能${sign > 0 ? '早于' : '晚于'}${entity.schema.properties[other]?.title ?? other}`;
        throw badRequest(message, { validationErrors: [{ message, members: [k] }] });
      }
    }
  }
}

