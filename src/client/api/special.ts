/** Typed calls of 专题学习 for members (TrainClassService's special-topic calls). */
import { api } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { Resource } from './study';
import type { SpecialCard, SpecialDetail, SpecialExam, SpecialNote, SpecialSum } from '../../contract/training';

const tc = (a: string) => servicePath('TrainClassService', a);

type Page = { skipCount?: number; maxResultCount?: number };

export const specialService = {
  mine: (input: Page & { name?: string }) => api.get<PagedResult<SpecialCard>>(tc('MySpecialPageList'), input as Record<string, unknown>),
  recommended: (input: Page) => api.get<PagedResult<SpecialCard>>(tc('GetRecommandSepcialList'), input as Record<string, unknown>),
  sum: () => api.get<SpecialSum>(tc('GetUserSpecialSum'), {}),
  detail: (id: number) => api.get<SpecialDetail<Resource>>(tc('GetSpecialAndResourceById'), { id }),
  note: (trainClassId: number) => api.get<SpecialNote | null>(tc('GetNote'), { trainClassId }),
  submitNote: (input: { trainClassId: number; title: string; content: string }) => api.post<{ id: number }>(tc('SubmitNote'), input),
  exams: (id: number, input: Page = {}) => api.post<PagedResult<SpecialExam>>(tc('UserExamPageList'), { id, skipCount: 0, maxResultCount: 50, ...input }),
};
