/**
 * `valueKey`: which property of an upload result a form field keeps (core §3's video upload result
 * is an object; a service such as ResourceLibaryService/CreateResourceLibary takes its `id` as
 * fileId). A dotted path reads a nested value (metadata.time). Without a valueKey the widget keeps
 * its usual value. The results seen in this page are remembered by that value, so a field holding
 * only an id can still show the file's name.
 */
const seen = new Map<string, Record<string, unknown>>();

export function pickValue(result: Record<string, unknown> | null | undefined, valueKey: string): unknown {
  let cur: unknown = result;
  for (const k of valueKey.split('.')) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/** The value of `result` under `valueKey`, remembering the result for display. */
export function keyedValue<T extends Record<string, unknown>>(result: T, valueKey: string): unknown {
  const v = pickValue(result, valueKey);
  if (v !== null && v !== undefined) seen.set(String(v), result);
  return v;
}

/** The result remembered for a kept value, if it was uploaded in this page. */
export const resultOf = (value: unknown): Record<string, unknown> | undefined => (value === null || value === undefined ? undefined : seen.get(String(value)));
