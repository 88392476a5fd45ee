import type { ServiceDef } from '../http/actions';
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
import { buildConfiguredServices } from '../records/configured-services';

/** Every app service; each module declares its actions with method, input schema and permission. */
export const services: ServiceDef[] = [
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
  // services declared as data in schemas/*.json, served by the generic record store
  ...buildConfiguredServices(),
];
