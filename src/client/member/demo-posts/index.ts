/**
 * 我的实践 · 党员示范岗 and 党员责任区: one pair of pages (my own: create or edit; the district's
 * cards with likes) serves both kinds, told apart by `kinds.ts` (routing/member-pages.ts spreads them in).
 */
import type { MemberRoutes } from '../kit';
import { DEMO_PATHS } from './paths';

export const demoPostRoutes: MemberRoutes = {
  [DEMO_PATHS.demoEdit]: { title: '创建示范岗', load: () => import('./edit').then((m) => ({ default: m.DemoEdit })) },
  [DEMO_PATHS.demoIndex]: { title: '党员示范岗', load: () => import('./wall').then((m) => ({ default: m.DemoWall })) },
  [DEMO_PATHS.responseEdit]: { title: '创建责任区', load: () => import('./edit').then((m) => ({ default: m.ResponseEdit })) },
  [DEMO_PATHS.responseIndex]: { title: '党员责任区', load: () => import('./wall').then((m) => ({ default: m.ResponseWall })) },
};
