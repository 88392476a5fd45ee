/**
 * Money is integer fen (分) on the wire and in the database; these turn it into 元 text and back
 * without floating point (党费, the engine's `fen` value type, exports).
 */

/** Fen as 元 with two decimals, built from the integer (no float): 123456 → "1234.56", -5 → "-0.05". */
export function formatFen(fen: number | string | null | undefined): string {
  if (fen === null || fen === undefined || fen === '') return '';
  const n = typeof fen === 'string' ? Number(fen) : fen;
  if (!Number.isSafeInteger(n)) return String(fen);
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${yuan}.${cents < 10 ? '0' : ''}${cents}`;
}

/** 元 typed as text ("12", "12.3", "12.34") to fen, read digit by digit; null when it is not an amount of at most two decimals. */
export function parseYuan(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const s = String(text).trim();
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return null;
  const cents = (m[2] ?? '').padEnd(2, '0');
  return Number(m[1]) * 100 + Number(cents);
}
