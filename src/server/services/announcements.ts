import { sql, type Kysely } from 'kysely';
import { action, defineService } from '../http/actions';
import type { CurrentUser } from '../http/auth';
import { notFound } from '../http/errors';
import { objectInput, pageQuery, pagingProps, type PagingInput } from '../http/paging';
import type { DB } from '../db/schema';
import { actingOrgan, isInSubtree, pathChain, subtreeRange, subtreeOrder } from '../scope';

/**
 * 通知公告 reach the members (issue 33): an announcement (a `publicInfo` record of infoType
 * `announce`, published in 消息 → 通知公告) is seen by every member whose organisation lies under the
 * publisher's — or, with 发布范围 `own`, by the publisher organisation's own members only. Nothing is
 * copied per member: the member's list and unread count read the announcements of his organisation's
 * ancestors (a handful of index ranges, `ix_records_entity_path`) against his read receipts
 * (`record_reads`, keyed by (record, user)). The member's 通知公告 list, the header's count and the
 * detail are SiteMessageService's (site-message.ts); the publisher's read figures are here.
 */

export const ANNOUNCE_ENTITY = 'publicInfo';
export const ANNOUNCE_TYPE = 'announce';
/** the EnumMessageType code an announcement is listed under beside the site messages */
export const ANNOUNCE_MESSAGE_TYPE = '8';
export const ANNOUNCE_NOT_FOUND = '通知公告不存在或已删除';

/** The organisation path a member's announcements follow: his own (member) organisation's. */
export const memberPathOf = (user: CurrentUser) => user.memberOrganPath ?? null;

/**
 * The announcements a member sees: published by his organisation or one above it, in range (a
 * `publishRange: 'own'` one only for the publisher organisation's own members).
 */
export function visibleAnnouncements(db: Kysely<DB>, memberPath: string | null) {
  const chain = memberPath ? pathChain(memberPath) : [];
  return db
    .selectFrom('records as r')
    .innerJoin('organizations as o', 'o.id', 'r.organId')
    .where('r.entity', '=', ANNOUNCE_ENTITY)
    .where('r.isDeleted', '=', false)
    .where(sql<boolean>`r.data->>'infoType' = ${ANNOUNCE_TYPE}`)
    .where(chain.length ? sql<boolean>`r.organ_path in (${sql.join(chain)})` : sql<boolean>`false`)
    .where(sql<boolean>`(coalesce(r.data->>'publishRange', 'subtree') <> 'own' or r.organ_path = ${memberPath ?? ''})`);
}

/** SQL: the user has read the announcement `r`. */
export const readBy = (userId: number) => sql<boolean>`exists (select 1 from record_reads d where d.record_id = r.id and d.user_id = ${userId})`;

/** Records the user's read receipt (idempotent). */
export async function markAnnouncementRead(db: Kysely<DB>, recordId: number, userId: number) {
  await db.insertInto('recordReads').values({ recordId, userId }).onConflict((oc) => oc.doNothing()).execute();
}

/** The members an announcement is for: users of the publisher's subtree (or its own organisation only). */
function audience(db: Kysely<DB>, rec: { organPath: string; publishRange: string | null }) {
  return db
    .selectFrom('users as u')
    .innerJoin('organizations as uo', 'uo.id', 'u.organId')
    .where('u.isDeleted', '=', false)
    .where('u.isActive', '=', true)
    .where(rec.publishRange === 'own' ? sql<boolean>`uo.organ_path = ${rec.organPath}` : subtreeRange('uo.organPath', rec.organPath));
}

const idProp = { type: 'integer', minimum: 1, title: '通知公告编号' };
const admin = { permission: ['Pages.Announce'] };

/** The announcement by id within the caller's managed subtree (beyond it: 404, as a missing one). */
async function announcementInScope(db: Kysely<DB>, user: CurrentUser, id: number) {
  const rec = await db
    .selectFrom('records as r')
    .select(['r.id', 'r.organPath', sql<string | null>`r.data->>'publishRange'`.as('publishRange')])
    .where('r.id', '=', id)
    .where('r.entity', '=', ANNOUNCE_ENTITY)
    .where('r.isDeleted', '=', false)
    .where(sql<boolean>`r.data->>'infoType' = ${ANNOUNCE_TYPE}`)
    .executeTakeFirst();
  if (!rec || !isInSubtree(rec.organPath, actingOrgan(user).path)) throw notFound(ANNOUNCE_NOT_FOUND);
  return rec;
}

/** Named extension beyond endpoints.tsv: the publisher's 阅读情况 of an announcement. */
export const announceReadService = defineService('AnnounceReadService', {
  GetReadStats: action<{ id: number }>({
    method: 'GET',
    summary: '管理：通知公告阅读情况（应读、已读、未读人数；扩展接口）',
    access: admin,
    input: objectInput({ id: idProp }, ['id']),
    returns: '{ id, totalCount, readCount, unreadCount }',
    async handler({ ctx, user, input }) {
      const rec = await announcementInScope(ctx.db, user, input.id);
      const [{ total }, { read }] = await Promise.all([
        audience(ctx.db, rec).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        audience(ctx.db, rec)
          .innerJoin('recordReads as d', 'd.userId', 'u.id')
          .where('d.recordId', '=', rec.id)
          .select((eb) => eb.fn.countAll<number>().as('read'))
          .executeTakeFirstOrThrow(),
      ]);
      const totalCount = Number(total);
      const readCount = Number(read);
      return { id: rec.id, totalCount, readCount, unreadCount: Math.max(0, totalCount - readCount) };
    },
  }),

  UnreadPageList: action<PagingInput & { id: number; isRead?: boolean }>({
    method: 'GET',
    summary: '管理：通知公告的未读（或已读）党员名单（扩展接口）',
    access: admin,
    input: objectInput({ ...pagingProps, id: idProp, isRead: { type: 'boolean', title: '是否已读' } }, ['id']),
    returns: '{ totalCount, items: [{ userId, name, organName, readTime }] }',
    async handler({ ctx, user, input }) {
      const rec = await announcementInScope(ctx.db, user, input.id);
      const read = sql<boolean>`exists (select 1 from record_reads d where d.record_id = ${rec.id} and d.user_id = u.id)`;
      const q = audience(ctx.db, rec).where(input.isRead ? read : sql<boolean>`not ${read}`);
      const page = await pageQuery(q, input, (x) =>
        x
          .select([
            'u.id as userId',
            'u.name',
            'uo.organName',
            sql<Date | null>`(select d.creation_time from record_reads d where d.record_id = ${rec.id} and d.user_id = u.id)`.as('readTime'),
          ])
          .orderBy(subtreeOrder('uo.organPath'))
          .orderBy('u.id'),
      );
      return { totalCount: page.totalCount, items: page.items.map((r) => ({ ...r, readTime: r.readTime ? new Date(r.readTime).toISOString() : null })) };
    },
  }),
});
