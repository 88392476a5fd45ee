/** Typed calls of taking a paper (ExamPaperService) — the member's side; the answers' types are the contract's (contract/exam.ts). */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { ExamRecord, MyPaper, PaperInfo, Review, SaveAnswer, SavedAnswers, Sitting, WrongItem } from '../../contract/exam';

const P = (a: string) => servicePath('ExamPaperService', a);

const paged = (input: object = {}) => ({ skipCount: 0, maxResultCount: 10, ...input });

export const examService = {
  myPapers: (input?: object) => api.post<PagedResult<MyPaper>>(P('MyPaperPagedList'), paged(input)),
  history: (input?: object) => api.post<PagedResult<ExamRecord>>(P('UserOrdinaryPaperPagedList'), paged(input)),
  info: (id: number) => api.get<PaperInfo>(P('GetExamPaperInfoById'), { id }),
  records: (paperId: number) => api.get<ExamRecord[]>(P('CurrentUserExamRecord'), { paperId }),
  start: (paperId: number, opts?: CallOptions) => api.get<Sitting>(P('GetPaperQuestionByPaperId'), { paperId }, opts),
  save: (resultId: number, answers: SaveAnswer[], opts?: CallOptions) => api.post<SavedAnswers>(P('SubmitPaperAnswer'), { resultId, answers }, opts),
  submit: (resultId: number, answers: SaveAnswer[], opts?: CallOptions) => api.post<ExamRecord>(P('SubmitPaperAnswer'), { resultId, answers, isSubmit: true }, opts),
  review: (id: number, onlyError = false) => api.get<Review>(P('GetPaperTestErrorQuestionById'), { id, onlyError }),
  mistakes: (input?: object) => api.get<PagedResult<WrongItem>>(P('MyErrorQuestionPageList'), paged(input)),
};
