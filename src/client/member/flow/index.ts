/** 流动党员 · flowing party member pages of the member area (routing/member-pages.ts spreads them in). */
import { workflowRoutes, type MemberRoutes } from '../kit/routes';

const S = '/partyMember/partySpace';

export const FLOW_PAGES = {
  apply: { path: `${S}/flowanchoredapply`, title: '流动党员登记' },
  myList: { path: `${S}/flowMyList`, title: '我的流动申请' },
  detail: { path: `${S}/flowapplyInfo`, title: '流动申请详情', backText: '返回我的登记' },
  history: { path: `${S}/flowapplyhistory`, title: '流动申请记录' },
  historyDetail: { path: `${S}/flowapplyhistory/info`, title: '流动记录详情', backText: '返回流动记录' },
  end: { path: `${S}/endFlow`, title: '结束流动' },
};

export const flowRoutes: MemberRoutes = {
  ...workflowRoutes(FLOW_PAGES, () => import('./workflow')),
  [FLOW_PAGES.end.path]: { title: FLOW_PAGES.end.title, load: () => import('./end-flow') },
};
