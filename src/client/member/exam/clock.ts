import type { Instant } from '../../../contract/exam';

/**
 * The countdown of a sitting runs on the server's clock, never the browser's: the offset between
 * the two is taken when the server answers (its `serverTime`), so a browser clock set wrong — or
 * in another zone — changes nothing. Remaining time = deadline − (browser now + offset).
 */
export const serverOffset = (serverTime: Instant, browserNow = Date.now()) => new Date(serverTime).getTime() - browserNow;

export const remainingMs = (deadline: Instant, offset: number, browserNow = Date.now()) => Math.max(0, new Date(deadline).getTime() - (browserNow + offset));

/** 'HH:MM:SS' (or 'MM:SS' under an hour) of a duration. */
export function formatCountdown(ms: number) {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${two(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The spoken form for screen readers: 剩余 1 小时 5 分钟. */
export function spokenCountdown(ms: number) {
  const min = Math.ceil(ms / 60000);
  return min >= 60 ? `剩余${Math.floor(min / 60)}小时${min % 60 ? `${min % 60}分钟` : ''}` : `剩余${min}分钟`;
}

/** "1分05秒" of an attempt's seconds. */
export function formatDuration(seconds: number | null | undefined) {
  if (seconds == null) return '—';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m ? `${m}分${String(s).padStart(2, '0')}秒` : `${s}秒`;
}
