import type { Selectable } from 'kysely';
import type { PartyDuesBaseChangeTable } from '../../db/schema';
import { action } from '../../http/actions';
import { invalid } from '../../http/errors';
import { objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { entityInput } from '../../records/entity-input';
import { subtreeOrder, subtreeRange } from '../../scope';
import { containsPattern } from '../../services/query-helpers';
import { bandOf, DUES_BANDS, DUES_CATEGORIES, FIXED_MAX_FEN, FIXED_MIN_FEN, monthlyDues, type DuesCategory } from '../../../contract/party-dues';
import { baseDto, baseOf, listPath, membersUnder, scopedMember, type BaseFields } from './records';
import { admin, categoryName, checkYear, DUES_MSG, DUES_PERMISSION, nameProp, organPathProp, platformMonth, yearProp } from './rules';

/**
 * The bases (缴费基数) the branch sets for each member and year: the scale of the 规定, the list of a
 * subtree's members with their base, one member's base, setting it (each change recorded) and the
 * record of changes.
 */

/** A member of PayBasePageList with his base of the year (the columns of the base null when none is set). */
type BaseListRow = { memberId: number; userId: number | null; name: string; organName: string; baseId: number | null } & BaseFields;

function checkBase(input: { category: DuesCategory; baseIncome?: number | null; fixedAmount?: number | null }) {
  if (input.category === 'fixed') {
    if (input.fixedAmount === undefined || input.fixedAmount === null) throw invalid([{ message: DUES_MSG.fixed, members: ['fixedAmount'] }]);
    if (input.fixedAmount < FIXED_MIN_FEN || input.fixedAmount > FIXED_MAX_FEN) throw invalid([{ message: DUES_MSG.fixedRange, members: ['fixedAmount'] }]);
    return { baseIncome: null, ...monthlyDues({ category: 'fixed', fixedFen: input.fixedAmount }) };
  }
  if (input.baseIncome === undefined || input.baseIncome === null) throw invalid([{ message: DUES_MSG.income, members: ['baseIncome'] }]);
  return { baseIncome: input.baseIncome, ...monthlyDues({ category: input.category, incomeFen: input.baseIncome }) };
}

export const baseActions = {
  GetPayScle: action({
    method: 'GET',
    summary: '党费缴纳标准（代码表 PartyDuesScale 的档次）：类别、收入区间（分，下限不含、上限含）、比例（千分比），固定档每月0.2元至1元',
    access: { permission: [DUES_PERMISSION] },
    returns: '{categories: [{value, label}], items: [{value, label, category, minExclusive, maxInclusive, permille}], fixedMin, fixedMax, rounding}',
    async handler() {
      return { categories: DUES_CATEGORIES, items: DUES_BANDS, fixedMin: FIXED_MIN_FEN, fixedMax: FIXED_MAX_FEN, rounding: '月缴纳额 = 税后月收入 × 比例，四舍五入到分' };
    },
  }),

  PayBasePageList: action<PagingInput & { year?: number; organPath?: string; name?: string; hasBase?: boolean }>({
    method: 'GET',
    summary: '党员缴费基数（管理）：本组织及下级组织的党员及其某年度（默认当前年度）的基数、档次与每月缴纳额（分）',
    access: admin,
    returns: '{totalCount, items: [{memberId, userId, name, organName, year, hasBase, category, categoryName, baseIncome, band, bandName, monthlyAmount, remark, setByName, lastModificationTime}]}',
    input: pagedInput({ year: yearProp, organPath: organPathProp, name: nameProp, hasBase: { type: 'boolean', title: '已核定' } }),
    async handler(call) {
      const year = call.input.year ?? platformMonth(call.ctx).year;
      const path = listPath(call);
      let q = membersUnder(call.ctx.db, path).leftJoin('partyDuesBases as b', (j) => j.onRef('b.memberId', '=', 'm.id').on('b.year', '=', year));
      if (call.input.name?.trim()) q = q.where('m.name', 'like', containsPattern(call.input.name));
      if (call.input.hasBase !== undefined) q = q.where('b.id', call.input.hasBase ? 'is not' : 'is', null);
      const page = await pageQuery<BaseListRow>(q.select(['m.id']), call.input, (x) =>
        x
          .clearSelect()
          .select(['m.id as memberId', 'm.userId', 'm.name', 'o.organName', 'b.id as baseId', 'b.category', 'b.baseIncome', 'b.band', 'b.monthlyAmount', 'b.remark', 'b.setByName', 'b.creationTime', 'b.lastModificationTime'])
          .orderBy(subtreeOrder('m.organPath'))
          .orderBy('m.id'),
      );
      return {
        totalCount: page.totalCount,
        items: page.items.map((r) => ({
          id: r.memberId,
          memberId: r.memberId,
          userId: r.userId,
          name: r.name,
          organName: r.organName,
          year,
          hasBase: r.baseId !== null,
          ...baseDto(r.baseId !== null ? r : undefined),
        })),
      };
    },
  }),

  GetPayBase: action<{ memberId: number; year?: number }>({
    method: 'GET',
    summary: '某党员某年度的缴费基数（管理，本组织及下级组织的党员）',
    access: admin,
    returns: '{memberId, name, organName, year, hasBase, category, baseIncome, fixedAmount, band, bandName, monthlyAmount, remark}',
    input: objectInput({ memberId: { type: 'integer', minimum: 1, title: '党员' }, year: yearProp }, ['memberId']),
    async handler(call) {
      const m = await scopedMember(call);
      const year = call.input.year ?? platformMonth(call.ctx).year;
      const b = await baseOf(call.ctx.db, m.id, year);
      return {
        memberId: m.id,
        name: m.name,
        organName: m.organName,
        year,
        hasBase: !!b,
        ...baseDto(b),
        fixedAmount: b?.category === 'fixed' ? b.monthlyAmount : null,
      };
    },
  }),

  SetPayBase: action<{ memberId: number; year?: number; category: DuesCategory; baseIncome?: number | null; fixedAmount?: number | null; remark?: string | null }>({
    method: 'POST',
    summary:
      '核定党员某年度的缴费基数（管理）：在职、离退休按税后月收入（分）定档计算，学生、下岗失业、依靠抚恤或救济生活的党员和农民党员为每月固定额（20至100分）；每次核定记入变更记录',
    access: admin,
    decides: {
      noun: '党费基数', verb: '核定', caseOf: '被核定基数的党员',
      async subject({ ctx, input }) {
        const m = await ctx.db.selectFrom('partyMembers').select('userId').where('id', '=', input.memberId).executeTakeFirst();
        return m?.userId ?? null;
      },
    },
    returns: '{memberId, year, category, baseIncome, band, bandName, monthlyAmount}',
    // category, income, fixed amount and remark: the limits and messages of schemas/party-dues-base.json
    input: entityInput('partyDuesBase', {
      fields: ['category', 'baseIncome', 'fixedAmount', 'remark'],
      extra: { memberId: { type: 'integer', minimum: 1, title: '党员' }, year: yearProp },
      required: ['memberId', 'category'],
    }),
    async handler(call) {
      const { ctx, input, user } = call;
      const now = platformMonth(ctx);
      const year = input.year ?? now.year;
      checkYear(year, now);
      const m = await scopedMember(call);
      const { baseIncome, band, monthlyFen } = checkBase(input);
      const remark = input.remark?.trim() || null;
      await ctx.db.transaction().execute(async (trx) => {
        // one base per member and year: the row is locked while its change is written
        const old = await trx.selectFrom('partyDuesBases').selectAll().where('memberId', '=', m.id).where('year', '=', year).forUpdate().executeTakeFirst();
        const values = { category: input.category, baseIncome, band: band.value, monthlyAmount: monthlyFen, remark, setByUserId: user.userId, setByName: user.name };
        if (old) await trx.updateTable('partyDuesBases').set({ ...values, organId: m.organId, organPath: m.organPath, lastModificationTime: ctx.now() }).where('id', '=', old.id).execute();
        else
          await trx
            .insertInto('partyDuesBases')
            .values({ ...values, memberId: m.id, userId: m.userId, organId: m.organId, organPath: m.organPath, year, creationTime: ctx.now() })
            .onConflict((oc) => oc.columns(['memberId', 'year']).doUpdateSet({ ...values, lastModificationTime: ctx.now() }))
            .execute();
        await trx
          .insertInto('partyDuesBaseChanges')
          .values({
            memberId: m.id,
            organPath: m.organPath,
            year,
            oldCategory: old?.category ?? null,
            oldBaseIncome: old?.baseIncome ?? null,
            oldBand: old?.band ?? null,
            oldMonthlyAmount: old?.monthlyAmount ?? null,
            newCategory: input.category,
            newBaseIncome: baseIncome,
            newBand: band.value,
            newMonthlyAmount: monthlyFen,
            remark,
            changedByUserId: user.userId,
            changedByName: user.name,
            creationTime: ctx.now(),
          })
          .execute();
      });
      return { memberId: m.id, year, category: input.category, baseIncome, band: band.value, bandName: band.label, monthlyAmount: monthlyFen };
    },
  }),

  UserPayBaseChangeRecordPageList: action<PagingInput & { memberId?: number; year?: number; organPath?: string }>({
    method: 'GET',
    summary: '缴费基数变更记录（管理）：本组织及下级组织党员的每次核定，变更前后的类别、基数、档次与月缴纳额（分），最新在前',
    access: admin,
    returns: '{totalCount, items: [{id, memberId, name, year, oldCategoryName, oldBaseIncome, oldBandName, oldMonthlyAmount, newCategoryName, newBaseIncome, newBandName, newMonthlyAmount, remark, changedByName, creationTime}]}',
    input: pagedInput({ memberId: { type: 'integer', minimum: 1, title: '党员' }, year: yearProp, organPath: organPathProp }),
    async handler(call) {
      const path = listPath(call);
      let q = call.ctx.db
        .selectFrom('partyDuesBaseChanges as c')
        .innerJoin('partyMembers as m', 'm.id', 'c.memberId')
        .where(subtreeRange('c.organPath', path));
      if (call.input.memberId) q = q.where('c.memberId', '=', call.input.memberId);
      if (call.input.year) q = q.where('c.year', '=', call.input.year);
      const page = await pageQuery<Selectable<PartyDuesBaseChangeTable> & { name: string }>(q.select('c.id'), call.input, (x) => x.clearSelect().selectAll('c').select('m.name').orderBy('c.id', 'desc'));
      return {
        totalCount: page.totalCount,
        items: page.items.map((c) => ({
          id: c.id,
          memberId: c.memberId,
          name: c.name,
          year: c.year,
          oldCategoryName: categoryName(c.oldCategory),
          oldBaseIncome: c.oldBaseIncome,
          oldBandName: bandOf(c.oldBand)?.label ?? null,
          oldMonthlyAmount: c.oldMonthlyAmount,
          newCategoryName: categoryName(c.newCategory),
          newBaseIncome: c.newBaseIncome,
          newBandName: bandOf(c.newBand)?.label ?? c.newBand,
          newMonthlyAmount: c.newMonthlyAmount,
          remark: c.remark,
          changedByName: c.changedByName,
          creationTime: c.creationTime,
        })),
      };
    },
  }),
};
