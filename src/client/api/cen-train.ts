/**
 * Typed calls of 集中轮训 for members (issue 14): my programmes with my batch (MyCenTrainPageList),
 * and the classes open to me and mine (ClassMineList, MyClassPageList: docs/training.md "Member items").
 */
import { api } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';

const tc = (a: string) => servicePath('TrainClassService', a);

export interface MyBatch {
  /** the batch's class id */
  id: number;
  className: string;
  startTime: string;
  endTime: string;
  address: string | null;
  /** 3 待开班, 4 进行中, 5 已结束 */
  state: number;
  statusText: string;
}

export interface MyCenTrain {
  id: number;
  name: string;
  year: number;
  coverPhoto: string | null;
  startTime: string;
  endTime: string;
  createOrganName: string;
  batch: MyBatch;
}

/** A class as members see it (docs/training.md "Member items"). */
export interface MemberClass {
  id: number;
  className: string;
  classType: number;
  coverPicture: string | null;
  createOrganName: string;
  applyStartTime: string | null;
  applyEndTime: string | null;
  startTime: string | null;
  endTime: string | null;
  state: number;
  statusText: string;
  serverTime: string;
  trainNumbers: number;
  studentCount: number;
  /** null: not applied; 0 待审核, 1 已通过, 2 未通过, 3 已移出 */
  studentStatus: number | null;
  studentStatusText: string | null;
  canApply: boolean;
}

type Page = { skipCount?: number; maxResultCount?: number };

// the member kit's list shows a failure itself (加载失败 with 重新加载): no toast on top of it
const quiet = { silent: true };

export const cenTrainService = {
  mine: (input: Page) => api.get<PagedResult<MyCenTrain>>(tc('MyCenTrainPageList'), input as Record<string, unknown>, quiet),
  openClasses: (input: Page & { name?: string }) => api.get<PagedResult<MemberClass>>(tc('ClassMineList'), input as Record<string, unknown>, quiet),
  myClasses: (input: Page) => api.get<PagedResult<MemberClass>>(tc('MyClassPageList'), input as Record<string, unknown>, quiet),
};
