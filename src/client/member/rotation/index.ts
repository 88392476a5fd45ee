/** 集中轮训 · rotation training and classes for members: routes spread into routing/member-pages.ts. */
import type { MemberRoutes } from '../kit';

export const ROTATION = {
  list: '/partyMember/iStudy/rotationTrain',
  // a class's page (batch or 培训班) is built beside this one: only linked from here
  info: '/partyMember/iStudy/rotationTrain/info',
} as const;

export const rotationRoutes: MemberRoutes = {
  [ROTATION.list]: { title: '集中轮训', load: () => import('./list') },
};
