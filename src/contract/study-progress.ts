/**
 * Study progress in percent, from seconds (credited / required) — never from the hours, which are
 * rounded to two decimals (60 s of a 75 s clip is 0.02 h of 0.02 h). Two decimals, cut rather than
 * rounded, so that 100 means complete: 74 of 75 s is 98.66, and 1 s short of a long resource never
 * shows 100.00. Integer arithmetic, no binary-fraction surprises (29 of 100 s is 29.00, not 28.99).
 */
export function studyPercent(seconds: number | null | undefined, required: number | null | undefined): number {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  const r = Math.floor(Number(required) || 0);
  if (r <= 0) return 0;
  if (s >= r) return 100;
  return Math.floor((s * 10000) / r) / 100;
}
