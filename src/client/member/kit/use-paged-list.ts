/**
 * One paged list of a member page, on ahooks' useRequest. The page index lives in the URL query
 * `num` (core §2: a back bar returns to the list with num set), so a reload or a back bar lands on
 * the same page; the fetcher gets ABP paging (skipCount, maxResultCount). Stale answers are dropped
 * by useRequest; a page emptied by a delete steps back to the last page that has rows.
 */
import { useState } from 'react';
import { useRequest } from 'ahooks';
import { useSearchParams } from 'react-router-dom';
import type { PagedResult } from '../../../contract/types';
import { PAGER_PAGE_SIZE, toSkip } from '../../utils/paging';

export const PAGE_PARAM = 'num';

/** ABP paging of the call (the page index itself is never sent: core §5 query cleaning) */
export interface PageArgs {
  skipCount: number;
  maxResultCount: number;
}

export interface PagedListOptions {
  /** rows a page (default 10, the pager's) */
  pageSize?: number;
  /** refetch (from the current page) when these change — filters kept outside the URL */
  deps?: unknown[];
  /** false: wait (e.g. an inactive tab) */
  ready?: boolean;
  /**
   * false: the page index is the component's own state, not the URL's `num` — a list embedded in a
   * page that has its own (a class's minds on the class page)
   */
  inUrl?: boolean;
}

export interface PagedList<T> {
  items: T[];
  /** the server's total; the pager caps what it shows (101) */
  total: number;
  /** the whole answer, for totals a list carries beside its rows */
  data: (PagedResult<T> & Record<string, unknown>) | undefined;
  pageIndex: number;
  pageSize: number;
  loading: boolean;
  error: Error | undefined;
  refresh: () => void;
  setPageIndex: (pageIndex: number) => void;
}

/** The page index of a query string's `num` (1 when absent or not a positive number). */
export const pageOfQuery = (params: URLSearchParams) => Math.max(1, Math.floor(Number(params.get(PAGE_PARAM))) || 1);

export function usePagedList<T>(fetcher: (page: PageArgs, pageIndex: number) => Promise<PagedResult<T>>, options: PagedListOptions = {}): PagedList<T> {
  const { pageSize = PAGER_PAGE_SIZE, deps = [], ready = true, inUrl = true } = options;
  const [params, setParams] = useSearchParams();
  const [ownPage, setOwnPage] = useState(1);
  const pageIndex = inUrl ? pageOfQuery(params) : ownPage;

  const setPageIndex = (p: number, replace = false) =>
    inUrl ? setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(PAGE_PARAM, String(Math.max(1, p)));
        return next;
      },
      { replace },
    ) : setOwnPage(Math.max(1, p));

  const req = useRequest(() => fetcher({ skipCount: toSkip(pageIndex, pageSize), maxResultCount: pageSize }, pageIndex), {
    ready,
    refreshDeps: [pageIndex, pageSize, ...deps],
    onSuccess: (d) => {
      // the last row of the last page was deleted: show the page before
      if (d && d.items.length === 0 && d.totalCount > 0 && pageIndex > 1) setPageIndex(Math.ceil(d.totalCount / pageSize), true);
    },
    // the request wrapper already showed the message; the list shows the error state
    onError: () => undefined,
  });

  return {
    items: req.data?.items ?? [],
    total: req.data?.totalCount ?? 0,
    data: req.data as PagedList<T>['data'],
    pageIndex,
    pageSize,
    loading: req.loading,
    error: req.error,
    refresh: req.refresh,
    setPageIndex: (p: number) => setPageIndex(p),
  };
}
