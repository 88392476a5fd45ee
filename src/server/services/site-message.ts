import type { Kysely } from 'kysely';
import { action, defineService } from '../http/actions';
import { notFound } from '../http/errors';
import { objectInput, pagingProps } from '../http/paging';
import { MSG } from '../../contract/messages';
import type { MessageItem } from '../../contract/types';
import type { DB } from '../db/schema';
import { iso } from './query-helpers';

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

const source = { type: 'integer', enum: [MESSAGE_SOURCE.admin, MESSAGE_SOURCE.member], title: '消息来源' };

export const siteMessageService = defineService('SiteMessageService', {
  MyReceiveMessagePagedList: action<{ skipCount: number; maxResultCount: number; source?: number; isRead?: boolean; unreadFirst?: boolean }>({
    method: 'POST',
    summary: '分页查询我收到的站内消息（最新在前）',
    access: 'self',
    input: objectInput({ ...pagingProps, source, isRead: { type: 'boolean', title: '是否已读' }, unreadFirst: { type: 'boolean', title: '未读在前' } }),
    returns: '{ totalCount, items: [{messageId, isRead, messageType, title, organName, creationTime}] }',
    async handler({ ctx, user, input }) {
      let q = ctx.db
        .selectFrom('siteMessageReceivers as r')
        .innerJoin('siteMessages as m', 'm.id', 'r.messageId')
        .where('r.userId', '=', user.userId);
      if (input.source != null) q = q.where('r.source', '=', input.source);
      if (input.isRead != null) q = q.where('r.isRead', '=', input.isRead);
      const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const rows = await q
        .select(['m.id as messageId', 'r.isRead', 'm.messageType', 'm.title', 'm.organName', 'm.creationTime', 'r.source'])
        // the header preview asks unread first, so that every unread message its badge counts is listed (up to six)
        .$if(input.unreadFirst === true, (q) => q.orderBy('r.isRead', 'asc'))
        .orderBy('m.creationTime', 'desc')
        .orderBy('m.id', 'desc')
        .offset(input.skipCount)
        .limit(input.maxResultCount)
        .execute();
      const items = rows.map((r): MessageItem & { source: number } => ({ ...r, creationTime: iso(r.creationTime) }));
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
      return Number(count);
    },
  }),

  GetMessageInfo: action<{ id: number; source?: number }>({
    method: 'GET',
    summary: '查看我的站内消息详情（并标记为已读）',
    access: 'self',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '消息编号' }, source }, ['id']),
    returns: '{messageId, title, content, messageType, organName, linkUrl, creationTime, isRead}',
    async handler({ ctx, user, input }) {
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
        return { messageId: id, ...rest, creationTime: iso(creationTime), isRead: true };
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
      return rows.length;
    },
  }),
});
