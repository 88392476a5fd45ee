/** Typed calls of the member's 组织生活 pages (PartyMeetingService, schemas/party-meeting.json). */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';

const pm = (a: string) => servicePath('PartyMeetingService', a);

/** A meeting as the server answers it: body fields beside the record's own and the caller's facts. */
export interface PartyMeeting {
  id: number;
  title: string;
  meetingType: number;
  meetingClass?: number | null;
  /** wall-clock times of the platform zone, 'YYYY-MM-DD HH:mm' */
  beginTime: string;
  endTime: string;
  meetingAddress: string;
  hostName?: string | null;
  recorderName?: string | null;
  linkPhone?: string | null;
  agendaContents?: string | null;
  meetingRecord?: string | null;
  meetingAttachs?: string[] | null;
  organName: string;
  participantCount: number;
  /** derived by the server's clock: 0 未开始, 1 进行中, 2 已结束 */
  meetingStatus: 0 | 1 | 2;
  isJoined: boolean;
  isSigned: boolean;
  /** the caller's leave: null none, 0 pending, 1 approved, -1 rejected */
  offWorkStatus: number | null;
  leaveReason: string | null;
}

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
