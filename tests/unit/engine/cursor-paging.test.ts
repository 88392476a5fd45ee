import { describe, expect, it } from 'vitest';
import { cursorOf, cursorParams } from '../../../src/client/engine/cursor-paging';

describe('the cursor variant of paging in the list engine', () => {
  it('a later page under the same filters names the page shown last and the page wanted', () => {
    const c = cursorOf({ items: [], totalCount: 101, lastId: 42 }, 'k', 20);
    expect(cursorParams(c, 'k', 30, 4)).toEqual({ PreSkipCount: 20, LastId: 42, PageIndex: 4 });
  });
  it('going back, staying, another filter or a list without lastId page by offset', () => {
    const c = cursorOf({ lastId: 42 }, 'k', 20);
    expect(cursorParams(c, 'k', 10, 2)).toEqual({});
    expect(cursorParams(c, 'k', 20, 3)).toEqual({});
    expect(cursorParams(c, 'other', 30, 4)).toEqual({});
    expect(cursorOf({ items: [] }, 'k', 0)).toBeNull();
    expect(cursorOf([], 'k', 0)).toBeNull();
    expect(cursorParams(null, 'k', 30, 4)).toEqual({});
  });
});
