/**
 * 我与支部 · 民意收集: my opinions, a new one and one with the branch's answer. Beyond the contract's
 * member routes (services.md lists no member page for 民意收集); routing/member-pages.ts spreads them in.
 */
import type { MemberRoutes } from '../kit';
import { OPINION } from './paths';

export const opinionRoutes: MemberRoutes = {
  [OPINION.list]: { title: '民意收集', load: () => import('./list') },
  [OPINION.create]: { title: '反映民意', load: () => import('./create') },
  [OPINION.info]: { title: '民意详情', load: () => import('./info') },
};
