/**
 * Every member route of contract/member-routes.txt with its title. A route with a `load` has its
 * page; the others show the construction page (建设中) until their feature folder is spread in below
 * (member/<feature>/index.ts exports its routes, see src/client/README.md "Member kit").
 */
import type { ComponentType } from 'react';
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
}

const P = '/partyMember';

export const MEMBER_PAGES: Record<string, MemberPage> = {
  [`${P}/setpassword`]: { title: '密码设置', load: () => import('../member/set-password') },
  [`${P}/personal`]: { title: '个人信息', load: () => import('../member/personal') },
  [`${P}/partySpace`]: { title: '党员空间', load: () => import('../member/party-space') },
  [`${P}/partySpace/notice`]: { title: '通知公告' },
  [`${P}/partySpace/notice/info`]: { title: '通知详情' },
  [`${P}/partySpace/difficultCreate`]: { title: '困难帮扶申请' },
  [`${P}/partySpace/difficultHistory`]: { title: '帮扶申请记录' },
  [`${P}/partySpace/difficultHistory/historyInfo`]: { title: '申请详情' },
  [`${P}/partySpace/difficultHistoryInfo`]: { title: '帮扶记录详情' },
  [`${P}/partySpace/difficultInfo`]: { title: '困难帮扶' },
  [`${P}/partySpace/difficultInfo/helpInfo`]: { title: '帮扶详情' },
  [`${P}/partySpace/villageOfficial/create`]: { title: '村官申请' },
  [`${P}/partySpace/villageOfficial`]: { title: '村官风采墙' },
  [`${P}/partySpace/villageOfficial/history`]: { title: '村官申请记录' },
  [`${P}/partySpace/live`]: { title: '直播大厅' },
  [`${P}/partySpace/liveRoom`]: { title: '直播间' },
  [`${P}/iStudy`]: { title: '我的学习', load: () => import('../member/area-entry').then((m) => ({ default: m.StudyEntry })) },
  [`${P}/iStudy/superSpirit`]: { title: '上级精神' },
  [`${P}/iStudy/superSpirit/info`]: { title: '上级精神详情' },
  [`${P}/iStudy/superSpirit/createReport`]: { title: '学习心得' },
  [`${P}/iStudy/basicDynamic`]: { title: '基层动态' },
  [`${P}/iStudy/basicDynamic/info`]: { title: '基层动态详情' },
  [`${P}/iStudy/basicDynamic/createReport`]: { title: '学习心得' },
  [`${P}/iStudy/rotationTrain`]: { title: '集中轮训' },
  [`${P}/iStudy/rotationTrain/info`]: { title: '轮训详情' },
  [`${P}/iStudy/subject`]: { title: '专题课程' },
  [`${P}/iStudy/subject/info`]: { title: '专题详情' },
  [`${P}/iStudy/subject/info/createReport`]: { title: '学习心得' },
  [`${P}/iStudy/subject/info/exam`]: { title: '专题考试' },
  [`${P}/iStudy/subject/info/mistakesCollection`]: { title: '错题集' },
  [`${P}/iStudy/subject/info/mistakesCollection/analysis`]: { title: '错题解析' },
  [`${P}/iStudy/mindReport`]: { title: '思想汇报' },
  [`${P}/iStudy/mindReport/info`]: { title: '汇报详情' },
  [`${P}/iStudy/forum`]: { title: '学习论坛' },
  [`${P}/iStudy/forum/create`]: { title: '发布帖子' },
  [`${P}/iStudy/forum/info`]: { title: '帖子详情' },
  [`${P}/iBranch`]: { title: '我与支部', load: () => import('../member/area-entry').then((m) => ({ default: m.BranchEntry })) },
  [`${P}/iBranch/partyAffairs`]: { title: '党务公开' },
  [`${P}/iBranch/partyAffairs/info`]: { title: '党务公开详情' },
  [`${P}/iBranch/partyDues`]: { title: '党费缴纳' },
  [`${P}/iBranch/organizationallife`]: { title: '组织生活' },
  [`${P}/iBranch/organizationallife/info`]: { title: '组织生活详情' },
  [`${P}/iBranch/map`]: { title: '党建地图' },
  [`${P}/iPractice`]: { title: '我的实践', load: () => import('../member/area-entry').then((m) => ({ default: m.PracticeEntry })) },
  [`${P}/iPractice/volunteer`]: { title: '志愿活动' },
  [`${P}/iPractice/volunteer/info`]: { title: '活动详情' },
  [`${P}/iPractice/demoStration`]: { title: '创建示范岗' },
  [`${P}/iPractice/demoStrationIndex`]: { title: '党员示范岗' },
  [`${P}/iPractice/response`]: { title: '创建责任区' },
  [`${P}/iPractice/responseindex`]: { title: '党员责任区' },
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

/** Titled routes matched by a path: each titled prefix of it, shortest first. */
export function matchedTitles(pathname: string): { path: string; title: string }[] {
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
