/** The member's meeting pages: attendance in words and when the sign-in opens (30 minutes before the start, platform zone). */
import { describe, expect, it } from 'vitest';
import { attendanceText, signInOpensAt } from '../../../src/client/member/meetings/meeting-facts';

describe('meeting facts', () => {
  it('says what the member’s attendance is', () => {
    const m = (o: Partial<Parameters<typeof attendanceText>[0]>) => attendanceText({ isSigned: false, offWorkStatus: null, meetingStatus: 0, ...o });
    expect(m({ isSigned: true, offWorkStatus: 1 })).toBe('已签到');
    expect(m({ offWorkStatus: 1 })).toBe('已请假');
    expect(m({ offWorkStatus: 0 })).toBe('请假待审批');
    expect(m({ offWorkStatus: -1, meetingStatus: 2 })).toBe('缺席');
    expect(m({ meetingStatus: 1 })).toBe('未签到');
  });
  it('opens the sign-in 30 minutes before the start, read in the platform zone', () => {
    expect(new Date(signInOpensAt({ beginTime: '2031-04-03 14:00' })!).toISOString()).toBe('2031-04-03T05:30:00.000Z');
    expect(signInOpensAt({ beginTime: '下午两点' })).toBeNull();
  });
});
