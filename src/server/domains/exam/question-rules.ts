import { BLANK_MARK, countBlanks } from '../../../contract/exam-answer';
import { QUESTION_TYPE_LABEL } from '../../../contract/exam';
import type { ExamOption } from '../../db/schema';
import type { ValidationError } from '../../http/errors';

/**
 * The question bank's vocabulary and the rules of a question (题库管理 and 试题管理,
 * ExamLibaryService): question banks owned by an organisation and their questions of five types —
 * 1 单选, 2 多选, 3 判断 (the original server's codes), 4 填空, 5 简答 (marked by an administrator).
 * Field names follow the original client (`libaryName`, `jugeQuestionAnswer`, `examAnswerInputDtos`),
 * spelling included. The editor, the Excel import and the tests check a question with the same
 * `normaliseQuestion`.
 */
export const EXAM_PERMISSION = {
  any: ['Pages.ExamLibaryService', 'Pages.ExamLibaryService.Library', 'Pages.ExamLibaryService.Questions'],
  library: 'Pages.ExamLibaryService.Library',
  questions: ['Pages.ExamLibaryService.Questions', 'Pages.ExamLibaryService.Library'],
};

export const QUESTION_TYPE = { single: 1, multiple: 2, judge: 3, blank: 4, short: 5 } as const;
export { QUESTION_TYPE_LABEL };
export const DIFFICULTY_LABEL: Record<number, string> = { 1: '容易', 2: '中等', 3: '困难' };

export const EXAM_MSG = {
  libraryNotFound: '题库不存在或已删除',
  questionNotFound: '试题不存在或已删除',
  readOnly: '上级组织的题库只能选用，不能修改',
  singleOneRight: '单选题须有且只有一个正确选项',
  multipleTwoRight: '多选题须至少有两个正确选项',
  optionsCount: '选择题须有2至8个选项',
  optionEmpty: '选项内容不能为空',
  optionDuplicate: '选项内容不能重复',
  judgeAnswer: '请选择判断题的正确答案',
  blankCount: '填空题须有1至10个空，题干中以“____”标出',
  blankMismatch: '题干中“____”的个数与答案个数不一致',
  blankEmpty: '每个空至少要有一个正确答案',
  shortAnswer: '请填写简答题的参考答案',
} as const;

export { BLANK_MARK, countBlanks };

export type QuestionInput = {
  id?: number;
  libaryId: number;
  type: number;
  title: string;
  analysis?: string | null;
  difficulty?: number | null;
  tags?: string[] | null;
  examAnswerInputDtos?: { content?: string | null; isRight?: boolean | null }[] | null;
  jugeQuestionAnswer?: boolean | null;
  blankAnswers?: string[][] | null;
  referenceAnswer?: string | null;
  resources?: string[] | null;
};

/** The stored form of a question, checked per type: every rule broken, by field, in Chinese. */
export function normaliseQuestion(q: QuestionInput): { errors: ValidationError[]; row: { type: number; title: string; analysis: string | null; difficulty: number; tags: string[]; options: ExamOption[]; judgeAnswer: boolean | null; blankAnswers: string[][] | null; referenceAnswer: string | null; resources: string[] | null } } {
  const errors: ValidationError[] = [];
  const err = (message: string, member: string) => errors.push({ message, members: [member] });
  const title = q.title.trim();
  if (!title) err('请输入题干', 'title');
  let options: ExamOption[] = [];
  let judgeAnswer: boolean | null = null;
  let blankAnswers: string[][] | null = null;
  let referenceAnswer: string | null = null;
  if (q.type === QUESTION_TYPE.single || q.type === QUESTION_TYPE.multiple) {
    options = (q.examAnswerInputDtos ?? []).map((o) => ({ content: (o.content ?? '').trim(), isRight: !!o.isRight }));
    if (options.length < 2 || options.length > 8) err(EXAM_MSG.optionsCount, 'examAnswerInputDtos');
    else if (options.some((o) => !o.content)) err(EXAM_MSG.optionEmpty, 'examAnswerInputDtos');
    else if (new Set(options.map((o) => o.content)).size !== options.length) err(EXAM_MSG.optionDuplicate, 'examAnswerInputDtos');
    const right = options.filter((o) => o.isRight).length;
    if (q.type === QUESTION_TYPE.single && right !== 1) err(EXAM_MSG.singleOneRight, 'examAnswerInputDtos');
    if (q.type === QUESTION_TYPE.multiple && right < 2) err(EXAM_MSG.multipleTwoRight, 'examAnswerInputDtos');
  } else if (q.type === QUESTION_TYPE.judge) {
    if (typeof q.jugeQuestionAnswer !== 'boolean') err(EXAM_MSG.judgeAnswer, 'jugeQuestionAnswer');
    else judgeAnswer = q.jugeQuestionAnswer;
  } else if (q.type === QUESTION_TYPE.blank) {
    blankAnswers = (q.blankAnswers ?? []).map((alts) => [...new Set(alts.map((a) => a.trim()).filter(Boolean))]);
    const marks = countBlanks(title);
    if (marks < 1 || marks > 10) err(EXAM_MSG.blankCount, 'title');
    else if (marks !== blankAnswers.length) err(EXAM_MSG.blankMismatch, 'blankAnswers');
    else if (blankAnswers.some((alts) => !alts.length)) err(EXAM_MSG.blankEmpty, 'blankAnswers');
  } else if (q.type === QUESTION_TYPE.short) {
    referenceAnswer = q.referenceAnswer?.trim() || null;
    if (!referenceAnswer) err(EXAM_MSG.shortAnswer, 'referenceAnswer');
  }
  const tags = [...new Set((q.tags ?? []).map((t) => t.trim()).filter(Boolean))];
  return {
    errors,
    row: { type: q.type, title, analysis: q.analysis?.trim() || null, difficulty: q.difficulty ?? 2, tags, options, judgeAnswer, blankAnswers, referenceAnswer, resources: q.resources?.length ? q.resources : null },
  };
}

/** The stored values of a checked question (JSON columns as text). */
export const storedValues = (row: ReturnType<typeof normaliseQuestion>['row']) => ({
  ...row,
  options: JSON.stringify(row.options),
  blankAnswers: row.blankAnswers ? JSON.stringify(row.blankAnswers) : null,
  resources: row.resources ? JSON.stringify(row.resources) : null,
});
