/**
 * The rows of a choice question's options (examAnswerInputDtos: [{content, isRight}]) as the
 * options editor changes them: 2 to 8 options lettered A–H, one right in single mode, any in
 * multiple mode. Plain functions, so the rules are unit-tested without a browser.
 */
export interface OptionRow {
  content: string;
  isRight: boolean;
}

export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = OPTION_LETTERS.length;
/** a new question starts with four empty options (A–D) */
export const START_OPTIONS = 4;

export const letterOf = (i: number) => OPTION_LETTERS[i] ?? String(i + 1);

/** Whatever the field holds (null, a stored answer) as rows; no more than eight. */
export function toRows(value: unknown): OptionRow[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_OPTIONS).map((o) => ({ content: typeof o?.content === 'string' ? o.content : o?.content == null ? '' : String(o.content), isRight: !!o?.isRight }));
}

export const emptyRows = (n = START_OPTIONS): OptionRow[] => Array.from({ length: n }, () => ({ content: '', isRight: false }));

/** Marks row `i` right or not; in single mode a right row is the only one. */
export function setRight(rows: OptionRow[], i: number, right: boolean, multiple: boolean): OptionRow[] {
  return rows.map((r, j) => (j === i ? { ...r, isRight: right } : multiple || !right ? r : { ...r, isRight: false }));
}

export const setContent = (rows: OptionRow[], i: number, content: string): OptionRow[] => rows.map((r, j) => (j === i ? { ...r, content } : r));

export const addRow = (rows: OptionRow[]): OptionRow[] => (rows.length >= MAX_OPTIONS ? rows : [...rows, { content: '', isRight: false }]);

export const removeRow = (rows: OptionRow[], i: number): OptionRow[] => (rows.length <= MIN_OPTIONS ? rows : rows.filter((_, j) => j !== i));

/** The right answer as letters (ABD), for the read mode and lists. */
export const rightLetters = (rows: OptionRow[]) => rows.map((r, i) => (r.isRight ? letterOf(i) : '')).join('');
