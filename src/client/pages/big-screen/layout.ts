/** The big screen's pure parts: the fixed canvas fitted to a window, figures as shown. */

/** The canvas every screen is designed on; a window of another size shows it scaled, letterboxed. */
export const CANVAS = { width: 1920, height: 1080 } as const;
/** Figures refresh every minute; after a failed refresh the screen retries sooner. */
export const REFRESH_MS = 60_000;
export const RETRY_MS = 10_000;

/** The scale and offset that fit the canvas into a window, centred, aspect kept. */
export function fitScale(width: number, height: number): { scale: number; left: number; top: number } {
  if (!(width > 0) || !(height > 0)) return { scale: 1, left: 0, top: 0 };
  const scale = Math.min(width / CANVAS.width, height / CANVAS.height);
  return { scale, left: (width - CANVAS.width * scale) / 2, top: (height - CANVAS.height * scale) / 2 };
}

const COUNT = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
const HOURS = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 12,345 */
export const formatCount = (n: number) => COUNT.format(n);
/** 学时 with two decimals: 3.50 */
export const formatHours = (n: number) => HOURS.format(n);

/** '2026-Q4' → '2026年第四季度' */
export function quarterLabel(quarter: string): string {
  const m = /^(\d{4})-Q([1-4])$/.exec(quarter);
  return m ? `${m[1]}年第${'一二三四'[Number(m[2]) - 1]}季度` : quarter;
}

/** The bar lengths of a ranking (0..1 of the longest), so that the longest bar fills its track. */
export function barRatios(values: number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((v) => (max > 0 ? Math.max(0, v) / max : 0));
}
