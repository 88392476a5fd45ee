/** 困难帮扶 · hardship help pages of the member area: the feature's routes (routing/member-pages.ts spreads them in). */
import type { MemberRoutes } from '../kit';

const S = '/partyMember/partySpace';
const helpInfo = () => import('./help-info');

export const difficultyRoutes: MemberRoutes = {
  [`${S}/difficultCreate`]: { title: '困难帮扶申请', load: () => import('./apply') },
  [`${S}/difficultHistory`]: { title: '帮扶申请记录', load: () => import('./history') },
  [`${S}/difficultHistory/historyInfo`]: { title: '申请详情', load: () => import('./info') },
  [`${S}/difficultHistoryInfo`]: { title: '帮扶记录详情', load: helpInfo },
  [`${S}/difficultInfo`]: { title: '困难帮扶', load: () => import('./status') },
  [`${S}/difficultInfo/helpInfo`]: { title: '帮扶详情', load: helpInfo },
};
