/** 上级精神 · 基层动态 · 党务公开 for members: routes spread into routing/member-pages.ts. */
import type { MemberRoutes } from '../kit';
import { KINDS } from './paths';

const list = () => import('./list');
const info = () => import('./info');
const report = () => import('./create-report');

export const publicInfoRoutes: MemberRoutes = {
  [KINDS.spirit.list]: { title: '上级精神', load: list },
  [KINDS.spirit.info]: { title: '上级精神详情', load: info },
  [KINDS.spirit.createReport!]: { title: '学习心得', load: report },
  [KINDS.dynamic.list]: { title: '基层动态', load: list },
  [KINDS.dynamic.info]: { title: '基层动态详情', load: info },
  [KINDS.dynamic.createReport!]: { title: '学习心得', load: report },
  [KINDS.affairs.list]: { title: '党务公开', load: list },
  [KINDS.affairs.info]: { title: '党务公开详情', load: info },
};
