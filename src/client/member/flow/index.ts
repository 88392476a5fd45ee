/** 流动党员 · flowing party member pages of the member area (routing/member-pages.ts spreads them in). */
import type { MemberRoutes } from '../kit';

const S = '/partyMember/partySpace';
const detail = () => import('./info');

export const flowRoutes: MemberRoutes = {
  [`${S}/flowanchoredapply`]: { title: '流动党员登记', load: () => import('./apply') },
  [`${S}/endFlow`]: { title: '结束流动', load: () => import('./end-flow') },
  [`${S}/flowapplyhistory`]: { title: '流动申请记录', load: () => import('./history') },
  [`${S}/flowapplyhistory/info`]: { title: '流动记录详情', load: detail },
  [`${S}/flowapplyInfo`]: { title: '流动申请详情', load: detail },
  [`${S}/flowMyList`]: { title: '我的流动申请', load: () => import('./my-list') },
};
