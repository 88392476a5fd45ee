/** 组织关系转接 · organisation-relationship transfer pages of the member area (routing/member-pages.ts spreads them in). */
import type { MemberRoutes } from '../kit';

const S = '/partyMember/partySpace';
const detail = () => import('./info');

export const organSwitchRoutes: MemberRoutes = {
  [`${S}/organswitchapply`]: { title: '组织关系转接申请', load: () => import('./apply') },
  [`${S}/organswitchInfo`]: { title: '转接申请详情', load: detail },
  [`${S}/organswitchMyList`]: { title: '我的转接申请', load: () => import('./my-list') },
  [`${S}/organswitchHistory`]: { title: '组织关系转接记录', load: () => import('./history') },
  [`${S}/organswitchHistory/detail`]: { title: '转接记录详情', load: detail },
};
