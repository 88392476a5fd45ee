/** 党员空间 · 直播大厅 and 直播间: the feature's routes (routing/member-pages.ts spreads them in). */
import type { MemberRoutes } from '../kit';

export const LIVE_HALL = '/partyMember/partySpace/live';
export const LIVE_ROOM = '/partyMember/partySpace/liveRoom';

export const liveRoutes: MemberRoutes = {
  [LIVE_HALL]: { title: '直播大厅', load: () => import('./hall') },
  [LIVE_ROOM]: { title: '直播间', load: () => import('./room') },
};
