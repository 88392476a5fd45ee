import type { Domain } from '../../domain';
import { organizationService } from './organization';
import { partyOrganizationService } from './party-organization';
import { unitService } from './unit';

export { findSecretary } from './secretary';

/** 组织管理: the organisation tree, its audit (组织审核), units (单位) and secretaries. */
export const organisations: Domain = {
  name: 'organisations',
  services: () => [organizationService, partyOrganizationService, unitService],
};
