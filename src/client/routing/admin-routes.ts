/**
 * Admin routes are built at run time from the current role's menus (core §2). Menus of type 1 and
 * 6 are navigable; a submenu url is the parent url plus the child url. The permission-guarded
 * child routes of contract/admin-permission-routes.tsv attach under the menu carrying the name.
 */
import type { MenuDto } from '../../contract/types';
import { isNavigable, joinUrl, sortedMenus } from '../state/permissions';

/** contract/admin-permission-routes.tsv, with ASCII route segments. */
export const PERMISSION_CHILD_ROUTES: Record<string, string[]> = {
  'Pages.Announce': ['info'],
  'Pages.TeachPlan': ['info'],
  'Pages.BranchSpace': ['notice', 'notice/info'],
  'Pages.ResourceLibaryService': ['video/list', 'video/info', 'audio/list', 'audio/info', 'files/list', 'files/info'],
  'Pages.TeacherLibary': ['info'],
  'Pages.BaseLibrary': ['all', 'examine', 'info'],
  'Pages.ExamLibaryService': ['library/info', 'exam/list', 'exam/create', 'exam/update', 'exam/info', 'questions/create', 'questions/update'],
  'Pages.TrainClass': ['createTrainClass', 'updateTrainClass', 'distributive', 'info'],
  // info: 集中轮训's detail with its batches (issue 14), beyond the contract's routes
  'Pages.CentralTraining': ['info'],
  'Pages.Live': ['calendar', 'info'],
  'Pages.Special': ['createCourse', 'updateCourse', 'createExam', 'updateExam', 'info'],
  'Pages.MindReprt': ['info'],
  'Pages.OfflinePeriod': ['auditInfo', 'info'],
  'Pages.Forum': ['info'],
  'Pages.epidemic': ['index'],
  // analysis: 党员分析 (issue 18), beyond the contract's routes
  'Pages.PartyMember': ['info', 'analysis'],
  'Pages.OrganService': ['organinfo', 'organaudited', 'unitaudited', 'unitinfo'],
  'Pages.Development': ['applicantCreate', 'info', 'toActivist', 'developmentObject', 'probationary', 'fullMember'],
  'Pages.OrganChange': ['history', 'info'],
  'Pages.MovingRecord': ['history', 'info'],
  'Pages.DifficultyPartyMember': ['create', 'update', 'diffcultcreate', 'diffcultupdate', 'info', 'diffcultinfo'],
  'Pages.PartyMeetingsAdmin': ['info', 'distributive'],
  'Pages.DifficultyHelp': ['diffcultinfo'],
  'Pages.VolunteerActivity.Admin': ['info', 'list'],
  'Pages.PartyDues': ['base', 'expenditure'],
  // info: 民主评议's detail with its ratings (issue 16), beyond the contract's routes
  'Pages.DemocraticAppraisal': ['info'],
  'Pages.DemoAndResp': ['info'],
  'Pages.VillageOffical': ['info'],
  'Pages.PartyMember.AuditeList': ['history', 'info'],
};

const SUB_TITLES: Record<string, string> = {
  info: '详情', analysis: '党员分析', list: '列表', exam: '考试', library: '题库', questions: '试题', video: '视频', audio: '音频', files: '文件', create: '新增', update: '编辑', history: '历史记录', notice: '通知', all: '全部',
  examine: '审核', calendar: '直播日历', index: '首页', distributive: '分配', auditInfo: '审核详情',
  organinfo: '组织详情', organaudited: '组织审核', unitaudited: '单位审核', unitinfo: '单位详情',
  applicantCreate: '新增申请人', toActivist: '转为积极分子', developmentObject: '发展对象', probationary: '预备党员',
  fullMember: '正式党员', diffcultcreate: '新增帮扶', diffcultupdate: '编辑帮扶', diffcultinfo: '帮扶详情',
  base: '党费基数', expenditure: '党费支出', createTrainClass: '新建培训班', updateTrainClass: '编辑培训班',
  createCourse: '新建课程', updateCourse: '编辑课程', createExam: '新建考试', updateExam: '编辑考试',
};
export const subTitle = (sub: string) =>
  sub.split('/').map((s) => SUB_TITLES[s] ?? s).join(' / ');

export interface AdminRoute {
  path: string;
  title: string;
  tag: string | null;
  /** set for a permission child route: the segment under the menu's url */
  sub?: string;
  permissionName?: string | null;
}

export interface AdminMenuItem {
  key: string;
  path: string;
  name: string;
  icon?: string | null;
  /** hangfire dashboards open in the same window with the token appended */
  external?: boolean;
  children?: AdminMenuItem[];
}

/** Member-space menus of the default role are served by the member routes, not here. */
const isMemberUrl = (url: string) => url.startsWith('/partyMember') || url === '/branchSpace';
export const isHangfire = (url: string) => /hangfire/i.test(url);

export function buildAdminRoutes(menus: MenuDto[]): AdminRoute[] {
  const routes: AdminRoute[] = [];
  const seen = new Set<string>();
  const add = (r: AdminRoute) => {
    const key = r.path.toLowerCase();
    if (seen.has(key) || isMemberUrl(r.path) || isHangfire(r.path) || /^https?:/.test(r.path)) return;
    seen.add(key);
    routes.push(r);
  };
  const walk = (list: MenuDto[], parentUrl: string, nearestTitle: string) => {
    for (const m of sortedMenus(list)) {
      const full = isNavigable(m) && m.url ? joinUrl(parentUrl, m.url) : parentUrl;
      if (isNavigable(m) && m.url) add({ path: full, title: m.displayName, tag: m.tags, permissionName: m.permissionName });
      // real submenus first: a menu's own child wins over a permission child route of the same path
      walk(m.children ?? [], full, isNavigable(m) ? m.displayName : nearestTitle);
      const subs = m.permissionName ? PERMISSION_CHILD_ROUTES[m.permissionName] : undefined;
      if (subs && full) {
        for (const sub of subs)
          add({ path: `${full}/${sub}`, title: `${isNavigable(m) ? m.displayName : nearestTitle} - ${subTitle(sub)}`, tag: m.tags, sub, permissionName: m.permissionName });
      }
    }
  };
  walk(menus, '', '');
  return routes;
}

/** Side menu: top menus with nested submenus; only navigable menus appear. */
export function buildMenuData(menus: MenuDto[], parentUrl = ''): AdminMenuItem[] {
  return sortedMenus(menus)
    .filter((m) => isNavigable(m) && m.url)
    .map((m) => {
      const path = joinUrl(parentUrl, m.url);
      const kids = buildMenuData(m.children ?? [], path);
      return {
        key: String(m.id),
        path,
        name: m.displayName,
        icon: m.iconPath,
        external: isHangfire(path),
        children: kids.length ? kids : undefined,
      };
    });
}

/** The top menu selected for a path: the first whose url prefixes it. */
export function selectedTopMenu(items: AdminMenuItem[], pathname: string): AdminMenuItem | undefined {
  const p = pathname.toLowerCase();
  const hit = (item: AdminMenuItem): boolean =>
    p === item.path.toLowerCase() || p.startsWith(item.path.toLowerCase() + '/') || (item.children ?? []).some(hit);
  return items.find(hit);
}

export const hangfireUrl = (url: string, token: string) =>
  `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
