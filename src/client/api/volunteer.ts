/** Typed calls of the member's volunteer pages (VolActivityService, schemas/vol-activity.json). */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { VolActivity } from '../../contract/practice';
export type { VolActivity } from '../../contract/practice';

const vol = (a: string) => servicePath('VolActivityService', a);

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
