/**
 * The member routes with their titles and pages: the area pages here, every other route from the
 * feature folder that owns it (member/<feature>/index.ts exports its routes, see src/client/README.md
 * "Member kit"). A route of contract/member-routes.txt without a page shows the construction page
 * (建设中); a unit test lists the contract's routes against this table.
 */
import type { ComponentType } from 'react';
import type { Crumb } from '../member/kit/routes';
import { volunteerRoutes } from '../member/volunteer';
import { liveRoutes } from '../member/live';
import { villageOfficialRoutes } from '../member/village-official';
import { studyRoutes } from '../member/study';
import { examRoutes } from '../member/exam';
import { difficultyRoutes } from '../member/difficulty';
import { organSwitchRoutes } from '../member/organ-switch';
import { flowRoutes } from '../member/flow';
import { noticeRoutes } from '../member/notice';
import { subjectRoutes } from '../member/subject';
import { mindRoutes } from '../member/mind';
import { rotationRoutes } from '../member/rotation';
import { trainRoutes } from '../member/train';
import { meetingRoutes } from '../member/meetings';
import { demoPostRoutes } from '../member/demo-posts';
import { opinionRoutes } from '../member/opinion';
import { publicInfoRoutes } from '../member/public-info';
import { forumRoutes } from '../member/forum';
import { partyMapRoutes } from '../member/party-map';
import { partyDuesRoutes } from '../member/party-dues';

type Loader = () => Promise<{ default?: ComponentType<any> }>;
export interface MemberPage {
  title: string;
  load?: Loader;
  crumbs?: (search: URLSearchParams) => Crumb[];
}

const P = '/partyMember';

export const MEMBER_PAGES: Record<string, MemberPage> = {
  [`${P}/setpassword`]: { title: '密码设置', load: () => import('../member/set-password') },
  [`${P}/personal`]: { title: '个人信息', load: () => import('../member/personal') },
  [`${P}/partySpace`]: { title: '党员空间', load: () => import('../member/party-space') },
  [`${P}/iStudy`]: { title: '我的学习', load: () => import('../member/area-entry').then((m) => ({ default: m.StudyEntry })) },
  [`${P}/iBranch`]: { title: '我与支部', load: () => import('../member/area-entry').then((m) => ({ default: m.BranchEntry })) },
  [`${P}/iPractice`]: { title: '我的实践', load: () => import('../member/area-entry').then((m) => ({ default: m.PracticeEntry })) },
  '/branchSpace': { title: '支部空间', load: () => import('../member/branch-space') },
  // feature folders export their routes (member/<feature>/index.ts)
  ...volunteerRoutes,
  ...liveRoutes,
  ...villageOfficialRoutes,
  ...studyRoutes,
  ...examRoutes,
  ...subjectRoutes,
  ...rotationRoutes,
  ...difficultyRoutes,
  ...organSwitchRoutes,
  ...flowRoutes,
  ...noticeRoutes,
  ...mindRoutes,
  ...trainRoutes,
  ...meetingRoutes,
  ...demoPostRoutes,
  ...opinionRoutes,
  ...publicInfoRoutes,
  ...forumRoutes,
  ...partyMapRoutes,
  ...partyDuesRoutes,
};

export const MEMBER_TABS = [
  { key: `${P}/partySpace`, label: '党员空间' },
  { key: `${P}/iStudy`, label: '我的学习' },
  { key: `${P}/iBranch`, label: '我与支部' },
  { key: `${P}/iPractice`, label: '我的实践' },
];

/**
 * The breadcrumb of a location: the page's own when its route gives one (from the query), else each
 * titled prefix of the path, shortest first.
 */
export function matchedTitles(pathname: string, search = ''): Crumb[] {
  const own = MEMBER_PAGES[pathname.replace(/\/+$/, '')]?.crumbs;
  if (own) return own(new URLSearchParams(search));
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const out: { path: string; title: string }[] = [];
  for (let i = 1; i <= parts.length; i++) {
    const path = `/${parts.slice(0, i).join('/')}`;
    const page = MEMBER_PAGES[path];
    if (page) out.push({ path, title: page.title });
  }
  return out;
}

/** The breadcrumb appears only when more than one matched route has a title (core §2). */
export const showBreadcrumb = (pathname: string) => matchedTitles(pathname).length > 1;
