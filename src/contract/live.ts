/**
 * 直播: what LiveRoomService answers (server: src/server/domains/live/live-room.ts) and the member's
 * hall and room read. A room's body is schemas/live-room.json's; times are wall-clock times of the
 * platform zone ('YYYY-MM-DD HH:mm').
 */

/** 1 正在直播, 2 即将开始, 3 往期回顾 (the hall's tabs; the reference client's list kinds) */
export type LiveListType = 1 | 2 | 3;

/** The body a room stores (schemas/live-room.json, with the names and paths its scope check adds). */
export type LiveRoomData = {
  title: string;
  coverImage?: string | null;
  startTime: string;
  endTime: string;
  /** 主讲人 */
  uname: string;
  deviceType?: number | null;
  scopeOrgans?: string | null;
  scopeOrganNames?: string[] | null;
  scopePaths?: string[] | null;
  /** the recorded video (a replay once the room is over) */
  resourceId?: number | null;
  resourceName?: string | null;
  description?: string | null;
};

/** A room in a list (the hall, the calendar) */
export interface LiveRoom {
  id: number;
  title: string;
  coverImage: string | null;
  startTime: string;
  endTime: string;
  uname: string;
  deviceType: number | null;
  resourceId: number | null;
  resourceName: string | null;
  description: string | null;
  organId: number;
  organName: string;
  watchUserCount: number;
  scopeOrganNames: string[] | null;
  auditStatus: number | null;
  isEnabled: boolean;
  sort: number;
  /** a Date on the server, its ISO text on the wire */
  creationTime: Date | string;
  /** 0 即将开始, 1 直播中, 2 已结束 (server's clock, platform zone) */
  liveStatus: number | null;
}

/** What a room plays: live — the signed pull addresses (HLS 高清, FLV 普通); record — the recorded video; none — nothing. */
export interface LiveSources {
  mode: 'live' | 'record' | 'none';
  high: string | null;
  normal: string | null;
  expireTime?: string;
}

/** Detail and IntoRoomAsync */
export interface LiveRoomDetail extends LiveRoom {
  sources: LiveSources;
}
