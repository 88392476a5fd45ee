/** Typed calls of the member's volunteer pages (VolActivityService, schemas/vol-activity.json). */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';

const vol = (a: string) => servicePath('VolActivityService', a);

/** A volunteer activity as the server answers it: the body fields beside the record's own. */
export interface VolActivity {
  id: number;
  title: string;
  type: string;
  coverPicture?: string | null;
  /** wall-clock times of the platform zone, 'YYYY-MM-DD HH:mm' */
  startTime: string;
  endTime: string;
  lastApplyTime: string;
  /** places; empty or 0: unlimited */
  needUserCount?: number | null;
  contacts?: string | null;
  contactsPhone?: string | null;
  address: string;
  description?: string | null;
  attention?: string | null;
  summary?: string | null;
  publishMark?: boolean | null;
  organName: string;
  participantCount: number;
  isJoined: boolean;
  isSigned: boolean;
  creationTime: string;
}

export interface VolActivityQuery {
  skipCount: number;
  maxResultCount: number;
  title?: string;
  type?: string;
}

export const volunteerService = {
  /** published by the member's organisation and those above it */
  publicList: (input: VolActivityQuery): Promise<PagedResult<VolActivity>> => api.get(vol('PublicPageList'), { ...input }),
  /** the activities the member joined */
  myList: (input: VolActivityQuery): Promise<PagedResult<VolActivity>> => api.get(vol('MyVolActPageList'), { ...input }),
  get: (id: number, opts?: CallOptions) => api.get<VolActivity>(vol('PublicGet'), { id }, opts),
  apply: (id: number) => api.post<{ participantCount: number; isJoined: boolean }>(vol('Apply'), { id }),
  cancel: (id: number) => api.post<boolean>(vol('ApplyCancel'), { id }),
  signIn: (id: number, code: string) => api.post<{ signInTime: string }>(vol('SignIn'), { id, code }),
  /** 签到 by the QR code's signed token (no code typed) */
  signInByToken: (id: number, token: string) => api.post<{ signInTime: string }>(vol('SignIn'), { id, token }),
};
