/** 通知公告 paths (core §2: partySpace notice, notice/info?id=&isRead=). */
const S = '/partyMember/partySpace';

export const NOTICE = {
  list: `${S}/notice`,
  info: `${S}/notice/info`,
} as const;

/** the member space's messages (site messages of source 2) */
export const MEMBER_SOURCE = 2 as const;

/** A notice's link inside the member area (its 查看详情), or null: never another site or the back-office. */
export function memberLink(url: string | null | undefined): string | null {
  const u = (url ?? '').trim();
  return /^\/partyMember\/[^/\\]/.test(u) ? u : null;
}

/** the 未读 tab of the list, kept in the query (`tab=unread`) so the back bar returns to it */
export const UNREAD_TAB = 'unread';

/** an announcement (通知公告 published to the members) beside the site messages: its detail is asked by `kind` */
export const ANNOUNCE_KIND = 'announce';

/** The query of an item's detail link: its id, whether it was read, and its kind when it is an announcement. */
export const noticeQuery = (m: { messageId: number; isRead: boolean; kind?: string }) => ({
  id: m.messageId,
  isRead: String(m.isRead),
  kind: m.kind === ANNOUNCE_KIND ? ANNOUNCE_KIND : undefined,
});

/** The detail path of an item (the header's dropdown and the member space home). */
export const noticeInfoPath = (m: { messageId: number; isRead: boolean; kind?: string }) =>
  `${NOTICE.info}?id=${m.messageId}&isRead=${m.isRead}${m.kind === ANNOUNCE_KIND ? `&kind=${ANNOUNCE_KIND}` : ''}`;
