/** 组织关系转接 · organisation-relationship transfer pages of the member area (routing/member-pages.ts spreads them in). */
import { workflowRoutes, type MemberRoutes } from '../kit/routes';

const S = '/partyMember/partySpace';

export const ORGAN_SWITCH_PAGES = {
  apply: { path: `${S}/organswitchapply`, title: '组织关系转接申请' },
  myList: { path: `${S}/organswitchMyList`, title: '我的转接申请' },
  detail: { path: `${S}/organswitchInfo`, title: '转接申请详情', backText: '返回我的申请' },
  history: { path: `${S}/organswitchHistory`, title: '组织关系转接记录' },
  historyDetail: { path: `${S}/organswitchHistory/detail`, title: '转接记录详情', backText: '返回转接记录' },
};

export const organSwitchRoutes: MemberRoutes = workflowRoutes(ORGAN_SWITCH_PAGES, () => import('./workflow'));
