/**
 * The blanks of a fill-in question: each blank of the title is marked "____" (BLANK_MARK, the one
 * rule the server checks too, in contract/exam-answer.ts), and each has one or more accepted answers
 * (blankAnswers: string[][]).
 */
import { BLANK_MARK, countBlanks } from '../../../contract/exam-answer';

export { BLANK_MARK, countBlanks };
export const MAX_BLANKS = 10;
export const MAX_ALTERNATIVES = 10;
export const BLANK = '____';

/** Whatever the field holds as rows of answers (every row at least one, maybe empty, answer). */
export function toBlankRows(value: unknown): string[][] {
  if (!Array.isArray(value)) return [];
  return value.map((alts) => (Array.isArray(alts) && alts.length ? alts.map((a) => (typeof a === 'string' ? a : String(a ?? ''))) : ['']));
}

/** The rows for `count` blanks: what is kept, and an empty answer for each new blank. */
export function fitBlanks(rows: string[][], count: number): string[][] {
  const n = Math.max(0, Math.min(count, MAX_BLANKS));
  return Array.from({ length: n }, (_, i) => (rows[i]?.length ? rows[i] : ['']));
}

const same = (a: string[][], b: string[][]) => a.length === b.length && a.every((r, i) => r.length === b[i].length && r.every((x, j) => x === b[i][j]));
/** Whether the field must change to hold `count` blanks. */
export const needsFit = (value: unknown, count: number) => !same(toBlankRows(value), fitBlanks(toBlankRows(value), count));

export const setAnswer = (rows: string[][], blank: number, alt: number, text: string) => rows.map((r, i) => (i === blank ? r.map((a, j) => (j === alt ? text : a)) : r));
export const addAnswer = (rows: string[][], blank: number) => rows.map((r, i) => (i === blank && r.length < MAX_ALTERNATIVES ? [...r, ''] : r));
export const removeAnswer = (rows: string[][], blank: number, alt: number) => rows.map((r, i) => (i === blank && r.length > 1 ? r.filter((_, j) => j !== alt) : r));
