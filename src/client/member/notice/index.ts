/** 通知公告 · the member's notices (site messages of the member space): routes spread into routing/member-pages.ts. */
import type { MemberRoutes } from '../kit';
import { NOTICE } from './paths';

export const noticeRoutes: MemberRoutes = {
  [NOTICE.list]: { title: '通知公告', load: () => import('./list') },
  [NOTICE.info]: { title: '通知详情', load: () => import('./info') },
};
