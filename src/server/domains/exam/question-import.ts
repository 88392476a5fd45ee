import type { Call } from '../../http/actions';
import { entityColumns, refusals, schemaCheck, type ImportColumn, type ImportSpec, type ParsedRow } from '../../records/import-kit';
import { normaliseQuestion, storedValues, type QuestionInput } from './question-rules';

/**
 * 试题批量导入 (CreateBatchQuestion) through the one import path (`records/import-kit.ts`): the
 * template's columns (题型 and 难度 as lists, an example row, 说明) and how a row becomes a question.
 * The row rules are plain functions (unit-testable); each parsed row is checked with the editor's
 * own rules (`normaliseQuestion`); the rows that pass are added, the others refused with reasons.
 *
 * 正确答案 by type: 单选/多选 the option letters (A, ABD, A、B); 判断 正确/错误 (对/错, √/×, 是/否);
 * 填空 one answer per blank separated by ；, alternatives of one blank by | (1921；上海|上海市);
 * 简答 the reference answer.
 */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;

const text = (title: string, extra: Partial<ImportColumn> = {}): ImportColumn => ({ key: title, title, fs: { type: 'string', title, maxLength: 500 }, ...extra });
/** 题干 and 解析 with the editor's limits (schemas/exam-question.json) */
const [TITLE, ANALYSIS] = entityColumns('examQuestion', ['title', 'analysis']).map((c) => ({ ...c, key: c.title }));

export const QUESTION_IMPORT_COLUMNS: ImportColumn[] = [
  text('题型', { required: true, choices: ['单选题', '多选题', '判断题', '填空题', '简答题'], example: '单选题', note: '从下拉列表选择：单选题、多选题、判断题、填空题、简答题', width: 12 }),
  { ...TITLE, required: true, example: '示例：中国共产党第一次全国代表大会在哪一年召开？', note: '文字，最多2000字；填空题在题干中用“____”（四个下划线）标出每个空', width: 40 },
  ...OPTION_LETTERS.map((l, i) => text(`选项${l}`, { example: ['1919年', '1921年', '1927年', '1949年'][i] ?? '', note: `单选题、多选题的选项${l}（2至8个选项，从A起连续填写）；其他题型不填` })),
  text('正确答案', {
    required: true,
    fs: { type: 'string', title: '正确答案', maxLength: 5000 },
    example: 'B',
    note: '单选题、多选题填选项字母（如 B 或 ABD）；判断题填“正确”或“错误”；填空题每空答案以“；”分隔，同一空的多个答案以“|”分隔（如 1921；上海|上海市）；简答题填参考答案',
    width: 16,
  }),
  { ...ANALYSIS, example: '示例：1921年7月，中国共产党第一次全国代表大会召开。', width: 30 },
  text('难度', { choices: ['容易', '中等', '困难'], example: '容易', note: '从下拉列表选择：容易、中等、困难（不填为中等）', width: 10 }),
  text('知识点', { example: '党史', note: '多个以顿号“、”分隔，最多10个' }),
];

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

type Stored = ReturnType<typeof storedValues>;
/** the rows' questions, from their check to their write */
const checked = new WeakMap<ParsedRow, Stored>();
const limits = schemaCheck([TITLE, ANALYSIS]);

/** The import of questions into a bank the caller may change (`libaryId` of the call's input, checked before). */
export const questionImportSpec: ImportSpec = {
  title: '试题',
  columns: QUESTION_IMPORT_COLUMNS,
  notes: ['导入到导入时选择的题库；每行一道试题，按“新增试题”的规则检查。'],
  async check(call, rows) {
    await limits(call, rows);
    const libaryId = (call.input as { libaryId: number }).libaryId;
    for (const row of rows) {
      const { say } = refusals(row);
      const parsed = parseQuestionRow((t) => String(row.value[t] ?? ''), libaryId);
      for (const e of parsed.errors) say(e.column, e.message);
      if (!parsed.input) continue;
      const q = normaliseQuestion(parsed.input);
      for (const e of q.errors) say(columnOfField(e.members[0], e.message), e.message);
      if (!row.errors.length) checked.set(row, storedValues(q.row));
    }
  },
  batch: 500,
  async write(call: Call<unknown>, rows) {
    const libaryId = (call.input as { libaryId: number }).libaryId;
    await call.ctx.db.insertInto('examQuestions').values(rows.map((r) => ({ ...checked.get(r)!, libaryId, creatorUserId: call.user.userId }))).execute();
  },
};
