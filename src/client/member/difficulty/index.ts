/** 困难帮扶 · hardship help pages of the member area: the feature's routes (routing/member-pages.ts spreads them in). */
import { workflowRoutes, type MemberRoutes } from '../kit/routes';

const S = '/partyMember/partySpace';

export const DIFFICULTY_PAGES = {
  apply: { path: `${S}/difficultCreate`, title: '困难帮扶申请' },
  myList: { path: `${S}/difficultHistory`, title: '帮扶申请记录' },
  detail: { path: `${S}/difficultHistory/historyInfo`, title: '申请详情' },
  status: { path: `${S}/difficultInfo`, title: '困难帮扶' },
  helpInfo: { path: `${S}/difficultInfo/helpInfo`, title: '帮扶详情' },
  /** a help record reached from an application of the history */
  historyHelpInfo: { path: `${S}/difficultHistoryInfo`, title: '帮扶记录详情' },
};

/** An application still under audit (待支部审核, 待上级审核): the server refuses a second one. */
export const DIFFICULTY_OPEN = [0, 1];

const helpInfo = () => import('./help-info');

export const difficultyRoutes: MemberRoutes = {
  ...workflowRoutes(DIFFICULTY_PAGES, () => import('./workflow')),
  [DIFFICULTY_PAGES.status.path]: { title: DIFFICULTY_PAGES.status.title, load: () => import('./status') },
  [DIFFICULTY_PAGES.helpInfo.path]: { title: DIFFICULTY_PAGES.helpInfo.title, load: helpInfo },
  [DIFFICULTY_PAGES.historyHelpInfo.path]: { title: DIFFICULTY_PAGES.historyHelpInfo.title, load: helpInfo },
};
