/** Typed calls of 思想汇报 / 学员心得 for members (TrainClassService's minds, docs/training.md "Minds"). */
import { api } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';

const tc = (a: string) => servicePath('TrainClassService', a);

/** The Mind DTO of docs/training.md, with what the server works out for the caller. */
export interface Mind {
  id: number;
  trainClassId: number | null;
  className: string | null;
  userId: number;
  memberName: string;
  organName: string | null;
  title: string;
  /** sanitised rich text */
  content: string;
  comment: string | null;
  commenterName: string | null;
  commentTime: string | null;
  isPublic: boolean;
  creationTime: string;
  lastModificationTime: string | null;
  commented: boolean;
  /** 待点评 / 已点评 */
  statusText: string;
  /** the owner, before a comment */
  canEdit: boolean;
  canComment: boolean;
}

/** A class of the member (TrainClassService/MyClassPageList, built with the classes' part). */
export interface MyClass {
  id: number;
  className: string;
  /** 1: an approved student */
  studentStatus: number | null;
}

export interface MindInput {
  id?: number;
  trainClassId?: number | null;
  title: string;
  content: string;
}

type Page = { skipCount?: number; maxResultCount?: number };

export const mindService = {
  mine: (input: Page & { trainClassId?: number }) => api.get<PagedResult<Mind>>(tc('MyMindPageListForApp'), input as Record<string, unknown>),
  ofClass: (trainClassId: number, input: Page) => api.get<PagedResult<Mind>>(tc('ClassMindPageList'), { trainClassId, ...input }),
  get: (id: number) => api.get<Mind>(tc('GetMind'), { id }, { silent: true }),
  submit: (input: MindInput) => api.post<{ id: number }>(tc('SubmitMind'), input),
  remove: (id: number) => api.delete<boolean>(tc('DeleteMind'), { id }),
  /** the classes the member studies in (approved); silent: the picker is hidden when the call is not there */
  studyingClasses: async (): Promise<MyClass[]> => {
    const r = await api.get<PagedResult<MyClass>>(tc('MyClassPageList'), { skipCount: 0, maxResultCount: 100 }, { silent: true });
    return (r.items ?? []).filter((c) => c.studentStatus === 1);
  },
};
