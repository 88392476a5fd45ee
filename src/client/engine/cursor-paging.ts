/**
 * The spec's cursor variant of paging (core §3): a list whose answer carries `lastId` is asked for a
 * later page with the page shown last (PreSkipCount, LastId) and the page wanted (PageIndex), so the
 * server reads on from that row instead of walking every row before the page. Only while the
 * filters are the ones that page was read with; going back, or after a change, pages by offset.
 */
export interface PageCursor {
  /** the filters the page was read with (their JSON) */
  key: string;
  skip: number;
  lastId: number;
}

export function cursorParams(cursor: PageCursor | null, key: string, skip: number, pageIndex: number): Record<string, number> {
  if (!cursor || cursor.key !== key || skip <= cursor.skip) return {};
  return { PreSkipCount: cursor.skip, LastId: cursor.lastId, PageIndex: pageIndex };
}

/** The cursor an answer leaves, when the list answers by cursor. */
export function cursorOf(answer: unknown, key: string, skip: number): PageCursor | null {
  const lastId = (answer as { lastId?: unknown } | null)?.lastId;
  return typeof lastId === 'number' && lastId > 0 ? { key, skip, lastId } : null;
}
