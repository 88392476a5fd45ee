/** 我与支部 · 党费缴纳: the feature's routes (routing/member-pages.ts spreads them in). */
import type { MemberRoutes } from '../kit';

export const PARTY_DUES = '/partyMember/iBranch/partyDues';

export const partyDuesRoutes: MemberRoutes = {
  [PARTY_DUES]: { title: '党费缴纳', load: () => import('./page') },
};
