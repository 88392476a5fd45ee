/** The PDF viewer's pure rules: zoom limits and steps, and which pages hold a searched text. */

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.25;

/** A zoom within 50 %–300 %, on the 25 % steps. */
export function clampZoom(z: number): number {
  const stepped = Math.round(z / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, stepped));
}

/** Whitespace does not count: pdf.js splits a line into items and Chinese has no spaces between words. */
const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** The 1-based numbers of the pages whose text holds the query (ignoring whitespace and case). */
export function findPages(pageTexts: string[], query: string): number[] {
  const q = squash(query);
  if (!q) return [];
  const out: number[] = [];
  pageTexts.forEach((t, i) => {
    if (squash(t).includes(q)) out.push(i + 1);
  });
  return out;
}
