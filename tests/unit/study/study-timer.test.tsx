/** The player timing hook (core §4): ticks only while playing, a report every 60 s of play, studyState handling. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStudyTimer, type StudyTimerOptions } from '../../../src/client/member/study/use-study-timer';
import type { StudyAnswer } from '../../../src/client/api/study';

const answer = (a: Partial<StudyAnswer>): StudyAnswer => ({ studyState: 1, message: '', credited: 60, period: 0.02, seconds: 60, durationSeconds: 600, percent: 10, ...a });

function setup(over: Partial<StudyTimerOptions> = {}, reply: StudyAnswer = answer({})) {
  const report = vi.fn(async () => reply);
  const onPeriod = vi.fn();
  const onMessage = vi.fn();
  const hook = renderHook((p: Partial<StudyTimerOptions>) => useStudyTimer({ resourceId: 7, report, onPeriod, onMessage, ...over, ...p }), { initialProps: {} });
  return { hook, report, onPeriod, onMessage };
}

/** advances fake time second by second, letting React and the report's promise settle */
async function play(seconds: number) {
  for (let i = 0; i < seconds; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
  }
}

describe('useStudyTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does not tick before playing', async () => {
    const { hook, report } = setup();
    await play(120);
    expect(hook.result.current.seconds).toBe(0);
    expect(report).not.toHaveBeenCalled();
  });

  it('ticks each second while playing and reports once at 60 s with periodSource resource id', async () => {
    const { hook, report, onPeriod, onMessage } = setup();
    act(() => hook.result.current.onPlaying());
    await play(59);
    expect(hook.result.current.seconds).toBe(59);
    expect(report).not.toHaveBeenCalled();
    await play(1);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(7, { seconds: 60, keepalive: false });
    expect(onPeriod).toHaveBeenCalledWith(0.02, expect.objectContaining({ studyState: 1 }));
    expect(onMessage).not.toHaveBeenCalled(); // studyState 1: silent
    await play(60);
    expect(report).toHaveBeenCalledTimes(2);
    expect(hook.result.current.seconds).toBe(120);
  });

  it('stops on pause, waiting and end, and counts on after playing again', async () => {
    const { hook, report } = setup();
    act(() => hook.result.current.onPlaying());
    await play(30);
    act(() => hook.result.current.onPause());
    await play(100);
    expect(hook.result.current.seconds).toBe(30);
    expect(report).not.toHaveBeenCalled();
    act(() => hook.result.current.onPlaying());
    await play(20);
    act(() => hook.result.current.onWaiting());
    await play(50);
    expect(hook.result.current.seconds).toBe(50);
    act(() => hook.result.current.onPlaying());
    await play(10);
    expect(report).toHaveBeenCalledTimes(1); // 60 s of play in all
    act(() => hook.result.current.onEnded());
    await play(120);
    expect(hook.result.current.seconds).toBe(60);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('never reports a live source', async () => {
    const { hook, report } = setup({ live: true });
    act(() => hook.result.current.onPlaying());
    await play(130);
    expect(hook.result.current.seconds).toBe(130);
    expect(report).not.toHaveBeenCalled();
  });

  it('studyState 2 shows the message; the video stops its timer for good', async () => {
    const { hook, report, onMessage } = setup({ stopOnSuccess: true }, answer({ studyState: 2, message: '恭喜，本资源学习已完成，学时已记录', period: 0.02 }));
    act(() => hook.result.current.onPlaying());
    await play(60);
    expect(onMessage).toHaveBeenCalledWith('success', '恭喜，本资源学习已完成，学时已记录');
    expect(hook.result.current.stopped).toBe(true);
    act(() => hook.result.current.onPlaying());
    await play(120);
    expect(hook.result.current.seconds).toBe(60);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('studyState 2 on audio shows the message and keeps counting', async () => {
    const { hook, report, onMessage } = setup({ stopOnSuccess: false }, answer({ studyState: 2, message: '完成' }));
    act(() => hook.result.current.onPlaying());
    await play(120);
    expect(onMessage).toHaveBeenCalledWith('success', '完成');
    expect(hook.result.current.stopped).toBe(false);
    expect(report).toHaveBeenCalledTimes(2);
  });

  it.each([3, 4])('studyState %i shows the failure message', async (state) => {
    const { hook, onMessage, onPeriod } = setup({}, answer({ studyState: state, message: '您正在其他设备上学习', period: 0.01 }));
    act(() => hook.result.current.onPlaying());
    await play(60);
    expect(onMessage).toHaveBeenCalledWith('error', '您正在其他设备上学习');
    expect(onPeriod).toHaveBeenCalledWith(0.01, expect.objectContaining({ studyState: state }));
    expect(hook.result.current.stopped).toBe(false);
  });

  it('a failed report call is swallowed and the next 60 s report again', async () => {
    const report = vi.fn().mockRejectedValueOnce(new Error('net')).mockResolvedValue(answer({}));
    const { result } = renderHook(() => useStudyTimer({ resourceId: 3, report }));
    act(() => result.current.onPlaying());
    await play(120);
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('reports the tail when the media ends: the play since the last report, once', async () => {
    const { hook, report } = setup();
    act(() => hook.result.current.onPlaying());
    await play(60);
    expect(report).toHaveBeenLastCalledWith(7, { seconds: 60, keepalive: false });
    await play(14);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(950); // the clip ends before the 15th tick
    });
    act(() => hook.result.current.onEnded());
    expect(report).toHaveBeenCalledTimes(2);
    expect(report).toHaveBeenLastCalledWith(7, { seconds: 15, keepalive: false });
    act(() => hook.result.current.onEnded()); // a second ended event has nothing left to report
    act(() => hook.result.current.onPause());
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('reports the tail with keepalive when the page is hidden or closed, never the same seconds twice, and counts on', async () => {
    const { hook, report } = setup();
    act(() => hook.result.current.onPlaying());
    await play(20);
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(report).toHaveBeenLastCalledWith(7, { seconds: 20, keepalive: true });
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(report).toHaveBeenCalledTimes(1); // nothing played since
    hidden.mockRestore();
    await play(7); // an audio plays on behind the hidden page
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(report).toHaveBeenLastCalledWith(7, { seconds: 7, keepalive: true });
    await play(33); // the 60th second of play: the 60 s report claims only the 33 s not yet reported
    expect(report).toHaveBeenCalledTimes(3);
    expect(report).toHaveBeenLastCalledWith(7, { seconds: 33, keepalive: false });
  });

  it('leaving the player reports its tail; a paused player has none beyond what it played', async () => {
    const { hook, report } = setup();
    act(() => hook.result.current.onPlaying());
    await play(12);
    act(() => hook.result.current.onPause());
    await play(300);
    hook.unmount();
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenLastCalledWith(7, { seconds: 12, keepalive: true });
  });

  it('no tail for a live source or after the video completed', async () => {
    const live = setup({ live: true });
    act(() => live.hook.result.current.onPlaying());
    await play(10);
    act(() => live.hook.result.current.onEnded());
    expect(live.report).not.toHaveBeenCalled();
    const done = setup({ stopOnSuccess: true }, answer({ studyState: 2, message: '完成' }));
    act(() => done.hook.result.current.onPlaying());
    await play(60);
    act(() => done.hook.result.current.onEnded());
    expect(done.report).toHaveBeenCalledTimes(1);
  });
});
