/** Typed calls of the member's live hall and room (LiveRoomService: src/server/services/live-room.ts). */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';

const live = (a: string) => servicePath('LiveRoomService', a);

/** 1 正在直播, 2 即将开始, 3 往期回顾 (the hall's tabs; the reference client's list kinds) */
export type LiveListType = 1 | 2 | 3;

export interface LiveRoom {
  id: number;
  title: string;
  coverImage: string | null;
  /** wall-clock times of the platform zone, 'YYYY-MM-DD HH:mm' */
  startTime: string;
  endTime: string;
  /** 主讲人 */
  uname: string;
  organName: string;
  watchUserCount: number;
  deviceType: number | null;
  /** the recorded video (a replay once the room is over) */
  resourceId: number | null;
  description: string | null;
  /** 0 即将开始, 1 直播中, 2 已结束 (server's clock, platform zone) */
  liveStatus: 0 | 1 | 2;
}

export interface LiveRoomDetail extends LiveRoom {
  /** live: the signed pull addresses (HLS 高清, FLV 普通); record: the recorded video; none: nothing to play */
  sources: { mode: 'live' | 'record' | 'none'; high: string | null; normal: string | null };
}

export const liveService = {
  list: (input: { type: LiveListType; skipCount: number; maxResultCount: number }): Promise<PagedResult<LiveRoom>> => api.get(live('GetUserLiveLists'), { ...input }),
  /** entering counts the member once among the room's viewers and answers what to play */
  enter: (id: number, opts?: CallOptions) => api.post<LiveRoomDetail>(live('IntoRoomAsync'), { id }, opts),
};
