/** 我的实践 · 志愿活动: the feature's routes (routing/member-pages.ts spreads them in). */
import type { MemberRoutes } from '../kit';

export const VOLUNTEER = '/partyMember/iPractice/volunteer';

export const volunteerRoutes: MemberRoutes = {
  [VOLUNTEER]: { title: '志愿活动', load: () => import('./list') },
  [`${VOLUNTEER}/info`]: { title: '活动详情', load: () => import('./info') },
};
