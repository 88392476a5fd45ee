/**
 * Comparing answers, shared by the server (its checks and scoring), the question editor and the member's practice of wrong answers (the
 * practice only runs on answers the server has already revealed).
 */

/** A blank in a question's title: four or more underscores (or two full-width ＿), or empty brackets. */
export const BLANK_MARK = /_{4,}|＿{2,}|（\s*）|\(\s*\)/g;
export const countBlanks = (title: unknown) => (typeof title === 'string' ? (title.match(BLANK_MARK) ?? []).length : 0);

/** A blank as compared: NFKC folds full-width letters, digits and punctuation to half-width; spaces and case are ignored. */
export const normaliseBlank = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

/** The accepted answers of each blank, as a revealed right answer lists them ('甲 / 乙'). */
export const BLANK_ALTERNATIVES = ' / ';

/** Is a practised answer right against the revealed one? (short answers: never decided here) */
export function matchesRevealed(type: number, given: unknown, right: unknown): boolean | null {
  if (type === 5) return null;
  if (given === null || given === undefined) return false;
  if (type === 2) return Array.isArray(given) && Array.isArray(right) && [...given].sort().join() === [...right].sort().join();
  if (type === 4) {
    if (!Array.isArray(given) || !Array.isArray(right)) return false;
    return right.every((alts, i) => typeof given[i] === 'string' && String(alts).split(BLANK_ALTERNATIVES).some((a) => normaliseBlank(a) === normaliseBlank(given[i] as string)));
  }
  return given === right;
}
