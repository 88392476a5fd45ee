import { sql, type RawBuilder } from 'kysely';
import { P } from '../../../contract/permissions';
import { action, type Call } from '../../http/actions';
import { objectInput } from '../../http/paging';
import { platformDay } from '../../platform-day';
import { subtreePattern } from '../../scope';
import { codeLabels } from '../../xlsx/columns';
import type { Database } from '../../db/database';
import { StatsCache } from '../../stats-cache';

/**
 * 党员分析: the members of an organisation subtree counted by age band, sex, nation, education,
 * join-year band, party duty and member type, plus by child organisation (to drill down). Every
 * figure is a GROUP BY in the database — a province holds millions of members, none of which
 * travel to Node. Ages are whole years on the platform day (Asia/Shanghai), from the birthday of
 * the profile, else from the identity card; no date cast, so a malformed stored value counts as
 * 未填写 instead of failing the query.
 */
type Bucket = { key: string; label: string; count: number };

const AGE_BANDS: [number, string][] = [[30, '30岁及以下'], [40, '31至40岁'], [50, '41至50岁'], [60, '51至60岁'], [70, '61至70岁'], [Infinity, '71岁及以上']];
const JOIN_BANDS: [number, string][] = [[1949, '1949年及以前'], [1978, '1950至1978年'], [2002, '1979至2002年'], [2012, '2003至2012年'], [Infinity, '2013年以来']];
const UNKNOWN = '未填写';

const ref = (c: string) => sql.ref(c);
/** The birthday as YYYYMMDD text, or null. */
// the identity card is sealed (docs/SECURITY.md §19): every write fills the birthday from it (toColumns)
const birthDigits = sql<string | null>`(case when ${ref('m.addition')}->>'birthday' ~ '^\\d{4}-\\d{2}-\\d{2}' then replace(substr(${ref('m.addition')}->>'birthday', 1, 10), '-', '') end)`;

/** A CASE that names the band of an integer expression (upper bounds inclusive). */
function bands(expr: RawBuilder<number | null>, list: [number, string][]): RawBuilder<string | null> {
  const whens = list.filter(([max]) => Number.isFinite(max)).map(([max, label]) => sql`when ${expr} <= ${sql.lit(max)} then ${sql.lit(label)}`);
  return sql<string | null>`case when ${expr} is null then null ${sql.join(whens, sql` `)} else ${sql.lit(list[list.length - 1][1])} end`;
}

/** Whole years on `day` of a YYYYMMDD birthday column. */
function ageOn(day: string, bd: RawBuilder<string | null>): RawBuilder<number | null> {
  const year = Number(day.slice(0, 4));
  const mmdd = Number(day.slice(5, 7) + day.slice(8, 10));
  return sql<number | null>`(case when ${bd} is null then null else ${sql.lit(year)} - substr(${bd}, 1, 4)::int - (case when substr(${bd}, 5, 4)::int > ${sql.lit(mmdd)} then 1 else 0 end) end)`;
}

const joinYear = sql<number | null>`(case when ${ref('m.partyMember')}->>'joinPartyDate' ~ '^\\d{4}' then substr(${ref('m.partyMember')}->>'joinPartyDate', 1, 4)::int end)`;

/**
 * The member's values, each extracted once (`base`: birthday digits and join year use regexes, the
 * costly part of a scan), and the dimensions over them (`t.*`).
 */
const BASE = {
  bd: birthDigits,
  jy: joinYear,
  sex: sql<string | null>`${ref('m.sex')}::text`,
  nation: sql<string | null>`nullif(${ref('m.addition')}->>'nation', '')`,
  education: sql<string | null>`nullif(${ref('m.addition')}->>'education', '')`,
  duty: sql<string | null>`nullif(${ref('m.partyDutyCode')}, '')`,
  type: sql<string | null>`${ref('m.partyMemberType')}::text`,
};
const t = (c: keyof typeof BASE | 'child') => sql.ref(`t.${c}`) as RawBuilder<any>;
const DIMENSIONS = (day: string) => [
  { key: 'age', title: '年龄', expr: bands(ageOn(day, t('bd')), AGE_BANDS), order: AGE_BANDS.map((b) => b[1]) },
  { key: 'sex', title: '性别', expr: t('sex'), codeTable: 'sex' },
  { key: 'nation', title: '民族', expr: t('nation'), codeTable: 'nation' },
  { key: 'education', title: '学历', expr: t('education'), codeTable: 'education' },
  { key: 'joinYear', title: '入党年份', expr: bands(t('jy'), JOIN_BANDS), order: JOIN_BANDS.map((b) => b[1]) },
  { key: 'partyDuty', title: '党内职务', expr: t('duty'), codeTable: 'partyDuty' },
  { key: 'memberType', title: '党员类型', expr: t('type'), codeTable: 'partyMemberType' },
];

const inSubtree = (db: Database, organPath: string) =>
  db.selectFrom('partyMembers as m').where('m.organPath', 'like', subtreePattern(organPath)).where('m.isDeleted', '=', false).where('m.status', '=', 1);

/**
 * `cache`: keeps the counts (the scan: seconds over a province) per subtree and day while no member
 * changed (`stats-cache.ts`); the labels, and the children with their names, are read every time.
 */
export async function analyseMembers(db: Database, organPath: string, day: string, cache?: StatsCache) {
  const dims = DIMENSIONS(day);
  const codes = await codeLabels(db, dims.map((d) => d.codeTable ?? ''));
  const count = () => countMembers(db, organPath, day);
  const counted = cache ? await cache.get(`analysis:${organPath}:${day}`, await StatsCache.memberGeneration(db), count) : await count();
  return shape(db, organPath, dims, codes, counted);
}

/** Every figure of the subtree in one scan: a row per bucket of each dimension and per child organisation. */
async function countMembers(db: Database, organPath: string, day: string) {
  const dims = DIMENSIONS(day);
  // the child organisation a member lies under ('' for the organisation's own members)
  const child = sql<string>`split_part(substr(${ref('m.organPath')}, ${organPath.length + 1}), '/', 1)`;
  const cols = [...dims.map((d) => d.expr), t('child')];
  // every figure in ONE scan of the subtree: the values extracted once (offset 0 keeps the planner
  // from inlining the regexes into every use), then a grouping set per dimension — GROUPING() tells
  // which set a row belongs to, since a null key is a real bucket (未填写)
  const base = inSubtree(db, organPath)
    .select([...Object.entries(BASE).map(([k, e]) => (e as RawBuilder<unknown>).as(k)), child.as('child')])
    .offset(0);
  const banded = db.selectFrom(base.as('t')).select(cols.map((c, i) => c.as(`d${i}`)));
  const counted = await db
    .selectFrom(banded.as('b'))
    .select([
      ...cols.map((_, i) => sql.ref(`b.d${i}`).as(`d${i}`)),
      ...cols.map((_, i) => sql<number>`grouping(${sql.ref(`b.d${i}`)})`.as(`g${i}`)),
      sql<number>`count(*)::int`.as('n'),
    ])
    .groupBy(sql`grouping sets (${sql.join(cols.map((_, i) => sql`(${sql.ref(`b.d${i}`)})`))})`)
    .execute();
  return counted as Record<string, unknown>[];
}

async function shape(db: Database, organPath: string, dims: ReturnType<typeof DIMENSIONS>, codes: Awaited<ReturnType<typeof codeLabels>>, counted: Record<string, unknown>[]) {
  const cols = [...dims.map((d) => d.expr), t('child')];
  const setOf = (r: Record<string, unknown>) => cols.findIndex((_, i) => Number(r[`g${i}`]) === 0);

  const groups = dims.map((d, i) => {
    const label = (k: string | null) => (k == null ? UNKNOWN : d.codeTable ? codes.get(d.codeTable)?.get(k) ?? k : k);
    const order = d.order ?? [];
    const rows: Bucket[] = counted
      .filter((r) => setOf(r) === i)
      .map((r) => {
        const k = (r as Record<string, unknown>)[`d${i}`] as string | null;
        return { key: k ?? '', label: label(k), count: Number(r.n) };
      })
      .sort((a, b) => {
        if (!a.key !== !b.key) return a.key ? -1 : 1; // 未填写 last
        if (order.length) return order.indexOf(a.key) - order.indexOf(b.key);
        return b.count - a.count || a.key.localeCompare(b.key);
      });
    return { key: d.key, title: d.title, rows };
  });
  const total = groups[0].rows.reduce((n, r) => n + r.count, 0);

  // by child organisation, from the same scan; children without members count 0
  const byChild = new Map(counted.filter((r) => setOf(r) === dims.length).map((r) => [String((r as Record<string, unknown>)[`d${dims.length}`] ?? ''), Number(r.n)]));
  const parentId = Number(organPath.split('/').filter(Boolean).pop());
  const children = await db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.organName', 'o.organPath'])
    .where('o.parentId', '=', parentId)
    .where('o.isDeleted', '=', false)
    .orderBy('o.sort')
    .orderBy('o.id')
    .limit(500)
    .execute();
  // members of the organisation itself, beside its children's: the rows add up to the total
  const rows: { key: string | number; label: string; organId?: number; organPath?: string; count: number }[] = children.map((c) => ({ key: c.id, label: c.organName, organId: c.id, organPath: c.organPath, count: byChild.get(String(c.id)) ?? 0 }));
  const own = byChild.get('') ?? 0;
  if (own > 0) rows.push({ key: 'self', label: '本级', count: own });
  return {
    totals: { count: total },
    measures: [{ key: 'count', title: '党员人数' }],
    rows,
    groups,
  };
}

export const analysisAction = action<{ organPath?: string }>({
  method: 'GET',
  summary: '党员分析（扩展接口）：所选党组织（默认本人管理的组织）及其下级的党员按年龄、性别、民族、学历、入党年份、党内职务、党员类型统计，并按下级组织计数',
  access: { permission: P.PartyMember },
  input: objectInput({ organPath: { type: 'string', maxLength: 500, pattern: '^/(\\d+/)+$', title: '党组织', 'x-message': '请选择党组织' } }),
  returns: '{totals: {count}, measures, rows: [{key, label, organId, organPath, count}]（下级组织，及 key self 本级）, groups: [{key, title, rows: [{key, label, count}]}]}',
  async handler(call: Call<{ organPath?: string }>) {
    const organPath = call.input.organPath || call.user.organPath;
    call.requireScope(organPath);
    return analyseMembers(call.ctx.db, organPath, platformDay(call.ctx), call.ctx.stats);
  },
});
