import { sql } from 'kysely';
import type { OrganNode } from '../../contract/types';
import type { Database } from '../db/database';
import { MSG } from '../../contract/messages';
import { badRequest, notFound } from '../http/errors';
import { childPath, subtreePattern } from '../scope';

/** Shared organisation queries: node shape, lookups and creation with path and level. */

export const organNodeColumns = (db: Database) =>
  db
    .selectFrom('organizations as o')
    .select([
      'o.id', 'o.parentId', 'o.organName', 'o.organPath', 'o.organLevel', 'o.organType',
      sql<boolean>`exists (select 1 from organizations c where c.parent_id = o.id and not c.is_deleted)`.as('hasChild'),
    ])
    .where('o.isDeleted', '=', false);

export const toNode = (r: { id: number; parentId: number | null; organName: string; organPath: string; organLevel: number; organType: string | null; hasChild: boolean }): OrganNode => ({
  id: r.id,
  parentId: r.parentId,
  organName: r.organName,
  organizationName: r.organName,
  organPath: r.organPath,
  organLevel: r.organLevel,
  organType: r.organType,
  hasChild: r.hasChild,
  children: null,
});

export async function getOrgan(db: Database, id: number) {
  const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst();
  if (!row) throw notFound(MSG.organNotFound);
  return row;
}

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

/** Creates a child organisation; its path and level follow from the parent. */
export async function createOrgan(db: Database, input: NewOrgan, creatorUserId: number) {
  const parent = await getOrgan(db, input.parentId);
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const organPath = childPath(parent.organPath, row.id);
    await trx.updateTable('organizations').set({ organPath }).where('id', '=', row.id).execute();
    return { id: row.id, organPath };
  });
}

/** Organisations with coordinates under a path (the party map). */
export const subtreeWhere = (path: string) => (eb: any) => eb('o.organPath', 'like', subtreePattern(path));
