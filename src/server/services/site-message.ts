import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { action, defineService } from '../http/actions';
import { notFound } from '../http/errors';
import { objectInput, pagingProps } from '../http/paging';
import { MSG } from '../../contract/messages';
import type { MessageItem } from '../../contract/types';
import type { DB } from '../db/schema';
import { iso } from './query-helpers';
import { ANNOUNCE_MESSAGE_TYPE, ANNOUNCE_NOT_FOUND, markAnnouncementRead, memberPathOf, readBy, visibleAnnouncements } from './announcements';

/** Where a message is shown: 1 the admin back-office, 2 the member space (core §3, §7). */
export const MESSAGE_SOURCE = { admin: 1, member: 2 } as const;

export interface SiteMessageInput {
  title: string;
  content: string;
  /** a value of the EnumMessageType code table */
  messageType: string;
  senderOrganId?: number | null;
  organName?: string;
  userIds: number[];
  source: number;
  linkUrl?: string | null;
}

/**
 * Sends a message to users (e.g. the outcome of a registration audit). Joins the caller's
 * transaction when given one, else opens its own. Returns the message id, or null with no receivers.
 */
export async function sendSiteMessage(db: Kysely<DB>, msg: SiteMessageInput): Promise<number | null> {
  const userIds = [...new Set(msg.userIds)];
  if (!userIds.length) return null;
  const write = async (trx: Kysely<DB>) => {
    const { id } = await trx
      .insertInto('siteMessages')
      .values({
        title: msg.title,
        content: msg.content,
        messageType: msg.messageType,
        senderOrganId: msg.senderOrganId ?? null,
        organName: msg.organName ?? '',
        linkUrl: msg.linkUrl ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('siteMessageReceivers')
      .values(userIds.map((userId) => ({ messageId: id, userId, source: msg.source })))
      .execute();
    return id;
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/**
 * As sendSiteMessage, to the users a query selects (a `userId` column) — a province's members may be
 * more than one statement's parameters can name: the receivers are inserted from the query, in the
 * caller's transaction. No receivers: no message. Returns the receivers.
 */
export async function sendSiteMessageToQuery(trx: Kysely<DB>, msg: Omit<SiteMessageInput, 'userIds'>, users: SelectQueryBuilder<DB, any, { userId: number | null }>): Promise<number> {
  const { id } = await trx
    .insertInto('siteMessages')
    .values({ title: msg.title, content: msg.content, messageType: msg.messageType, senderOrganId: msg.senderOrganId ?? null, organName: msg.organName ?? '', linkUrl: msg.linkUrl ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inserted = await trx
    .insertInto('siteMessageReceivers')
    .columns(['messageId', 'userId', 'source'])
    .expression(
      trx
        .selectFrom(users.as('u'))
        .where('u.userId', 'is not', null)
        .select([sql<number>`${id}::int`.as('messageId'), sql<number>`u.user_id`.as('userId'), sql<number>`${msg.source}::int`.as('source')])
        .distinct() as any,
    )
    .executeTakeFirst();
  const receivers = Number(inserted.numInsertedOrUpdatedRows ?? 0);
  if (!receivers) await trx.deleteFrom('siteMessages').where('id', '=', id).execute();
  return receivers;
}

/** what a member-space item is: a site message, or an announcement (通知公告, a record: ids of their own) */
const kind = { type: 'string', enum: ['message', 'announce'], title: '类别' };
const source = { type: 'integer', enum: [MESSAGE_SOURCE.admin, MESSAGE_SOURCE.member], title: '消息来源' };

export const siteMessageService = defineService('SiteMessageService', {
  MyReceiveMessagePagedList: action<{ skipCount: number; maxResultCount: number; source?: number; isRead?: boolean; unreadFirst?: boolean }>({
    method: 'POST',
    summary: '分页查询我收到的站内消息（最新在前）',
    access: 'self',
    input: objectInput({ ...pagingProps, source, isRead: { type: 'boolean', title: '是否已读' }, unreadFirst: { type: 'boolean', title: '未读在前' } }),
    returns: '{ totalCount, items: [{messageId, isRead, messageType, title, organName, creationTime}] }',
    async handler({ ctx, user, input }) {
      let messages = ctx.db
        .selectFrom('siteMessageReceivers as r')
        .innerJoin('siteMessages as m', 'm.id', 'r.messageId')
        .where('r.userId', '=', user.userId)
        .select([
          sql<string>`'message'`.as('kind'),
          'm.id as messageId',
          'r.isRead',
          'm.messageType',
          'm.title',
          'm.organName',
          'm.creationTime',
          'r.source',
        ]);
      if (input.source != null) messages = messages.where('r.source', '=', input.source);
      if (input.isRead != null) messages = messages.where('r.isRead', '=', input.isRead);
      // the member space lists the announcements of his organisation and those above it beside his messages
      let all = messages;
      if (input.source === MESSAGE_SOURCE.member) {
        let ann = visibleAnnouncements(ctx.db, memberPathOf(user)).select([
          sql<string>`'announce'`.as('kind'),
          'r.id as messageId',
          readBy(user.userId).as('isRead'),
          sql<string>`${ANNOUNCE_MESSAGE_TYPE}`.as('messageType'),
          sql<string>`r.data->>'title'`.as('title'),
          'o.organName',
          'r.creationTime',
          sql<number>`${MESSAGE_SOURCE.member}::int`.as('source'),
        ]);
        if (input.isRead != null) ann = ann.where(input.isRead ? readBy(user.userId) : sql<boolean>`not ${readBy(user.userId)}`);
        all = messages.unionAll(ann as unknown as typeof messages);
      }
      const u = ctx.db.selectFrom(all.as('u'));
      const { count } = await u.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const rows = await u
        .selectAll()
        // the header preview asks unread first, so that every unread message its badge counts is listed (up to six)
        .$if(input.unreadFirst === true, (q) => q.orderBy('u.isRead', 'asc'))
        .orderBy('u.creationTime', 'desc')
        .orderBy('u.messageId', 'desc')
        .offset(input.skipCount)
        .limit(input.maxResultCount)
        .execute();
      const items = rows.map((r): MessageItem & { source: number } => ({ ...r, kind: r.kind as MessageItem['kind'], source: Number(r.source), creationTime: iso(r.creationTime) }));
      return { totalCount: Number(count), items };
    },
  }),

  GetUserUnReadMessageCount: action<{ source?: number }>({
    method: 'GET',
    summary: '获取我的未读消息数',
    access: 'self',
    input: objectInput({ source }),
    returns: '未读消息条数',
    async handler({ ctx, user, input }) {
      const { count } = await ctx.db
        .selectFrom('siteMessageReceivers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('userId', '=', user.userId)
        .where('isRead', '=', false)
        .$if(input.source != null, (q) => q.where('source', '=', input.source!))
        .executeTakeFirstOrThrow();
      if (input.source !== MESSAGE_SOURCE.member) return Number(count);
      // and the announcements he has not read: his organisation's chain of index ranges against his receipts
      const { unread } = await visibleAnnouncements(ctx.db, memberPathOf(user))
        .where(sql<boolean>`not ${readBy(user.userId)}`)
        .select((eb) => eb.fn.countAll<number>().as('unread'))
        .executeTakeFirstOrThrow();
      return Number(count) + Number(unread);
    },
  }),

  GetMessageInfo: action<{ id: number; source?: number; kind?: 'message' | 'announce' }>({
    method: 'GET',
    summary: '查看我的站内消息详情（并标记为已读）',
    access: 'self',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '消息编号' }, source, kind }, ['id']),
    returns: '{messageId, kind, title, content, messageType, organName, linkUrl, creationTime, isRead}（通知公告的 content 为富文本）',
    async handler({ ctx, user, input }) {
      if (input.kind === 'announce') {
        const a = await visibleAnnouncements(ctx.db, memberPathOf(user))
          .where('r.id', '=', input.id)
          .select(['r.id', sql<string>`r.data->>'title'`.as('title'), sql<string>`coalesce(r.data->>'content', '')`.as('content'), 'o.organName', 'r.creationTime'])
          .executeTakeFirst();
        // one beyond his organisation's chain (or range) is answered as a missing one
        if (!a) throw notFound(ANNOUNCE_NOT_FOUND);
        await markAnnouncementRead(ctx.db, a.id, user.userId);
        return { messageId: a.id, kind: 'announce', title: a.title, content: a.content, messageType: ANNOUNCE_MESSAGE_TYPE, organName: a.organName, linkUrl: null, creationTime: iso(a.creationTime), isRead: true };
      }
      return ctx.db.transaction().execute(async (trx) => {
        const m = await trx
          .selectFrom('siteMessages as m')
          .innerJoin('siteMessageReceivers as r', 'r.messageId', 'm.id')
          .select(['m.id', 'm.title', 'm.content', 'm.messageType', 'm.organName', 'm.linkUrl', 'm.creationTime'])
          .where('m.id', '=', input.id)
          .where('r.userId', '=', user.userId)
          .$if(input.source != null, (q) => q.where('r.source', '=', input.source!))
          .limit(1)
          .executeTakeFirst();
        // another user's message is answered exactly like a missing one
        if (!m) throw notFound(MSG.messageNotFound);
        await trx
          .updateTable('siteMessageReceivers')
          .set({ isRead: true, readTime: ctx.now() })
          .where('messageId', '=', m.id)
          .where('userId', '=', user.userId)
          .where('isRead', '=', false)
          .$if(input.source != null, (q) => q.where('source', '=', input.source!))
          .execute();
        const { id, creationTime, ...rest } = m;
        return { messageId: id, kind: 'message', ...rest, creationTime: iso(creationTime), isRead: true };
      });
    },
  }),

  /**
   * Named extension beyond endpoints.tsv: 全部标为已读 of the member's 通知公告 (and the admin's list).
   * The source is required: marking the member space's messages must not clear the back-office's.
   */
  SetAllRead: action<{ source: number }>({
    method: 'POST',
    summary: '将我收到的某来源站内消息全部标为已读（扩展接口）',
    access: 'self',
    input: objectInput({ source }, ['source']),
    returns: '标为已读的条数',
    async handler({ ctx, user, input }) {
      const rows = await ctx.db
        .updateTable('siteMessageReceivers')
        .set({ isRead: true, readTime: ctx.now() })
        .where('userId', '=', user.userId)
        .where('source', '=', input.source)
        .where('isRead', '=', false)
        .returning('id')
        .execute();
      if (input.source !== MESSAGE_SOURCE.member) return rows.length;
      const unread = await visibleAnnouncements(ctx.db, memberPathOf(user)).where(sql<boolean>`not ${readBy(user.userId)}`).select('r.id').execute();
      if (unread.length) {
        await ctx.db.insertInto('recordReads').values(unread.map((r) => ({ recordId: r.id, userId: user.userId }))).onConflict((oc) => oc.doNothing()).execute();
      }
      return rows.length + unread.length;
    },
  }),
});
