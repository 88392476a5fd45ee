/**
 * 考试: what the exam calls answer (ExamPaperService, ExamLibaryService), typed once for the server's
 * handlers and the pages that read them (member/exam, widgets/exam-paper). Field names follow the
 * original client (`beginTitme`, `errorQuestionCout`), spelling included.
 */

/** An instant as it crosses the wire: the server hands a Date, the browser reads its ISO text. */
export type Instant = Date | string;

/** 1 单选 (one letter), 2 多选 (letters), 3 判断 (boolean), 4 填空 (one text per blank), 5 简答 (text) */
export type Answer = string | string[] | boolean | null;

/** Question types, as ExamLibaryService codes them. */
export const QUESTION_TYPE_LABEL: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '填空题', 5: '简答题' };

/** A question as a member sees it before he has submitted: no answer, no 解析. */
export interface PaperQuestion {
  id: number;
  type: number;
  typeName?: string;
  title: string;
  score: number;
  /** `isRight` only once the answers are shown */
  options: { key: string; content: string; isRight?: boolean }[];
  blankCount: number;
}

/** GetPaperQuestionByPaperId: an attempt started or resumed. */
export interface Sitting {
  resultId: number;
  paperId: number;
  paperName: string;
  attemptNo: number;
  testCount: number;
  testTime: number;
  /** the server's deadline and its clock when it answered */
  deadline: Instant;
  serverTime: Instant;
  totalScore: number;
  passScore: number;
  showAnswer: number;
  questions: (PaperQuestion & { answer: Answer; marked: boolean })[];
}

/** SubmitPaperAnswer without handing in: how many answers were saved. */
export interface SavedAnswers {
  saved: number;
  deadline: Instant;
  serverTime: Instant;
}

/** An answer as the member sends it. */
export interface SaveAnswer {
  questionId: number;
  answer: Answer;
  marked: boolean;
}

/** MyPaperPagedList: a paper assigned to the member, open now. */
export interface MyPaper {
  id: number;
  paperName: string;
  paperType: number;
  paperTypeName: string;
  beginTitme: Instant;
  endTime: Instant;
  testTime: number;
  testCount: number;
  totalScore: number;
  passScore: number;
  organName: string;
  trainClassId: number | null;
  trainName: string | null;
  usedCount: number;
  bestScore: number | null;
  passed: boolean | null;
  openResultId: number | null;
  canStart: boolean;
}

/** GetExamPaperInfoById as a member reads it: the paper's rules, no questions. */
export interface PaperInfo extends Omit<MyPaper, 'bestScore' | 'passed' | 'canStart'> {
  description: string | null;
  questionCount: number;
  showAnswer: number;
  stateName: string;
  serverTime: Instant;
}

/** One attempt (CurrentUserExamRecord, UserOrdinaryPaperPagedList, the answer to handing in). */
export interface ExamRecord {
  resultId: number;
  paperId: number;
  paperName?: string;
  trainName?: string | null;
  attemptNo: number;
  status: number;
  statusName: string;
  createTime: Instant;
  submitTime: Instant | null;
  /** seconds */
  examTime: number | null;
  score: number | null;
  passScore: number;
  passed: boolean | null;
  errorQuestionCout: number | null;
  closedByDeadline: boolean;
}

/** A question of a handed-in attempt: the member's answer; the right one and 解析 only when shown. */
export interface ReviewQuestion extends PaperQuestion {
  sort: number;
  myAnswer: Answer;
  isRight: boolean | null;
  myScore: number | null;
  rightAnswer?: Answer;
  analysis?: string | null;
}

/** GetPaperTestErrorQuestionById: a handed-in attempt as reviewed (or marked by an administrator). */
export interface Review extends ExamRecord {
  paperName: string;
  memberName?: string;
  answersShown: boolean;
  showAnswer: number;
  questions: ReviewQuestion[];
}

/** MyErrorQuestionPageList: the latest wrong answer of a question on a paper. */
export interface WrongItem {
  resultId: number;
  paperId: number;
  paperName: string;
  submitTime: Instant | null;
  answersShown: boolean;
  /** the paper's rule (1 交卷后 2 考试结束后 3 不公布) */
  showAnswer: number;
  question: PaperQuestion & { typeName: string; myAnswer: Answer; rightAnswer?: Answer; analysis?: string | null };
}

/** GetExamResultByPaperId `questions`: a question's correct rate, lowest first. */
export interface QuestionRate {
  questionId: number;
  title: string;
  type: number;
  typeName: string;
  answerCount: number;
  rightCount: number;
  rightRate: number;
}

/** A question bank as listed (GetPageExamLibaryList) and read (GetExamLibaryById). */
export interface ExamLibrary {
  id: number;
  libaryName: string;
  coverImageUrl: string | null;
  description: string | null;
  organId: number;
  organName: string;
  canEdit: boolean;
  questionCount: number;
  singleCount: number;
  multipleCount: number;
  judgeCount: number;
  blankCount: number;
  shortCount: number;
  creationTime: Instant;
}
