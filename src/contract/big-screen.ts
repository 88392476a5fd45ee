/**
 * 大屏信息管理 (issue 17): what a version of an organisation's screen may show, and the kinds of
 * news. Shared by the server (validation, the device's pull), the admin screens' options and the
 * dashboard, so a module key means the same panel everywhere.
 */
export const SCREEN_MODULES = [
  { value: 'members', label: '党员人数' },
  { value: 'organs', label: '党组织数' },
  { value: 'studyToday', label: '今日学时' },
  { value: 'topBranches', label: '支部学时排行' },
  { value: 'meetings', label: '本季度会议' },
  { value: 'map', label: '党组织地图' },
  { value: 'news', label: '新闻资讯' },
  { value: 'video', label: '宣传视频' },
] as const;
export type ScreenModule = (typeof SCREEN_MODULES)[number]['value'];
export const SCREEN_MODULE_KEYS = SCREEN_MODULES.map((m) => m.value) as ScreenModule[];

/** News types (NewsService/SiteList): the screen's columns of news. */
export const NEWS_TYPES = [
  { value: 1, label: '时政要闻' },
  { value: 2, label: '党建动态' },
  { value: 3, label: '通知公告' },
] as const;

/** Big-screen resource kinds (CreateBigScreenResourcesInfo). */
export const SCREEN_RESOURCE_TYPES = [
  { value: 1, label: '图片' },
  { value: 2, label: '视频' },
  { value: 3, label: '文件' },
] as const;

export const BIG_SCREEN_PERMISSION = {
  root: 'Pages.BigScreen',
  version: 'Pages.BigScreen.Version',
  video: 'Pages.BigScreen.Video',
  news: 'Pages.BigScreen.News',
  concern: 'Pages.BigScreen.Concern',
  registerCode: 'Pages.BigScreen.RegisterCode',
} as const;

export const BIG_SCREEN_MSG = {
  codeInvalid: '注册码无效或已停用',
  organNotFound: '组织不存在或不在您的管理范围内',
  infoNotFound: '大屏信息不存在或已删除',
  versionNotFound: '版本不存在或已删除',
  videoNotFound: '宣传视频不存在或已删除',
  newsNotFound: '新闻不存在或已删除',
  resourceNotFound: '大屏资源不存在或已删除',
  concernNotFound: '关注信息不存在或已删除',
  codeNotFound: '注册码不存在或已删除',
  libraryResourceNotFound: '所选视频须为本组织或上级组织发布、已启用的视频资源',
  videoRequired: '请从资源库选择视频或上传视频',
  moduleUnknown: '大屏模块不正确',
  currentVersionDelete: '当前版本不能删除，请先将其他版本设为当前',
  tooFrequent: '请求过于频繁，请稍后再试',
  infoExists: '该组织已有大屏信息',
} as const;

/** What a screen shows of its organisation's current version (server: bigscreen/content.ts). */
export interface ScreenContent {
  /** modules: the panels the version shows (SCREEN_MODULES) */
  version: { id: number; versionName: string; modules: string[]; organId: number; organName: string } | null;
  news: { id: number; title: string; newsType: number | null; coverImage: string | null; creationTime: Date | string }[];
  video: { id: number; title: string; videoUrl: string; coverImage: string | null } | null;
}

/** The figures of an organisation's subtree on its screen (server: bigscreen/figures.ts). */
export interface DashboardFigures {
  memberCount: number;
  organCount: number;
  todayHours: number;
  todayLearners: number;
  monthHours: number;
  quarterMeetings: number;
  topBranches: { organId: number; organName: string; hours: number; learners: number }[];
  markers: { id: number; name: string; longitude: number; latitude: number; address: string | null; secretaryName: string | null; contactPhone: string | null }[];
  /** organisations with coordinates in the subtree (the map shows at most MARKER_CAP of them) */
  markerTotal: number;
}
