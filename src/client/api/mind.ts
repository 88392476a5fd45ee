/** Typed calls of 思想汇报 / 学员心得 for members (TrainClassService's minds, docs/training.md "Minds"). */
import { api } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { Mind, MindInput, StudyingClass } from '../../contract/training';

const tc = (a: string) => servicePath('TrainClassService', a);

type Page = { skipCount?: number; maxResultCount?: number };

export const mindService = {
  mine: (input: Page & { trainClassId?: number }) => api.get<PagedResult<Mind>>(tc('MyMindPageListForApp'), input as Record<string, unknown>),
  ofClass: (trainClassId: number, input: Page) => api.get<PagedResult<Mind>>(tc('ClassMindPageList'), { trainClassId, ...input }),
  get: (id: number) => api.get<Mind>(tc('GetMind'), { id }, { silent: true }),
  submit: (input: MindInput) => api.post<{ id: number }>(tc('SubmitMind'), input),
  remove: (id: number) => api.delete<boolean>(tc('DeleteMind'), { id }),
  /** the classes the member studies in (approved); silent: the picker is hidden when the call is not there */
  studyingClasses: async (): Promise<StudyingClass[]> => {
    const r = await api.get<PagedResult<StudyingClass>>(tc('MyClassPageList'), { skipCount: 0, maxResultCount: 100 }, { silent: true });
    return (r.items ?? []).filter((c) => c.studentStatus === 1);
  },
};
