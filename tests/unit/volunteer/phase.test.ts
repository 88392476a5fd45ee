/**
 * Where a volunteer activity stands on the member pages (未开始 / 进行中 / 已结束, whether joining,
 * leaving and sign-in are open) follows the platform's clock and zone, not the browser's: the times
 * are wall-clock times of Asia/Shanghai, and a member in Los Angeles or beyond the date line sees
 * the same state as one in Chengdu — also for an activity that crosses midnight.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyClosed, cancelClosed, phaseOf, placesLeft, signInOpen, signInWindow, timeRange } from '../../../src/client/member/volunteer/phase';
import { resetState, setState } from '../../../src/client/state/store';

const activity = { startTime: '2026-11-23 23:30', endTime: '2026-11-24 01:00', lastApplyTime: '2026-11-23 20:00' };
const at = (iso: string) => new Date(iso).getTime();

describe('a volunteer activity on the platform clock, in browsers far from China', () => {
  const savedTz = process.env.TZ;
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    resetState();
  });
  afterEach(() => resetState());
  afterAll(() => {
    vi.useRealTimers();
    process.env.TZ = savedTz;
  });

  for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC', 'Asia/Shanghai']) {
    it(`reads the times in Asia/Shanghai whatever the browser's zone (${tz})`, () => {
      process.env.TZ = tz;
      vi.setSystemTime(at('2026-11-23T21:00:00+08:00'));
      // 20:00 deadline passed, 23:30 start ahead, sign-in opens at 23:00
      expect(phaseOf(activity, Date.now())).toBe('upcoming');
      expect(applyClosed(activity, Date.now())).toBe(true);
      expect(cancelClosed(activity, Date.now())).toBe(false);
      // leaving closes when sign-in opens, half an hour before the start
      expect(cancelClosed(activity, at('2026-11-23T22:59:00+08:00'))).toBe(false);
      expect(cancelClosed(activity, at('2026-11-23T23:00:00+08:00'))).toBe(true);
      expect(signInOpen(activity, Date.now())).toBe(false);
      expect(signInWindow(activity)).toEqual({ from: at('2026-11-23T23:00:00+08:00'), to: at('2026-11-24T01:00:00+08:00') });
      expect(signInOpen(activity, at('2026-11-23T23:00:00+08:00'))).toBe(true);
      // across midnight in China: still going at 00:30 on the 24th, over at 01:00
      expect(phaseOf(activity, at('2026-11-24T00:30:00+08:00'))).toBe('ongoing');
      expect(cancelClosed(activity, at('2026-11-23T23:30:00+08:00'))).toBe(true);
      expect(signInOpen(activity, at('2026-11-24T00:59:00+08:00'))).toBe(true);
      expect(phaseOf(activity, at('2026-11-24T01:00:00+08:00'))).toBe('ended');
      expect(signInOpen(activity, at('2026-11-24T01:00:00+08:00'))).toBe(false);
      expect(timeRange(activity.startTime, activity.endTime)).toBe('2026-11-23 23:30 ~ 2026-11-24 01:00');
      expect(timeRange('2026-11-26 09:00', '2026-11-26 12:00')).toBe('2026-11-26 09:00 ~ 12:00');
    });
  }

  it('follows the platform zone the session names', () => {
    process.env.TZ = 'UTC';
    setState({ session: { timeZone: 'Asia/Urumqi' } as any });
    // 23:30 in Urumqi (UTC+6) is 17:30 UTC
    expect(phaseOf(activity, at('2026-11-23T17:29:00Z'))).toBe('upcoming');
    expect(phaseOf(activity, at('2026-11-23T17:30:00Z'))).toBe('ongoing');
  });

  it('places left: none without a capacity, never below zero', () => {
    expect(placesLeft({ needUserCount: null, participantCount: 5 })).toBeNull();
    expect(placesLeft({ needUserCount: 0, participantCount: 5 })).toBeNull();
    expect(placesLeft({ needUserCount: 8, participantCount: 5 })).toBe(3);
    expect(placesLeft({ needUserCount: 8, participantCount: 9 })).toBe(0);
  });
});
