/** 党员空间 · 村官: the wall of the member's district, the application and its history (routing/member-pages.ts spreads them in). */
import type { MemberRoutes } from '../kit';

export const VILLAGE = '/partyMember/partySpace/villageOfficial';

export const villageOfficialRoutes: MemberRoutes = {
  [VILLAGE]: { title: '村官风采墙', load: () => import('./wall') },
  [`${VILLAGE}/create`]: { title: '村官申请', load: () => import('./apply') },
  [`${VILLAGE}/history`]: { title: '村官申请记录', load: () => import('./history') },
};
