/** 学习论坛 for members: routes spread into routing/member-pages.ts. */
import type { MemberRoutes } from '../kit';

export const FORUM = {
  list: '/partyMember/iStudy/forum',
  create: '/partyMember/iStudy/forum/create',
  info: '/partyMember/iStudy/forum/info',
} as const;

export const forumRoutes: MemberRoutes = {
  [FORUM.list]: { title: '学习论坛', load: () => import('./list') },
  [FORUM.create]: { title: '发布帖子', load: () => import('./create') },
  [FORUM.info]: { title: '帖子详情', load: () => import('./info') },
};
