/**
 * Pure helpers of the paper composer (QuestionPicker, RandomSetEditor): the totals the server will
 * compute (ExamPaperService paperTotal), shown live while composing; the server stays the authority.
 */

/** Question types, as ExamLibaryService codes them. */
export const QUESTION_TYPES = [
  { type: 1, label: '单选题', scoreField: 'singleChoiceScore', countField: 'singleChoiceCount', bankCount: 'singleCount' },
  { type: 2, label: '多选题', scoreField: 'multipleChoiceScore', countField: 'multiChoiceCount', bankCount: 'multipleCount' },
  { type: 3, label: '判断题', scoreField: 'jugeScore', countField: 'jugeCount', bankCount: 'judgeCount' },
  { type: 4, label: '填空题', scoreField: 'blankScore', countField: 'blankCount', bankCount: 'blankCount' },
  { type: 5, label: '简答题', scoreField: 'shortScore', countField: 'shortCount', bankCount: 'shortCount' },
] as const;

export const DIFFICULTIES = [
  { value: 1, label: '容易' },
  { value: 2, label: '中等' },
  { value: 3, label: '困难' },
];

export type TypeScores = Record<number, number>;

/** The per-type scores of the paper's settings (the form's values), missing ones as 0. */
export function typeScores(values: Record<string, unknown> | null | undefined): TypeScores {
  return Object.fromEntries(QUESTION_TYPES.map((t) => [t.type, Number(values?.[t.scoreField] ?? 0) || 0]));
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export interface PickedQuestion {
  questionId: number;
  /** an override of the type's score; null: the type's */
  score?: number | null;
  type: number;
  title?: string;
  typeName?: string;
  libaryName?: string;
  [k: string]: unknown;
}

/** A question's score on the paper: its override, else its type's. */
export const questionScore = (q: PickedQuestion, scores: TypeScores) => (q.score !== null && q.score !== undefined ? Number(q.score) : scores[q.type] ?? 0);

/** An ordinary paper's total. */
export const questionsTotal = (list: PickedQuestion[], scores: TypeScores) => round1(list.reduce((s, q) => s + questionScore(q, scores), 0));

/**
 * Questions as GetQuestionByPaperId answers them (each with its effective score) as the picker keeps
 * them: a score equal to its type's is no override, so a later change of the type's score applies.
 */
export const fromLoaded = (items: PickedQuestion[], scores: TypeScores): PickedQuestion[] =>
  items.map((q) => ({
    ...q,
    questionId: Number(q.questionId ?? q.id),
    // the server's own override when it says so; else a score other than its type's
    score: 'scoreOverride' in q ? ((q as { scoreOverride?: number | null }).scoreOverride ?? null) : q.score !== null && q.score !== undefined && Number(q.score) !== scores[q.type] ? Number(q.score) : null,
  }));

export type RandomSet = {
  libaryId?: number | null;
  difficulty?: number | null;
  singleChoiceCount?: number;
  multiChoiceCount?: number;
  jugeCount?: number;
  blankCount?: number;
  shortCount?: number;
  [k: string]: unknown;
};

/** Questions a set draws, and the score they make. */
export function setsTotal(sets: RandomSet[], scores: TypeScores): { count: number; total: number } {
  let count = 0;
  let total = 0;
  for (const s of sets) {
    for (const t of QUESTION_TYPES) {
      const n = Number(s[t.countField] ?? 0) || 0;
      count += n;
      total += n * (scores[t.type] ?? 0);
    }
  }
  return { count, total: round1(total) };
}

/** Moves the item at `from` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moved<T>(list: T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** An answer as people read it (a member's or the right one). */
export function answerText(a: unknown): string {
  if (a === null || a === undefined || a === '' || (Array.isArray(a) && !a.length)) return '未作答';
  if (typeof a === 'boolean') return a ? '正确' : '错误';
  if (Array.isArray(a)) return a.map((x) => (Array.isArray(x) ? x.join(' / ') : String(x))).join('；');
  return String(a);
}
