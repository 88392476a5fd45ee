import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { JobDef } from '../../jobs/runner';
import { platformDay } from '../../platform-day';
import { instantOf, zoneMinute } from '../../../contract/platform-time';
import { MESSAGE_SOURCE, sendSiteMessageToQuery } from '../../services/site-message';
import { assignedMembers } from './papers';

/**
 * Exams a member sees coming: a site message (考试通知) to the members a paper is assigned to when
 * it is published, and another on the day it opens (the platform day). Both run on the shared job
 * queue; each notice is recorded with its message in one transaction (exam_paper_notices, one row
 * per paper, kind and day), so it goes out once whatever the number of processes or retries.
 */
export const NOTICE_KIND = { published: 1, opensToday: 2 } as const;
export const EXAM_NOTICE_JOB = { published: 'exam.notice-published', opensToday: 'exam.notice-opens-today' } as const;
/** how often the opening-day sweep looks for papers opening today */
export const OPENS_TODAY_EVERY_MS = 10 * 60_000;
/** EnumMessageType 7 考试通知 */
const EXAM_MESSAGE_TYPE = '7';
/** where a member opens the paper (member-routes.txt: 我的考试 lives under a topic's path) */
export const MY_EXAM_ROUTE = '/partyMember/iStudy/subject/info/exam';

type Paper = { id: number; paperName: string; beginTime: Date; endTime: Date; testTime: number; organId: number; creationTime: unknown };

const paperRow = (db: Database) =>
  db
    .selectFrom('examPapers as p')
    .innerJoin('organizations as o', 'o.id', 'p.organId')
    .select(['p.id', 'p.paperName', 'p.beginTime', 'p.endTime', 'p.testTime', 'p.organId', 'p.creationTime', 'o.organName'])
    .where('p.isDeleted', '=', false);

/** The wording of a notice, times on the platform clock. */
export function noticeText(p: Paper, tz: string, opensToday: boolean) {
  const begin = zoneMinute(p.beginTime, tz);
  const end = zoneMinute(p.endTime, tz);
  if (opensToday) {
    return {
      title: `考试提醒：《${p.paperName}》今天开考`,
      content: `您参加的考试《${p.paperName}》今天${begin.slice(11)}开考，${end}截止，考试时长${p.testTime}分钟，请按时参加。`,
    };
  }
  return {
    title: `考试通知：《${p.paperName}》已发布`,
    content: `您有一场新的考试《${p.paperName}》，考试时间${begin}至${end}，考试时长${p.testTime}分钟，请按时参加。`,
  };
}

/**
 * Records the notice and sends it to the paper's members, in one transaction; nothing when it was
 * sent already (another process, an earlier attempt). Returns the receivers, or null when not sent.
 */
async function send(ctx: AppContext, p: Paper & { organName: string }, kinds: { kind: number; day: string }[], opensToday: boolean): Promise<number | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('examPaperNotices')
      .values(kinds.map((k) => ({ paperId: p.id, ...k })))
      .onConflict((oc) => oc.doNothing())
      .returning('kind')
      .execute();
    if (!recorded.some((r) => r.kind === kinds[0].kind)) return null;
    // a province's paper reaches a province's members: inserted from the query, not listed
    const receivers = await sendSiteMessageToQuery(
      trx,
      {
        ...noticeText(p, ctx.config.platformTz, opensToday),
        messageType: EXAM_MESSAGE_TYPE,
        senderOrganId: p.organId,
        organName: p.organName,
        source: MESSAGE_SOURCE.member,
        linkUrl: `${MY_EXAM_ROUTE}?paperId=${p.id}`,
      },
      (await assignedMembers(trx, p.id)).select('m.userId'),
    );
    for (const k of kinds) await trx.updateTable('examPaperNotices').set({ receivers }).where('paperId', '=', p.id).where('kind', '=', k.kind).where('day', '=', k.day).execute();
    return receivers;
  });
}

/** The day's bounds on the platform clock. */
function todayBounds(ctx: AppContext) {
  const day = platformDay(ctx);
  return { day, start: instantOf(day, ctx.config.platformTz)!, end: instantOf(day, ctx.config.platformTz, { endOfDay: true })! };
}

/**
 * 已发布: the paper's members learn of it, once (its row's day is the day it was created); published
 * on its opening day, this is also that day's notice.
 */
export async function noticePublished(ctx: AppContext, paperId: number) {
  const p = await paperRow(ctx.db).where('p.id', '=', paperId).executeTakeFirst();
  if (!p || p.endTime < ctx.now()) return null;
  const { day, start, end } = todayBounds(ctx);
  const opensToday = p.beginTime >= start && p.beginTime < end;
  const published = { kind: NOTICE_KIND.published, day: platformDay(ctx, new Date(p.creationTime as unknown as Date)) };
  return send(ctx, p, opensToday ? [published, { kind: NOTICE_KIND.opensToday, day }] : [published], opensToday);
}

/** 今天开考: every paper opening today, not yet ended, whose members have not had today's notice. */
export async function noticeOpensToday(ctx: AppContext) {
  const { day, start, end } = todayBounds(ctx);
  const due = await paperRow(ctx.db)
    .where('p.beginTime', '>=', start)
    .where('p.beginTime', '<', end)
    .where('p.endTime', '>', ctx.now())
    .where((eb) => eb.not(eb.exists(eb.selectFrom('examPaperNotices as n').select('n.paperId').whereRef('n.paperId', '=', 'p.id').where('n.kind', '=', NOTICE_KIND.opensToday).where('n.day', '=', sql<string>`${day}::date`))))
    .orderBy('p.id')
    .execute();
  let sent = 0;
  for (const p of due) if ((await send(ctx, p, [{ kind: NOTICE_KIND.opensToday, day }], true)) != null) sent++;
  return sent;
}

export const examNoticeJobs = (ctx: AppContext): JobDef<any>[] => [
  { kind: EXAM_NOTICE_JOB.published, run: async ({ paperId }: { paperId: number }) => void (await noticePublished(ctx, paperId)) },
  { kind: EXAM_NOTICE_JOB.opensToday, everyMs: OPENS_TODAY_EVERY_MS, run: async () => void (await noticeOpensToday(ctx)) },
];
