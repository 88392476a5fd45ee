import type { Domain } from '../../domain';
import { partyDuesService } from './party-dues';

export type { DuesGateway } from './gateway';

/** 党费: bases, payments through a gateway, confirmation, arrears and expenditure — in integer fen. */
export const dues: Domain = {
  name: 'dues',
  services: () => [partyDuesService],
};
