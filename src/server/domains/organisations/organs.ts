import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { OrganNode } from '../../../contract/types';
import type { Database } from '../../db/database';
import { badRequest } from '../../http/errors';
import { childPath, getOrgan, subtreePattern, requireApproved } from '../../scope';

/** Shared organisation queries: node shape, lookups and creation with path and level. */

export const organNodeColumns = (db: Database) =>
  db
    .selectFrom('organizations as o')
    .select([
      'o.id', 'o.parentId', 'o.organName', 'o.organPath', 'o.organLevel', 'o.organType', 'o.auditStatus',
      sql<boolean>`exists (select 1 from organizations c where c.parent_id = o.id and not c.is_deleted)`.as('hasChild'),
    ])
    .where('o.isDeleted', '=', false);

/** The columns of organNodeColumns that make a node. */
export type NodeRow = { id: number; parentId: number | null; organName: string; organPath: string; organLevel: number; organType: string | null; hasChild: boolean; auditStatus: number };
export const toNode = (r: NodeRow): OrganNode => ({
  id: r.id,
  parentId: r.parentId,
  organName: r.organName,
  organizationName: r.organName,
  organPath: r.organPath,
  organLevel: r.organLevel,
  organType: r.organType,
  hasChild: r.hasChild,
  children: null,
  auditStatus: r.auditStatus,
});

export interface NewOrgan {
  parentId: number;
  organName: string;
  shortName?: string | null;
  organCode?: string | null;
  organType?: string | null;
  secretaryName?: string | null;
  contactPhone?: string | null;
  address?: string | null;
  longitude?: number | null;
  latitude?: number | null;
  sort?: number;
  extra?: Record<string, unknown>;
}

/** How a new organisation starts (organ-audit.ts) and what else its creating transaction writes. */
export interface NewOrganAudit {
  auditStatus: number;
  submitOrganPath: string | null;
  inTransaction?: (trx: Transaction<DB>, id: number) => Promise<void>;
}

/** Creates a child organisation; its path and level follow from the parent, which must be approved. */
export async function createOrgan(db: Database, input: NewOrgan, creatorUserId: number, audit: NewOrganAudit = { auditStatus: 1, submitOrganPath: null }) {
  const parent = await getOrgan(db, input.parentId);
  requireApproved(parent);
  const dup = await db
    .selectFrom('organizations')
    .select('id')
    .where('parentId', '=', parent.id)
    .where('organName', '=', input.organName.trim())
    .where('isDeleted', '=', false)
    .executeTakeFirst();
  if (dup) throw badRequest('同一上级组织下已有同名组织');
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('organizations')
      .values({
        parentId: parent.id,
        organName: input.organName.trim(),
        shortName: input.shortName ?? null,
        organCode: input.organCode ?? null,
        organType: input.organType ?? null,
        organLevel: parent.organLevel + 1,
        secretaryName: input.secretaryName ?? null,
        contactPhone: input.contactPhone ?? null,
        address: input.address ?? null,
        longitude: input.longitude ?? null,
        latitude: input.latitude ?? null,
        sort: input.sort ?? 0,
        extra: JSON.stringify(input.extra ?? {}),
        creatorUserId,
        auditStatus: audit.auditStatus,
        submitOrganPath: audit.submitOrganPath,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const organPath = childPath(parent.organPath, row.id);
    await trx.updateTable('organizations').set({ organPath }).where('id', '=', row.id).execute();
    await audit.inTransaction?.(trx, row.id);
    return { id: row.id, organPath };
  });
}

export type OrganChanges = Partial<Omit<NewOrgan, 'extra'>> & { id: number };

/** Every column that holds an organisation path (organ_path, to_organ_path …), found in the catalogue so a new table is never missed. */
async function pathColumns(db: Database) {
  const { rows } = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() and column_name like '%organ_path' and data_type = 'text'`.execute(db);
  return rows;
}

/**
 * Changes an organisation; a new parent moves the whole subtree in one transaction: the paths of the
 * organisation, its descendants and every record that carries one of their paths, and the levels of
 * the organisations. The caller has checked scope; the tree rules (not under itself) are here.
 */
/**
 * `within`: more of the same edit, in its transaction (the resubmission of a rejected organisation);
 * `onMoved`: what follows a move, in its transaction once every path is rewritten (roles follow membership).
 */
export async function updateOrgan(
  db: Database,
  input: OrganChanges,
  within?: (trx: Transaction<DB>) => Promise<void>,
  onMoved?: (trx: Transaction<DB>, move: { oldPath: string; newPath: string }) => Promise<void>,
) {
  const organ = await getOrgan(db, input.id);
  const name = input.organName?.trim();
  if (input.organName !== undefined && !name) throw badRequest('请输入组织名称');
  const parentId = input.parentId === undefined || input.parentId === null ? organ.parentId : input.parentId;
  const moving = parentId !== organ.parentId;
  let parent: Awaited<ReturnType<typeof getOrgan>> | null = null;
  if (moving) {
    if (parentId === organ.id) throw badRequest(MOVE_UNDER_SELF);
    parent = await getOrgan(db, parentId!);
    if (parent.organPath.startsWith(organ.organPath)) throw badRequest(MOVE_UNDER_SELF);
    requireApproved(parent);
  }
  const finalName = name ?? organ.organName;
  if (finalName !== organ.organName || moving) {
    const siblings = db.selectFrom('organizations').select('id');
    const dup = await (parentId === null ? siblings.where('parentId', 'is', null) : siblings.where('parentId', '=', parentId))
      .where('organName', '=', finalName)
      .where('id', '!=', organ.id)
      .where('isDeleted', '=', false)
      .executeTakeFirst();
    if (dup) throw badRequest('同一上级组织下已有同名组织');
  }
  const set: Record<string, unknown> = { lastModificationTime: new Date() };
  for (const k of ['shortName', 'organCode', 'organType', 'secretaryName', 'contactPhone', 'address', 'longitude', 'latitude', 'sort'] as const)
    if (input[k] !== undefined) set[k] = input[k];
  if (name) set.organName = name;
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('organizations').set(set).where('id', '=', organ.id).execute();
    await within?.(trx);
    if (!parent) return { organPath: organ.organPath, moved: 0 };
    const oldPath = organ.organPath;
    const newPath = childPath(parent.organPath, organ.id);
    const delta = parent.organLevel + 1 - organ.organLevel;
    await trx.updateTable('organizations').set({ parentId: parent.id }).where('id', '=', organ.id).execute();
    const moved = await trx
      .updateTable('organizations')
      .set({ organLevel: sql`organ_level + ${delta}` })
      .where('organPath', 'like', subtreePattern(oldPath))
      .executeTakeFirst();
    for (const { table, column } of await pathColumns(trx)) {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${newPath} || substr(${sql.ref(column)}, ${oldPath.length + 1})
        where ${sql.ref(column)} like ${subtreePattern(oldPath)}`.execute(trx);
    }
    await onMoved?.(trx, { oldPath, newPath });
    return { organPath: newPath, moved: Number(moved.numUpdatedRows) };
  });
}

export const MOVE_UNDER_SELF = '不能将组织移动到其自身或其下级组织之下';
