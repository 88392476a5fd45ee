/**
 * Permission names. Those of the spec are verbatim (including its spellings: Libary, Reprt, Offical);
 * the administration names are ABP's convention.
 */
export const P = {
  /** 工作台: every administrator's landing page (WorkbenchService/Get) */
  Workbench: 'Pages.Workbench',
  // manager area
  PartyMember: 'Pages.PartyMember',
  /** the buttons of 党员管理, checked by the server as well: a role may list members without changing them */
  PartyMemberCreate: 'Pages.PartyMember.Create',
  PartyMemberUpdate: 'Pages.PartyMember.Update',
  PartyMemberDelete: 'Pages.PartyMember.Delete',
  PartyMemberAuditeList: 'Pages.PartyMember.AuditeList',
  /** a button of 党员管理: identity card and phone shown in full (every such view is audit-logged) */
  PartyMemberViewSensitive: 'Pages.PartyMember.ViewSensitive',
  OrganService: 'Pages.OrganService',
  /** 组织审核 (menu organAudit): deciding what a lower level created */
  OrganAudit: 'Pages.OrganService.Audit',
  // settings (ABP-style administration names; the spec does not name them)
  Users: 'Pages.Administration.Users',
  Roles: 'Pages.Administration.Roles',
  Menus: 'Pages.Administration.Menus',
  BaseCodes: 'Pages.Administration.BaseCodes',
  Projects: 'Pages.Administration.Projects',
  Messages: 'Pages.Administration.Messages',
  AuditLogs: 'Pages.Administration.AuditLogs',
  /** 安全日志 (the hash-chained security log): the 审计管理员's, nobody else's (三员分立) */
  SecurityLogs: 'Pages.Administration.SecurityLogs',
  OnlineUsers: 'Pages.Administration.OnlineUsers',
  /** 界面配置: screens and entity labels changed in the browser (a system administrator's, 三员分立) */
  ScreenConfig: 'Pages.Administration.ScreenConfig',
  /** a button of 在线用户 */
  ForceLogout: 'Pages.Administration.OnlineUsers.ForceLogout',
} as const;

/** Permission-guarded admin route groups (contract/admin-permission-routes.tsv) and button permissions of core §6. */
export const ROUTE_PERMISSIONS = [
  'Pages.Announce', 'Pages.TeachPlan', 'Pages.BranchSpace', 'Pages.ResourceLibaryService', 'Pages.TeacherLibary',
  'Pages.BaseLibrary', 'Pages.ExamLibaryService', 'Pages.TrainClass', 'Pages.Live', 'Pages.Special', 'Pages.MindReprt',
  'Pages.OfflinePeriod', 'Pages.Forum', 'Pages.epidemic', 'Pages.PartyMember', 'Pages.OrganService', 'Pages.Development',
  'Pages.OrganChange', 'Pages.MovingRecord', 'Pages.DifficultyPartyMember', 'Pages.PartyMeetingsAdmin', 'Pages.DifficultyHelp',
  'Pages.VolunteerActivity.Admin', 'Pages.PartyDues', 'Pages.DemoAndResp', 'Pages.VillageOffical', 'Pages.PartyMember.AuditeList',
] as const;

export const BUTTON_PERMISSIONS = [
  'Pages.BaseLibrary.SelectAndUse', 'Pages.BaseLibrary.Report', 'Pages.BaseLibrary.Modify', 'Pages.BaseLibrary.Delete',
  'Pages.TeacherLibary.SelectAndUse', 'Pages.TeacherLibary.Report', 'Pages.TeacherLibary.Modify', 'Pages.TeacherLibary.Delete',
  'Pages.ResourceLibaryService.Modify', 'Pages.ResourceLibaryService.Delete',
] as const;

/** Organisation levels of the demo province (organ_level). */
export const ORGAN_LEVEL = { province: 1, city: 2, district: 3, street: 4, branch: 5 } as const;
