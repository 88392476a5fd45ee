import type { AnySelect } from '../../db/database';
import { pageQuery, type PagingInput } from '../../http/paging';

type RowOf<Q> = Q extends { execute(): Promise<(infer R)[]> } ? R : never;

/**
 * The kernel's `pageQuery` with the row type read off the query: the slice (ordering, extra
 * columns) sees the query's own type and the page's items are the rows it selects.
 */
export function typedPage<Q extends { execute(): Promise<unknown[]> }>(q: Q, input: PagingInput): Promise<{ totalCount: number; items: RowOf<Q>[] }>;
export function typedPage<Q, S extends { execute(): Promise<unknown[]> }>(q: Q, input: PagingInput, slice: (q: Q) => S): Promise<{ totalCount: number; items: RowOf<S>[] }>;
export function typedPage<Q>(q: Q, input: PagingInput, slice?: (q: Q) => unknown) {
  return pageQuery(q as unknown as AnySelect, input, (slice ?? ((x: Q) => x)) as unknown as (q: AnySelect) => AnySelect);
}
