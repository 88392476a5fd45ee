import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { ancestorPaths, ASSESS_TYPE, nearestRule } from '../../../contract/assessment';
import { subtreeRange } from '../../scope';

/** Member rules set inside a subtree up to which organProgress joins them by path (else: a lookup per organisation). */
const RANGE_RULES = 5000;

/**
 * How an organisation's subtree stands in a year against its organisation targets: its members
 * (active, with an account), how many of them meet the member rule that applies to each (the
 * nearest ancestor's, as in 学时核查; online credit of the year's study days and approved offline
 * hours of the year, compared like `assessProgress`), and their average 学时. One aggregate
 * statement, never a loop over members here. Members under no member rule count as not passed
 * (there is nothing to pass).
 *
 * The rules that can apply are read first: the nearest one at or above the organisation, and those
 * set inside its subtree, grouped by depth. A member's rule is then found by path prefix — his
 * ancestor at each depth that has rules, a hash join with that depth's rules, the deepest match
 * winning — instead of a lookup per member (beyond `RANGE_RULES` rules, one lookup per
 * organisation of the subtree). A member's 学时 of the year are one row of `member_study_years`
 * (migration 044, kept by the study writes). The province and its cities read the summary the job
 * `study.progress` keeps (`study-progress.ts`); this is what it computes.
 */
export async function organProgress(ctx: AppContext, organPath: string, year: number, rangeRules = RANGE_RULES) {
  const row = await sql<{ members: string; passed: string; ruled: string; avgHours: string | null }>`
    ${await memberProgress(ctx, organPath, year, rangeRules)}
    select count(*) as members,
      count(*) filter (where ruled = 1) as ruled,
      count(*) filter (where ruled = 1 and on_s >= need_on and off_s >= need_off) as passed,
      (sum(on_s + off_s) / 3600.0) / nullif(count(*), 0) as "avgHours"
    from m`.execute(ctx.db);
  return progressOf(row.rows[0]);
}

/** The figures of a count of members, passed and ruled members and their average hours. */
export function progressOf(r: { members: string | number; passed: string | number; ruled: string | number; avgHours: string | number | null }) {
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

/**
 * `with … m as (…)`: a row per member of the subtree (active, with an account) — his path, his
 * year's online and offline seconds (on_s, off_s), whether a member rule applies (ruled) and what
 * it requires (need_on, need_off).
 */
export async function memberProgress(ctx: AppContext, organPath: string, year: number, rangeRules = RANGE_RULES) {
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
  // the year's 学时 per member as whole seconds: online credit, and approved offline hours
  return sql`
    with ${byOrgan ? sql`ruled as (${perOrgan}),` : sql``}
    m as (
      select pm.organ_path, coalesce(y.online_seconds, 0) as on_s, coalesce(round(y.offline_hours * 3600)::bigint, 0) as off_s,
        ${byOrgan ? sql`coalesce(ruled.ruled, 0) as ruled, ruled.need_on, ruled.need_off` : sql`${rule('ruled')} as ruled, ${rule('need_on')} as need_on, ${rule('need_off')} as need_off`}
      from party_members pm
      ${byOrgan ? sql`left join ruled on ruled.organ_path = pm.organ_path` : depthJoins}
      left join member_study_years y on y.user_id = pm.user_id and y.year = ${year}
      where not pm.is_deleted and pm.status = 1 and pm.user_id is not null and ${subtreeRange('pm.organPath', organPath)}
    )`;
}
