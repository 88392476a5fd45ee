import type { AppContext } from '../../context';
import type { CurrentUser } from '../../http/auth';
import type { ConfigKind, ConfigVersion } from '../../../contract/screen-config';
import { iso } from '../query-helpers';

/** The versions of one override, newest first, and the appending of a new one (config_overrides). */
export async function versionsOf(ctx: AppContext, kind: ConfigKind, key: string): Promise<ConfigVersion[]> {
  const rows = await ctx.db.selectFrom('configOverrides').selectAll().where('kind', '=', kind).where('key', '=', key).orderBy('version', 'desc').execute();
  return rows.map((r) => ({
    version: r.version,
    action: r.action,
    comment: r.comment,
    authorName: r.authorName,
    creationTime: iso(r.createdAt),
    body: r.body === null ? null : JSON.parse(r.body),
  }));
}

export interface NewVersion {
  kind: ConfigKind;
  key: string;
  body: unknown;
  shippedHash: string | null;
  comment: string;
  action: 'save' | 'rollback' | 'reset' | 'import';
}

/**
 * Appends versions in one transaction; the version number is the next of its key, and the unique
 * (kind, key, version) makes two simultaneous saves of one key fail one of them instead of
 * interleaving (the loser answers 400 through the constraint mapping, and tries again).
 */
export async function appendVersions(ctx: AppContext, user: CurrentUser, versions: NewVersion[]): Promise<number[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const out: number[] = [];
    for (const v of versions) {
      const last = await trx.selectFrom('configOverrides').select((eb) => eb.fn.max('version').as('v')).where('kind', '=', v.kind).where('key', '=', v.key).executeTakeFirst();
      const version = Number(last?.v ?? 0) + 1;
      await trx
        .insertInto('configOverrides')
        .values({
          kind: v.kind,
          key: v.key,
          version,
          body: v.body === null ? null : JSON.stringify(v.body, null, 2),
          shippedHash: v.shippedHash,
          comment: v.comment,
          action: v.action,
          authorId: user.userId,
          authorName: user.name || user.userName,
        })
        .execute();
      out.push(version);
    }
    return out;
  });
}
