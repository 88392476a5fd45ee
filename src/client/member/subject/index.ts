/** 专题课程 · special topics for members: routes spread into routing/member-pages.ts. */
import type { MemberRoutes } from '../kit';

export const SUBJECT = {
  list: '/partyMember/iStudy/subject',
  info: '/partyMember/iStudy/subject/info',
  createReport: '/partyMember/iStudy/subject/info/createReport',
  // taking a paper is ExamPaperService's page (built beside it): only linked from here
  exam: '/partyMember/iStudy/subject/info/exam',
} as const;

export const subjectRoutes: MemberRoutes = {
  [SUBJECT.list]: { title: '专题课程', load: () => import('./list') },
  [SUBJECT.info]: { title: '专题详情', load: () => import('./info') },
  [SUBJECT.createReport]: { title: '学习心得', load: () => import('./create-report') },
};
