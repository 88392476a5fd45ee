/** 党建地图 · the party map of the member's area: routes spread into routing/member-pages.ts. */
import type { MemberRoutes } from '../kit';

export const PARTY_MAP = '/partyMember/iBranch/map';

export const partyMapRoutes: MemberRoutes = {
  [PARTY_MAP]: { title: '党建地图', load: () => import('./party-map') },
};
