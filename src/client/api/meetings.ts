/** Typed calls of the member's 组织生活 pages (PartyMeetingService, schemas/party-meeting.json). */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { PartyMeeting } from '../../contract/practice';
export type { PartyMeeting } from '../../contract/practice';

const pm = (a: string) => servicePath('PartyMeetingService', a);

export interface MeetingQuery {
  skipCount: number;
  maxResultCount: number;
  meetingStatus?: number;
}

export const meetingService = {
  /** the meetings the member attends */
  myList: (input: MeetingQuery): Promise<PagedResult<PartyMeeting>> => api.get(pm('GetMyPagedPartyLifeMeetingList'), { ...input }),
  get: (id: number, opts?: CallOptions) => api.get<PartyMeeting>(pm('GetBsMeetingInfoById'), { id }, opts),
  signIn: (id: number, code: string) => api.post<{ signInTime: string }>(pm('MeetingSignIn'), { id, code }),
  /** 签到 by the QR code's signed token (no code typed) */
  signInByToken: (id: number, token: string) => api.post<{ signInTime: string }>(pm('MeetingSignIn'), { id, token }),
  askLeave: (id: number, reason: string) => api.post<{ offWorkStatus: number }>(pm('ApplyMeetingOffWork'), { id, reason }),
};
