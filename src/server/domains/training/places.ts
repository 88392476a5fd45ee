/**
 * The places of a class as a tree (distributive): the class total at the root, and
 * allocations to organisations of the scope, each of which may be split further below it. A
 * student (pending or approved) takes a place of the deepest allocation on his organisation's path,
 * or of the root when none holds it. A node is within bounds when its direct students plus the
 * places of its child allocations do not exceed its own places (a root of 0 places is unlimited).
 *
 * Pure functions over the whole state of one class: the callers read it under the class row's lock,
 * apply the change and ask whether every node still holds — so no sequence of simultaneous
 * applications and allocations can exceed a total.
 */
export interface Allocation {
  id?: number;
  organPath: string;
  numbers: number;
}

export interface Places {
  /** the class total; 0 = unlimited */
  total: number;
  allocations: Allocation[];
  /** organisation paths of the students holding a place */
  takenPaths: string[];
}

export interface NodeUse {
  /** null for the root */
  allocation: Allocation | null;
  limit: number | null;
  used: number;
}

const within = (path: string, scope: string) => path.startsWith(scope);

/** The deepest allocation whose organisation holds the path (itself included), or null for the root. */
export function holderOf(path: string, allocations: Allocation[]): Allocation | null {
  let best: Allocation | null = null;
  for (const a of allocations) if (within(path, a.organPath) && (!best || a.organPath.length > best.organPath.length)) best = a;
  return best;
}

/** The allocation directly above one (strictly), or null for the root. */
export const parentOf = (a: Allocation, allocations: Allocation[]) => holderOf(a.organPath, allocations.filter((x) => x !== a && x.organPath !== a.organPath));

/** Every node's use: direct students plus the places of its child allocations. */
export function usage(p: Places): NodeUse[] {
  const nodes = new Map<Allocation | null, NodeUse>([[null, { allocation: null, limit: p.total > 0 ? p.total : null, used: 0 }]]);
  for (const a of p.allocations) nodes.set(a, { allocation: a, limit: a.numbers, used: 0 });
  for (const a of p.allocations) nodes.get(parentOf(a, p.allocations))!.used += a.numbers;
  for (const path of p.takenPaths) nodes.get(holderOf(path, p.allocations))!.used += 1;
  return [...nodes.values()];
}

/** The nodes out of bounds (empty when the state holds). */
export const overruns = (p: Places) => usage(p).filter((n) => n.limit !== null && n.used > n.limit);

/** Places still free at the node that would hold a new student of this path (Infinity when unlimited). */
export function freeFor(path: string, p: Places): number {
  const holder = holderOf(path, p.allocations);
  const node = usage(p).find((n) => n.allocation === holder)!;
  return node.limit === null ? Infinity : node.limit - node.used;
}

export type AllocationCheck = { ok: true } | { ok: false; reason: 'below'; used: number } | { ok: false; reason: 'over'; free: number };

/**
 * Whether the organisation at `organPath` may hold `numbers` places: not fewer than it already
 * gives out (its students and the allocations below it), not more than the node above has left.
 * Only the changed allocation and the one above it can overrun.
 */
export function checkAllocation(p: Places, organPath: string, numbers: number): AllocationCheck {
  const changed: Allocation = { organPath, numbers };
  const next = { ...p, allocations: [...p.allocations.filter((a) => a.organPath !== organPath), changed] };
  const nodes = usage(next);
  const own = nodes.find((n) => n.allocation === changed)!;
  if (own.used > numbers) return { ok: false, reason: 'below', used: own.used };
  const over = nodes.find((n) => n.limit !== null && n.used > n.limit);
  if (over) return { ok: false, reason: 'over', free: Math.max(0, numbers - (over.used - over.limit!)) };
  return { ok: true };
}
