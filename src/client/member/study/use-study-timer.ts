/**
 * Player timing (core §4), one hook for the video and the audio player: a counter ticks each second
 * only while the media plays and stops on pause, waiting and end; every 60 s of play (not for live)
 * it sends the study report. The answer's studyState: 1 continue silently; 2 success, message shown
 * (the video also stops its timer); 3 and 4 failure, message shown. The server decides the credit:
 * the answer's period replaces the displayed 学时.
 *
 * The tail: the play since the last report is reported too when the media ends, when the
 * page is hidden or closed (a keepalive request, which outlives the page) and when the player goes
 * away — each report claims the play seconds since the previous one and zeroes them first, so no
 * second is claimed twice. The server credits at most the wall time since the previous report.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StudyAnswer } from '../../api/study';

export const REPORT_EVERY_S = 60;

export interface StudyReport {
  /** play seconds since the previous report */
  seconds: number;
  /** the page is going away: the request must outlive it */
  keepalive: boolean;
}

export interface StudyTimerOptions {
  resourceId: number | null | undefined;
  /** sends ResrouceStudy {periodSource: 1, resouceId, seconds} */
  report: (resourceId: number, claim: StudyReport) => Promise<StudyAnswer>;
  /** live sources are not reported */
  live?: boolean;
  /** the video stops its timer on success (studyState 2) */
  stopOnSuccess?: boolean;
  onPeriod?: (period: number, answer: StudyAnswer) => void;
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
  // play time not yet reported: what ran before the last halt, and since when it runs now
  const unreportedMs = useRef(0);
  const playingSince = useRef<number | null>(null);

  const stopClock = () => {
    if (playingSince.current !== null) unreportedMs.current += Date.now() - playingSince.current;
    playingSince.current = null;
  };
  /** the play seconds since the last report, zeroed: whoever takes them reports them */
  const takeUnreported = () => {
    const running = playingSince.current !== null;
    stopClock();
    const s = Math.round(unreportedMs.current / 1000);
    unreportedMs.current = 0;
    if (running) playingSince.current = Date.now();
    return s;
  };

  const send = useCallback(async (claim: StudyReport) => {
    const { resourceId, report, onPeriod, onMessage, stopOnSuccess } = optsRef.current;
    if (!resourceId) return;
    let answer: StudyAnswer;
    try {
      answer = await report(resourceId, claim);
    } catch {
      return; // a failed call: the next report measures from the last accepted one
    }
    if (typeof answer.period === 'number') onPeriod?.(answer.period, answer);
    if (answer.studyState === 2) {
      if (answer.message) onMessage?.('success', answer.message);
      if (stopOnSuccess) {
        stoppedRef.current = true;
        stopClock();
        setStopped(true);
        setPlaying(false);
      }
    } else if (answer.studyState === 3 || answer.studyState === 4) {
      if (answer.message) onMessage?.('error', answer.message);
    }
  }, []);

  /** the tail: whatever play is not reported yet, if a second or more */
  const flush = useCallback(
    (keepalive: boolean) => {
      if (stoppedRef.current || optsRef.current.live || !optsRef.current.resourceId) return;
      const s = takeUnreported();
      if (s >= 1) void send({ seconds: s, keepalive });
    },
    [send],
  );

  // a new resource starts a new count; leaving one (another resource, another page) reports its tail
  useEffect(() => {
    countRef.current = 0;
    stoppedRef.current = false;
    unreportedMs.current = 0;
    playingSince.current = null;
    setSeconds(0);
    setStopped(false);
    setPlaying(false);
    return () => flush(true);
  }, [opts.resourceId, flush]);

  // the page hidden (another tab, the phone locked) or closed: report now, the page may never come back
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const onPageHide = () => flush(true);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [flush]);

  useEffect(() => {
    if (!playing || stopped) return;
    const timer = setInterval(() => {
      if (stoppedRef.current) return;
      countRef.current += 1;
      setSeconds(countRef.current);
      if (countRef.current % REPORT_EVERY_S === 0 && !optsRef.current.live) void send({ seconds: takeUnreported(), keepalive: false });
    }, 1000);
    return () => clearInterval(timer);
  }, [playing, stopped, send]);

  const onPlaying = useCallback(() => {
    if (stoppedRef.current) return;
    if (playingSince.current === null) playingSince.current = Date.now();
    setPlaying(true);
  }, []);
  const halt = useCallback(() => {
    stopClock();
    setPlaying(false);
  }, []);
  const onEnded = useCallback(() => {
    halt();
    flush(false);
  }, [halt, flush]);

  return { seconds, playing, stopped, onPlaying, onPause: halt, onWaiting: halt, onEnded };
}
