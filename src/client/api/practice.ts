/**
 * Typed calls of the member's 示范岗 / 责任区 pages (PartyMemberDemostrationService and
 * PartyMemberResponseService, schemas/party-member-demostration.json and party-member-response.json)
 * and 民意收集 (PublicOpinionService, schemas/public-opinion.json).
 */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult, WorkflowHistoryItem } from '../../contract/types';
import type { LikeMark, PracticePost, PublicOpinion } from '../../contract/practice';
export type { LikeMark, PracticePost, PublicOpinion } from '../../contract/practice';

type Paging = { skipCount: number; maxResultCount: number };

/** The calls of one kind: the two services differ by name and by their member actions' names. */
export interface PracticeCalls {
  mine(opts?: CallOptions): Promise<PracticePost | null>;
  list(input: Paging & Record<string, unknown>): Promise<PagedResult<PracticePost>>;
  get(id: number, opts?: CallOptions): Promise<PracticePost>;
  create(body: Record<string, unknown>): Promise<PracticePost>;
  update(body: Record<string, unknown> & { id: number }): Promise<PracticePost>;
  like(id: number): Promise<LikeMark>;
  unlike(id: number): Promise<LikeMark>;
}

const D = (a: string) => servicePath('PartyMemberDemostrationService', a);
const R = (a: string) => servicePath('PartyMemberResponseService', a);

export const demostrationService: PracticeCalls = {
  mine: (opts) => api.get(D('GetMyDemostration'), {}, opts),
  list: (input) => api.get(D('GetUserDemoList'), { ...input }),
  get: (id, opts) => api.get(D('GetDemostrationById'), { id }, opts),
  create: (body) => api.post(D('CreateDemostration'), body),
  update: (body) => api.put(D('UpdateDemostration'), body),
  like: (id) => api.post(D('Like'), { id }),
  unlike: (id) => api.post(D('UnLike'), { id }),
};

export const responseService: PracticeCalls = {
  mine: (opts) => api.get(R('GetMyResponseById'), {}, opts),
  list: (input) => api.get(R('GetUserResponseList'), { ...input }),
  get: (id, opts) => api.get(R('GetResponseById'), { id }, opts),
  create: (body) => api.post(R('CreateResponse'), body),
  update: (body) => api.put(R('UpdateResponse'), body),
  like: (id) => api.post(R('Like'), { id }),
  unlike: (id) => api.post(R('UnLike'), { id }),
};

const O = (a: string) => servicePath('PublicOpinionService', a);

export const opinionService = {
  create: (body: Pick<PublicOpinion, 'title' | 'category' | 'content' | 'anonymous'>) => api.post<PublicOpinion>(O('Create'), body),
  myList: (input: Paging & { auditStatus?: number }): Promise<PagedResult<PublicOpinion>> => api.get(O('MyPageList'), { ...input }),
  myGet: (id: number | string, opts?: CallOptions) => api.get<PublicOpinion>(O('MyGet'), { id }, opts),
};
