/**
 * Reading counts like playing. A document has no media events, so the study timer (core §4) runs
 * while the page is visible and the reader has done something — turned a page, scrolled, moved the
 * pointer, pressed a key — within the last READING_IDLE_S seconds, and pauses when the page is
 * hidden or idle. The reports and the credit are those of the players: the server still credits
 * at most the wall-clock time since the last report, up to the resource's duration.
 */
import { useEffect } from 'react';

export const READING_IDLE_S = 120;
const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

export function useReadingActivity(enabled: boolean, timer: { onPlaying: () => void; onPause: () => void }) {
  const { onPlaying, onPause } = timer;
  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    let active = false;
    const visible = () => document.visibilityState === 'visible';
    const set = (on: boolean) => {
      if (on === active) return;
      active = on;
      if (on) onPlaying();
      else onPause();
    };
    const poke = () => {
      last = Date.now();
      set(visible());
    };
    const check = () => set(visible() && Date.now() - last < READING_IDLE_S * 1000);
    for (const e of ACTIVITY) window.addEventListener(e, poke, { passive: true, capture: true });
    document.addEventListener('visibilitychange', check);
    const tick = setInterval(check, 1000);
    poke(); // opening the document is reading it
    return () => {
      for (const e of ACTIVITY) window.removeEventListener(e, poke, { capture: true });
      document.removeEventListener('visibilitychange', check);
      clearInterval(tick);
      set(false);
    };
  }, [enabled, onPlaying, onPause]);
}
