/** Typed calls of taking a paper (issue 13, ExamPaperService) — the member's side. */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';

const P = (a: string) => servicePath('ExamPaperService', a);

/** 1 单选 (one letter), 2 多选 (letters), 3 判断 (boolean), 4 填空 (one text per blank), 5 简答 (text) */
export type Answer = string | string[] | boolean | null;

export const QUESTION_TYPE_TEXT: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '填空题', 5: '简答题' };

export interface PaperQuestion {
  id: number;
  type: number;
  typeName?: string;
  title: string;
  score: number;
  options: { key: string; content: string; isRight?: boolean }[];
  blankCount: number;
}

export interface Sitting {
  resultId: number;
  paperId: number;
  paperName: string;
  attemptNo: number;
  testCount: number;
  testTime: number;
  /** the server's deadline (ISO) and its clock when it answered */
  deadline: string;
  serverTime: string;
  totalScore: number;
  passScore: number;
  showAnswer: number;
  questions: (PaperQuestion & { answer: Answer; marked: boolean })[];
}

export interface MyPaper {
  id: number;
  paperName: string;
  paperTypeName: string;
  beginTitme: string;
  endTime: string;
  testTime: number;
  testCount: number;
  totalScore: number;
  passScore: number;
  organName: string;
  trainName: string | null;
  usedCount: number;
  bestScore: number | null;
  passed: boolean | null;
  openResultId: number | null;
  canStart: boolean;
}

export interface PaperInfo extends Omit<MyPaper, 'bestScore' | 'passed' | 'canStart'> {
  description: string | null;
  questionCount: number;
  showAnswer: number;
  stateName: string;
  serverTime: string;
}

export interface ExamRecord {
  resultId: number;
  paperId: number;
  paperName?: string;
  trainName?: string | null;
  attemptNo: number;
  status: number;
  statusName: string;
  createTime: string;
  submitTime: string | null;
  /** seconds */
  examTime: number | null;
  score: number | null;
  passScore: number;
  passed: boolean | null;
  errorQuestionCout: number | null;
  closedByDeadline: boolean;
}

export interface ReviewQuestion extends PaperQuestion {
  sort: number;
  myAnswer: Answer;
  isRight: boolean | null;
  myScore: number | null;
  rightAnswer?: Answer;
  analysis?: string | null;
}

export interface Review extends ExamRecord {
  paperName: string;
  answersShown: boolean;
  showAnswer: number;
  questions: ReviewQuestion[];
}

export interface WrongItem {
  resultId: number;
  paperId: number;
  paperName: string;
  submitTime: string;
  answersShown: boolean;
  question: PaperQuestion & { typeName: string; myAnswer: Answer; rightAnswer?: Answer; analysis?: string | null };
}

export interface SaveAnswer {
  questionId: number;
  answer: Answer;
  marked: boolean;
}

const paged = (input: object = {}) => ({ skipCount: 0, maxResultCount: 10, ...input });

export const examService = {
  myPapers: (input?: object) => api.post<PagedResult<MyPaper>>(P('MyPaperPagedList'), paged(input)),
  history: (input?: object) => api.post<PagedResult<ExamRecord>>(P('UserOrdinaryPaperPagedList'), paged(input)),
  info: (id: number) => api.get<PaperInfo>(P('GetExamPaperInfoById'), { id }),
  records: (paperId: number) => api.get<ExamRecord[]>(P('CurrentUserExamRecord'), { paperId }),
  start: (paperId: number, opts?: CallOptions) => api.get<Sitting>(P('GetPaperQuestionByPaperId'), { paperId }, opts),
  save: (resultId: number, answers: SaveAnswer[], opts?: CallOptions) => api.post<{ saved: number; deadline: string; serverTime: string }>(P('SubmitPaperAnswer'), { resultId, answers }, opts),
  submit: (resultId: number, answers: SaveAnswer[], opts?: CallOptions) => api.post<ExamRecord>(P('SubmitPaperAnswer'), { resultId, answers, isSubmit: true }, opts),
  review: (id: number, onlyError = false) => api.get<Review>(P('GetPaperTestErrorQuestionById'), { id, onlyError }),
  mistakes: (input?: object) => api.get<PagedResult<WrongItem>>(P('MyErrorQuestionPageList'), paged(input)),
};
