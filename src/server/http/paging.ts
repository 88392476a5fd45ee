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
  if (countOnlyOf(input)) return { totalCount, items: [] };
  const items = (await slice(q).offset(input.skipCount).limit(input.maxResultCount).execute()) as Item[];
  return { totalCount, items };
}

/** The rows of a filtered select, counted up to `countCap` (for lists that build their page themselves). */
export async function countUpToCap(q: AnySelect, input: PagingInput): Promise<number> {
  const rows = await q.clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(countCap(input)).execute();
  return rows.length;
}
