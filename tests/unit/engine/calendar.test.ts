/**
 * The calendar kind's pure part: a month's first and last day (leap years, December) and the records
 * of one day in time order, read from platform wall-clock strings without any zone conversion.
 */
import { describe, expect, it } from 'vitest';
import { itemsOfDay, monthSpan, timeOf } from '../../../src/client/engine/calendar/month';

describe('calendar kind', () => {
  it('spans a month from its first to its last day', () => {
    expect(monthSpan('2026-07')).toEqual({ first: '2026-07-01', last: '2026-07-31' });
    expect(monthSpan('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthSpan('2026-02')).toEqual({ first: '2026-02-01', last: '2026-02-28' });
    expect(monthSpan('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
    expect(() => monthSpan('2026-7')).toThrow();
  });

  it('places records on the day of their wall-clock time, in time order', () => {
    const items = [
      { id: 1, startTime: '2026-07-01 15:00' },
      { id: 2, startTime: '2026-07-01T09:30' },
      { id: 3, startTime: '2026-07-02 00:10' },
      { id: 4, startTime: '2026-06-30 23:50' },
    ];
    expect(itemsOfDay(items, 'startTime', '2026-07-01').map((x) => x.id)).toEqual([2, 1]);
    expect(itemsOfDay(items, 'startTime', '2026-07-02').map((x) => x.id)).toEqual([3]);
    expect(itemsOfDay(items, 'startTime', '2026-07-03')).toEqual([]);
    expect(timeOf('2026-07-01T09:30')).toBe('09:30');
    expect(timeOf('2026-07-01')).toBe('');
  });
});
