/** 思想汇报 · the member's minds: routes spread into routing/member-pages.ts. */
import type { MemberRoutes } from '../kit';
import { MIND } from './paths';

export const mindRoutes: MemberRoutes = {
  [MIND.list]: { title: '思想汇报', load: () => import('./list') },
  [MIND.info]: { title: '汇报详情', load: () => import('./info') },
};
