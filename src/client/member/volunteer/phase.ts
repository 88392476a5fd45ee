/**
 * Where an activity stands, from its wall-clock times read in the PLATFORM zone (never the browser's):
 * a member abroad sees 进行中 exactly while it runs in China. Instants only — no calendar day of the
 * browser is ever taken — so an activity crossing midnight is no special case. Mirrors the server's
 * rules (docs/foundations.md "Participants"): joining closes at lastApplyTime, leaving when sign-in opens (and never after signing in),
 * sign-in opens 30 minutes before the start and closes at the end.
 */
import { instantOf } from '../../../contract/platform-time';
import { MINUTE_FORMAT, formatPlatform, platformTimeZone } from '../../utils/platform-time';
import type { VolActivity } from '../../api/volunteer';

export const SIGN_IN_OPENS_MINUTES_BEFORE = 30;

export type Phase = 'upcoming' | 'ongoing' | 'ended';

export const PHASES: Record<Phase, { label: string; color: string }> = {
  upcoming: { label: '未开始', color: 'blue' },
  ongoing: { label: '进行中', color: 'green' },
  ended: { label: '已结束', color: 'default' },
};

/** The instant (ms) of a stored time; a day-only end or deadline includes that day. */
export function instantMs(value: unknown, opts: { endOfDay?: boolean } = {}): number | null {
  return instantOf(value, platformTimeZone(), opts)?.getTime() ?? null;
}

type Times = Pick<VolActivity, 'startTime' | 'endTime'> & Partial<Pick<VolActivity, 'lastApplyTime'>>;

export function phaseOf(a: Times, now: number): Phase {
  const start = instantMs(a.startTime);
  const end = instantMs(a.endTime, { endOfDay: true });
  if (end !== null && now >= end) return 'ended';
  if (start !== null && now >= start) return 'ongoing';
  return 'upcoming';
}

/** Places left, or null when the activity takes anyone (no or zero capacity). */
export function placesLeft(a: Pick<VolActivity, 'needUserCount' | 'participantCount'>): number | null {
  const cap = Number(a.needUserCount) || 0;
  return cap > 0 ? Math.max(0, cap - (Number(a.participantCount) || 0)) : null;
}

/** Joining closes at the deadline (or, without one, at the start). */
export function applyClosed(a: Times, now: number): boolean {
  const until = instantMs(a.lastApplyTime, { endOfDay: true }) ?? instantMs(a.startTime);
  return until !== null && now >= until;
}

/** Leaving closes once the sign-in window opens (30 minutes before the start), else at the start. */
export function cancelClosed(a: Times, now: number): boolean {
  const from = signInWindow(a)?.from ?? instantMs(a.startTime);
  return from !== null && now >= from;
}

/** The sign-in window: from 30 minutes before the start to the end. */
export function signInWindow(a: Times): { from: number; to: number } | null {
  const start = instantMs(a.startTime);
  const end = instantMs(a.endTime, { endOfDay: true });
  if (start === null || end === null) return null;
  return { from: start - SIGN_IN_OPENS_MINUTES_BEFORE * 60_000, to: end };
}

export function signInOpen(a: Times, now: number): boolean {
  const w = signInWindow(a);
  return !!w && now >= w.from && now < w.to;
}

/** '2026-11-26 09:00 ~ 12:00' on one day, else both times in full (in the platform zone). */
export function timeRange(start: string, end: string): string {
  const s = formatPlatform(start, MINUTE_FORMAT);
  const e = formatPlatform(end, MINUTE_FORMAT);
  if (!s) return e;
  if (!e) return s;
  return s.slice(0, 10) === e.slice(0, 10) ? `${s} ~ ${e.slice(11)}` : `${s} ~ ${e}`;
}
