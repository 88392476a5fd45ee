import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTs, Num, NullNum } from './columns';

/** Question libraries, questions, papers, sheets, results and answers. */

export interface ExamLibaryTable {
  id: Generated<number>;
  libaryName: string;
  coverImageUrl: string | null;
  description: string | null;
  organId: number;
  organPath: string;
  creatorUserId: number | null;
  creationTime: Generated<Timestamp>;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
}
/** An option of a choice question, as stored (the scorer's truth). */
export interface ExamOption { content: string; isRight: boolean }
export interface ExamQuestionTable {
  id: Generated<number>;
  libaryId: number;
  type: number;
  title: string;
  analysis: string | null;
  difficulty: Generated<number>;
  tags: Generated<string[]>;
  options: ColumnType<ExamOption[], string | undefined, string>;
  judgeAnswer: boolean | null;
  blankAnswers: ColumnType<string[][] | null, string | null, string | null>;
  referenceAnswer: string | null;
  resources: ColumnType<unknown, string | null, string | null>;
  creatorUserId: number | null;
  creationTime: Generated<Timestamp>;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
}

export interface ExamPaperTable {
  id: Generated<number>;
  paperName: string;
  /** 1 ordinary (fixed questions), 2 random (drawn per member) */
  paperType: Generated<number>;
  trainClassId: number | null;
  description: string | null;
  beginTime: Timestamp;
  endTime: Timestamp;
  /** minutes */
  testTime: Generated<number>;
  /** attempts allowed; 0 unlimited */
  testCount: Generated<number>;
  passScore: Num;
  singleChoiceScore: Num;
  multipleChoiceScore: Num;
  jugeScore: Num;
  blankScore: Num;
  shortScore: Num;
  /** when a member sees answers and 解析: 1 after submitting, 2 after the paper's end, 3 never */
  showAnswer: Generated<number>;
  organId: number;
  organPath: string;
  creatorUserId: number | null;
  creationTime: Generated<Timestamp>;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
}
export interface ExamPaperQuestionTable { paperId: number; questionId: number; sort: Generated<number>; score: NullNum }
export interface ExamPaperRandomSetTable {
  id: Generated<number>;
  paperId: number;
  libaryId: number;
  difficulty: number | null;
  singleChoiceCount: Generated<number>;
  multiChoiceCount: Generated<number>;
  jugeCount: Generated<number>;
  blankCount: Generated<number>;
  shortCount: Generated<number>;
}
/** an exam notice sent (kind 1 published, 2 opens today), once per paper, kind and platform day */
export interface ExamPaperNoticeTable { paperId: number; kind: number; day: string; receivers: Generated<number>; creationTime: Generated<Timestamp> }
export interface ExamPaperOrganTable { paperId: number; organId: number; organPath: string }
export interface ExamPaperUserTable { paperId: number; userId: number; excluded: Generated<boolean>; creationTime: Generated<Timestamp> }
/** `userId` 0 and `attemptNo` 0: an ordinary paper's one sheet; a random paper's: one per member and attempt */
export interface ExamSheetTable { paperId: number; userId: number; attemptNo: Generated<number>; questions: ColumnType<unknown, string, string>; creationTime: Generated<Timestamp> }
/** who composed a paper (1) or read its answers (2): not assigned it as a member */
export interface ExamPaperAuthorTable { paperId: number; userId: number; reason: number; firstTime: Timestamp }
/** who saw a question's answer: not assigned a paper that holds or may draw it */
export interface ExamQuestionReaderTable { userId: number; questionId: number; firstTime: Timestamp }
export interface ExamResultTable {
  id: Generated<number>;
  paperId: number;
  userId: number;
  memberName: string;
  organId: number;
  organPath: string;
  attemptNo: number;
  startTime: Timestamp;
  deadline: Timestamp;
  submitTime: NullableTs;
  /** 1 answering, 2 waiting for a short answer's mark, 3 done */
  status: Generated<number>;
  /** 1 the member submitted, 2 closed at the deadline by the server */
  closedBy: number | null;
  score: NullNum;
  objectiveScore: NullNum;
  passed: boolean | null;
  errorCount: number | null;
}
/** Each member's best over his handed-in attempts of a paper, kept by triggers (migration 051). */
export interface ExamMemberBestTable {
  paperId: number;
  userId: number;
  joined: Generated<boolean>;
  best: NullNum;
  passed: Generated<boolean>;
}
/** A paper's 参考 / 通过 and its bests' sum, kept by triggers (migration 051). */
export interface ExamPaperFigureTable {
  paperId: number;
  joinCount: Generated<number>;
  passCount: Generated<number>;
  bestSum: ColumnType<string, string | number, string | number>;
  scoredCount: Generated<number>;
}
/** How many members' best on a paper is each score, kept by triggers (migration 051). */
export interface ExamPaperScoreTable {
  paperId: number;
  score: ColumnType<string, string | number, string | number>;
  n: Generated<number>;
}
export interface ExamAnswerTable {
  resultId: number;
  questionId: number;
  answer: ColumnType<unknown, string | null, string | null>;
  marked: Generated<boolean>;
  answeredAt: Timestamp;
  isRight: boolean | null;
  score: NullNum;
}
