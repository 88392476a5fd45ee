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
  // its breadcrumb leads back to the topic it was written on (the path alone would lose the topic's id)
  [SUBJECT.createReport]: {
    title: '学习心得',
    load: () => import('./create-report'),
    crumbs: (search) => [
      { path: '/partyMember/iStudy', title: '我的学习' },
      { path: SUBJECT.list, title: '专题课程' },
      { path: `${SUBJECT.info}?id=${Number(search.get('id')) || 0}`, title: '专题详情' },
      { path: SUBJECT.createReport, title: '学习心得' },
    ],
  },
};
