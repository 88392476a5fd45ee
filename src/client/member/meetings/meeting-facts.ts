/** What a member's meeting says about him: attendance in words, and when its sign-in opens (the server's window: 30 minutes before the start). */
import { instantOf } from '../../../contract/platform-time';
import type { PartyMeeting } from '../../api/meetings';
import { platformTimeZone } from '../../utils/platform-time';

export { timeRange } from '../volunteer/phase';

export const SIGN_IN_OPENS_MINUTES = 30;

export function attendanceText(m: Pick<PartyMeeting, 'isSigned' | 'offWorkStatus' | 'meetingStatus'>): string {
  if (m.isSigned) return '已签到';
  if (m.offWorkStatus === 1) return '已请假';
  if (m.offWorkStatus === 0) return '请假待审批';
  if (m.meetingStatus === 2) return '缺席';
  return '未签到';
}

/** The instant (ms) the sign-in opens, or null for an unreadable start. */
export function signInOpensAt(m: Pick<PartyMeeting, 'beginTime'>): number | null {
  const at = instantOf(m.beginTime, platformTimeZone());
  return at ? at.getTime() - SIGN_IN_OPENS_MINUTES * 60_000 : null;
}
