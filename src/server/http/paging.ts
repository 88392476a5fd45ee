import { sql } from 'kysely';

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
 * One page of a filtered Kysely select: the total (its selection replaced by a count), then `slice`
 * (ordering, extra columns) with SkipCount/MaxResultCount applied. Every paged list goes through it.
 */
export async function pageQuery<R = any>(q: any, input: PagingInput, slice: (q: any) => any = (x) => x): Promise<{ totalCount: number; items: R[] }> {
  if (exportCursorOf(input) && input.skipCount > 0) {
    const items = await slice(q).offset(input.skipCount).limit(input.maxResultCount).execute();
    return { totalCount: -1, items };
  }
  const total = await q.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const items = await slice(q).offset(input.skipCount).limit(input.maxResultCount).execute();
  return { totalCount: Number(total.n), items };
}
