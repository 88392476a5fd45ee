import { sql } from 'kysely';
import { action } from '../../http/actions';
import { objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { subtreeOrder } from '../../scope';
import { containsPattern } from '../../services/query-helpers';
import { PAY_STATUS } from '../../../contract/party-dues';
import { listPath, membersUnder } from './records';
import { admin, dueMonths, nameProp, organPathProp, platformMonth, yearProp } from './rules';

/**
 * 欠缴: the members of a subtree with a base who still have unpaid months of a year up to now (months
 * awaiting confirmation are not owed), one by one and summed by organisation.
 */

/** A member who owes, as ArrearsPageList reads him. */
type ArrearsRow = { memberId: number; name: string; organName: string; monthlyAmount: number; band: string; heldCount: number };

export const arrearsActions = {
  ArrearsPageList: action<PagingInput & { year?: number; organPath?: string; name?: string }>({
    method: 'GET',
    summary: '欠缴名单（管理）：本组织及下级组织已核定基数的党员中，某年度（默认当前年度）截至本月仍有未缴月份的，及欠缴月数与金额（分）；待确认的月份不计为欠缴',
    access: admin,
    returns: '{totalCount, items: [{memberId, name, organName, year, monthlyAmount, dueMonths, unpaidCount, owedAmount, unpaidMonths}]}',
    input: pagedInput({ year: yearProp, organPath: organPathProp, name: nameProp }),
    async handler(call) {
      const now = platformMonth(call.ctx);
      const year = call.input.year ?? now.year;
      const due = dueMonths(year, now);
      const path = listPath(call);
      const held = (ref: string) =>
        sql<number>`(select count(*) from party_dues_payment_months pm where pm.member_id = ${sql.ref(ref)} and pm.year = ${year} and pm.month <= ${due} and pm.status <> ${PAY_STATUS.rejected})`;
      let q = membersUnder(call.ctx.db, path)
        .innerJoin('partyDuesBases as b', (j) => j.onRef('b.memberId', '=', 'm.id').on('b.year', '=', year))
        .where(sql<boolean>`${held('m.id')} < ${due}`);
      if (call.input.name?.trim()) q = q.where('m.name', 'like', containsPattern(call.input.name));
      const page = await pageQuery<ArrearsRow>(q.select('m.id'), call.input, (x) =>
        x
          .clearSelect()
          .select(['m.id as memberId', 'm.name', 'o.organName', 'b.monthlyAmount', 'b.band'])
          .select(held('m.id').as('heldCount'))
          .orderBy(subtreeOrder('m.organPath'))
          .orderBy('m.id'),
      );
      const ids = page.items.map((r) => r.memberId);
      const heldMonths = ids.length
        ? await call.ctx.db
            .selectFrom('partyDuesPaymentMonths')
            .select(['memberId', 'month'])
            .where('memberId', 'in', ids)
            .where('year', '=', year)
            .where('status', '<>', PAY_STATUS.rejected)
            .execute()
        : [];
      return {
        totalCount: page.totalCount,
        items: page.items.map((r) => {
          const taken = new Set(heldMonths.filter((h) => h.memberId === r.memberId).map((h) => h.month));
          const unpaid = Array.from({ length: due }, (_, i) => i + 1).filter((m) => !taken.has(m));
          return {
            id: r.memberId,
            memberId: r.memberId,
            name: r.name,
            organName: r.organName,
            year,
            band: r.band,
            monthlyAmount: r.monthlyAmount,
            dueMonths: due,
            unpaidCount: unpaid.length,
            owedAmount: unpaid.length * r.monthlyAmount,
            unpaidMonths: unpaid.map((m) => `${m}月`).join('、'),
          };
        }),
      };
    },
  }),

  ArrearsStatistics: action<{ year?: number; organPath?: string }>({
    method: 'GET',
    summary: '欠缴统计（管理）：某年度（默认当前年度）截至本月的欠缴人数、月数与金额（分），按所选组织（默认本组织）的直接下级组织汇总（每行含其全部下级），本级党员另列一行',
    access: admin,
    returns: '{totals: {members, months, owed}, rows: [{key, label, organId, organPath, members, months, owed}], measures}',
    input: objectInput({ year: yearProp, organPath: organPathProp }),
    async handler(call) {
      const now = platformMonth(call.ctx);
      const year = call.input.year ?? now.year;
      const due = dueMonths(year, now);
      const path = listPath(call);
      const measures = [
        { key: 'members', title: '欠缴人数' },
        { key: 'months', title: '欠缴月数' },
        { key: 'owed', title: '欠缴金额（元）', valueType: 'fen' },
      ];
      // each member's unpaid months, summed by the child of `path` his organisation lies under ('' = the organisation itself)
      const grouped = await sql<{ child: string; members: number; months: number; owed: number }>`
        select child, count(*)::int as members, sum(unpaid)::int as months, sum(unpaid * monthly)::bigint as owed from (
          select split_part(substr(m.organ_path, ${path.length + 1}), '/', 1) as child, b.monthly_amount as monthly,
            ${due} - (select count(*) from party_dues_payment_months pm where pm.member_id = m.id and pm.year = ${year} and pm.month <= ${due} and pm.status <> ${PAY_STATUS.rejected}) as unpaid
          from party_members m join party_dues_bases b on b.member_id = m.id and b.year = ${year}
          where not m.is_deleted and m.status = 1 and m.organ_path collate "C" >= ${path} and m.organ_path collate "C" < ${`${path.slice(0, -1)}0`}
        ) x where unpaid > 0 group by child`.execute(call.ctx.db);
      const ids = grouped.rows.map((r) => Number(r.child)).filter((n) => n > 0);
      const organs = ids.length ? await call.ctx.db.selectFrom('organizations').select(['id', 'organName', 'organPath']).where('id', 'in', ids).execute() : [];
      const byId = new Map(organs.map((o) => [o.id, o]));
      const rows = grouped.rows
        .map((r) => {
          const o = r.child ? byId.get(Number(r.child)) : undefined;
          const figures = { members: Number(r.members), months: Number(r.months), owed: Number(r.owed) };
          return o ? { key: o.id, label: o.organName, organId: o.id, organPath: o.organPath, ...figures } : { key: '本级', label: '本级', ...figures };
        })
        .sort((a, b) => b.owed - a.owed);
      const totals = rows.reduce((t, r) => ({ members: t.members + r.members, months: t.months + r.months, owed: t.owed + r.owed }), { members: 0, months: 0, owed: 0 });
      return { totals, rows, measures };
    },
  }),
};
