import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Call } from '../../http/actions';
import { studyPercent } from '../../../contract/study-progress';
import { hours } from '../study';
import type { TopicRow } from './topics';
import type { SpecialCard } from '../../../contract/training';

/** What members have studied of topics: the resources of each topic, counts and per-member progress. */

/** The playable resources of topics (enabled, not deleted), per topic. */
export async function topicResources(db: Database, topicIds: number[]) {
  const out = new Map<number, { resourceId: number; duration: number }[]>();
  if (!topicIds.length) return out;
  const rows = await db
    .selectFrom('trainClassCourses as c')
    .innerJoin('trainClassCourseResources as cr', 'cr.courseId', 'c.id')
    .innerJoin('resources as r', 'r.id', 'cr.resourceId')
    .select(['c.trainClassId', 'r.id as resourceId', 'r.durationSeconds'])
    .where('c.trainClassId', 'in', topicIds)
    .where('c.isDeleted', '=', false)
    .where('r.isDeleted', '=', false)
    .where('r.isEnabled', '=', true)
    .execute();
  for (const id of topicIds) out.set(id, []);
  for (const r of rows) {
    const list = out.get(r.trainClassId)!;
    // a resource in two courses of one topic counts once
    if (!list.some((x) => x.resourceId === r.resourceId)) list.push({ resourceId: r.resourceId, duration: r.durationSeconds });
  }
  return out;
}

/** Per topic: course, resource and exam counts (administrators' list). */
export async function topicCounts(db: Database, ids: number[]) {
  const out = new Map<number, { courseCount: number; resourceCount: number; examCount: number }>();
  if (!ids.length) return out;
  for (const id of ids) out.set(id, { courseCount: 0, resourceCount: 0, examCount: 0 });
  const courses = await db.selectFrom('trainClassCourses').select(['trainClassId', sql<number>`count(*)::int`.as('n')]).where('trainClassId', 'in', ids).where('isDeleted', '=', false).groupBy('trainClassId').execute();
  for (const r of courses) out.get(r.trainClassId)!.courseCount = Number(r.n);
  const res = await topicResources(db, ids);
  for (const [id, list] of res) out.get(id)!.resourceCount = list.length;
  const exams = await db.selectFrom('examPapers').select(['trainClassId', sql<number>`count(*)::int`.as('n')]).where('trainClassId', 'in', ids).where('isDeleted', '=', false).groupBy('trainClassId').execute();
  for (const r of exams) out.get(r.trainClassId!)!.examCount = Number(r.n);
  return out;
}

/** A member's study of each topic: credited seconds over its resources (study_totals, capped at each duration), completed resources. */
export async function memberProgress(db: Database, userId: number, topicIds: number[]) {
  const res = await topicResources(db, topicIds);
  const all = [...new Set([...res.values()].flat().map((r) => r.resourceId))];
  const totals = all.length
    ? await db.selectFrom('studyTotals').select(['resourceId', 'seconds', 'completed']).where('userId', '=', userId).where('resourceId', 'in', all).execute()
    : [];
  const byRes = new Map(totals.map((t) => [t.resourceId, t]));
  const out = new Map<number, { resourceCount: number; finishedCount: number; seconds: number; durationSeconds: number; period: number; totalPeriod: number; percent: number }>();
  for (const id of topicIds) {
    const list = res.get(id) ?? [];
    let seconds = 0;
    let duration = 0;
    let finished = 0;
    for (const r of list) {
      const t = byRes.get(r.resourceId);
      duration += r.duration;
      seconds += Math.min(Number(t?.seconds ?? 0), r.duration);
      if (t?.completed) finished += 1;
    }
    out.set(id, { resourceCount: list.length, finishedCount: finished, seconds, durationSeconds: duration, period: hours(seconds), totalPeriod: hours(duration), percent: studyPercent(seconds, duration) });
  }
  return out;
}

/** Members' cards: the reference client's names (id, name, coverPhoto, resourceCount) plus the member's progress. */
export async function memberCards(call: Call<unknown>, rows: TopicRow[]): Promise<SpecialCard[]> {
  const progress = await memberProgress(call.ctx.db, call.user.userId, rows.map((r) => r.id));
  return rows.map(({ organPath: _p, introduction: _i, ...r }) => ({ ...r, ...progress.get(r.id)! }));
}
