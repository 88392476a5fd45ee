import type { ServiceDef } from '../http/actions';
import { tokenAuthService } from './token-auth';
import { userService } from './user';
import { baseCodeService } from './base-code';
import { permissionService } from './permission';
import { menuButtonService } from './menu-button';
import { roleService } from './role';
import { projectService } from './project';
import { siteMessageService } from './site-message';
import { announceReadService } from './announcements';
import { resourceUploadAuthService, vodService } from './vod';
import { auditLogService, onlineUserService } from './audit-log';
import { securityLogService } from './security-log';
import { importRunService } from './import-runs';
import { securityPolicyService } from './security-policy';

/**
 * The platform services: sign-in and sessions, users, roles, menus and permissions, code tables,
 * projects, site messages, uploads, the audit log (export is built over every service by the
 * composition root). Business lives in `../domains/`.
 */
export const platformServices: ServiceDef[] = [
  tokenAuthService,
  userService,
  baseCodeService,
  permissionService,
  menuButtonService,
  roleService,
  projectService,
  siteMessageService,
  announceReadService,
  vodService,
  resourceUploadAuthService,
  auditLogService,
  onlineUserService,
  securityLogService,
  importRunService,
  securityPolicyService,
];
