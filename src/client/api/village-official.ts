import type { WorkflowHistoryItem } from '../../contract/types';
/** Typed calls of the member's village-official pages (VillageOfficalService, schemas/village-official.json). */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { VillageOfficial } from '../../contract/practice';
export type { VillageOfficial } from '../../contract/practice';

const vo = (a: string) => servicePath('VillageOfficalService', a);

export type VillageOfficialInput = Pick<VillageOfficial, 'villageName' | 'post' | 'startDate' | 'introduction'> & { photo?: string | null; achievements?: string | null };

/** One step of the application (workflow history). */
export type ApplyStep = WorkflowHistoryItem;

type Paging = { skipCount: number; maxResultCount: number };

export const villageOfficialService = {
  /** the wall: approved officials of the member's district */
  wall: (input: Paging & { villageName?: string }): Promise<PagedResult<VillageOfficial>> => api.get(vo('GetUserVillageList'), { ...input }),
  apply: (input: VillageOfficialInput) => api.post<VillageOfficial>(vo('ApplyVillageOffical'), input),
  myList: (input: Paging): Promise<PagedResult<VillageOfficial>> => api.get(vo('MyApplyPageList'), { ...input }),
  /** one of my applications with its history */
  myGet: (id: number, opts?: CallOptions) => api.get<VillageOfficial>(vo('GetMyApply'), { id }, opts),
  like: (id: number) => api.post<{ likeCount: number; isLiked: boolean }>(vo('Like'), { id }),
  unlike: (id: number) => api.post<{ likeCount: number; isLiked: boolean }>(vo('UnLike'), { id }),
};
