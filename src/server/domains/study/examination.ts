import { sql } from 'kysely';
import { action, defineService, type Call } from '../../http/actions';
import { objectInput, pagedInput, type PagingInput } from '../../http/paging';
import { platformDay } from '../../platform-day';
import type { AppContext } from '../../context';
import { entityInput } from '../../records/entity-input';
import type { MyExamination } from '../../../contract/study';
import { ancestorPaths, assessProgress, ASSESS_TYPE, ASSESS_TYPE_TEXT, nearestRule, yearOfDay } from '../../../contract/assessment';
import { subtreeRange } from '../../scope';
import { hours } from './credit';
import type { organProgress } from './organ-progress';
import { PROGRESS_NOW_JOB, subtreeProgress } from './study-progress';

/**
 * 考核设置 (ExaminationService): an administrator sets, for the current year, the 学时 each
 * member must earn (online and offline, the reference client's `onlinePassPeriodForYear` /
 * `offlinePassPeriodForYear`) and his organisation's targets (达标率 `passRate`, 人均学时
 * `avgPeriodForYear`). A rule applies to the organisation's whole subtree unless a lower
 * organisation sets its own: the nearest ancestor's rule applies (`nearestRule`). Rules live in
 * `examination_rules` (migration 009; why a table and not the record store: see there); the input
 * schemas are entity files (schemas/*-examination-rule.json) so that the screen's form and this
 * validation are one declaration.
 *
 * Not taken over from the reference client's form: `dayPeriodLimit` (the daily cap is the study
 * credit rule `STUDY_DAILY_CAP_HOURS`, which assessment must not change) and
 * `partyMeetingPassTimeForMonth` (organisational life is not counted on this platform yet).
 */
export const ASSESSMENT = 'Pages.Administration.Assessment';

/** "Current year" is the platform's (PLATFORM_TZ), never the machine's: 2026-12-31T16:30Z is 2027 in Shanghai. */
export const currentYear = (ctx: Pick<AppContext, 'config' | 'now'>) => yearOfDay(platformDay(ctx));

const organIdProp = { organId: { type: 'integer', minimum: 1, title: '党组织' } };
const yearProp = { year: { type: 'integer', minimum: 2000, maximum: 2100, title: '年度', 'x-message': '年度须在2000至2100之间' } };
/** the reference client sends its form's assessType (a code-table value, possibly a string); the call itself says which kind it sets */
const ASSESS_TYPE_PROP = { title: '适用对象' };
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

type RuleRow = Awaited<ReturnType<typeof loadRules>>[number];


/** Rules of one kind set on these organisation paths (an organisation and its ancestors), optionally of one year. */
async function loadRules(ctx: AppContext, assessType: number, paths: string[], year?: number) {
  if (!paths.length) return [];
  let q = ctx.db
    .selectFrom('examinationRules as r')
    .innerJoin('organizations as o', 'o.id', 'r.organId')
    .select(['r.id', 'r.organId', 'o.organName', 'r.organPath', 'r.year', 'r.assessType', 'r.onlinePassPeriodForYear', 'r.offlinePassPeriodForYear', 'r.passRate', 'r.avgPeriodForYear', 'r.creationTime', 'r.lastModificationTime'])
    .where('r.assessType', '=', assessType)
    .where('r.organPath', 'in', paths);
  if (year) q = q.where('r.year', '=', year);
  const rows = await q.orderBy('r.year', 'desc').execute();
  return rows.map((r) => ({
    ...r,
    onlinePassPeriodForYear: num(r.onlinePassPeriodForYear),
    offlinePassPeriodForYear: num(r.offlinePassPeriodForYear),
    passRate: num(r.passRate),
    avgPeriodForYear: num(r.avgPeriodForYear),
  }));
}

/** The member rule of a year that applies at an organisation path (its own, else the nearest ancestor's). */
export async function userRuleAt(ctx: AppContext, year: number, organPath: string) {
  return nearestRule(await loadRules(ctx, ASSESS_TYPE.user, ancestorPaths(organPath), year), organPath);
}

/** Member rules of a year for many paths at once (a page of 学时核查): one query over all their ancestors. */
export async function userRulesFor(ctx: AppContext, year: number, organPaths: string[]) {
  const rules = await loadRules(ctx, ASSESS_TYPE.user, [...new Set(organPaths.flatMap(ancestorPaths))], year);
  return (organPath: string) => nearestRule(rules, organPath);
}

/**
 * The organisation the call is about: the one named by `organId`, else the caller's managed one.
 * One outside the caller's subtree — a sibling district, or an id that does not exist — is refused
 * alike (403), so ids tell nothing about what lies beyond it.
 */
async function targetOrgan(call: Call<{ organId?: number }>) {
  const id = call.input.organId ?? call.user.organId;
  const o = id ? await call.ctx.db.selectFrom('organizations').select(['id', 'organName', 'organPath']).where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst() : undefined;
  call.requireScope(o?.organPath);
  return o!;
}

const out = (r: RuleRow, organId: number, applies: boolean) => ({
  id: r.id,
  organId: r.organId,
  organName: r.organName,
  year: r.year,
  assessType: r.assessType,
  assessTypeText: ASSESS_TYPE_TEXT[r.assessType],
  ...(r.assessType === ASSESS_TYPE.user
    ? {
        onlinePassPeriodForYear: r.onlinePassPeriodForYear,
        offlinePassPeriodForYear: r.offlinePassPeriodForYear,
        requiredHours: Math.round(((r.onlinePassPeriodForYear ?? 0) + (r.offlinePassPeriodForYear ?? 0)) * 100) / 100,
      }
    : { passRate: r.passRate, avgPeriodForYear: r.avgPeriodForYear }),
  /** set by the organisation asked about (else inherited from an ancestor) */
  isOwn: r.organId === organId,
  /** the rule in force for that organisation in its year: the nearest one */
  applies,
  source: r.organId === organId ? '本组织设置' : `上级组织设置（${r.organName}）`,
  modificationTime: r.lastModificationTime ?? r.creationTime,
});

/** The applying target's progress: actual values, and whether each target (and both) is reached. */
function targetProgress(rule: { passRate: number | null; avgPeriodForYear: number | null }, p: Awaited<ReturnType<typeof organProgress>>) {
  const rateMet = rule.passRate == null ? null : p.actualPassRate != null && p.actualPassRate >= rule.passRate;
  const avgMet = rule.avgPeriodForYear == null ? null : p.actualAvgHours != null && p.actualAvgHours >= rule.avgPeriodForYear;
  const isReached = rateMet === false || avgMet === false ? false : rateMet ?? avgMet ?? null;
  return { ...p, isReached, progressText: isReached == null ? '' : isReached ? '已达成' : '未达成' };
}

/**
 * An organisation's standing in a year against the organisation target that applies to it (its
 * own, else the nearest ancestor's): the target, the subtree's progress and whether it is reached.
 * The progress is given without a target too (the target fields are then null).
 */
export async function organTargetAt(ctx: AppContext, organ: { organName: string; organPath: string }, year: number) {
  const rule = nearestRule(await loadRules(ctx, ASSESS_TYPE.organ, ancestorPaths(organ.organPath), year), organ.organPath);
  const target = { passRate: rule?.passRate ?? null, avgPeriodForYear: rule?.avgPeriodForYear ?? null };
  const progress = targetProgress(target, await subtreeProgress(ctx, organ.organPath, year));
  return {
    organName: organ.organName,
    year,
    ...target,
    targetSource: rule ? (rule.organPath === organ.organPath ? '本组织设置' : `上级组织设置（${rule.organName}）`) : '未设置',
    ...progress,
    progressText: rule ? progress.progressText : '未设置目标',
  };
}

/** The rules visible at an organisation: its own and its ancestors', newest year first, the applying one marked. */
async function ruleList(call: Call<PagingInput & { organId?: number; year?: number }>, assessType: number) {
  const organ = await targetOrgan(call);
  const rules = await loadRules(call.ctx, assessType, ancestorPaths(organ.organPath), call.input.year);
  const applying = new Set<number>();
  for (const year of new Set(rules.map((r) => r.year))) applying.add(nearestRule(rules.filter((r) => r.year === year), organ.organPath)!.id);
  // newest year first; within a year the applying (nearest) rule first, then the ancestors upwards
  const sorted = [...rules].sort((a, b) => b.year - a.year || b.organPath.length - a.organPath.length);
  let items: Record<string, unknown>[] = sorted.map((r) => out(r, organ.id, applying.has(r.id)));
  // organisation targets: the organisation's progress against the one applying in each year shown
  if (assessType === ASSESS_TYPE.organ) {
    const shown = items.slice(call.input.skipCount, call.input.skipCount + call.input.maxResultCount);
    const progress = new Map<number, ReturnType<typeof targetProgress>>();
    for (const r of sorted) {
      if (!applying.has(r.id) || !shown.some((x) => x.id === r.id)) continue;
      progress.set(r.id, targetProgress(r, await subtreeProgress(call.ctx, organ.organPath, r.year)));
    }
    items = items.map((x) => ({ ...x, ...(progress.get(x.id as number) ?? {}) }));
  }
  return { totalCount: items.length, currentYear: currentYear(call.ctx), organName: organ.organName, items: items.slice(call.input.skipCount, call.input.skipCount + call.input.maxResultCount) };
}

/** Sets this year's rule of one kind for the organisation (upsert on organisation, year and kind). */
async function setRule(call: Call<{ organId?: number } & Record<string, unknown>>, assessType: number, values: Record<string, number | null>) {
  const { ctx, user } = call;
  const organ = await targetOrgan(call);
  const year = currentYear(ctx);
  const now = ctx.now();
  await ctx.db
    .insertInto('examinationRules')
    .values({ organId: organ.id, organPath: organ.organPath, year, assessType, ...values, creatorUserId: user.userId, creationTime: now })
    .onConflict((oc) => oc.columns(['organId', 'year', 'assessType']).doUpdateSet({ ...values, organPath: organ.organPath, lastModifierUserId: user.userId, lastModificationTime: now }))
    .execute();
  // who passes changes with a member rule: the kept progress of the province and cities is summed again now
  if (assessType === ASSESS_TYPE.user && ctx.config.studyProgressSeconds) await ctx.jobs.enqueue(PROGRESS_NOW_JOB, String(year));
  const rules = await loadRules(ctx, assessType, [organ.organPath], year);
  return out(rules[0], organ.id, true);
}

const listInput = pagedInput({ ...organIdProp, ...yearProp });

export const examinationService = defineService('ExaminationService', {
  UserExaminationRuleList: action<PagingInput & { organId?: number; year?: number }>({
    method: 'GET', summary: '党员考核规则（每年应修学时）：本组织及上级组织设置的，按年度；applies 标出生效的一条（最近的上级）', access: { permission: ASSESSMENT },
    input: listInput,
    returns: '{totalCount, currentYear, organName, items: {id, organId, organName, year, onlinePassPeriodForYear, offlinePassPeriodForYear, requiredHours, isOwn, applies, source}[]}',
    handler: (call) => ruleList(call, ASSESS_TYPE.user),
  }),

  OrganExaminationRuleList: action<PagingInput & { organId?: number; year?: number }>({
    method: 'GET', summary: '党组织考核目标：本组织及上级组织设置的，按年度；applies 标出生效的一条', access: { permission: ASSESSMENT },
    input: listInput,
    returns: '{totalCount, currentYear, organName, items: {id, organId, organName, year, passRate, avgPeriodForYear, isOwn, applies, source, 生效的一条另有本组织（含下级）当年实际: memberCount, passedCount, actualPassRate, actualAvgHours, isReached, progressText}[]}',
    handler: (call) => ruleList(call, ASSESS_TYPE.organ),
  }),

  SetUserExRuleForCurrentYear: action<{ organId?: number; assessType?: number; onlinePassPeriodForYear: number; offlinePassPeriodForYear: number }>({
    method: 'POST', summary: '设置本年度（平台时区）党员应修学时：本组织（默认当前管理组织），适用于未自行设置的下级组织', access: { permission: ASSESSMENT },
    input: entityInput('userExaminationRule', { extra: { ...organIdProp, assessType: ASSESS_TYPE_PROP } }),
    handler: (call) => setRule(call, ASSESS_TYPE.user, { onlinePassPeriodForYear: call.input.onlinePassPeriodForYear, offlinePassPeriodForYear: call.input.offlinePassPeriodForYear }),
  }),

  SetOrganExRuleForCurrentYear: action<{ organId?: number; assessType?: number; passRate: number; avgPeriodForYear?: number }>({
    method: 'POST', summary: '设置本年度（平台时区）党组织考核目标：学时达标率、人均学时', access: { permission: ASSESSMENT },
    input: entityInput('organExaminationRule', { extra: { ...organIdProp, assessType: ASSESS_TYPE_PROP } }),
    handler: (call) => setRule(call, ASSESS_TYPE.organ, { passRate: call.input.passRate, avgPeriodForYear: call.input.avgPeriodForYear ?? null }),
  }),

  MyExamination: action<{ year?: number }>({
    method: 'GET', summary: '本人的学习考核：本年度（或所给年度）应修学时与完成情况（学习考核页的进度）', access: 'self',
    input: objectInput({ ...yearProp }),
    returns: '{year, organName?, onlineHours, offlineHours, totalHours, rule: {onlinePassPeriodForYear, offlinePassPeriodForYear, organName} | null, requiredHours?, completionRate?, isPassed?}',
    async handler({ ctx, input, user }): Promise<MyExamination> {
      const year = input.year ?? currentYear(ctx);
      const { onlineSeconds, offlineHours } = await yearPeriods(ctx, user.userId, year);
      const base = { year, onlineHours: hours(onlineSeconds), offlineHours, totalHours: Math.round((hours(onlineSeconds) + offlineHours) * 100) / 100 };
      const rule = user.memberOrganPath ? await userRuleAt(ctx, year, user.memberOrganPath) : null;
      if (!rule) return { ...base, rule: null };
      return {
        ...base,
        rule: { onlinePassPeriodForYear: rule.onlinePassPeriodForYear, offlinePassPeriodForYear: rule.offlinePassPeriodForYear, organName: rule.organName },
        ...assessProgress(rule, onlineSeconds, offlineHours),
      };
    },
  }),
});

/** A member's 学时 of one calendar year: online credit by study day, approved offline declarations by study date. */
async function yearPeriods(ctx: AppContext, userId: number, year: number) {
  const [from, to] = [`${year}-01-01`, `${year}-12-31`];
  const on = await ctx.db.selectFrom('studyDays').select(sql<number>`coalesce(sum(seconds), 0)`.as('s')).where('userId', '=', userId).where('day', '>=', from).where('day', '<=', to).executeTakeFirstOrThrow();
  const off = await ctx.db
    .selectFrom('offlineReports')
    .select(sql<number>`coalesce(sum(hours), 0)`.as('h'))
    .where('userId', '=', userId).where('status', '=', 1).where('isDeleted', '=', false).where('studyDate', '>=', from).where('studyDate', '<=', to)
    .executeTakeFirstOrThrow();
  return { onlineSeconds: Number(on.s), offlineHours: Math.round(Number(off.h) * 100) / 100 };
}
