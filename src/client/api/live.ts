/** Typed calls of the member's live hall and room (LiveRoomService: src/server/domains/live/live-room.ts). */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { LiveListType, LiveRoom, LiveRoomDetail } from '../../contract/live';

const live = (a: string) => servicePath('LiveRoomService', a);

export const liveService = {
  list: (input: { type: LiveListType; skipCount: number; maxResultCount: number }): Promise<PagedResult<LiveRoom>> => api.get(live('GetUserLiveLists'), { ...input }),
  /** entering counts the member once among the room's viewers and answers what to play */
  enter: (id: number, opts?: CallOptions) => api.post<LiveRoomDetail>(live('IntoRoomAsync'), { id }, opts),
};
