import type { ValidationError } from '../../http/errors';
import type { QuestionInput } from './question-rules';

/**
 * 试题批量导入 (CreateBatchQuestion): the template's columns and how a row becomes a question.
 * Kept apart from the service so that the row rules are plain functions (unit-testable); the
 * service checks each parsed row with the editor's own rules (`normaliseQuestion`) and writes all
 * rows or none.
 *
 * 正确答案 by type: 单选/多选 the option letters (A, ABD, A、B); 判断 正确/错误 (对/错, √/×, 是/否);
 * 填空 one answer per blank separated by ；, alternatives of one blank by | (1921；上海|上海市);
 * 简答 the reference answer.
 */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const QUESTION_IMPORT_COLUMNS = ['题型', '题干', ...OPTION_LETTERS.map((l) => `选项${l}`), '正确答案', '解析', '难度', '知识点'];

const TYPES: Record<string, number> = { 单选题: 1, 单选: 1, 多选题: 2, 多选: 2, 判断题: 3, 判断: 3, 填空题: 4, 填空: 4, 简答题: 5, 简答: 5 };
const DIFFICULTY: Record<string, number> = { 容易: 1, 简单: 1, 中等: 2, 一般: 2, 困难: 3, 难: 3 };
const TRUE_WORDS = new Set(['正确', '对', '√', '是', 'T', 'TRUE', 'Y']);
const FALSE_WORDS = new Set(['错误', '错', '×', 'X', '否', 'F', 'FALSE', 'N']);

/** Full-width letters, digits and bars to half-width; spaces trimmed. */
const norm = (s: string) => s.normalize('NFKC').trim();

export const IMPORT_RULES = {
  type: '请填写单选题、多选题、判断题、填空题或简答题',
  difficulty: '请填写容易、中等或困难',
  letters: '请填写选项字母，如 A 或 ABD',
  letterMissing: (l: string) => `选项${l}为空，不能作为正确答案`,
  judge: '请填写正确或错误',
} as const;

/** Which column a rule of the editor (by its field) is reported under. */
const COLUMN_OF_FIELD: Record<string, string> = { title: '题干', examAnswerInputDtos: '正确答案', jugeQuestionAnswer: '正确答案', blankAnswers: '正确答案', referenceAnswer: '正确答案' };
export const columnOfField = (field: string, message: string) => (field === 'examAnswerInputDtos' && /选项/.test(message) && !/正确选项/.test(message) ? '选项A' : COLUMN_OF_FIELD[field] ?? field);

/** One row of the sheet as the editor's input, or the cell errors that stop it. */
export function parseQuestionRow(cell: (title: string) => string, libaryId: number): { input?: QuestionInput; errors: { column: string; message: string }[] } {
  const errors: { column: string; message: string }[] = [];
  const type = TYPES[norm(cell('题型'))];
  if (!type) errors.push({ column: '题型', message: IMPORT_RULES.type });
  const rawDifficulty = norm(cell('难度'));
  const difficulty = rawDifficulty ? DIFFICULTY[rawDifficulty] : 2;
  if (!difficulty) errors.push({ column: '难度', message: IMPORT_RULES.difficulty });
  const answer = norm(cell('正确答案'));
  const input: QuestionInput = {
    libaryId,
    type: type ?? 0,
    title: cell('题干').trim(),
    analysis: cell('解析').trim() || null,
    difficulty: difficulty ?? 2,
    tags: norm(cell('知识点')).split(/[、,，;；\s]+/).filter(Boolean).slice(0, 10),
  };
  if (type === 1 || type === 2) {
    const options = OPTION_LETTERS.map((l) => cell(`选项${l}`).trim());
    const last = options.reduce((n, o, i) => (o ? i + 1 : n), 0);
    const letters = answer.toUpperCase().replace(/[、,，;；\s]/g, '');
    if (!/^[A-H]+$/.test(letters)) errors.push({ column: '正确答案', message: IMPORT_RULES.letters });
    else for (const l of new Set(letters)) if (!options[OPTION_LETTERS.indexOf(l as (typeof OPTION_LETTERS)[number])]) errors.push({ column: '正确答案', message: IMPORT_RULES.letterMissing(l) });
    input.examAnswerInputDtos = options.slice(0, last).map((content, i) => ({ content, isRight: letters.includes(OPTION_LETTERS[i]) }));
  } else if (type === 3) {
    const word = answer.toUpperCase();
    if (TRUE_WORDS.has(word)) input.jugeQuestionAnswer = true;
    else if (FALSE_WORDS.has(word)) input.jugeQuestionAnswer = false;
    else errors.push({ column: '正确答案', message: IMPORT_RULES.judge });
  } else if (type === 4) {
    input.blankAnswers = answer ? answer.split(/[;；]/).map((b) => b.split('|').map((a) => a.trim())) : [];
  } else if (type === 5) {
    input.referenceAnswer = cell('正确答案').trim();
  }
  return { input: errors.length ? undefined : input, errors };
}

/** `第3行 正确答案：…`, sorted by line. */
export const rowError = (line: number, column: string, message: string): ValidationError => ({ message: `第${line}行 ${column}：${message}`, members: [`rows[${line}].${column}`] });
