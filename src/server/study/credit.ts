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

export async function reportStudy(ctx: AppContext, user: CurrentUser, resourceId: number, memberOrganPath: string): Promise<StudyAnswer> {
  const resource = await ctx.db
    .selectFrom('resources')
    .select(['id', 'durationSeconds', 'isEnabled'])
    .where('id', '=', resourceId)
    .where('isDeleted', '=', false)
    .executeTakeFirst();
  const totalOf = async () =>
    Number((await ctx.db.selectFrom('studyTotals').select('seconds').where('userId', '=', user.userId).where('resourceId', '=', resourceId).executeTakeFirst())?.seconds ?? 0);
  if (!resource || !resource.isEnabled) return { studyState: STUDY_STATE.refused, message: STUDY_MSG.notFound, credited: 0, period: 0 };
  if (resource.durationSeconds <= 0) return { studyState: STUDY_STATE.refused, message: STUDY_MSG.noPeriod, credited: 0, period: hours(await totalOf()) };

  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    await trx
      .insertInto('studySessions')
      .values({ userId: user.userId, authSessionId: user.sessionId, resourceId, openedAt: now, lastReportAt: null })
      .onConflict((oc) => oc.column('userId').doNothing())
      .execute();
    // the row lock serialises a member's reports: two at once cannot both credit the same interval
    const session = await trx.selectFrom('studySessions').selectAll().where('userId', '=', user.userId).forUpdate().executeTakeFirstOrThrow();
    const lastActivity = session.lastReportAt ?? session.openedAt;
    const answer = async (studyState: number, message: string, credited: number): Promise<StudyAnswer> => {
      const t = await trx.selectFrom('studyTotals').select('seconds').where('userId', '=', user.userId).where('resourceId', '=', resourceId).executeTakeFirst();
      return { studyState, message, credited, period: hours(Number(t?.seconds ?? 0)) };
    };

    if (session.authSessionId !== user.sessionId) {
      if (now.getTime() - lastActivity.getTime() < ACTIVE_WINDOW_S * 1000) return answer(STUDY_STATE.otherDevice, STUDY_MSG.otherDevice, 0);
      // the other device went quiet: this one takes over, and credit counts from now
      await trx.updateTable('studySessions').set({ authSessionId: user.sessionId, resourceId, openedAt: now, lastReportAt: now }).where('userId', '=', user.userId).execute();
      return answer(STUDY_STATE.continue, '', 0);
    }
    if (session.resourceId !== resourceId) {
      await trx.updateTable('studySessions').set({ resourceId, openedAt: now, lastReportAt: now }).where('userId', '=', user.userId).execute();
      return answer(STUDY_STATE.continue, '', 0);
    }

    const elapsed = Math.floor((now.getTime() - lastActivity.getTime()) / 1000);
    let credit = Math.max(0, Math.min(REPORT_INTERVAL_S, elapsed));
    const total = await trx.selectFrom('studyTotals').select(['seconds', 'completed']).where('userId', '=', user.userId).where('resourceId', '=', resourceId).executeTakeFirst();
    const already = Number(total?.seconds ?? 0);
    credit = Math.min(credit, Math.max(0, resource.durationSeconds - already));
    const day = chinaDay(now);
    const today = await trx.selectFrom('studyDays').select(sql<number>`coalesce(sum(seconds), 0)`.as('s')).where('userId', '=', user.userId).where('day', '=', day).executeTakeFirstOrThrow();
    const dayLeft = Math.max(0, ctx.config.studyDailyCapSeconds - Number(today.s));
    const cappedByDay = credit > dayLeft;
    credit = Math.min(credit, dayLeft);

    await trx.updateTable('studySessions').set({ lastReportAt: now }).where('userId', '=', user.userId).execute();
    if (total?.completed) return answer(STUDY_STATE.continue, '', 0);
    if (credit > 0) {
      await trx
        .insertInto('studyDays')
        .values({ userId: user.userId, resourceId, day, seconds: credit, reports: 1 })
        .onConflict((oc) => oc.columns(['userId', 'resourceId', 'day']).doUpdateSet({ seconds: sql`study_days.seconds + ${credit}`, reports: sql`study_days.reports + 1` }))
        .execute();
    }
    const newTotal = already + credit;
    const completed = newTotal >= resource.durationSeconds;
    await trx
      .insertInto('studyTotals')
      .values({ userId: user.userId, resourceId, seconds: newTotal, completed, completedAt: completed ? now : null, firstStudyTime: now, lastStudyTime: now, organPath: memberOrganPath })
      .onConflict((oc) => oc.columns(['userId', 'resourceId']).doUpdateSet({ seconds: newTotal, completed, completedAt: completed ? now : null, lastStudyTime: now }))
      .execute();
    if (completed) return answer(STUDY_STATE.completed, STUDY_MSG.completed, credit);
    if (cappedByDay) return answer(STUDY_STATE.refused, STUDY_MSG.dailyCap, credit);
    return answer(STUDY_STATE.continue, '', credit);
  });
}
