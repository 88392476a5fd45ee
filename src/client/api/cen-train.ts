/**
 * Typed calls of 集中轮训 for members: my programmes with my batch (MyCenTrainPageList),
 * and the classes open to me and mine (ClassMineList, MyClassPageList: docs/training.md "Member items").
 */
import { api } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { MemberClass, MyCenTrain } from '../../contract/training';

const tc = (a: string) => servicePath('TrainClassService', a);

type Page = { skipCount?: number; maxResultCount?: number };

// the member kit's list shows a failure itself (加载失败 with 重新加载): no toast on top of it
const quiet = { silent: true };

export const cenTrainService = {
  mine: (input: Page) => api.get<PagedResult<MyCenTrain>>(tc('MyCenTrainPageList'), input as Record<string, unknown>, quiet),
  openClasses: (input: Page & { name?: string }) => api.get<PagedResult<MemberClass>>(tc('ClassMineList'), input as Record<string, unknown>, quiet),
  myClasses: (input: Page) => api.get<PagedResult<MemberClass>>(tc('MyClassPageList'), input as Record<string, unknown>, quiet),
};
