/**
 * Typed calls of the member's 组织关系转接 and 流动党员 pages (schemas/organ-change.json
 * OrganizationChangeService, schemas/moving-record.json MovingRecordService, PartyMemberService's
 * transfer-and-flow status; the secretary card is the kit's SecretaryCard). Transitions name their step, so a second click answers 该记录已处理.
 */
import type { MovingFloatStatus } from '../../contract/members';
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { OrganChange, MovingRecord, Evaluation } from '../../contract/party-space';
export type { OrganChange, MovingRecord, Evaluation } from '../../contract/party-space';

const OC = (a: string) => servicePath('OrganizationChangeService', a);
const MR = (a: string) => servicePath('MovingRecordService', a);
const PM = (a: string) => servicePath('PartyMemberService', a);

type Page = { skipCount: number; maxResultCount: number };


export type { MovingFloatStatus } from '../../contract/members';

export const organChangeService = {
  /** the form's own errors are shown on its fields: silent */
  apply: (body: Record<string, unknown>) => api.post<OrganChange>(OC('Apply'), body, { silent: true }),
  /** my latest application, or null */
  mine: () => api.get<OrganChange | null>(OC('MyApply')),
  myApplications: (page: Page): Promise<PagedResult<OrganChange>> => api.get(OC('MyApplyPageList'), page),
  /** completed transfers (已转接, 已评价) */
  history: (page: Page): Promise<PagedResult<OrganChange>> => api.get(OC('GetUserChangeOranList'), page),
  get: (id: number | string, opts?: CallOptions) => api.get<OrganChange>(OC('Get'), { id }, opts),
  withdraw: (id: number) => api.post<OrganChange>(OC('Withdraw'), { id, transition: 'withdraw' }),
  evaluate: (id: number, body: Evaluation) => api.post<OrganChange>(OC('SubmitUserEvaluate'), { id, transition: 'evaluate', ...body }, { silent: true }),
};

export const movingService = {
  apply: (body: Record<string, unknown>) => api.post<MovingRecord>(MR('Apply'), body, { silent: true }),
  mine: () => api.get<MovingRecord | null>(MR('MyApply')),
  myApplications: (page: Page): Promise<PagedResult<MovingRecord>> => api.get(MR('MyApplyList'), page),
  /** flows that happened (流动中, 已结束, 已评价) */
  history: (page: Page): Promise<PagedResult<MovingRecord>> => api.get(MR('GetUserMoveList'), page),
  get: (id: number | string, opts?: CallOptions) => api.get<MovingRecord>(MR('Get'), { id }, opts),
  end: (id: number, endReason?: string) => api.post<MovingRecord>(MR('ApplyIsEnd'), { id, transition: 'end', ...(endReason ? { endReason } : {}) }),
  withdraw: (id: number) => api.post<MovingRecord>(MR('Withdraw'), { id, transition: 'withdraw' }),
  evaluate: (id: number, body: Evaluation) => api.post<MovingRecord>(MR('SubmitUserEvaluate'), { id, transition: 'evaluate', ...body }, { silent: true }),
};

export const partySpaceService = {
  status: () => api.get<MovingFloatStatus>(PM('GetPartyMemberMovingFloatStatus')),
};
