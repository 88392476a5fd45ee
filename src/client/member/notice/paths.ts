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
