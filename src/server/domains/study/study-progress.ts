import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { JobDef } from '../../jobs/runner';
import { ASSESS_TYPE, yearOfDay } from '../../../contract/assessment';
import { platformDay } from '../../platform-day';
import { memberProgress, organProgress, progressOf } from './organ-progress';

/**
 * The province's and its cities' progress against their targets, kept in `organ_study_progress`
 * (migration 044) by the periodic job `study.progress` (every STUDY_PROGRESS_SECONDS, once across
 * all processes) for the platform's current and previous year, and at once after a rule is set
 * (`study.progress-now`). A subtree that wide reads one row; a district and below are computed at
 * each call (tens of milliseconds). Why a job and not triggers: domains/study/README.md.
 */
export const PROGRESS_JOB = 'study.progress';
export const PROGRESS_NOW_JOB = 'study.progress-now';

/** The province and its cities: paths of one or two organisations. */
export const isWide = (organPath: string) => organPath.split('/').filter(Boolean).length <= 2;

/** Rewrites a year's rows: each root organisation and its children, from one pass over the root's members. */
export async function refreshProgress(ctx: AppContext, year: number): Promise<void> {
  const roots = await ctx.db.selectFrom('organizations').select(['id', 'organPath']).where('parentId', 'is', null).where('isDeleted', '=', false).execute();
  const now = ctx.now();
  const rows: { year: number; organId: number; members: number; ruled: number; passed: number; seconds: string; refreshedAt: Date }[] = [];
  for (const root of roots) {
    // the rules are read inside memberProgress; one scan, grouped by the child the member lies under and in all
    const counted = await sql<{ child: string | null; members: string; ruled: string; passed: string; seconds: string }>`
      ${await memberProgress(ctx, root.organPath, year)}
      select child, count(*) as members,
        count(*) filter (where ruled = 1) as ruled,
        count(*) filter (where ruled = 1 and on_s >= need_on and off_s >= need_off) as passed,
        coalesce(sum(on_s + off_s), 0) as seconds, grouping(child) as g
      from (select split_part(substr(organ_path, ${root.organPath.length + 1}), '/', 1) as child, ruled, on_s, off_s, need_on, need_off from m) t
      group by grouping sets ((child), ())`.execute(ctx.db);
    for (const r of counted.rows as (typeof counted.rows[number] & { g: number })[]) {
      const organId = Number(r.g) === 1 ? root.id : Number(r.child);
      // members of the root itself are counted in the root's row, not as a child
      if (Number(r.g) === 0 && !r.child) continue;
      rows.push({ year, organId, members: Number(r.members), ruled: Number(r.ruled), passed: Number(r.passed), seconds: String(r.seconds), refreshedAt: now });
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    // two refreshes at once (the periodic run and one after a rule, in two processes) write one after the other
    await sql`select pg_advisory_xact_lock(hashtext('study.progress'))`.execute(trx);
    await trx.deleteFrom('organStudyProgress').where('year', '=', year).execute();
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('organStudyProgress').values(rows.slice(i, i + 500)).execute();
  });
}

/** A wide subtree's kept progress in a year, or null (not wide, or not summarised yet). */
async function keptProgress(ctx: AppContext, organPath: string, year: number) {
  if (!ctx.config.studyProgressSeconds || !isWide(organPath)) return null;
  const organId = Number(organPath.split('/').filter(Boolean).pop());
  const row = await ctx.db
    .selectFrom('organStudyProgress')
    .select(['members', 'ruled', 'passed', 'refreshedAt', sql<string | null>`(seconds / 3600.0) / nullif(members, 0)`.as('avgHours')])
    .where('year', '=', year)
    .where('organId', '=', organId)
    .executeTakeFirst();
  if (!row) return null;
  // a member rule of the year set since: who passes has changed, so the summary is not served until the job sums again
  const ruled = await ctx.db.selectFrom('examinationRules').select(sql<Date | null>`max(coalesce(last_modification_time, creation_time))`.as('at')).where('assessType', '=', ASSESS_TYPE.user).where('year', '=', year).executeTakeFirst();
  if (ruled?.at && new Date(ruled.at) >= new Date(row.refreshedAt)) return null;
  return { ...progressOf(row), asOf: new Date(row.refreshedAt).toISOString() };
}

/** The subtree's progress in a year: kept for the province and its cities, else computed now (`asOf` null). */
export async function subtreeProgress(ctx: AppContext, organPath: string, year: number) {
  return (await keptProgress(ctx, organPath, year)) ?? { ...(await organProgress(ctx, organPath, year)), asOf: null as string | null };
}

export function progressJobs(ctx: AppContext): JobDef<any>[] {
  const refreshYears = async () => {
    const year = yearOfDay(platformDay(ctx));
    for (const y of [year, year - 1]) await refreshProgress(ctx, y);
  };
  if (!ctx.config.studyProgressSeconds) return [];
  return [
    { kind: PROGRESS_JOB, everyMs: ctx.config.studyProgressSeconds * 1000, run: refreshYears },
    { kind: PROGRESS_NOW_JOB, run: refreshYears },
  ];
}
