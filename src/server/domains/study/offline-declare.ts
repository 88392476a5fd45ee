import { sql } from 'kysely';
import { invalid } from '../../http/errors';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import { isCalendarDay, isFutureDay } from '../../../contract/platform-time';
import { entityFile } from '../../records/entity-input';
import { currentYear } from './examination';

// How a 线下学时 declaration is made — by the member (OfflinePeriodService/CreateOfflineReport) or
// recorded for him by an administrator (the import, offline-import.ts): one set of day rules and one
// insert, so that an imported row is held to what the member's own form is.

/** The declaration's title is required: schemas/offline-report.json's message, also for a blank one. */
const titleRequired = () => entityFile('offlineReport').schema.properties.title['x-required-message'] as string;

/** A day holds 24 hours: what one member declares for one platform day, pending and approved together, never exceeds it. */
const DAY_HUNDREDTHS = 24 * 100;
const hoursText = (hundredths: number) => String(hundredths / 100);
const dateInvalid = (message: string) => invalid([{ message, members: ['studyDate'] }]);

/**
 * A day one may declare: within the current assessment year (学时考核 counts a calendar year of the
 * platform zone, `currentYear`; hours of an earlier year can no longer count) and not before the
 * member joined the party (入党日期 on his roster record, when known).
 */
async function checkDeclarableDay(ctx: AppContext, userId: number, day: string, whose = '您') {
  const yearStart = `${currentYear(ctx)}-01-01`;
  if (day < yearStart) throw dateInvalid(`学习日期不能早于本考核年度的开始（${yearStart}），往年的学时不能再申报`);
  const m = await ctx.db
    .selectFrom('partyMembers')
    .select(sql<string | null>`party_member->>'joinPartyDate'`.as('joinPartyDate'))
    .where('userId', '=', userId)
    .where('isDeleted', '=', false)
    .executeTakeFirst();
  const joined = m?.joinPartyDate?.slice(0, 10);
  if (joined && isCalendarDay(joined) && day < joined) throw dateInvalid(`学习日期不能早于${whose}的入党日期（${joined}）`);
}

/** Inside the declaring transaction, under the member's lock: the day's pending and approved hours plus these stay within 24. */
async function checkDayTotal(trx: Database, userId: number, day: string, hundredths: number) {
  const r = await trx
    .selectFrom('offlineReports')
    .select(sql<number>`coalesce(sum(round(hours * 100)), 0)::int`.as('taken'))
    .where('userId', '=', userId)
    .where('studyDate', '=', day)
    .where('status', 'in', [0, 1])
    .where('isDeleted', '=', false)
    .executeTakeFirstOrThrow();
  const left = DAY_HUNDREDTHS - Number(r.taken);
  if (hundredths <= left) return;
  throw invalid([
    {
      message: left > 0
        ? `${day}已申报${hoursText(Number(r.taken))}小时（含待审核），当日最多还能申报${hoursText(left)}小时：一天的申报合计不能超过24小时`
        : `${day}已申报满24小时（含待审核），不能再申报`,
      members: ['hours'],
    },
  ]);
}

/** What a declaration says: the member's form, or a row of the administrators' import. */
export type Declaration = { title: string; studyDate: string; hours: number; content?: string | null; evidence?: { id: string; name: string }[] };

/**
 * The one way a declaration is made, by the member (CreateOfflineReport) or recorded for him by an
 * administrator (the import, `recorderUserId`): the day's rules, then — under the member's lock —
 * the day's 24 hours, then the pending declaration. Throws the Chinese refusal.
 */
export async function declareOffline(ctx: AppContext, member: { userId: number; organId: number; organPath: string }, input: Declaration, recorder?: { userId: number; organId: number; remark: string }) {
  const whose = recorder ? '该党员' : '您';
  if (!input.title.trim()) throw invalid([{ message: titleRequired(), members: ['title'] }]);
  if (!isCalendarDay(input.studyDate)) throw invalid([{ message: '学习日期格式不正确', members: ['studyDate'] }]);
  if (isFutureDay(input.studyDate, ctx.now(), ctx.config.platformTz)) throw invalid([{ message: '学习日期不能晚于今天', members: ['studyDate'] }]);
  await checkDeclarableDay(ctx, member.userId, input.studyDate, whose);
  const hundredths = Math.round(input.hours * 100);
  return ctx.db.transaction().execute(async (trx) => {
    // one member's declarations one at a time: two sent together cannot both fit under the day's 24 hours
    await sql`select pg_advisory_xact_lock(hashtext('offline_report_day'), ${member.userId}::int)`.execute(trx);
    await checkDayTotal(trx, member.userId, input.studyDate, hundredths);
    const row = await trx
      .insertInto('offlineReports')
      .values({ userId: member.userId, organId: member.organId, organPath: member.organPath, title: input.title.trim(), studyDate: input.studyDate, hours: hundredths / 100, content: input.content ?? null, evidence: JSON.stringify(input.evidence ?? []), recorderUserId: recorder?.userId ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (recorder) await trx.insertInto('workflowHistory').values({ subjectType: 'offlineReport', subjectId: row.id, transition: 'record', fromState: null, toState: 0, actorUserId: recorder.userId, actorOrganId: recorder.organId, remark: recorder.remark, creationTime: ctx.now() }).execute();
    return row.id;
  });
}
