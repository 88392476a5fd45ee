import type { Domain } from '../../domain';
import { liveRoomService } from './live-room';
import { checkLiveRoomScope } from './room-scope';

/** 直播: live rooms over a configured entity, signed push and pull addresses. */
export const live: Domain = {
  name: 'live',
  services: ({ entities }) => [liveRoomService(entities)],
  checks: { liveRoomScope: checkLiveRoomScope },
};
