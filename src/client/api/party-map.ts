/** 党建地图 calls. */
import { api } from './request';
import { servicePath } from '../../contract/paths';
import type { OrganOnMap } from '../../contract/practice';
export type { OrganOnMap } from '../../contract/practice';

export const partyMapService = {
  /** organisations with coordinates of the caller's area (organLevel narrows; keyword searches name and address) */
  organs: (input: { organId?: number; organLevel?: number; keyword?: string } = {}, opts: { silent?: boolean } = {}) =>
    api.get<OrganOnMap[]>(servicePath('PartyOrganizationService', 'GetPartyOrganMap'), input, opts),
};
