/** Query cleaning of core §5: drop empty, null and undefined values and the pageIndex key. */
export function cleanQuery<T extends Record<string, unknown>>(query: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query ?? {})) {
    if (k === 'pageIndex') continue;
    if (v === undefined || v === null || v === '') continue;
    out[k] = v;
  }
  return out as Partial<T>;
}
