/** 我的考试 and 错题集: the member's exam routes (routing/member-pages.ts spreads them in). */
import type { Crumb, MemberRoutes } from '../kit/routes';
import { SUBJECT } from '../subject';
import { ANALYSIS_PATH, EXAM_PATH, MISTAKES_PATH } from './paths';

const STUDY: Crumb = { path: '/partyMember/iStudy', title: '我的学习' };
const MY_EXAMS: Crumb = { path: EXAM_PATH, title: '我的考试' };
const MISTAKES: Crumb = { path: MISTAKES_PATH, title: '错题集' };
const id = (search: URLSearchParams, name: string) => (Number(search.get(name)) > 0 ? Number(search.get(name)) : null);

/**
 * The pages live under a topic's path (member-routes.txt) but are 我的考试's: their breadcrumb is
 * their own, and a topic's paper opened from its topic (`topicId`) keeps the topic's, back to it.
 */
function examCrumbs(search: URLSearchParams): Crumb[] {
  const paperId = id(search, 'paperId');
  const topicId = id(search, 'topicId');
  if (paperId && topicId) {
    return [STUDY, { path: SUBJECT.list, title: '专题课程' }, { path: `${SUBJECT.info}?id=${topicId}`, title: '专题详情' }, { path: `${EXAM_PATH}?paperId=${paperId}&topicId=${topicId}`, title: '专题考试' }];
  }
  return paperId ? [STUDY, MY_EXAMS, { path: `${EXAM_PATH}?paperId=${paperId}`, title: '考试详情' }] : [STUDY, MY_EXAMS];
}

export const examRoutes: MemberRoutes = {
  [EXAM_PATH]: { title: '我的考试', load: () => import('./exam-page'), crumbs: examCrumbs },
  [MISTAKES_PATH]: { title: '错题集', load: () => import('./mistakes'), crumbs: () => [STUDY, MY_EXAMS, MISTAKES] },
  [ANALYSIS_PATH]: { title: '错题解析', load: () => import('./analysis'), crumbs: () => [STUDY, MY_EXAMS, MISTAKES, { path: ANALYSIS_PATH, title: '错题解析' }] },
};
