import type { ExamOption } from '../../db/schema';
import { BLANK_ALTERNATIVES, normaliseBlank } from '../../../contract/exam-answer';
import type { Answer, PaperQuestion } from '../../../contract/exam';

export { normaliseBlank };

/**
 * Scoring of one answer against a member's sheet. The server is the authority: scores
 * come from stored answers and the sheet, never from the client.
 *
 * - 单选: the one right letter. 多选: exactly the right letters (a partly right choice scores 0, the
 *   usual rule of party-knowledge tests). 判断: the boolean.
 * - 填空: each blank against its accepted answers after normalising both (full-width to half-width,
 *   trimmed, inner spaces and case ignored); the score is shared by the blanks, the question is right
 *   when every blank is.
 * - 简答: waits for an administrator's mark (isRight and score stay null).
 */
export interface SheetQuestion {
  id: number;
  type: number;
  title: string;
  score: number;
  difficulty: number;
  libaryId: number;
  options: ExamOption[];
  judgeAnswer: boolean | null;
  blankAnswers: string[][] | null;
  referenceAnswer: string | null;
  analysis: string | null;
}

export type { Answer };

export const LETTERS = 'ABCDEFGH';

/** Numbers of one decimal, as the columns keep them. */
export const round1 = (n: number) => Math.round(n * 10) / 10;

/** The answer's shape for the question's type, or null when it is not one (refused as 答案格式不正确). */
export function checkAnswer(q: Pick<SheetQuestion, 'type' | 'options' | 'blankAnswers'>, a: unknown): Answer | undefined {
  if (a === null || a === undefined || a === '') return null;
  const letters = LETTERS.slice(0, q.options.length);
  switch (q.type) {
    case 1:
      return typeof a === 'string' && a.length === 1 && letters.includes(a) ? a : undefined;
    case 2: {
      if (!Array.isArray(a) || a.some((x) => typeof x !== 'string' || x.length !== 1 || !letters.includes(x))) return undefined;
      const set = [...new Set(a as string[])].sort();
      return set.length ? set : null;
    }
    case 3:
      return typeof a === 'boolean' ? a : undefined;
    case 4: {
      const n = q.blankAnswers?.length ?? 0;
      if (!Array.isArray(a) || a.length > n || a.some((x) => typeof x !== 'string' || x.length > 200)) return undefined;
      return (a as string[]).some((x) => x.trim()) ? (a as string[]) : null;
    }
    case 5:
      return typeof a === 'string' && a.length <= 5000 ? (a.trim() ? a : null) : undefined;
    default:
      return undefined;
  }
}

export interface Scored {
  isRight: boolean | null;
  score: number | null;
}

export function scoreAnswer(q: SheetQuestion, a: Answer): Scored {
  if (q.type === 5) return { isRight: null, score: null };
  if (a === null || a === undefined) return { isRight: false, score: 0 };
  const right = (ok: boolean): Scored => ({ isRight: ok, score: ok ? q.score : 0 });
  switch (q.type) {
    case 1:
      return right(q.options.findIndex((o) => o.isRight) === LETTERS.indexOf(a as string));
    case 2: {
      const want = q.options.flatMap((o, i) => (o.isRight ? [LETTERS[i]] : [])).join('');
      return right([...(a as string[])].sort().join('') === want);
    }
    case 3:
      return right(a === q.judgeAnswer);
    case 4: {
      const blanks = q.blankAnswers ?? [];
      const given = a as string[];
      const hits = blanks.filter((alts, i) => given[i] !== undefined && alts.some((x) => normaliseBlank(x) === normaliseBlank(given[i]))).length;
      return { isRight: hits === blanks.length, score: blanks.length ? round1((q.score * hits) / blanks.length) : 0 };
    }
    default:
      return { isRight: false, score: 0 };
  }
}

/** What a member sees of a question before he has submitted: no answer, no 解析. */
export const questionForMember = (q: SheetQuestion): PaperQuestion => ({
  id: q.id,
  type: q.type,
  title: q.title,
  score: q.score,
  options: q.options.map((o, i) => ({ key: LETTERS[i], content: o.content })),
  blankCount: q.type === 4 ? (q.blankAnswers?.length ?? 0) : 0,
});

/** The right answer in the answer's own shape (for review once answers may be shown). */
export function rightAnswer(q: SheetQuestion): Answer {
  switch (q.type) {
    case 1:
      return LETTERS[q.options.findIndex((o) => o.isRight)] ?? null;
    case 2:
      return q.options.flatMap((o, i) => (o.isRight ? [LETTERS[i]] : []));
    case 3:
      return q.judgeAnswer;
    case 4:
      return (q.blankAnswers ?? []).map((alts) => alts.join(BLANK_ALTERNATIVES));
    default:
      return q.referenceAnswer;
  }
}
