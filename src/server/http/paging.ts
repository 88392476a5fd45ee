import { sql } from 'kysely';
import type { AnySelect } from '../db/database';

/** ABP paging: SkipCount / MaxResultCount in, { totalCount, items } out. */
export const MAX_PAGE = 1000;

export const pagingProps = {
  skipCount: { type: 'integer', minimum: 0, default: 0, title: '跳过条数' },
  maxResultCount: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 10, title: '每页条数' },
} as const;

export interface PagingInput {
  skipCount: number;
  maxResultCount: number;
}

/**
 * The spec's cursor variant (core §3): the client names the page it showed last — its SkipCount
 * (PreSkipCount) and the id of its last row (LastId) — and the page it wants (PageIndex, or
 * SkipCount). A list that supports it reads on from that row by its order's index instead of
 * walking every row before the page, so page 10,000 costs what page 1 costs; it answers `lastId`.
 */
export const cursorPagingProps = {
  preSkipCount: { type: 'integer', minimum: 0, title: '上一页跳过条数' },
  lastId: { type: 'integer', minimum: 1, title: '上一页最后一条的编号' },
  pageIndex: { type: 'integer', minimum: 1, maximum: 1_000_000, title: '页码' },
} as const;

export interface CursorPagingInput extends PagingInput {
  preSkipCount?: number;
  lastId?: number;
  pageIndex?: number;
}

/** How a list reads on after a row: its select narrowed to the rows after `lastId` in its order, or null when that row is not in the list. */
export type ReadOn<Q> = (q: Q, lastId: number) => Promise<Q | null>;

/** An object schema with paging plus the given properties. */
export const pagedInput = (props: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  properties: { ...pagingProps, ...props },
  required,
});

export const objectInput = (props: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties: props, required });

export const idInput = objectInput({ id: { type: 'integer', minimum: 1, title: '编号' } }, ['id']);

/**
 * Set by ExportService on the input of a list it reads page by page (a symbol: it cannot come from a
 * request). Lists count their total for the first page only; record lists order the whole filtered
 * list once and then read it by id (`ids`), instead of sorting it again for every deeper offset.
 */
export const EXPORT_CURSOR = Symbol('export cursor');
export interface ExportCursor {
  /** rows the export will take at most: the snapshot holds one more, to tell that there were more */
  limit: number;
  ids?: number[];
}
export const exportCursorOf = (input: unknown): ExportCursor | undefined => (input as Record<symbol, ExportCursor> | null)?.[EXPORT_CURSOR];

/**
 * Set by the 工作台 (WorkbenchService) on the input of a 待办 list it counts (a symbol: it cannot come
 * from a request): the list answers its total only — one count, capped as the list's own — and no
 * rows, so a pending count is the list's own query, never a second copy of its rules.
 */
export const COUNT_ONLY = Symbol('count only');
export const countOnlyOf = (input: unknown): boolean => !!(input as Record<symbol, unknown> | null)?.[COUNT_ONLY];

/** The displayed total of core §4: at 101 or more the client shows 101, growing as pages advance. */
export const TOTAL_CAP = 101;

/**
 * How far a list counts: enough for the client's display — TOTAL_CAP past the page's start (or the
 * page itself and one more) — never the whole of a million rows; an export counts to its
 * limit and one more, to tell that it was cut.
 */
export const countCap = (input: PagingInput) => {
  const cursor = exportCursorOf(input);
  return cursor ? cursor.limit + 1 : input.skipCount + Math.max(TOTAL_CAP, input.maxResultCount + 1);
};

/** A page of rows: the total (capped, see `countCap`) and the page's items. */
export interface Page<R> {
  totalCount: number;
  items: R[];
}

/** The row a select answers. */
type RowOf<Q> = Q extends { execute(): Promise<(infer R)[]> } ? R : never;

/**
 * One page of a filtered Kysely select: the total, counted up to `countCap` (the filter's rows,
 * unordered, stop there), then `slice` (ordering, extra columns) with SkipCount/MaxResultCount
 * applied. Every paged list goes through it; a total at the cap means "at least that many".
 * The items are the rows `slice` selects; a caller may name their type instead (`pageQuery<Row>`),
 * and then works on a select of `AnySelect`'s loose type as before.
 */
export async function pageQuery<R = never, Q extends AnySelect = AnySelect, S extends AnySelect = Q>(
  q: Q,
  input: PagingInput,
  slice: (q: Q) => S = (x) => x as unknown as S,
): Promise<Page<[R] extends [never] ? RowOf<S> : R>> {
  type Item = [R] extends [never] ? RowOf<S> : R;
  if (exportCursorOf(input) && input.skipCount > 0) {
    const items = (await slice(q).offset(input.skipCount).limit(input.maxResultCount).execute()) as Item[];
    return { totalCount: -1, items };
  }
  const totalCount = await countUpToCap(q, input);
  // a count under the cap is exact: a page at or past it is empty without walking to it
  if (countOnlyOf(input) || (input.skipCount > 0 && totalCount <= input.skipCount)) return { totalCount, items: [] };
  const items = (await slice(q).offset(input.skipCount).limit(input.maxResultCount).execute()) as Item[];
  return { totalCount, items };
}

/** The rows of a filtered select, counted up to `countCap` (for lists that build their page themselves). */
export async function countUpToCap(q: AnySelect, input: PagingInput): Promise<number> {
  const rows = await q.clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(countCap(input)).execute();
  return rows.length;
}

/**
 * A page by the cursor variant where the input carries one (`cursorPagingProps`) and it points at or
 * before the page asked for: the rows after LastId, which begin at PreSkipCount + MaxResultCount, then
 * the rest of the way by offset. The total is what `pageQuery` answers (capped the same way), counted
 * from the cursor on. Without a usable cursor it is `pageQuery`. Answers `lastId`, the page's last row.
 */
export async function cursorPageQuery<R extends { id: number }, Q extends AnySelect = AnySelect, S extends AnySelect = Q>(
  q: Q,
  input: CursorPagingInput,
  readOn: ReadOn<Q>,
  slice: (q: Q) => S = (x) => x as unknown as S,
): Promise<Page<R> & { lastId: number | null }> {
  const withLast = (p: Page<R>) => ({ ...p, lastId: p.items.length ? p.items[p.items.length - 1].id : null });
  const skipCount = input.pageIndex && !input.skipCount ? (input.pageIndex - 1) * input.maxResultCount : input.skipCount;
  const start = input.lastId && input.preSkipCount !== undefined ? input.preSkipCount + input.maxResultCount : -1;
  const after = start >= 0 && skipCount >= start ? await readOn(q, input.lastId!) : null;
  if (!after) return withLast(await pageQuery<R, Q, S>(q, { ...input, skipCount }, slice));
  const rest = skipCount - start;
  const items = (await slice(after).offset(rest).limit(input.maxResultCount).execute()) as R[];
  // an export counted on its first page: its later pages read on without counting (keyset, so linear)
  if (exportCursorOf(input)) return withLast({ totalCount: -1, items });
  const counted = await countUpToCap(after, { skipCount: rest, maxResultCount: input.maxResultCount });
  return withLast({ totalCount: start + counted, items });
}
