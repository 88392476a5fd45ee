/** Reading a PDF drives the study timer: active while the page is visible and the reader did something lately. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READING_IDLE_S, useReadingActivity } from '../../../src/client/member/study/use-reading-activity';

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (v: DocumentVisibilityState) => {
  visibility = v;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('useReadingActivity', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('opening counts as reading; idle or hidden pauses; activity resumes; leaving stops', () => {
    const onPlaying = vi.fn();
    const onPause = vi.fn();
    const hook = renderHook(({ on }) => useReadingActivity(on, { onPlaying, onPause }), { initialProps: { on: true } });
    expect(onPlaying).toHaveBeenCalledTimes(1);

    act(() => void vi.advanceTimersByTime((READING_IDLE_S - 2) * 1000));
    expect(onPause).not.toHaveBeenCalled();
    act(() => void window.dispatchEvent(new Event('keydown'))); // turning a page keeps it going
    act(() => void vi.advanceTimersByTime((READING_IDLE_S - 2) * 1000));
    expect(onPause).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(3000)); // nothing done for READING_IDLE_S seconds
    expect(onPause).toHaveBeenCalledTimes(1);

    act(() => void window.dispatchEvent(new Event('pointerdown')));
    expect(onPlaying).toHaveBeenCalledTimes(2);
    act(() => setVisibility('hidden')); // another tab
    expect(onPause).toHaveBeenCalledTimes(2);
    act(() => void window.dispatchEvent(new Event('pointermove'))); // events of a hidden page do not count
    expect(onPlaying).toHaveBeenCalledTimes(2);
    act(() => setVisibility('visible'));
    expect(onPlaying).toHaveBeenCalledTimes(3);

    hook.rerender({ on: false }); // completed, or left the page
    expect(onPause).toHaveBeenCalledTimes(3);
    act(() => void window.dispatchEvent(new Event('keydown')));
    expect(onPlaying).toHaveBeenCalledTimes(3);
  });
});
