/**
 * References and conditions of the screen schema, looked up by path. No expression from a file or
 * from the server is ever evaluated: there is no eval, no new Function, and `{{ }}` is just text.
 */
import type { Condition, ValueRef } from './types';

export interface RefScope {
  record?: Record<string, unknown> | null;
  context?: Record<string, unknown> | null;
  session?: Record<string, unknown> | null;
  query?: Record<string, unknown> | null;
  /** the answer of a prompt's `load` call */
  loaded?: Record<string, unknown> | null;
}

const REF = /^\$(record|context|session|query|loaded)\.([A-Za-z0-9_.]+)$/;

export const isRef = (v: unknown): v is string => typeof v === 'string' && REF.test(v);

const own = (o: unknown, key: string): unknown => (o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, key) ? (o as Record<string, unknown>)[key] : undefined);

/**
 * A value by path. Through an array a name reads each item's (`scopeList.organName`: the names of a
 * class's organisations; `$loaded.items.id`: the ids of a list answer), a number the item at it.
 */
export function getPath(obj: Record<string, unknown> | null | undefined, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (Array.isArray(cur)) cur = /^\d+$/.test(key) ? cur[Number(key)] : cur.map((x) => own(x, key));
    else if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    else cur = own(cur, key);
  }
  return cur;
}

export function resolveValue(v: ValueRef, scope: RefScope): unknown {
  if (typeof v !== 'string') return v;
  const m = REF.exec(v);
  if (!m) return v;
  return getPath(scope[m[1] as keyof RefScope] ?? null, m[2]);
}

export function resolveParams(params: Record<string, ValueRef> | undefined, scope: RefScope): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params ?? {})) out[k] = resolveValue(v, scope);
  return out;
}

const same = (a: unknown, b: unknown) => a === b || (a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b));

/** A condition's `field` is a record field, or a reference ($session.organId); its values may be references too. */
export function test(cond: Condition, scope: RefScope): boolean {
  const value = isRef(cond.field) ? resolveValue(cond.field, scope) : getPath(scope.record ?? null, cond.field);
  const r = (x: unknown) => resolveValue(x, scope);
  if ('equals' in cond && !same(value, r(cond.equals))) return false;
  if ('notEquals' in cond && same(value, r(cond.notEquals))) return false;
  if (cond.in && !cond.in.some((x) => same(value, r(x)))) return false;
  if (cond.truthy !== undefined && !!value !== cond.truthy) return false;
  // an array field holding the value (a record's availableTransitions)
  if ('contains' in cond && !(Array.isArray(value) && value.some((x) => same(x, r(cond.contains))))) return false;
  return true;
}

export const allHold = (conds: Condition[] | undefined, scope: RefScope) => (conds ?? []).every((c) => test(c, scope));
