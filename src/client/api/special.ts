/** Typed calls of 专题学习 for members (TrainClassService's special-topic calls, issue 13). */
import { api } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { Resource } from './study';

const tc = (a: string) => servicePath('TrainClassService', a);

/** A topic card: the reference client's id, name, coverPhoto, resourceCount, plus the member's progress. */
export interface SpecialCard {
  id: number;
  name: string;
  coverPhoto: string | null;
  organName?: string;
  resourceCount: number;
  finishedCount: number;
  /** credited hours on the topic's resources, and the topic's hours */
  period: number;
  totalPeriod: number;
  percent: number;
}

export interface SpecialDetail extends SpecialCard {
  introduction: string | null;
  courses: { id: number; courseName: string; introduction: string | null; resources: Resource[] }[];
}

export interface SpecialSum {
  specialCount: number;
  studyingCount: number;
  finishedCount: number;
  period: number;
  totalPeriod: number;
}

export interface SpecialExam {
  id: number;
  paperId: number;
  paperName: string;
  beginTitme: string;
  endTime: string;
  testTime: number;
  testCount: number;
  passScore: number;
  /** 1 未开始, 2 进行中, 3 已结束 */
  status: number;
  statusText: string;
  attempts: number;
  bestScore: number | null;
  passed: boolean;
  examUrl: string;
}

export interface SpecialNote {
  id: number;
  trainClassId: number;
  title: string;
  content: string;
  creationTime: string;
  lastModificationTime: string | null;
}

type Page = { skipCount?: number; maxResultCount?: number };

export const specialService = {
  mine: (input: Page & { name?: string }) => api.get<PagedResult<SpecialCard>>(tc('MySpecialPageList'), input as Record<string, unknown>),
  recommended: (input: Page) => api.get<PagedResult<SpecialCard>>(tc('GetRecommandSepcialList'), input as Record<string, unknown>),
  sum: () => api.get<SpecialSum>(tc('GetUserSpecialSum'), {}),
  detail: (id: number) => api.get<SpecialDetail>(tc('GetSpecialAndResourceById'), { id }),
  note: (trainClassId: number) => api.get<SpecialNote | null>(tc('GetNote'), { trainClassId }),
  submitNote: (input: { trainClassId: number; title: string; content: string }) => api.post<{ id: number }>(tc('SubmitNote'), input),
  exams: (id: number, input: Page = {}) => api.post<PagedResult<SpecialExam>>(tc('UserExamPageList'), { id, skipCount: 0, maxResultCount: 50, ...input }),
};
