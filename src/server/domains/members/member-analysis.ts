import { sql } from 'kysely';
import { P } from '../../../contract/permissions';
import { action, type Call } from '../../http/actions';
import { objectInput } from '../../http/paging';
import { platformDay } from '../../platform-day';
import { codeLabels } from '../../xlsx/columns';
import type { Database } from '../../db/database';

/**
 * 党员分析: the members of an organisation subtree counted by age band, sex, nation, education,
 * join-year band, party duty and member type, plus by child organisation (to drill down). The
 * counts are kept per organisation subtree by the member writes (`organ_member_facets`, migration
 * 043; the children's totals are migration 037's `organ_member_counts`), so a province answers
 * from a few thousand rows, current right after any write. Ages are whole years on the platform day
 * (Asia/Shanghai), cut into bands here from the kept birthdays (the profile's only: the identity
 * card is sealed, migration 046); a malformed stored value counts as 未填写.
 */
type Bucket = { key: string; label: string; count: number };

const AGE_BANDS: [number, string][] = [[30, '30岁及以下'], [40, '31至40岁'], [50, '41至50岁'], [60, '51至60岁'], [70, '61至70岁'], [Infinity, '71岁及以上']];
const JOIN_BANDS: [number, string][] = [[1949, '1949年及以前'], [1978, '1950至1978年'], [2002, '1979至2002年'], [2012, '2003至2012年'], [Infinity, '2013年以来']];
const UNKNOWN = '未填写';

/** The band of a value (upper bounds inclusive); null stays null (未填写). */
const bandOf = (v: number | null, list: [number, string][]) => (v == null ? null : list.find(([max]) => v <= max)![1]);

/**
 * The age band of a YYYYMMDD birthday on `day`, as SQL over the kept birthdays: whole years are at
 * most A exactly when the birthday comes after the day A + 1 years earlier, so each band is one
 * comparison of digit strings and the root's thousands of birthdays leave the database as six rows.
 */
function ageBand(day: string) {
  const [y, mmdd] = [Number(day.slice(0, 4)), day.slice(5, 7) + day.slice(8, 10)];
  const after = (a: number) => `${String(y - a - 1).padStart(4, '0')}${mmdd}`;
  const whens = AGE_BANDS.filter(([max]) => Number.isFinite(max)).map(([max, label]) => sql`when key > ${after(max)} then ${label}`);
  return sql<string>`case ${sql.join(whens, sql` `)} else ${AGE_BANDS[AGE_BANDS.length - 1][1]} end`;
}

/** The figures in the order of the kept facets (migration 046's `member_facet_keys`). */
const DIMENSIONS = () => [
  { key: 'age', title: '年龄', order: AGE_BANDS.map((b) => b[1]) },
  { key: 'sex', title: '性别', codeTable: 'sex' },
  { key: 'nation', title: '民族', codeTable: 'nation' },
  { key: 'education', title: '学历', codeTable: 'education' },
  { key: 'joinYear', title: '入党年份', band: (k: string) => bandOf(Number(k), JOIN_BANDS), order: JOIN_BANDS.map((b) => b[1]) },
  { key: 'partyDuty', title: '党内职务', codeTable: 'partyDuty' },
  { key: 'memberType', title: '党员类型', codeTable: 'partyMemberType' },
] as { key: string; title: string; codeTable?: string; band?: (k: string) => string | null; order?: string[] }[];

export async function analyseMembers(db: Database, organPath: string, day: string) {
  const dims = DIMENSIONS();
  const organId = Number(organPath.split('/').filter(Boolean).pop());
  const [codes, kept, children, own] = await Promise.all([
    codeLabels(db, dims.map((d) => d.codeTable ?? '')),
    sql<{ facet: number; key: string; n: number }>`
      select facet, case when facet = 1 and key <> '' then ${ageBand(day)} else key end as key, sum(n)::int as n
      from organ_member_facets where organ_id = ${organId} and n <> 0 group by 1, 2`.execute(db).then((r) => r.rows),
    db
      .selectFrom('organizations as o')
      .leftJoin('organMemberCounts as c', 'c.organId', 'o.id')
      .select(['o.id', 'o.organName', 'o.organPath', 'c.members'])
      .where('o.parentId', '=', organId)
      .where('o.isDeleted', '=', false)
      .orderBy('o.sort')
      .orderBy('o.id')
      .limit(500)
      .execute(),
    // members of the organisation itself, beside its children's: the rows add up to the total
    db.selectFrom('partyMembers').select(sql<number>`count(*)::int`.as('n')).where('organPath', '=', organPath).where('isDeleted', '=', false).where('status', '=', 1).executeTakeFirstOrThrow(),
  ]);
  const groups = dims.map((d, i) => {
    const counts = new Map<string | null, number>();
    for (const r of kept.filter((r) => r.facet === i + 1)) {
      const k = r.key === '' ? null : d.band ? d.band(r.key) : r.key;
      counts.set(k, (counts.get(k) ?? 0) + Number(r.n));
    }
    const label = (k: string | null) => (k == null ? UNKNOWN : d.codeTable ? codes.get(d.codeTable)?.get(k) ?? k : k);
    const order = d.order ?? [];
    const rows: Bucket[] = [...counts].map(([k, n]) => ({ key: k ?? '', label: label(k), count: n })).sort((a, b) => {
      if (!a.key !== !b.key) return a.key ? -1 : 1; // 未填写 last
      if (order.length) return order.indexOf(a.key) - order.indexOf(b.key);
      return b.count - a.count || a.key.localeCompare(b.key);
    });
    return { key: d.key, title: d.title, rows };
  });
  const total = groups[0].rows.reduce((n, r) => n + r.count, 0);
  const rows: { key: string | number; label: string; organId?: number; organPath?: string; count: number }[] = children.map((c) => ({ key: c.id, label: c.organName, organId: c.id, organPath: c.organPath, count: Number(c.members ?? 0) }));
  if (Number(own.n) > 0) rows.push({ key: 'self', label: '本级', count: Number(own.n) });
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
    return analyseMembers(call.ctx.db, organPath, platformDay(call.ctx));
  },
});
