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

export async function reportStudy(ctx: AppContext, user: CurrentUser, resource: StudiedResource, memberOrganPath: string): Promise<StudyAnswer> {
  const resourceId = resource.id;
  if (resource.durationSeconds <= 0) return { studyState: STUDY_STATE.refused, message: STUDY_MSG.noPeriod, credited: 0, period: 0 };

  // Three statements in one transaction: lock the member's session, read his totals, write.
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const day = chinaDay(now);
    // an upsert that always updates: it returns the row and holds its lock until commit, so two
    // reports of one member are serialised and the second sees the first's last_report_at
    const session = (
      await sql<{ authSessionId: string; resourceId: number; openedAt: Date; lastReportAt: Date | null }>`
        insert into study_sessions (user_id, auth_session_id, resource_id, opened_at, last_report_at)
        values (${user.userId}, ${user.sessionId}, ${resourceId}, ${now}, null)
        on conflict (user_id) do update set user_id = excluded.user_id
        returning auth_session_id, resource_id, opened_at, last_report_at`.execute(trx)
    ).rows[0];
    const totals = (
      await sql<{ seconds: number | null; completed: boolean | null; today: number }>`
        select t.seconds, t.completed,
          (select coalesce(sum(d.seconds), 0) from study_days d where d.user_id = ${user.userId} and d.day = ${day}) as today
        from (select 1) one left join study_totals t on t.user_id = ${user.userId} and t.resource_id = ${resourceId}`.execute(trx)
    ).rows[0];
    const already = Number(totals.seconds ?? 0);
    const answer = (studyState: number, message: string, credited: number, total = already): StudyAnswer => ({ studyState, message, credited, period: hours(total) });
    const restart = (authSessionId: string) =>
      sql`update study_sessions set auth_session_id = ${authSessionId}, resource_id = ${resourceId}, opened_at = ${now}, last_report_at = ${now} where user_id = ${user.userId}`.execute(trx);

    const lastActivity = new Date(session.lastReportAt ?? session.openedAt);
    if (session.authSessionId !== user.sessionId) {
      if (now.getTime() - lastActivity.getTime() < ACTIVE_WINDOW_S * 1000) return answer(STUDY_STATE.otherDevice, STUDY_MSG.otherDevice, 0);
      // the other device went quiet: this one takes over, and credit counts from now
      await restart(user.sessionId);
      return answer(STUDY_STATE.continue, '', 0);
    }
    if (Number(session.resourceId) !== resourceId) {
      await restart(user.sessionId);
      return answer(STUDY_STATE.continue, '', 0);
    }
    if (totals.completed) {
      await sql`update study_sessions set last_report_at = ${now} where user_id = ${user.userId}`.execute(trx);
      return answer(STUDY_STATE.continue, '', 0);
    }

    const elapsed = Math.floor((now.getTime() - lastActivity.getTime()) / 1000);
    const byTime = Math.max(0, Math.min(REPORT_INTERVAL_S, elapsed));
    const byResource = Math.min(byTime, Math.max(0, resource.durationSeconds - already));
    const dayLeft = Math.max(0, ctx.config.studyDailyCapSeconds - Number(totals.today));
    const credit = Math.min(byResource, dayLeft);
    const total = already + credit;
    const completed = total >= resource.durationSeconds;
    await sql`
      with s as (update study_sessions set last_report_at = ${now} where user_id = ${user.userId} returning 1),
      d as (
        insert into study_days (user_id, resource_id, day, seconds, reports)
        select ${user.userId}, ${resourceId}, ${day}, ${credit}, 1 where ${credit} > 0
        on conflict (user_id, resource_id, day) do update set seconds = study_days.seconds + excluded.seconds, reports = study_days.reports + 1
        returning 1)
      insert into study_totals (user_id, resource_id, seconds, completed, completed_at, first_study_time, last_study_time, organ_path)
      values (${user.userId}, ${resourceId}, ${total}, ${completed}, ${completed ? now : null}, ${now}, ${now}, ${memberOrganPath})
      on conflict (user_id, resource_id) do update set seconds = excluded.seconds, completed = excluded.completed,
        completed_at = excluded.completed_at, last_study_time = excluded.last_study_time`.execute(trx);
    if (completed) return answer(STUDY_STATE.completed, STUDY_MSG.completed, credit, total);
    if (byResource > dayLeft) return answer(STUDY_STATE.refused, STUDY_MSG.dailyCap, credit, total);
    return answer(STUDY_STATE.continue, '', credit, total);
  });
}
