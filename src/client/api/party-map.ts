/** 党建地图 calls. */
import { api } from './request';
import { servicePath } from '../../contract/paths';

export interface OrganOnMap {
  id: number;
  organName: string;
  organLevel: number;
  /** 行政区划代码 (GB/T 2260, 6 digits for a district, more below): the map fits the member's area by it */
  areaCode: string | null;
  address: string | null;
  longitude: number;
  latitude: number;
  secretaryName: string | null;
  contactPhone: string | null;
}

export const partyMapService = {
  /** organisations with coordinates of the caller's area (organLevel narrows; keyword searches name and address) */
  organs: (input: { organId?: number; organLevel?: number; keyword?: string } = {}, opts: { silent?: boolean } = {}) =>
    api.get<OrganOnMap[]>(servicePath('PartyOrganizationService', 'GetPartyOrganMap'), input, opts),
};
