/**
 * One platform day in the browser: "today", pickers and displayed times follow the platform zone
 * (Asia/Shanghai unless the session says otherwise), whatever zone the browser runs in. The clock
 * and the browser's zone are both controlled here; nothing depends on when the suite runs.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import dayjs from 'dayjs';
import { act, render } from '@testing-library/react';
import { createElement } from 'react';
import { addToDay, calendarDay, isCalendarDay, isFutureDay, isValidTimeZone } from '../../src/contract/platform-time';
import { formatPlatform, isAfterPlatformToday, isBeforePlatformYear, platformToday, platformWallClock } from '../../src/client/utils/platform-time';
import PlatformDatePicker from '../../src/client/widgets/basic/platform-picker';
import { resetState, setState } from '../../src/client/state/store';

const SHANGHAI_2330 = new Date('2026-11-22T23:30:00+08:00'); // 15:30 UTC
const SHANGHAI_0030 = new Date('2026-11-23T00:30:00+08:00'); // 16:30 UTC, still the 22nd in UTC and in Los Angeles

describe('calendar days in a zone (shared by server and client)', () => {
  it('rolls over at the zone’s midnight, not UTC’s', () => {
    expect(calendarDay(SHANGHAI_2330, 'Asia/Shanghai')).toBe('2026-11-22');
    expect(calendarDay(SHANGHAI_0030, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(calendarDay(SHANGHAI_0030, 'UTC')).toBe('2026-11-22');
    expect(calendarDay(SHANGHAI_0030, 'Asia/Urumqi')).toBe('2026-11-22'); // UTC+6: 22:30
    expect(isFutureDay('2026-11-23', SHANGHAI_0030, 'Asia/Shanghai')).toBe(false);
    expect(isFutureDay('2026-11-24', SHANGHAI_0030, 'Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('Asia/Nowhere')).toBe(false);
    expect(['2028-02-29', '2026-02-29', '2026-13-01', '2026-11-22'].map(isCalendarDay)).toEqual([true, false, false, true]);
  });
});

describe('the browser’s platform clock, in a browser far from China', () => {
  const savedTz = process.env.TZ;
  const inZone = (tz: string, at: Date) => {
    process.env.TZ = tz; // Node re-reads the zone when TZ is assigned
    vi.setSystemTime(at);
  };
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    resetState();
  });
  afterEach(() => resetState());
  afterAll(() => {
    vi.useRealTimers();
    process.env.TZ = savedTz;
  });

  it('at 00:30 China time in Los Angeles (still yesterday there): today is China’s day', () => {
    inZone('America/Los_Angeles', SHANGHAI_0030);
    expect(dayjs().format('YYYY-MM-DD')).toBe('2026-11-22'); // the browser's own day differs…
    expect(platformToday()).toBe('2026-11-23'); // …the platform's does not
    expect(platformWallClock().format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 00:30');
    expect(isAfterPlatformToday(dayjs('2026-11-23'))).toBe(false); // "today" may be declared
    expect(isAfterPlatformToday(dayjs('2026-11-24'))).toBe(true);
    // the assessment year begins on the platform's 1 January
    expect(isBeforePlatformYear(dayjs('2026-01-01'))).toBe(false);
    expect(isBeforePlatformYear(dayjs('2025-12-31'))).toBe(true);
    expect(formatPlatform('2026-11-22T16:30:00.000Z', 'YYYY-MM-DD HH:mm')).toBe('2026-11-23 00:30');
    expect(formatPlatform('2026-11-23')).toBe('2026-11-23'); // a calendar day is never shifted
  });

  it('at 23:30 China time in a zone ahead of China (already tomorrow there): today is still China’s day', () => {
    inZone('Pacific/Kiritimati', SHANGHAI_2330);
    expect(dayjs().format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(platformToday()).toBe('2026-11-22');
    expect(isAfterPlatformToday(dayjs('2026-11-22'))).toBe(false);
    expect(isAfterPlatformToday(dayjs('2026-11-23'))).toBe(true); // the browser's today is the platform's tomorrow
    expect(formatPlatform(SHANGHAI_2330.toISOString(), 'YYYY-MM-DD HH:mm')).toBe('2026-11-22 23:30');
  });

  it('follows the zone the server sends in the session', () => {
    inZone('UTC', SHANGHAI_0030);
    setState({ session: { timeZone: 'Asia/Urumqi' } as any });
    expect(platformToday()).toBe('2026-11-22');
    setState({ session: { timeZone: 'not/a-zone' } as any });
    expect(platformToday()).toBe('2026-11-23'); // an unusable value falls back to the default
  });

  it('the date picker highlights and opens on the platform’s today', async () => {
    inZone('America/Los_Angeles', SHANGHAI_0030);
    const view = render(createElement(PlatformDatePicker, { open: true, getPopupContainer: (n: HTMLElement) => n.parentElement! }));
    await act(async () => undefined);
    const today = view.baseElement.querySelector('.ant-picker-cell-today');
    expect(today?.getAttribute('title')).toBe('2026-11-23');
    view.unmount();
  });
});

describe('no calendar day from the machine’s or the browser’s zone by accident', () => {
  const ROOT = join(process.cwd(), 'src');
  const ALLOWED = new Set(['client/utils/platform-time.ts', 'contract/platform-time.ts']);
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
    });
  // each of these reads a day, an hour or a date label in the local zone, or the UTC day
  const LOCAL_DAY = [
    /\bdayjs\(\s*\)/, // the browser's now
    /\bmoment\(/,
    /\.toLocale(Date|Time)?String\(/,
    /toISOString\(\)\s*\.slice\(\s*0\s*,\s*10\s*\)/, // the UTC day
    /\.get(Date|Day|Hours|Month|FullYear)\(\)/,
    /new Intl\.DateTimeFormat\(/,
  ];

  it('only the platform-time modules read the clock for a calendar day', () => {
    const offenders: string[] = [];
    for (const f of files(ROOT)) {
      const rel = f.slice(ROOT.length + 1);
      if (ALLOWED.has(rel)) continue;
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (LOCAL_DAY.some((re) => re.test(line))) offenders.push(`src/${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});

describe('addToDay (the intervals of 发展党员)', () => {
  it('moves a calendar day by years, months and days, a missing day falling on the month\'s last', () => {
    expect(addToDay('2025-03-10', { years: 1 })).toBe('2026-03-10');
    expect(addToDay('2024-02-29', { years: 1 })).toBe('2025-02-28');
    expect(addToDay('2026-01-31', { months: 1 })).toBe('2026-02-28');
    expect(addToDay('2026-12-15', { months: 1 })).toBe('2027-01-15');
    expect(addToDay('2026-01-15', { months: -1 })).toBe('2025-12-15');
    expect(addToDay('2026-06-15', { years: -1, days: 20 })).toBe('2025-07-05');
    expect(addToDay('2026-12-31', { days: 1 })).toBe('2027-01-01');
  });
});
