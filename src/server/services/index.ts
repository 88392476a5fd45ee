import type { ServiceDef } from '../http/actions';
import type { Config } from '../config';
import { loadEntityFiles } from '../records/entities';
import { uiConfigService } from '../records/ui-config-service';
import { tokenAuthService } from './token-auth';
import { partyMemberService } from './party-member';
import { userService } from './user';
import { organizationService } from './organization';
import { partyOrganizationService } from './party-organization';
import { unitService } from './unit';
import { baseCodeService } from './base-code';
import { permissionService } from './permission';
import { menuButtonService } from './menu-button';
import { roleService } from './role';
import { projectService } from './project';
import { siteMessageService } from './site-message';
import { resourceUploadAuthService, vodService } from './vod';
import { resourceClassService, resourceLibraryService, resourceReportService } from './resource-library';
import { offlinePeriodService, periodManageService } from './study-period';
import { examinationService } from './examination';
import { auditLogService, onlineUserService } from './audit-log';
import { buildConfiguredServices } from '../records/configured-services';
import { exportService } from './export';
import { examLibraryService } from './exam-library';
import { examPaperService } from './exam-paper';
import { trainClassCourseService, trainClassService } from './train-class';
import { partyDuesService } from './party-dues';
import { liveRoomService } from './live-room';
import { bigScreenDashboardService } from './big-screen-dashboard';
import { bigScreenConcernService, bigScreenDeviceService, bigScreenService, newsService } from './big-screen';

/** Every app service; each module declares its actions with method, input schema and permission. */
export function buildServices(config: Pick<Config, 'schemaDirs' | 'screenDirs'>): ServiceDef[] {
  const entities = loadEntityFiles(config.schemaDirs);
  const services = [
    tokenAuthService,
    partyMemberService,
    userService,
    organizationService,
    partyOrganizationService,
    unitService,
    baseCodeService,
    permissionService,
    menuButtonService,
    roleService,
    projectService,
    siteMessageService,
    vodService,
    resourceUploadAuthService,
    resourceLibraryService,
    resourceClassService,
    resourceReportService,
    offlinePeriodService,
    periodManageService,
    examinationService,
    examLibraryService,
    examPaperService,
    trainClassService,
    trainClassCourseService,
    partyDuesService,
    liveRoomService(entities),
    bigScreenDashboardService,
    bigScreenService,
    newsService,
    bigScreenConcernService,
    bigScreenDeviceService,
    auditLogService,
    onlineUserService,
    uiConfigService(entities, config.screenDirs),
    // services declared as data in schemas/*.json, served by the generic record store
    ...buildConfiguredServices(entities),
  ];
  // any paged list above can be exported with its own access and scope
  return [...services, exportService(services)];
}
