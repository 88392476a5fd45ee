import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { CurrentUser } from '../http/auth';

/**
 * Study credit (学时): the server is the authority. A report credits at most the wall-clock time
 * since the member's last accepted report (or since he opened the resource), never more than 60 s;
 * one playing session per member (another device's reports are refused while it is active); credit
 * per resource is capped at its duration and per day at a configurable cap; completion is announced
 * once. Each report is one row lock on the member's session, so simultaneous reports credit once.
 */
export const REPORT_INTERVAL_S = 60;
export const ACTIVE_WINDOW_S = 150;

export const STUDY_STATE = { continue: 1, completed: 2, refused: 3, otherDevice: 4 } as const;
export const STUDY_MSG = {
  completed: '恭喜，本资源学习已完成，学时已记录',
  otherDevice: '您正在其他设备上学习，同一时间只能在一台设备上学习',
  dailyCap: '今日学时已达上限，明天再来学习吧',
  notFound: '资源不存在或已下架',
  noPeriod: '该资源不计学时',
} as const;

export interface StudyAnswer {
  studyState: number;
  message: string;
  credited: number;
  /** the member's credited hours on this resource, two decimals */
  period: number;
}

/** The calendar day in China, where the province is. */
export const chinaDay = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
export const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** Opening a resource starts (or keeps) the member's playing session, unless another device is active. */
export async function openStudySession(ctx: AppContext, user: CurrentUser, resourceId: number) {
  const now = ctx.now();
  const cur = await ctx.db.selectFrom('studySessions').selectAll().where('userId', '=', user.userId).executeTakeFirst();
  const activeElsewhere = cur && cur.authSessionId !== user.sessionId && now.getTime() - (cur.lastReportAt ?? cur.openedAt).getTime() < ACTIVE_WINDOW_S * 1000;
  if (activeElsewhere) return;
  await ctx.db
    .insertInto('studySessions')
    .values({ userId: user.userId, authSessionId: user.sessionId, resourceId, openedAt: now, lastReportAt: null })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ authSessionId: user.sessionId, resourceId, openedAt: now, lastReportAt: null }))
    .execute();
}

/** The resource a report is for, already checked visible to the member by the caller. */
export interface StudiedResource {
  id: number;
  durationSeconds: number;
}

/**
 * One statement does it all, so a report costs one round trip. The session upsert always updates:
 * it takes the member's row lock and its SET clause sees the latest committed version (a report
 * that waited for another reads that one's last_report_at), so two simultaneous reports cannot
 * credit the same interval. `prev` keeps the activity time the credit is measured from; `state`
 * says what the row decided: 'other' (another device is playing), 'start' (credit counts from
 * now: first report, new device or another resource), 'go'. The per-resource cap is applied on the
 * latest totals row by its own upsert; the daily cap reads the day's sum, which can only be stale
 * when a simultaneous report of the same member committed, and that one leaves nothing to credit.
 */
export async function reportStudy(ctx: AppContext, user: CurrentUser, resource: StudiedResource, memberOrganPath: string): Promise<StudyAnswer> {
  if (resource.durationSeconds <= 0) return { studyState: STUDY_STATE.refused, message: STUDY_MSG.noPeriod, credited: 0, period: 0 };
  const now = ctx.now();
  const day = chinaDay(now);
  const window = `${ACTIVE_WINDOW_S} seconds`;
  const row = (
    await sql<{ state: string; credit: number; total: number; completedNow: boolean; wasCompleted: boolean; cappedByDay: boolean }>`
      with s as (
        insert into study_sessions as ss (user_id, auth_session_id, resource_id, opened_at, last_report_at, prev_activity, state)
        values (${user.userId}, ${user.sessionId}, ${resource.id}, ${now}, ${now}, ${now}, 'start')
        on conflict (user_id) do update set
          state = case
            when ss.auth_session_id <> excluded.auth_session_id and ${now}::timestamptz - coalesce(ss.last_report_at, ss.opened_at) < ${window}::interval then 'other'
            when ss.auth_session_id <> excluded.auth_session_id or ss.resource_id <> excluded.resource_id then 'start'
            else 'go' end,
          prev_activity = coalesce(ss.last_report_at, ss.opened_at),
          auth_session_id = case when ss.auth_session_id <> excluded.auth_session_id and ${now}::timestamptz - coalesce(ss.last_report_at, ss.opened_at) < ${window}::interval then ss.auth_session_id else excluded.auth_session_id end,
          resource_id = case when ss.auth_session_id <> excluded.auth_session_id and ${now}::timestamptz - coalesce(ss.last_report_at, ss.opened_at) < ${window}::interval then ss.resource_id else excluded.resource_id end,
          opened_at = case when ss.auth_session_id <> excluded.auth_session_id or ss.resource_id <> excluded.resource_id then excluded.opened_at else ss.opened_at end,
          last_report_at = case when ss.auth_session_id <> excluded.auth_session_id and ${now}::timestamptz - coalesce(ss.last_report_at, ss.opened_at) < ${window}::interval then ss.last_report_at else excluded.last_report_at end
        returning state, prev_activity
      ),
      cur as (
        select t.seconds as already, coalesce(t.completed, false) as was_completed,
          (select coalesce(sum(d.seconds), 0) from study_days d where d.user_id = ${user.userId} and d.day = ${day}) as today
        from (select 1) one left join study_totals t on t.user_id = ${user.userId} and t.resource_id = ${resource.id}
      ),
      c as (
        select s.state, cur.was_completed,
          case when s.state = 'go' and not cur.was_completed then
            least(
              greatest(0, least(${REPORT_INTERVAL_S}, floor(extract(epoch from (${now}::timestamptz - s.prev_activity)))::int)),
              greatest(0, ${resource.durationSeconds} - coalesce(cur.already, 0)),
              greatest(0, ${ctx.config.studyDailyCapSeconds} - cur.today::int))
          else 0 end as credit,
          case when s.state = 'go' and not cur.was_completed then
            least(greatest(0, least(${REPORT_INTERVAL_S}, floor(extract(epoch from (${now}::timestamptz - s.prev_activity)))::int)), greatest(0, ${resource.durationSeconds} - coalesce(cur.already, 0)))
              > greatest(0, ${ctx.config.studyDailyCapSeconds} - cur.today::int)
          else false end as capped_by_day,
          coalesce(cur.already, 0) as already
        from s, cur
      ),
      d as (
        insert into study_days (user_id, resource_id, day, seconds, reports)
        select ${user.userId}, ${resource.id}, ${day}, c.credit, 1 from c where c.credit > 0
        on conflict (user_id, resource_id, day) do update set seconds = study_days.seconds + excluded.seconds, reports = study_days.reports + 1
        returning 1
      ),
      t as (
        insert into study_totals as tt (user_id, resource_id, seconds, completed, completed_at, first_study_time, last_study_time, organ_path)
        select ${user.userId}, ${resource.id}, c.credit, c.credit >= ${resource.durationSeconds}, case when c.credit >= ${resource.durationSeconds} then ${now}::timestamptz end, ${now}, ${now}, ${memberOrganPath}
        from c where c.credit > 0
        on conflict (user_id, resource_id) do update set
          seconds = least(${resource.durationSeconds}, tt.seconds + excluded.seconds),
          completed = tt.seconds + excluded.seconds >= ${resource.durationSeconds},
          completed_at = case when tt.seconds + excluded.seconds >= ${resource.durationSeconds} then ${now}::timestamptz else tt.completed_at end,
          last_study_time = excluded.last_study_time
        returning seconds, completed
      )
      select c.state, c.credit, c.was_completed, c.capped_by_day,
        coalesce((select seconds from t), c.already) as total,
        coalesce((select completed from t), false) and not c.was_completed as completed_now
      from c`.execute(ctx.db)
  ).rows[0];
  const answer = (studyState: number, message: string): StudyAnswer => ({ studyState, message, credited: Number(row.credit), period: hours(Number(row.total)) });
  if (row.state === 'other') return answer(STUDY_STATE.otherDevice, STUDY_MSG.otherDevice);
  if (row.completedNow) return answer(STUDY_STATE.completed, STUDY_MSG.completed);
  if (row.cappedByDay) return answer(STUDY_STATE.refused, STUDY_MSG.dailyCap);
  return answer(STUDY_STATE.continue, '');
}
