/**
 * 考试管理 and taking a paper (ExamPaperService): its vocabulary, messages and input shapes. Field
 * names follow the original client (`beginTitme`, `jugeScore`, `randomExamPaperSet`,
 * `errorQuestionCout`), spelling included.
 */
export const PAPER_PERMISSION = {
  read: 'Pages.ExamLibaryService',
  create: 'Pages.ExamLibaryService.Create',
  update: 'Pages.ExamLibaryService.Update',
  delete: 'Pages.ExamLibaryService.Delete',
};

export const PAPER_TYPE = { ordinary: 1, random: 2 } as const;
export const PAPER_TYPE_LABEL: Record<number, string> = { 1: '普通试卷', 2: '随机试卷' };
export const SHOW_ANSWER = { afterSubmit: 1, afterEnd: 2, never: 3 } as const;

export const PAPER_MSG = {
  paperNotFound: '试卷不存在或已删除',
  resultNotFound: '考试记录不存在',
  notMember: '只有党员才能参加考试',
  notStarted: '考试尚未开始',
  ended: '考试已结束',
  noAttempts: '考试次数已用完',
  submitted: '本次考试已交卷',
  late: '已超过交卷时间，答案未保存，试卷已自动交卷',
  answerShape: (n: number) => `第${n}题的答案格式不正确`,
  notOnSheet: '试题不在本试卷中',
  endBeforeBegin: '结束时间须晚于开始时间',
  noQuestions: '请为试卷选择试题',
  noRandom: '请设置随机抽题规则',
  poolShort: (libary: string, label: string, have: number, want: number) => `题库“${libary}”中符合条件的${label}只有${have}道，不足${want}道`,
  questionMissing: '所选试题不存在或不在可选题库中',
  started: '已有党员开始答题，不能再修改试题和分值',
  passOverTotal: (total: number) => `及格分不能高于试卷总分（${total}分）`,
  memberNotFound: '党员不存在或不在管理范围内',
  organNotFound: '组织不存在或不在管理范围内',
  notShort: '只有简答题需要阅卷',
  markRange: (max: number) => `得分须在0到${max}分之间`,
  notMarking: '该考试记录无需阅卷',
  noTrainClass: '请选择所属专题',
  author: '您参与了本试卷的命题或查看过试题答案，不能参加本场考试',
  sitting: '您正在参加考试，交卷前不能查看试题答案',
} as const;


export type RandomSet = { libaryId: number; difficulty?: number | null; singleChoiceCount?: number; multiChoiceCount?: number; jugeCount?: number; blankCount?: number; shortCount?: number };
export type QuestionPick = number | { questionId?: number; id?: number; score?: number | null };
export type PaperInput = {
  id?: number;
  paperName: string;
  paperType?: number;
  trainClassId?: number | null;
  description?: string | null;
  beginTitme: string;
  endTime: string;
  testTime?: number;
  testCount?: number;
  passScore?: number;
  singleChoiceScore?: number;
  multipleChoiceScore?: number;
  jugeScore?: number;
  blankScore?: number;
  shortScore?: number;
  showAnswer?: number;
  teachTarget?: string | number[] | null;
  userIds?: number[] | null;
  questionList?: QuestionPick[] | null;
  randomExamPaperSet?: RandomSet[] | null;
};

export const SCORE_FIELDS = ['singleChoiceScore', 'multipleChoiceScore', 'jugeScore', 'blankScore', 'shortScore'] as const;
export const SET_COUNTS: [keyof RandomSet, number][] = [['singleChoiceCount', 1], ['multiChoiceCount', 2], ['jugeCount', 3], ['blankCount', 4], ['shortCount', 5]];
