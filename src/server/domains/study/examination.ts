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

/** Member rules set inside a subtree up to which organProgress joins them by path (else: a lookup per organisation). */
const RANGE_RULES = 5000;

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

/**
 * How an organisation's subtree stands in a year against its organisation targets: its members
 * (active, with an account), how many of them meet the member rule that applies to each (the
 * nearest ancestor's, as in 学时核查; online credit of the year's study days and approved offline
 * hours of the year, compared like `assessProgress`), and their average 学时. One aggregate
 * statement, never a loop over members here. Members under no member rule count as not passed
 * (there is nothing to pass).
 *
 * Measured on the generated province (1,000,000 members; EXPLAIN ANALYZE in
 * docs/BENCHMARKS.md). The rules that can apply are read first: the nearest one at or above the
 * organisation, and those set inside its subtree, grouped by depth. A member's rule is then found by
 * path prefix — his ancestor at each depth that has rules, a hash join with that depth's rules, the
 * deepest match winning — instead of a lookup per member (beyond `RANGE_RULES` rules, one lookup
 * per organisation of the subtree). A
 * province's or a city's 学时 of the year are summed per member in one pass over the year's rows
 * and joined by hash, where one index lookup per member for each of the two sums cost more than
 * the rest of the statement; a district and below keep the lookups, which read only their members' rows.
 */
export async function organProgress(ctx: AppContext, organPath: string, year: number, rangeRules = RANGE_RULES) {
  const [from, to] = [`${year}-01-01`, `${year}-12-31`];
  const wide = organPath.split('/').filter(Boolean).length <= 2;
  const rules = await ctx.db
    .selectFrom('examinationRules')
    .select(['organPath', 'onlinePassPeriodForYear as reqOn', 'offlinePassPeriodForYear as reqOff'])
    .where('assessType', '=', ASSESS_TYPE.user)
    .where('year', '=', year)
    .where((eb) => eb.or([eb('organPath', 'in', ancestorPaths(organPath)), subtreeRange('organPath', organPath)]))
    .execute();
  const above = nearestRule(rules, organPath);
  // the rules set inside the subtree, by depth: a member's ancestor at a depth is a key of a hash
  // join with that depth's rules; the deepest match applies, else the rule above
  const inside = rules.filter((r) => r.organPath.length > organPath.length);
  const depthOf = (path: string) => path.split('/').filter(Boolean).length;
  const depths = [...new Set(inside.map((r) => depthOf(r.organPath)))].sort((a, b) => b - a);
  const ancestorAt = (d: number) => sql`(${sql.join(Array.from({ length: d }, (_, i) => sql`'/' || split_part(pm.organ_path, '/', ${sql.lit(i + 2)})`), sql` || `)} || '/')`;
  // a rule as whole seconds to reach (two decimals of an hour are whole seconds: exact), compared
  // as integers per member; `ruled`: it sets a requirement at all
  const secs = (h: unknown) => (h == null ? 0 : Math.round(Math.max(Number(h), 0) * 3600));
  const need = (r: { reqOn: unknown; reqOff: unknown } | null) => ({ ruled: r && (r.reqOn != null || r.reqOff != null) ? 1 : 0, on: secs(r?.reqOn), off: secs(r?.reqOff) });
  const depthJoins = sql.join(
    depths.map((d) => {
      const values = inside.filter((r) => depthOf(r.organPath) === d).map((r) => {
        const n = need(r);
        return sql`(${r.organPath}::text, ${sql.lit(n.ruled)}, ${sql.lit(n.on)}::bigint, ${sql.lit(n.off)}::bigint)`;
      });
      return sql`left join (values ${sql.join(values)}) as ${sql.ref(`r${d}`)}(p, ruled, need_on, need_off) on ${sql.ref(`r${d}.p`)} = ${ancestorAt(d)}`;
    }),
    sql` `,
  );
  const dflt = need(above);
  const rule = (c: 'ruled' | 'need_on' | 'need_off') => {
    const value = sql.lit(c === 'ruled' ? dflt.ruled : c === 'need_on' ? dflt.on : dflt.off);
    if (!depths.length) return value;
    return sql`(case ${sql.join(depths.map((d) => sql`when ${sql.ref(`r${d}.p`)} is not null then ${sql.ref(`r${d}.${c}`)}`), sql` `)} else ${value} end)`;
  };
  const byOrgan = inside.length > rangeRules;
  // the year's 学时 per member as whole seconds: online credit, and approved offline hours
  const sums = wide
    ? {
        with: sql`sd as (select d.user_id, sum(d.seconds) as s from study_days d where d.day between ${from} and ${to} group by d.user_id),
          od as (select f.user_id, round(sum(f.hours) * 3600)::bigint as s from offline_reports f where f.status = 1 and not f.is_deleted and f.study_date between ${from} and ${to} group by f.user_id),`,
        cols: sql`coalesce(sd.s, 0) as on_s, coalesce(od.s, 0) as off_s`,
        joins: sql`left join sd on sd.user_id = pm.user_id left join od on od.user_id = pm.user_id`,
      }
    : {
        with: sql``,
        cols: sql`coalesce((select sum(d.seconds) from study_days d where d.user_id = pm.user_id and d.day between ${from} and ${to}), 0) as on_s,
          coalesce((select round(sum(f.hours) * 3600)::bigint from offline_reports f where f.user_id = pm.user_id and f.status = 1 and not f.is_deleted and f.study_date between ${from} and ${to}), 0) as off_s`,
        joins: sql``,
      };
  // many rules set inside the subtree: the nearest one per organisation of the subtree, joined by path
  const perOrgan = sql`select o.organ_path,
          case when rule.req_on is not null or rule.req_off is not null then 1 else 0 end as ruled,
          round(greatest(coalesce(rule.req_on, 0), 0) * 3600)::bigint as need_on,
          round(greatest(coalesce(rule.req_off, 0), 0) * 3600)::bigint as need_off
        from organizations o
        join lateral (
          select r.online_pass_period_for_year as req_on, r.offline_pass_period_for_year as req_off
          from examination_rules r
          where r.assess_type = ${ASSESS_TYPE.user} and r.year = ${year} and o.organ_path like r.organ_path || '%'
          order by length(r.organ_path) desc limit 1
        ) rule on true
        where o.organ_path like ${`${organPath}%`}`;
  const row = await sql<{ members: string; passed: string; ruled: string; avgHours: string | null }>`
    with ${byOrgan ? sql`ruled as (${perOrgan}),` : sql``} ${sums.with}
    m as (
      select ${sums.cols},
        ${byOrgan ? sql`coalesce(ruled.ruled, 0) as ruled, ruled.need_on, ruled.need_off` : sql`${rule('ruled')} as ruled, ${rule('need_on')} as need_on, ${rule('need_off')} as need_off`}
      from party_members pm
      ${byOrgan ? sql`left join ruled on ruled.organ_path = pm.organ_path` : depthJoins}
      ${sums.joins}
      where not pm.is_deleted and pm.status = 1 and pm.user_id is not null and ${subtreeRange('pm.organPath', organPath)}
    )
    select count(*) as members,
      count(*) filter (where ruled = 1) as ruled,
      count(*) filter (where ruled = 1 and on_s >= need_on and off_s >= need_off) as passed,
      (sum(on_s + off_s) / 3600.0) / nullif(count(*), 0) as "avgHours"
    from m`.execute(ctx.db);
  const r = row.rows[0];
  const members = Number(r.members);
  const passed = Number(r.passed);
  return {
    memberCount: members,
    passedCount: passed,
    /** 实际达标率 in percent, two decimals cut; null without members or without a member rule */
    actualPassRate: members && Number(r.ruled) ? Math.floor((passed * 10000) / members) / 100 : null,
    /** 实际人均学时, two decimals */
    actualAvgHours: members ? Math.round(Number(r.avgHours ?? 0) * 100) / 100 : null,
  };
}

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
  const progress = targetProgress(target, await organProgress(ctx, organ.organPath, year));
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
      progress.set(r.id, targetProgress(r, await organProgress(call.ctx, organ.organPath, r.year)));
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
