import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { CurrentUser } from '../http/auth';
import { hasPermission } from '../http/actions';
import { isInSubtree } from '../scope';
import type { EntityFile } from './entities';

/**
 * Files held by configured records (evidence of a hardship application, attachments of a help
 * record): fields whose widget is FileUpload. Whoever may read the record may download its files —
 * its owner, the owner of its parent, and an administrator of its subtree acting with one of the
 * service's permissions. Registered by the configured services at start (files/readers asks here).
 */
let holders: { entity: string; fields: string[]; permissions: string[] }[] = [];

export function registerFileHoldingEntities(entities: EntityFile[]) {
  holders = entities
    .map((e) => ({
      entity: e.name,
      fields: Object.entries(e.schema.properties).filter(([, f]) => f['x-component'] === 'FileUpload').map(([k]) => k),
      permissions: [...new Set(Object.values(e.service?.actions ?? {}).map((a) => a.permission ?? e.service!.permission).filter((p) => p !== 'self'))],
    }))
    .filter((h) => h.fields.length);
}

export async function recordHoldsFileFor(ctx: AppContext, user: CurrentUser, fileId: string): Promise<boolean> {
  for (const h of holders) {
    const held = sql.join(
      h.fields.map((f) => sql`(r.data->${f} @> ${JSON.stringify([{ id: fileId }])}::jsonb or r.data->${f} @> ${JSON.stringify([fileId])}::jsonb or r.data->>${f} = ${fileId})`),
      sql` or `,
    );
    const rows = await ctx.db
      .selectFrom('records as r')
      .leftJoin('records as p', 'p.id', 'r.parentId')
      .select(['r.ownerUserId', 'r.organPath', 'p.ownerUserId as parentOwnerUserId'])
      .where('r.entity', '=', h.entity)
      .where('r.isDeleted', '=', false)
      .where(sql<boolean>`(${held})`)
      .limit(20)
      .execute();
    for (const r of rows) {
      if (r.ownerUserId === user.userId || r.parentOwnerUserId === user.userId) return true;
      if (!user.isDefaultRole && user.organPath && isInSubtree(r.organPath, user.organPath) && hasPermission(user, h.permissions)) return true;
    }
  }
  return false;
}
