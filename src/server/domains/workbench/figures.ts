import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { addToDay, zoneMinute } from '../../../contract/platform-time';
import { platformDay, platformInstant } from '../../platform-day';
import { subtreeRange } from '../../scope';
import type { WorkbenchDto } from '../../../contract/workbench';

/** 学时 as the platform shows them: hours with two decimals. */
const toHours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/**
 * The 工作台's figures of one subtree: each a query over the organ_path range (COLLATE "C", served by
 * the path indexes), run together. The study trend sums study_days of the last 12 months — a range
 * scan of the day index per member of the subtree; docs/BENCHMARKS.md has its cost at the demo scale.
 */
export async function workbenchFigures(ctx: AppContext, organPath: string) {
  const { db } = ctx;
  const day = platformDay(ctx);
  const yearFrom = `${day.slice(0, 4)}-01-01`;
  const trendFrom = addToDay(`${day.slice(0, 7)}-01`, { months: -11 });
  const nextDay = addToDay(day, { days: 1 });
  const now = ctx.now();
  const dayStart = platformInstant(ctx, day)!;
  const dayEnd = platformInstant(ctx, day, { endOfDay: true })!;
  const members = subtreeRange('pm.organPath', organPath);
  const [counts, trend, meetings, exams] = await Promise.all([
    sql<{ memberCount: string; organCount: string; yearLearners: string; openExams: string }>`
      select
        (select count(*) from party_members pm where not pm.is_deleted and pm.status = 1 and ${members}) as "memberCount",
        (select count(*) from organizations o where not o.is_deleted and o.audit_status = 1 and ${subtreeRange('o.organPath', organPath)}) as "organCount",
        (select count(distinct d.user_id) from study_days d join party_members pm on pm.user_id = d.user_id
          where d.day >= ${yearFrom} and d.day <= ${day} and not pm.is_deleted and pm.status = 1 and ${members}) as "yearLearners",
        (select count(*) from exam_papers p where not p.is_deleted and p.begin_time <= ${now} and p.end_time >= ${now} and ${subtreeRange('p.organPath', organPath)}) as "openExams"`.execute(db),
    sql<{ month: string; seconds: string }>`
      select substr(d.day::text, 1, 7) as month, sum(d.seconds) as seconds
      from study_days d join party_members pm on pm.user_id = d.user_id
      where d.day >= ${trendFrom} and d.day <= ${day} and not pm.is_deleted and pm.status = 1 and ${members}
      group by 1`.execute(db),
    db
      .selectFrom('records as r')
      .innerJoin('organizations as o', 'o.id', 'r.organId')
      .select(['r.id', sql<string>`r.data->>'title'`.as('title'), sql<string>`r.data->>'beginTime'`.as('beginTime'), 'o.organName'])
      .where('r.entity', '=', 'partyMeeting')
      .where('r.isDeleted', '=', false)
      .where(subtreeRange('r.organPath', organPath))
      // wall-clock times of the platform day ('YYYY-MM-DD HH:mm' or with a T)
      .where(sql<string>`r.data->>'beginTime'`, '>=', day)
      .where(sql<string>`r.data->>'beginTime'`, '<', nextDay)
      .orderBy(sql`r.data->>'beginTime'`)
      .limit(10)
      .execute(),
    db
      .selectFrom('examPapers as p')
      .select(['p.id', 'p.paperName', 'p.beginTime', 'p.endTime'])
      .where('p.isDeleted', '=', false)
      .where(subtreeRange('p.organPath', organPath))
      .where('p.beginTime', '<=', dayEnd)
      .where('p.endTime', '>=', dayStart)
      .orderBy('p.beginTime')
      .limit(10)
      .execute(),
  ]);
  const c = counts.rows[0];
  const byMonth = new Map(trend.rows.map((r) => [r.month, Number(r.seconds)]));
  const studyTrend = Array.from({ length: 12 }, (_, i) => addToDay(trendFrom, { months: i }).slice(0, 7)).map((month) => ({ month, hours: toHours(byMonth.get(month) ?? 0) }));
  const tz = ctx.config.platformTz;
  return {
    figures: { memberCount: Number(c.memberCount), organCount: Number(c.organCount), yearLearners: Number(c.yearLearners), openExams: Number(c.openExams) },
    studyTrend,
    todayMeetings: meetings.map((m) => ({ id: m.id, title: m.title ?? '', beginTime: String(m.beginTime ?? '').replace('T', ' ').slice(0, 16), organName: m.organName })),
    todayExams: exams.map((e) => ({ id: e.id, paperName: e.paperName, beginTime: zoneMinute(new Date(e.beginTime), tz), endTime: zoneMinute(new Date(e.endTime), tz) })),
  } satisfies Omit<WorkbenchDto, 'organId' | 'organName' | 'day' | 'pending' | 'figures'> & { figures: Partial<WorkbenchDto['figures']> };
}
