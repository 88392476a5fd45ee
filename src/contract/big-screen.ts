/**
 * 大屏信息管理: what a version of an organisation's screen may show, and the kinds of
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

/** What a screen shows of its organisation's current version (server: domains/big-screen/content.ts). */
export interface ScreenContent {
  /** modules: the panels the version shows (SCREEN_MODULES) */
  version: { id: number; versionName: string; modules: string[]; organId: number; organName: string } | null;
  news: { id: number; title: string; newsType: number | null; coverImage: string | null; creationTime: Date | string }[];
  video: { id: number; title: string; videoUrl: string; coverImage: string | null } | null;
}

/** The figures of an organisation's subtree on its screen (server: domains/big-screen/figures.ts). */
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
  /** online study hours of the subtree per platform month, the last 6 months (oldest first, this month last) */
  monthTrend: { month: string; hours: number }[];
}

/** One answer of BigScreenDashboardService/Figures: the subtree's figures, the platform periods and the version's content (JSON: dates as text). */
export interface ScreenFigures extends DashboardFigures {
  organId: number;
  organName: string;
  /** the organisation's 行政区划代码 (GB/T 2260): the map fits that area (a district's screen its district) */
  areaCode: string | null;
  /** the server's clock (ISO) and the platform zone: the screen's clock and dates follow them */
  serverTime: string;
  timeZone: string;
  day: string;
  quarter: string;
  content: Omit<ScreenContent, 'version' | 'news'> & {
    version: (Pick<NonNullable<ScreenContent['version']>, 'id' | 'versionName'> & { modules?: string[] }) | null;
    news: (Omit<ScreenContent['news'][number], 'creationTime'> & { creationTime: string })[];
  };
}

// ---- the records of 大屏信息管理 as the admin calls answer them (times: ISO text)

/** An organisation's screen information (BigScreenService/GetPagedBigScreenInfoList, ModifyBigScreenInfo). */
export interface BigScreenInfoDto {
  id: number;
  organId: number;
  organName: string;
  screenName: string;
  welcomeText: string | null;
  remark: string | null;
  creationTime: string | null;
  lastModificationTime: string | null;
}

/** An organisation of the subtree with its screen (GetPagedBigScreenOrganInfoList). */
export interface BigScreenOrganInfoDto {
  organId: number;
  organName: string;
  organPath: string;
  screenName: string | null;
  currentVersionId: number | null;
  currentVersionName: string | null;
  codeCount: number | null;
}

/** A version: the modules shown and the video played (one current per organisation). */
export interface BigScreenVersionDto {
  id: number;
  organId: number;
  organName: string;
  versionName: string;
  modules: string[];
  /** the modules' labels joined with 、 */
  moduleNames: string;
  videoId: number | null;
  videoTitle: string | null;
  remark: string | null;
  isCurrent: boolean;
  creationTime: string | null;
  lastModificationTime: string | null;
}

/** A resource of the screens (image, video, file), mapped onto versions. */
export interface BigScreenResourceDto {
  id: number;
  organId: number;
  organName: string;
  name: string;
  resourceType: number;
  resourceTypeName: string;
  url: string;
  creationTime: string | null;
}

/** GetBigScreenVersionById: the version with its resources in their order. */
export interface BigScreenVersionDetailDto extends BigScreenVersionDto {
  resources: BigScreenResourceDto[];
}

/** A promotional video: a library video of the organisation or above it, or an address. */
export interface BigScreenVideoDto {
  id: number;
  organId: number;
  organName: string;
  title: string;
  resourceId: number | null;
  videoUrl: string;
  coverImage: string | null;
  creationTime: string | null;
}

/** A news item of a screen (content: sanitised rich text). */
export interface BigScreenNewsDto {
  id: number;
  organId: number;
  organName: string;
  newsType: number;
  newsTypeName: string;
  title: string;
  content: string | null;
  coverImage: string | null;
  creationTime: string | null;
}

/** A concern a screen's user submitted, with its answer. */
export interface BigScreenConcernDto {
  id: number;
  organId: number;
  organName: string;
  name: string;
  phone: string | null;
  content: string;
  backContent: string | null;
  backTime: string | null;
  isBack: boolean;
  creationTime: string | null;
}

/** A registration code and the device registered with it. */
export interface RegistCodeDto {
  id: number;
  code: string;
  organId: number;
  organName: string;
  remark: string | null;
  deviceName: string | null;
  registerTime: string | null;
  lastPullTime: string | null;
  isRegistered: boolean;
  creationTime: string | null;
}

/** BigScreenDeviceService/Pull: what a registered screen shows. */
export interface ScreenPull {
  organId: number;
  organName: string;
  screenName: string;
  welcomeText: string | null;
  version: ScreenContent['version'];
  news: (Omit<ScreenContent['news'][number], 'creationTime'> & { creationTime: string | null })[];
  video: ScreenContent['video'];
}
