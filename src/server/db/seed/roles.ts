import type { SeededMenu } from './menus';
import { insertChunked, reserveIds, type Db } from './util';

/**
 * Roles and their menus. A role's permission names are those of its menus, so the menu selection
 * below is the whole permission model of the demo. Parents are always included with a child.
 */
export interface RoleDef {
  name: string;
  displayName: string;
  description: string;
  isDefault?: boolean;
  level: number | null;
  userType: number;
  /** which menus: all admin menus minus `exclude` (by permission of the menu or an ancestor), or exactly `include` */
  menus: { member: true } | { allAdmin: true; exclude?: string[] } | { include: string[] };
}

/**
 * Settings that only the province configures for everyone. 考核设置 is not one of them: every level
 * sets the rules of its own subtree, the nearest ancestor's applying.
 */
const PROVINCE_ONLY = [
  'Pages.Administration.BaseCodes',
  'Pages.Administration.Menus',
  'Pages.Administration.Projects',
  'Pages.Administration.ResourceClasses',
  'Pages.Administration.Roles',
  // members' identity cards and phones in full: the province only, each view audit-logged
  'Pages.PartyMember.ViewSensitive',
  // the security log: the province's 审计管理员 only (三员分立)
  'Pages.Administration.SecurityLogs',
  // screens and entity labels of the whole platform: system administration (三员分立)
  'Pages.Administration.ScreenConfig',
  // the security policy: the province's 安全管理员 only
  'Pages.Administration.SecurityPolicy',
];

/**
 * 三员分立 (docs/SECURITY.md §15): role management belongs to the 安全管理员 and the security log to
 * the 审计管理员, so the province's built-in administrator — who keeps the business and the system
 * settings (menus, code tables: the 系统管理员's family) — holds neither.
 */
const NOT_PROVINCE_ADMIN = ['Pages.Administration.Roles', 'Pages.Administration.SecurityLogs', 'Pages.Administration.SecurityPolicy'];

export const ROLE_DEFS: RoleDef[] = [
  { name: 'PartyMember', displayName: '党员', description: '默认角色：党员空间、我的学习、我与支部、我的实践', isDefault: true, level: null, userType: 0, menus: { member: true } },
  { name: 'ProvinceAdmin', displayName: '省级管理员', description: '全省党组织管理，含系统设置（角色授权归安全管理员，安全日志归审计管理员）', level: 1, userType: 1, menus: { allAdmin: true, exclude: NOT_PROVINCE_ADMIN } },
  { name: 'CityAdmin', displayName: '市级管理员', description: '本市（州）党组织管理', level: 2, userType: 1, menus: { allAdmin: true, exclude: PROVINCE_ONLY } },
  { name: 'DistrictAdmin', displayName: '区县管理员', description: '本区（县）党组织管理', level: 3, userType: 1, menus: { allAdmin: true, exclude: PROVINCE_ONLY } },
  {
    name: 'BranchAdmin', displayName: '支部管理员', description: '本支部党员、组织生活、党费、通知与注册审核', level: 5, userType: 1,
    menus: {
      include: [
        'Pages.Workbench',
        'Pages.BranchSpace', 'Pages.BranchSpace.Notice',
        'Pages.PartyMember', 'Pages.PartyMember.Create', 'Pages.PartyMember.Update', 'Pages.PartyMember.AuditeList',
        'Pages.PartyMeetingsAdmin', 'Pages.PartyDues', 'Pages.DemocraticAppraisal',
        'Pages.DifficultyPartyMember', 'Pages.DifficultyHelp', 'Pages.VolunteerActivity.Admin', 'Pages.VillageOffical',
        'Pages.OrganChange', 'Pages.MovingRecord', 'Pages.Development',
        'Pages.Announce',
        'Pages.BaseLibrary', 'Pages.BaseLibrary.SelectAndUse', 'Pages.BaseLibrary.Report',
        // the branch answers its members' opinions and reports its epidemic work
        'Pages.PublicOpinion', 'Pages.epidemic',
      ],
    },
  },
  {
    name: 'Teacher', displayName: '教师', description: '师资库、教学计划、培训班与直播', level: null, userType: 2,
    menus: {
      include: [
        'Pages.TeacherLibary', 'Pages.TeacherLibary.Modify',
        'Pages.TeachPlan', 'Pages.TeachPlan.Create', 'Pages.TeachPlan.Update', 'Pages.TeachPlan.Delete',
        'Pages.TrainClass', 'Pages.TrainClass.Create', 'Pages.TrainClass.Update',
        'Pages.Live', 'Pages.Live.Create', 'Pages.Live.Update', 'Pages.Live.Calendar',
      ],
    },
  },
  // 三员分立 (docs/SECURITY.md §15), last so the ids of the roles above stay as they were
  {
    name: 'SystemAdmin', displayName: '系统管理员', description: '三员之一：组织、用户、菜单、代码表等系统管理；不能管理角色授权，不能查看安全日志', level: 1, userType: 1,
    menus: {
      include: [
        'Pages.OrganService', 'Pages.OrganService.Create', 'Pages.OrganService.Update', 'Pages.OrganService.Delete',
        'Pages.Administration.Users', 'Pages.Administration.Users.Create', 'Pages.Administration.Users.Update', 'Pages.Administration.Users.Delete',
        'Pages.Administration.Menus', 'Pages.Administration.BaseCodes', 'Pages.Administration.Projects', 'Pages.Administration.ResourceClasses',
        'Pages.Administration.ScreenConfig',
      ],
    },
  },
  {
    name: 'SecurityAdmin', displayName: '安全管理员', description: '三员之一：角色与权限、授权、安全策略、在线用户；不能进行系统管理，不能查看安全日志', level: 1, userType: 1,
    menus: {
      include: [
        'Pages.Administration.Roles', 'Pages.Administration.Roles.Create', 'Pages.Administration.Roles.Update', 'Pages.Administration.Roles.Delete',
        'Pages.Administration.Users', 'Pages.Administration.Users.Create', 'Pages.Administration.Users.Update', 'Pages.Administration.Users.Delete',
        'Pages.Administration.OnlineUsers', 'Pages.Administration.OnlineUsers.ForceLogout',
        'Pages.Administration.SecurityPolicy',
      ],
    },
  },
  {
    name: 'AuditAdmin', displayName: '审计管理员', description: '三员之一：只查阅安全日志与审计日志、校验安全日志摘要链', level: 1, userType: 1,
    menus: { include: ['Pages.Administration.AuditLogs', 'Pages.Administration.SecurityLogs'] },
  },
];

export function menusOfRole(def: RoleDef, menus: SeededMenu[]): number[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const chosen = new Set<number>();
  const m = def.menus;
  for (const menu of menus) {
    let take: boolean;
    if ('member' in m) take = menu.member;
    else if ('allAdmin' in m) take = !menu.member && !menu.lineage.some((p) => m.exclude?.includes(p));
    else take = !menu.member && !!menu.permissionName && m.include.includes(menu.permissionName);
    if (!take) continue;
    for (let cur: SeededMenu | undefined = menu; cur && !chosen.has(cur.id); cur = cur.parentId ? byId.get(cur.parentId) : undefined) chosen.add(cur.id);
  }
  return [...chosen].sort((a, b) => a - b);
}

export async function seedRoles(db: Db, menus: SeededMenu[]): Promise<Record<string, number>> {
  const ids = await reserveIds(db, 'roles', ROLE_DEFS.length);
  const byName: Record<string, number> = {};
  ROLE_DEFS.forEach((r, i) => (byName[r.name] = ids[i]));
  await db
    .insertInto('roles')
    .values(
      ROLE_DEFS.map((r, i) => ({
        id: ids[i],
        name: r.name,
        displayName: r.displayName,
        description: r.description,
        isDefault: !!r.isDefault,
        isStatic: true,
        level: r.level,
        organType: null,
        userType: r.userType,
      })),
    )
    .execute();
  const links = ROLE_DEFS.flatMap((r) => menusOfRole(r, menus).map((menuId) => ({ roleId: byName[r.name], menuId })));
  await insertChunked(db, 'roleMenus', links, 1000);
  return byName;
}
