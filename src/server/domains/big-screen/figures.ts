import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { addToDay, calendarDay, zoneMinute } from '../../../contract/platform-time';
import { subtreeRange } from '../../scope';
import type { DashboardFigures } from '../../../contract/big-screen';

/**
 * The big-screen dashboard's figures of one organisation's subtree. Every figure is a
 * query over the subtree's organ_path range (COLLATE "C", served by the path indexes), so a screen of
 * the province costs a few index range scans, not a walk of the tree.
 */

/** The platform periods a screen counts in: today, this month, this quarter — all in PLATFORM_TZ. */
export interface ScreenPeriods {
  /** 'YYYY-MM-DD' */
  day: string;
  /** first day of the month, and of the next month */
  monthFrom: string;
  monthTo: string;
  /** '2026-Q4', its first day and the first day of the next quarter */
  quarter: string;
  quarterFrom: string;
  quarterTo: string;
  /** the platform's wall clock now, 'YYYY-MM-DD HH:mm:ss' (meeting times are stored as such) */
  wallNow: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const firstOf = (y: number, m: number) => (m > 12 ? `${y + 1}-${pad(m - 12)}-01` : `${y}-${pad(m)}-01`);

/** Pure: the periods at an instant in a time zone. */
export function screenPeriods(now: Date, timeZone: string): ScreenPeriods {
  const day = calendarDay(now, timeZone);
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const q = Math.floor((m - 1) / 3) + 1;
  const qm = (q - 1) * 3 + 1;
  return {
    day,
    monthFrom: firstOf(y, m),
    monthTo: firstOf(y, m + 1),
    quarter: `${y}-Q${q}`,
    quarterFrom: firstOf(y, qm),
    quarterTo: firstOf(y, qm + 3),
    wallNow: `${zoneMinute(now, timeZone)}:${pad(now.getUTCSeconds())}`,
  };
}

/** 学时 as the platform shows them: hours with two decimals (seconds of credit / 3600). */
export const toHours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** How many organisations a screen draws at most on its map (a province has 200 000). */
export const MARKER_CAP = 500;
/** How many months the study trend shows (this month and the five before it). */
export const TREND_MONTHS = 6;
/** How many branches the ranking lists. */
export const TOP_BRANCHES = 10;

export type { DashboardFigures } from '../../../contract/big-screen';

/**
 * Counted: members — party members of the subtree in normal standing (status 1, not deleted);
 * organisations — approved, not deleted, the organisation itself included; 学时 — online study
 * credit (study_days.seconds) of those members on the platform day / month; learners — distinct
 * members with credit today; meetings — partyMeeting records of the subtree whose beginTime lies in
 * the platform quarter and has come (held or under way).
 */
export async function dashboardFigures(db: Kysely<DB>, organPath: string, p: ScreenPeriods): Promise<DashboardFigures> {
  const members = subtreeRange('pm.organPath', organPath);
  const organId = Number(organPath.split('/').filter(Boolean).pop());
  const trendFrom = addToDay(p.monthFrom, { months: -(TREND_MONTHS - 1) });
  const [counts, branches, markers, trend] = await Promise.all([
    sql<{ memberCount: string; organCount: string; todaySeconds: string; todayLearners: string; monthSeconds: string; quarterMeetings: string; markerTotal: string }>`
      select
        -- kept per subtree by the member writes (migration 037)
        coalesce((select c.members from organ_member_counts c where c.organ_id = ${organId}), 0) as "memberCount",
        (select count(*) from organizations o where not o.is_deleted and o.audit_status = 1 and ${subtreeRange('o.organPath', organPath)}) as "organCount",
        t.seconds as "todaySeconds", t.learners as "todayLearners",
        (select coalesce(sum(d.seconds), 0) from study_days d join party_members pm on pm.user_id = d.user_id
          where d.day >= ${p.monthFrom} and d.day < ${p.monthTo} and not pm.is_deleted and pm.status = 1 and ${members}) as "monthSeconds",
        (select count(*) from records r where r.entity = 'partyMeeting' and not r.is_deleted and ${subtreeRange('r.organPath', organPath)}
          and r.data->>'beginTime' >= ${p.quarterFrom} and r.data->>'beginTime' < ${p.quarterTo}
          and replace(r.data->>'beginTime', 'T', ' ') <= ${p.wallNow}) as "quarterMeetings",
        (select count(*) from organizations o where not o.is_deleted and o.audit_status = 1 and o.longitude is not null and o.latitude is not null
          and ${subtreeRange('o.organPath', organPath)}) as "markerTotal"
      from (select coalesce(sum(d.seconds), 0) as seconds, count(distinct d.user_id) as learners
        from study_days d join party_members pm on pm.user_id = d.user_id
        where d.day = ${p.day} and not pm.is_deleted and pm.status = 1 and ${members}) t`.execute(db),
    sql<{ organId: number; organName: string; seconds: string; learners: string }>`
      select o.id as "organId", o.organ_name as "organName", s.seconds, s.learners
      from (select pm.organ_id, sum(d.seconds) as seconds, count(distinct d.user_id) as learners
        from study_days d join party_members pm on pm.user_id = d.user_id
        where d.day >= ${p.monthFrom} and d.day < ${p.monthTo} and not pm.is_deleted and pm.status = 1 and ${members}
        group by pm.organ_id) s
      join organizations o on o.id = s.organ_id
      where s.seconds > 0
      order by s.seconds desc, o.id
      limit ${TOP_BRANCHES}`.execute(db),
    db
      .selectFrom('organizations as o')
      .select(['o.id', 'o.organName as name', 'o.longitude', 'o.latitude', 'o.address', 'o.secretaryName', 'o.contactPhone'])
      .where('o.isDeleted', '=', false)
      .where('o.auditStatus', '=', 1)
      .where('o.longitude', 'is not', null)
      .where('o.latitude', 'is not', null)
      .where(subtreeRange('o.organPath', organPath))
      // the upper levels first: a capped province map shows its cities and districts, not one city's branches
      .orderBy('o.organLevel')
      .orderBy('o.id')
      .limit(MARKER_CAP)
      .execute(),
    sql<{ month: string; seconds: string }>`
      select substr(d.day::text, 1, 7) as month, sum(d.seconds) as seconds
      from study_days d join party_members pm on pm.user_id = d.user_id
      where d.day >= ${trendFrom} and d.day < ${p.monthTo} and not pm.is_deleted and pm.status = 1 and ${members}
      group by 1`.execute(db),
  ]);
  const byMonth = new Map(trend.rows.map((r) => [r.month, Number(r.seconds)]));
  const c = counts.rows[0];
  return {
    memberCount: Number(c.memberCount),
    organCount: Number(c.organCount),
    todayHours: toHours(Number(c.todaySeconds)),
    todayLearners: Number(c.todayLearners),
    monthHours: toHours(Number(c.monthSeconds)),
    quarterMeetings: Number(c.quarterMeetings),
    topBranches: branches.rows.map((b) => ({ organId: b.organId, organName: b.organName, hours: toHours(Number(b.seconds)), learners: Number(b.learners) })),
    markers: markers.map((m) => ({ ...m, longitude: Number(m.longitude), latitude: Number(m.latitude) })),
    markerTotal: Number(c.markerTotal),
    monthTrend: Array.from({ length: TREND_MONTHS }, (_, i) => addToDay(trendFrom, { months: i }).slice(0, 7)).map((month) => ({ month, hours: toHours(byMonth.get(month) ?? 0) })),
  };
}
