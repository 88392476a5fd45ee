/**
 * Player timing (core §4), one hook for the video and the audio player: a counter ticks each second
 * only while the media plays and stops on pause, waiting and end; every 60 s of play (not for live)
 * it sends the study report. The answer's studyState: 1 continue silently; 2 success, message shown
 * (the video also stops its timer); 3 and 4 failure, message shown. The server decides the credit:
 * the answer's period replaces the displayed 学时.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StudyAnswer } from '../../api/study';

export const REPORT_EVERY_S = 60;

export interface StudyTimerOptions {
  resourceId: number | null | undefined;
  /** sends ResrouceStudy {periodSource: 1, resouceId} */
  report: (resourceId: number) => Promise<StudyAnswer>;
  /** live sources are not reported */
  live?: boolean;
  /** the video stops its timer on success (studyState 2) */
  stopOnSuccess?: boolean;
  onPeriod?: (period: number) => void;
  onMessage?: (kind: 'success' | 'error', text: string) => void;
}

export interface StudyTimer {
  /** seconds of play counted so far */
  seconds: number;
  playing: boolean;
  /** stopped for good (video after success) */
  stopped: boolean;
  /** the media element's events */
  onPlaying: () => void;
  onPause: () => void;
  onWaiting: () => void;
  onEnded: () => void;
}

export function useStudyTimer(opts: StudyTimerOptions): StudyTimer {
  const [seconds, setSeconds] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [stopped, setStopped] = useState(false);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const countRef = useRef(0);
  const stoppedRef = useRef(false);

  // a new resource starts a new count
  useEffect(() => {
    countRef.current = 0;
    stoppedRef.current = false;
    setSeconds(0);
    setStopped(false);
    setPlaying(false);
  }, [opts.resourceId]);

  const send = useCallback(async () => {
    const { resourceId, report, onPeriod, onMessage, stopOnSuccess } = optsRef.current;
    if (!resourceId) return;
    let answer: StudyAnswer;
    try {
      answer = await report(resourceId);
    } catch {
      return; // a failed call is retried by the next 60 s of play
    }
    if (typeof answer.period === 'number') onPeriod?.(answer.period);
    if (answer.studyState === 2) {
      if (answer.message) onMessage?.('success', answer.message);
      if (stopOnSuccess) {
        stoppedRef.current = true;
        setStopped(true);
        setPlaying(false);
      }
    } else if (answer.studyState === 3 || answer.studyState === 4) {
      if (answer.message) onMessage?.('error', answer.message);
    }
  }, []);

  useEffect(() => {
    if (!playing || stopped) return;
    const timer = setInterval(() => {
      if (stoppedRef.current) return;
      countRef.current += 1;
      setSeconds(countRef.current);
      if (countRef.current % REPORT_EVERY_S === 0 && !optsRef.current.live) void send();
    }, 1000);
    return () => clearInterval(timer);
  }, [playing, stopped, send]);

  const onPlaying = useCallback(() => {
    if (!stoppedRef.current) setPlaying(true);
  }, []);
  const halt = useCallback(() => setPlaying(false), []);

  return { seconds, playing, stopped, onPlaying, onPause: halt, onWaiting: halt, onEnded: halt };
}
