import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { CurrentUser } from '../../http/auth';
import { platformDay } from '../../platform-day';
import { studyPercent } from '../../../contract/study-progress';
import type { StudyAnswer } from '../../../contract/study';

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

export type { StudyAnswer };

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

/** Where a member may study from: his organisation chain upward, or a subtree he manages. */
export interface StudyScope {
  paths: string[];
  managedLike: string | null;
  memberOrganPath: string;
}

/**
 * One report, one round trip: the database function `study_report` (migration 005) checks the
 * resource is visible, takes the member's session row lock and applies the rules above; this
 * turns its answer into the studyState of core §4.
 */
export async function reportStudy(ctx: AppContext, user: CurrentUser, resourceId: number, scope: StudyScope, claimedSeconds?: number): Promise<StudyAnswer> {
  const now = ctx.now();
  const row = (
    await sql<{ visible: boolean; duration: number; state: string; credit: number; total: number; completedNow: boolean; cappedByDay: boolean }>`
      select * from study_report(${user.userId}, ${user.sessionId}, ${resourceId}, ${now}, ${platformDay(ctx, now)}::date,
        ${scope.paths}::text[], ${scope.managedLike}, ${scope.memberOrganPath},
        ${REPORT_INTERVAL_S}, ${`${ACTIVE_WINDOW_S} seconds`}::interval, ${ctx.config.studyDailyCapSeconds}, ${claimedSeconds ?? null}::int)`.execute(ctx.db)
  ).rows[0];
  const none = { credited: 0, period: 0, seconds: 0, durationSeconds: 0, percent: 0 };
  if (!row.visible) return { studyState: STUDY_STATE.refused, message: STUDY_MSG.notFound, ...none };
  if (row.duration <= 0) return { studyState: STUDY_STATE.refused, message: STUDY_MSG.noPeriod, ...none };
  const total = Number(row.total);
  const answer = (studyState: number, message: string): StudyAnswer => ({
    studyState, message, credited: Number(row.credit), period: hours(total), seconds: total, durationSeconds: row.duration, percent: studyPercent(total, row.duration),
  });
  if (row.state === 'other') return answer(STUDY_STATE.otherDevice, STUDY_MSG.otherDevice);
  if (row.completedNow) return answer(STUDY_STATE.completed, STUDY_MSG.completed);
  if (row.cappedByDay) return answer(STUDY_STATE.refused, STUDY_MSG.dailyCap);
  return answer(STUDY_STATE.continue, '');
}
