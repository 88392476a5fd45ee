/** 培训班 · the class page of a member: routes spread into routing/member-pages.ts. */
import type { MemberRoutes } from '../kit';

export const TRAIN = {
  // the list of classes (集中轮训) is another part's page: only linked from here
  list: '/partyMember/iStudy/rotationTrain',
  info: '/partyMember/iStudy/rotationTrain/info',
} as const;

export const trainRoutes: MemberRoutes = {
  [TRAIN.info]: { title: '轮训详情', load: () => import('./info') },
};
