/** Paging constants of core §9. */
export const TABLE_PAGE_SIZE = 9;
export const PAGER_PAGE_SIZE = 10;
export const PAGER_VISIBLE_PAGES = 10;
export const MEMBER_PICKER_PAGE_SIZE = 7;
export const TOTAL_CAP = 101;

/**
 * The displayed total (core §4): when the total is 101 or more it shows 101 at first and grows as
 * the user pages forward, so that counting a huge table never has to be exact.
 */
export function displayedTotal(total: number, pageIndex: number, pageSize = PAGER_PAGE_SIZE): number {
  if (total < TOTAL_CAP) return total;
  const reached = Math.max(1, pageIndex) * pageSize + 1;
  return Math.min(total, Math.max(TOTAL_CAP, reached));
}

export const toSkip = (pageIndex: number, pageSize: number) => (Math.max(1, pageIndex) - 1) * pageSize;
