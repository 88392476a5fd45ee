import { insertChunked, reserveIds, type Db } from './util';

/**
 * The menu tree. type 1: top menu; 6: navigable menu (second level, url relative to the parent:
 * the client joins parent url + child url); 2: button permission (a child of the screen it guards).
 * `tags` is the screen key the admin engine loads (screens/<tag>…); permissionName is what the
 * server checks. Every permission name of contract/admin-permission-routes.tsv is carried here.
 */
export interface MenuDef {
  displayName: string;
  url?: string;
  icon?: string;
  tags?: string;
  permissionName?: string;
  type?: 1 | 2 | 6;
  children?: MenuDef[];
}

const btn = (displayName: string, permissionName: string): MenuDef => ({ displayName, permissionName, type: 2 });
const crud = (base: string) => [btn('新增', `${base}.Create`), btn('编辑', `${base}.Update`), btn('删除', `${base}.Delete`)];
const libraryButtons = (base: string) => [
  btn('选用入库', `${base}.SelectAndUse`),
  btn('上报', `${base}.Report`),
  btn('修改', `${base}.Modify`),
  btn('删除', `${base}.Delete`),
];
/** the three resource menus share one permission and the same buttons */
const resourceButtons = () => [btn('修改', 'Pages.ResourceLibaryService.Modify'), btn('删除', 'Pages.ResourceLibaryService.Delete')];
const page = (displayName: string, url: string, tags: string, permissionName: string, icon?: string, children?: MenuDef[]): MenuDef => ({
  displayName,
  url,
  tags,
  permissionName,
  icon,
  type: 6,
  children,
});

export const ADMIN_MENUS: MenuDef[] = [
  // first: every administrator lands on his first menu (core §2), and that is his 工作台
  { displayName: '工作台', url: '/workbench', icon: 'DashboardOutlined', tags: 'workbench', permissionName: 'Pages.Workbench' },
  {
    displayName: '支部空间', url: '/branchSpace', icon: 'HomeOutlined', tags: 'branchSpace', permissionName: 'Pages.BranchSpace',
    children: [page('重要通知', '/notice', 'branchNotice', 'Pages.BranchSpace.Notice', 'SoundOutlined')],
  },
  {
    displayName: '教育', url: '/education', icon: 'ReadOutlined', tags: 'education', permissionName: 'Pages.Education',
    children: [
      page('集中轮训', '/centralTraining', 'centralTraining', 'Pages.CentralTraining', 'TeamOutlined', crud('Pages.CentralTraining')),
      page('疫情防控', '/epidemic', 'epidemic', 'Pages.epidemic', 'SafetyOutlined'),
      page('考试管理', '/exam', 'exam', 'Pages.ExamLibaryService', 'FormOutlined', crud('Pages.ExamLibaryService')),
      page('题库管理', '/examLibrary', 'examLibrary', 'Pages.ExamLibaryService.Library', 'DatabaseOutlined'),
      page('试题管理', '/examQuestions', 'examQuestion', 'Pages.ExamLibaryService.Questions', 'UnorderedListOutlined'),
      page('论坛管理', '/forum', 'forum', 'Pages.Forum', 'CommentOutlined'),
      page('视频资源', '/resourceLibrary/video', 'resourceVideo', 'Pages.ResourceLibaryService', 'PlaySquareOutlined', resourceButtons()),
      page('音频资源', '/resourceLibrary/audio', 'resourceAudio', 'Pages.ResourceLibaryService', 'AudioOutlined', resourceButtons()),
      page('文件资源', '/resourceLibrary/files', 'resourceFiles', 'Pages.ResourceLibaryService', 'FileTextOutlined', resourceButtons()),
      page('直播管理', '/live', 'live', 'Pages.Live', 'VideoCameraOutlined', crud('Pages.Live')),
      page('直播审核', '/liveAudit', 'liveAudit', 'Pages.Live.Audit', 'AuditOutlined'),
      page('直播日历', '/liveCalendar', 'liveCalendar', 'Pages.Live.Calendar', 'CalendarOutlined'),
      page('思想汇报', '/mindReport', 'mindReport', 'Pages.MindReprt', 'EditOutlined'),
      page('线下学时', '/offlinePeriod', 'offlinePeriod', 'Pages.OfflinePeriod', 'FieldTimeOutlined'),
      page('学时审核', '/offlinePeriodAudit', 'offlinePeriodAudit', 'Pages.OfflinePeriod.Audit', 'AuditOutlined'),
      page('资源审核', '/resource', 'resource', 'Pages.Resource', 'FolderOpenOutlined'),
      page('教育基地', '/baseLibrary', 'baseLibrary', 'Pages.BaseLibrary', 'BankOutlined', libraryButtons('Pages.BaseLibrary')),
      page('师资库', '/teacherLibrary', 'teacherLibrary', 'Pages.TeacherLibary', 'UserOutlined', libraryButtons('Pages.TeacherLibary')),
      page('专题学习', '/special', 'special', 'Pages.Special', 'BookOutlined', crud('Pages.Special')),
      page('培训班', '/trainClass', 'trainClass', 'Pages.TrainClass', 'SolutionOutlined', crud('Pages.TrainClass')),
    ],
  },
  {
    displayName: '管理', url: '/manager', icon: 'ApartmentOutlined', tags: 'manager', permissionName: 'Pages.Manager',
    children: [
      page('组织管理', '/organization', 'organization', 'Pages.OrganService', 'ClusterOutlined', crud('Pages.OrganService')),
      page('组织审核', '/organAudit', 'organAudit', 'Pages.OrganService.Audit', 'AuditOutlined'),
      page('单位管理', '/unit', 'unit', 'Pages.OrganService.Unit', 'ShopOutlined'),
      page('党员管理', '/partyMember', 'partyMember', 'Pages.PartyMember', 'UserOutlined', [...crud('Pages.PartyMember'), btn('查看完整身份证号和手机号', 'Pages.PartyMember.ViewSensitive')]),
      page('注册审核', '/memberAudit', 'memberAudit', 'Pages.PartyMember.AuditeList', 'UserAddOutlined'),
    ],
  },
  {
    displayName: '消息', url: '/message', icon: 'NotificationOutlined', tags: 'message', permissionName: 'Pages.Message',
    children: [
      page('通知公告', '/announce', 'announce', 'Pages.Announce', 'NotificationOutlined', crud('Pages.Announce')),
      page('本地动态', '/localDynamic', 'localDynamic', 'Pages.LocalDynamic', 'GlobalOutlined'),
      page('公开信息', '/publicMessage', 'publicMessage', 'Pages.PublicMessage', 'ProfileOutlined'),
      page('上级精神', '/superSpirit', 'superSpirit', 'Pages.SuperSpirit', 'FlagOutlined'),
      page('教学计划', '/teachPlan', 'teachPlan', 'Pages.TeachPlan', 'ScheduleOutlined', crud('Pages.TeachPlan')),
      page('站内消息', '/siteMessage', 'siteMessage', 'Pages.Administration.Messages', 'MailOutlined'),
    ],
  },
  {
    displayName: '服务', url: '/service', icon: 'CustomerServiceOutlined', tags: 'service', permissionName: 'Pages.Service',
    children: [
      page('党费管理', '/partyDues', 'partyDues', 'Pages.PartyDues', 'PayCircleOutlined'),
      page('民主评议', '/democraticAppraisal', 'democraticAppraisal', 'Pages.DemocraticAppraisal', 'LikeOutlined'),
      page('发展党员', '/development', 'development', 'Pages.Development', 'RiseOutlined'),
      page('困难帮扶', '/difficultyHelp', 'difficultyHelp', 'Pages.DifficultyHelp', 'HeartOutlined'),
      page('困难党员', '/difficultyPartyMember', 'difficultyPartyMember', 'Pages.DifficultyPartyMember', 'MedicineBoxOutlined'),
      page('流动党员', '/movingRecord', 'movingRecord', 'Pages.MovingRecord', 'SwapOutlined'),
      page('组织生活', '/partyMeetings', 'partyMeetings', 'Pages.PartyMeetingsAdmin', 'TeamOutlined'),
      page('民意收集', '/publicOpinion', 'publicOpinion', 'Pages.PublicOpinion', 'MessageOutlined'),
      page('关系转接', '/organChange', 'organChange', 'Pages.OrganChange', 'RetweetOutlined'),
      page('村官管理', '/villageOfficial', 'villageOfficial', 'Pages.VillageOffical', 'EnvironmentOutlined'),
      page('志愿服务', '/volunteer', 'volunteer', 'Pages.VolunteerActivity.Admin', 'SmileOutlined'),
      page('示范岗责任区', '/demoAndResp', 'demoAndResp', 'Pages.DemoAndResp', 'TrophyOutlined'),
    ],
  },
  {
    displayName: '设置', url: '/setting', icon: 'SettingOutlined', tags: 'setting', permissionName: 'Pages.Administration',
    children: [
      page('管理员', '/admin', 'admin', 'Pages.Administration.Users', 'UserSwitchOutlined', crud('Pages.Administration.Users')),
      page('考核设置', '/assessment', 'assessment', 'Pages.Administration.Assessment', 'CheckSquareOutlined'),
      page('代码表', '/baseCode', 'baseCode', 'Pages.Administration.BaseCodes', 'TableOutlined'),
      page('菜单管理', '/menu', 'menu', 'Pages.Administration.Menus', 'MenuOutlined'),
      page('项目管理', '/project', 'project', 'Pages.Administration.Projects', 'ProjectOutlined'),
      page('资源分类', '/resourceClass', 'resourceClass', 'Pages.Administration.ResourceClasses', 'PartitionOutlined'),
      page('角色管理', '/role', 'role', 'Pages.Administration.Roles', 'SafetyCertificateOutlined', crud('Pages.Administration.Roles')),
      page('审计日志', '/auditLog', 'auditLog', 'Pages.Administration.AuditLogs', 'FileSearchOutlined'),
      page('在线用户', '/onlineUser', 'onlineUser', 'Pages.Administration.OnlineUsers', 'WifiOutlined', [btn('强制下线', 'Pages.Administration.OnlineUsers.ForceLogout')]),
      page('安全日志', '/securityLog', 'securityLog', 'Pages.Administration.SecurityLogs', 'SafetyOutlined'),
      page('界面配置', '/screenConfig', 'screenConfig', 'Pages.Administration.ScreenConfig', 'LayoutOutlined'),
      page('安全策略', '/securityPolicy', 'securityPolicy', 'Pages.Administration.SecurityPolicy', 'LockOutlined'),
    ],
  },
  {
    displayName: '大屏信息管理', url: '/bigScreen', icon: 'FundProjectionScreenOutlined', tags: 'bigScreen', permissionName: 'Pages.BigScreen',
    children: [
      page('版本管理', '/version', 'bigScreenVersion', 'Pages.BigScreen.Version', 'TagsOutlined'),
      page('宣传视频', '/video', 'bigScreenVideo', 'Pages.BigScreen.Video', 'YoutubeOutlined'),
      page('新闻资讯', '/news', 'bigScreenNews', 'Pages.BigScreen.News', 'ReadOutlined'),
      page('关注信息', '/concern', 'bigScreenConcern', 'Pages.BigScreen.Concern', 'StarOutlined'),
      page('注册码', '/registerCode', 'bigScreenRegisterCode', 'Pages.BigScreen.RegisterCode', 'KeyOutlined'),
    ],
  },
];

/** The party member's areas (the default role's menus); the member space itself is hand-built. */
export const MEMBER_MENUS: MenuDef[] = [
  { displayName: '党员空间', url: '/partyMember/partySpace', icon: 'HomeOutlined', tags: 'partySpace', permissionName: 'Member.PartySpace', type: 1 },
  { displayName: '我的学习', url: '/partyMember/iStudy', icon: 'ReadOutlined', tags: 'iStudy', permissionName: 'Member.IStudy', type: 1 },
  { displayName: '我与支部', url: '/partyMember/iBranch', icon: 'TeamOutlined', tags: 'iBranch', permissionName: 'Member.IBranch', type: 1 },
  { displayName: '我的实践', url: '/partyMember/iPractice', icon: 'FlagOutlined', tags: 'iPractice', permissionName: 'Member.IPractice', type: 1 },
];

export interface SeededMenu {
  id: number;
  parentId: number | null;
  def: MenuDef;
  type: number;
  permissionName: string | null;
  /** true for the member-space menus */
  member: boolean;
  /** permission names of this menu and its ancestors (for exclusions by area) */
  lineage: string[];
}

export async function seedMenus(db: Db): Promise<SeededMenu[]> {
  const out: SeededMenu[] = [];
  const count = (ms: MenuDef[]): number => ms.reduce((n, m) => n + 1 + count(m.children ?? []), 0);
  const ids = await reserveIds(db, 'menus', count(ADMIN_MENUS) + count(MEMBER_MENUS));
  let next = 0;
  const rows: Record<string, unknown>[] = [];
  const walk = (ms: MenuDef[], parent: SeededMenu | null, member: boolean) => {
    ms.forEach((m, i) => {
      const type = m.type ?? (parent ? 6 : 1);
      const s: SeededMenu = {
        id: ids[next++],
        parentId: parent?.id ?? null,
        def: m,
        type,
        permissionName: m.permissionName ?? null,
        member,
        lineage: [...(parent?.lineage ?? []), ...(m.permissionName ? [m.permissionName] : [])],
      };
      out.push(s);
      rows.push({
        id: s.id,
        parentId: s.parentId,
        displayName: m.displayName,
        url: m.url ?? '',
        iconPath: m.icon ?? null,
        type,
        tags: m.tags ?? null,
        permissionName: s.permissionName,
        sort: (i + 1) * 10,
      });
      walk(m.children ?? [], s, member);
    });
  };
  walk(ADMIN_MENUS, null, false);
  walk(MEMBER_MENUS, null, true);
  await insertChunked(db, 'menus', rows);
  await insertChunked(db, 'tenantMenus', out.map((m) => ({ menuId: m.id })));
  return out;
}
