/** 我与支部 · 组织生活: the feature's routes (routing/member-pages.ts spreads them in). */
import type { MemberRoutes } from '../kit';

export const MEETINGS = '/partyMember/iBranch/organizationallife';

export const meetingRoutes: MemberRoutes = {
  [MEETINGS]: { title: '组织生活', load: () => import('./list') },
  [`${MEETINGS}/info`]: { title: '组织生活详情', load: () => import('./info') },
};
