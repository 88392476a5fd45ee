/** 专题考试 and 错题集: the member's exam routes (routing/member-pages.ts spreads them in). */
import type { MemberRoutes } from '../kit';
import { ANALYSIS_PATH, EXAM_PATH, MISTAKES_PATH } from './paths';

export const examRoutes: MemberRoutes = {
  [EXAM_PATH]: { title: '专题考试', load: () => import('./exam-page') },
  [MISTAKES_PATH]: { title: '错题集', load: () => import('./mistakes') },
  [ANALYSIS_PATH]: { title: '错题解析', load: () => import('./analysis') },
};
