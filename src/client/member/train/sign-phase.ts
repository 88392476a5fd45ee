import { SIGN_OPEN_BEFORE_MS } from '../../api/train-courses';
import type { ClassCourse } from '../../../contract/training';

/** When sign-in opens: 30 minutes before the start (an ISO instant, shown in the platform zone). */
export const signOpensAt = (startTime: string) => new Date(new Date(startTime).getTime() - SIGN_OPEN_BEFORE_MS).toISOString();

/** Where the course stands for sign-in, by the instants the server sent (zone-free comparisons). */
export function signPhase(c: Pick<ClassCourse, 'startTime' | 'endTime'>, now: number): 'before' | 'open' | 'after' | 'none' {
  if (!c.startTime || !c.endTime) return 'none';
  const from = new Date(c.startTime).getTime() - SIGN_OPEN_BEFORE_MS;
  const to = new Date(c.endTime).getTime();
  return now < from ? 'before' : now > to ? 'after' : 'open';
}
