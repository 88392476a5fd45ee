import { describe, expect, it } from 'vitest';
import { checkAllocation, freeFor, holderOf, overruns, type Places } from '../../../src/server/domains/training/places';

const D1 = '/1/2/';
const D2 = '/1/3/';
const B1 = '/1/2/7/';

describe('places of a class', () => {
  it('a student takes a place of the deepest allocation on his path, else of the root', () => {
    const allocations = [{ organPath: D1, numbers: 5 }, { organPath: B1, numbers: 2 }];
    expect(holderOf('/1/2/7/9/', allocations)?.organPath).toBe(B1);
    expect(holderOf('/1/2/8/', allocations)?.organPath).toBe(D1);
    expect(holderOf('/1/4/', allocations)).toBeNull();
  });

  it('the root keeps what allocations do not give out; unlimited at 0', () => {
    const p: Places = { total: 10, allocations: [{ organPath: D1, numbers: 6 }], takenPaths: ['/1/4/', '/1/4/'] };
    expect(freeFor('/1/4/', p)).toBe(2);
    expect(freeFor('/1/2/5/', p)).toBe(6);
    expect(freeFor('/1/4/', { ...p, total: 0 })).toBe(Infinity);
  });

  it('an allocation may not exceed what the node above has left', () => {
    const p: Places = { total: 10, allocations: [{ organPath: D1, numbers: 6 }], takenPaths: ['/1/4/'] };
    expect(checkAllocation(p, D2, 3)).toEqual({ ok: true });
    expect(checkAllocation(p, D2, 4)).toEqual({ ok: false, reason: 'over', free: 3 });
    // changing an allocation counts its own old places as free again
    expect(checkAllocation(p, D1, 9)).toEqual({ ok: true });
    expect(checkAllocation(p, D1, 10)).toEqual({ ok: false, reason: 'over', free: 9 });
  });

  it('an allocation may not fall below its students and the allocations split from it', () => {
    const p: Places = { total: 10, allocations: [{ organPath: D1, numbers: 6 }, { organPath: B1, numbers: 2 }], takenPaths: ['/1/2/8/', '/1/2/7/'] };
    expect(checkAllocation(p, D1, 2)).toEqual({ ok: false, reason: 'below', used: 3 });
    expect(checkAllocation(p, D1, 3)).toEqual({ ok: true });
    // a split below another allocation is bounded by it, not by the root
    expect(checkAllocation(p, '/1/2/9/', 3)).toEqual({ ok: true });
    expect(checkAllocation(p, '/1/2/9/', 4)).toEqual({ ok: false, reason: 'over', free: 3 });
  });

  it('a new allocation over students already in its subtree takes them from the root', () => {
    const p: Places = { total: 3, allocations: [], takenPaths: ['/1/2/', '/1/2/', '/1/4/'] };
    expect(checkAllocation(p, D1, 1)).toEqual({ ok: false, reason: 'below', used: 2 });
    expect(checkAllocation(p, D1, 2)).toEqual({ ok: true });
    expect(checkAllocation(p, D1, 3)).toEqual({ ok: false, reason: 'over', free: 2 });
    expect(overruns(p)).toEqual([]);
  });
});
