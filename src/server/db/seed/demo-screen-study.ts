import { calendarDay, instantOf } from '../../../contract/platform-time';
import { DEMO_ACCOUNTS, WENJIANG_BRANCH } from './accounts';
import type { MemberSeed } from './members';
import type { OrgSeed } from './organisations';
import { insertChunked, type Db } from './util';

export interface BigScreenSeedInput {
  orgs: OrgSeed[];
  members: MemberSeed[];
  userIds: number[];
  now: Date;
  timeZone: string;
}

/**
 * The big-screen dashboard's demo figures (the screen and its code are demo-big-screen.ts): this month's online
 * study of every third generated member of the province — complete plays of one or two demo
 * resources, some today — so 今日学时 and the branch ranking are not empty on `npm start`. Left out:
 * the named accounts and the 凤凰社区 branch, whose study other tests and pages start from nothing.
 * Deterministic: members in seed order, resources and days by index.
 */
export async function seedScreenStudy(db: Db, input: BigScreenSeedInput) {
  // documents only: the study tests follow one member's rows of the first video and audio
  const resources = await db.selectFrom('resources').select(['id', 'durationSeconds']).where('isDeleted', '=', false).where('resourceType', '=', 4).orderBy('id').execute();
  if (!resources.length) return;
  const today = calendarDay(input.now, input.timeZone);
  const dayOfMonth = Number(today.slice(8, 10));
  const days: Record<string, unknown>[] = [];
  const totals: Record<string, unknown>[] = [];
  input.members.forEach((m, i) => {
    const userId = input.userIds[i];
    if (i < DEMO_ACCOUNTS.length || !userId || m.org.organName === WENJIANG_BRANCH || i % 3 !== 0) return;
    const k = Math.floor(i / 3);
    // half of them today, the others on an earlier day of this month (today in a month's first days)
    const day = k % 2 === 0 ? today : `${today.slice(0, 8)}${String(1 + (k % dayOfMonth)).padStart(2, '0')}`;
    const at = instantOf(`${day} 10:00`, input.timeZone) ?? input.now;
    const when = at.getTime() > input.now.getTime() ? input.now : at;
    for (let j = 0; j < 1 + (k % 2); j++) {
      const r = resources[(k + j * 3) % resources.length];
      days.push({ userId, resourceId: r.id, day, seconds: r.durationSeconds, reports: Math.max(1, Math.ceil(r.durationSeconds / 60)) });
      totals.push({ userId, resourceId: r.id, seconds: r.durationSeconds, completed: true, completedAt: when.toISOString(), firstStudyTime: when.toISOString(), lastStudyTime: when.toISOString(), organPath: m.org.organPath });
    }
  });
  await insertChunked(db, 'studyDays', days);
  await insertChunked(db, 'studyTotals', totals);
}
