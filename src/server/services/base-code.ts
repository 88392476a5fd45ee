import { sql, type Kysely } from 'kysely';
import { action, defineService } from '../http/actions';
import { badRequest, notFound } from '../http/errors';
import { idInput, objectInput, pagedInput } from '../http/paging';
import { MSG } from '../../contract/messages';
import { P } from '../../contract/permissions';
import type { BaseCodeItem, BaseCodeTables } from '../../contract/types';
import type { DB } from '../db/schema';
import { containsPattern, iso, keywordOf } from './query-helpers';

const VERSION_KEY = 'baseCodeVersion';
const M = {
  typeOrParentRequired: '请填写代码类型或上级代码值',
  parentMissing: '上级代码不存在',
  parentSelf: '上级代码不能是代码本身',
  hasChildren: '该代码下仍有下级代码，不能删除',
  typeNamePattern: '代码类型名称只能包含字母、数字、下划线和点，且以字母开头',
};
const manage = { permission: P.BaseCodes };

/**
 * Marks the code tables as changed. Call inside the transaction of the change, so a client never
 * sees new codes under an old version. The version only grows: max(previous + 1, now in ms).
 */
export async function bumpBaseCodeVersion(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', VERSION_KEY).forUpdate().executeTakeFirst();
  const prev = Number(row?.value);
  const next = String(Math.max(Number.isFinite(prev) ? prev + 1 : 0, Date.now()));
  await db
    .insertInto('settings')
    .values({ key: VERSION_KEY, value: next })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: next }))
    .execute();
  return next;
}

/** Nests a type's codes by parentValue; a code whose parent is missing stays at the top. */
function nest(codes: { label: string; value: string; parentValue: string | null }[]): BaseCodeItem[] {
  const nodes = new Map<string, BaseCodeItem>(codes.map((c) => [c.value, { label: c.label, value: c.value }]));
  const roots: BaseCodeItem[] = [];
  for (const c of codes) {
    const node = nodes.get(c.value)!;
    const parent = c.parentValue != null && c.parentValue !== c.value ? nodes.get(c.parentValue) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

const codeOut = (c: { id: number; typeName: string; label: string; value: string; parentValue: string | null; sort: number }) => ({
  id: c.id,
  typeName: c.typeName,
  label: c.label,
  value: c.value,
  parentValue: c.parentValue,
  sort: c.sort,
});

const typeName = { type: 'string', minLength: 1, maxLength: 64, title: '代码类型' };

export const baseCodeService = defineService('BaseCodeService', {
  GetAllBaseCodes: action({
    method: 'GET',
    summary: '获取全部基础代码（按代码类型分组，按上级代码嵌套）',
    access: 'public',
    returns: '{ [代码类型]: [{label, value, children?}] }',
    async handler({ ctx }) {
      const [types, codes] = await Promise.all([
        ctx.db.selectFrom('baseCodeTypes').select('name').orderBy('id').execute(),
        ctx.db.selectFrom('baseCodes').select(['typeName', 'label', 'value', 'parentValue']).orderBy('typeName').orderBy('sort').orderBy('id').execute(),
      ]);
      const out: BaseCodeTables = {};
      for (const t of types) out[t.name] = nest(codes.filter((c) => c.typeName === t.name));
      return out;
    },
  }),

  GetBaseCodeVersion: action({
    method: 'GET',
    summary: '获取基础代码版本号（代码变更后版本号随之变化）',
    access: 'public',
    returns: '版本号字符串',
    async handler({ ctx }) {
      const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', VERSION_KEY).executeTakeFirst();
      if (row) return row.value;
      return ctx.db.transaction().execute((trx) => bumpBaseCodeVersion(trx));
    },
  }),

  GetBaseCodeTypes: action<{ skipCount: number; maxResultCount: number; keyword?: string }>({
    method: 'GET',
    summary: '分页查询基础代码类型',
    access: manage,
    input: pagedInput({ keyword: { type: 'string', maxLength: 100, title: '关键字' } }),
    returns: '{ totalCount, items: [{id, name, displayName, isTree, codeCount, creationTime}] }',
    async handler({ ctx, input }) {
      const kw = keywordOf(input.keyword);
      let q = ctx.db.selectFrom('baseCodeTypes as t');
      if (kw) q = q.where((eb) => eb.or([eb('t.name', 'ilike', containsPattern(kw)), eb('t.displayName', 'ilike', containsPattern(kw))]));
      const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const rows = await q
        .select(['t.id', 't.name', 't.displayName', 't.isTree', 't.creationTime'])
        .select(sql<number>`(select count(*) from base_codes c where c.type_name = t.name)::int`.as('codeCount'))
        .orderBy('t.id')
        .offset(input.skipCount)
        .limit(input.maxResultCount)
        .execute();
      return { totalCount: Number(count), items: rows.map((r) => ({ ...r, creationTime: iso(r.creationTime) })) };
    },
  }),

  GetBaseCodeByTypeOrParentValue: action<{ typeName?: string; parentValue?: string }>({
    method: 'GET',
    summary: '按代码类型或上级代码值查询基础代码（级联选择逐级加载）',
    access: 'self',
    input: objectInput({ typeName: { type: 'string', maxLength: 64, title: '代码类型' }, parentValue: { type: 'string', maxLength: 64, title: '上级代码值' } }),
    returns: '只给类型时为该类型的顶级代码；给上级代码值时为其下级代码：[{id, typeName, label, value, parentValue, sort}]',
    async handler({ ctx, input }) {
      const type = keywordOf(input.typeName);
      const parent = keywordOf(input.parentValue);
      if (!type && !parent) throw badRequest(M.typeOrParentRequired);
      let q = ctx.db.selectFrom('baseCodes').select(['id', 'typeName', 'label', 'value', 'parentValue', 'sort']);
      if (type) q = q.where('typeName', '=', type);
      q = parent ? q.where('parentValue', '=', parent) : q.where('parentValue', 'is', null);
      return (await q.orderBy('sort').orderBy('id').execute()).map(codeOut);
    },
  }),

  CreateBaseCodeType: action<{ name: string; displayName: string; isTree?: boolean }>({
    method: 'POST',
    summary: '新建基础代码类型',
    access: manage,
    input: objectInput(
      {
        name: { ...typeName, title: '代码类型名称', pattern: '^[A-Za-z][A-Za-z0-9_.]*$', 'x-message': M.typeNamePattern },
        displayName: { type: 'string', minLength: 1, maxLength: 100, title: '显示名称' },
        isTree: { type: 'boolean', default: false, title: '是否树形' },
      },
      ['name', 'displayName'],
    ),
    returns: '{id, name, displayName, isTree}',
    async handler({ ctx, input }) {
      return ctx.db.transaction().execute(async (trx) => {
        const exists = await trx.selectFrom('baseCodeTypes').select('id').where(sql`lower(name)`, '=', input.name.toLowerCase()).executeTakeFirst();
        if (exists) throw badRequest(MSG.codeTypeExists);
        const row = await trx
          .insertInto('baseCodeTypes')
          .values({ name: input.name, displayName: input.displayName.trim(), isTree: !!input.isTree })
          .returning(['id', 'name', 'displayName', 'isTree'])
          .executeTakeFirstOrThrow();
        await bumpBaseCodeVersion(trx);
        return row;
      });
    },
  }),

  CreateOrUpdateBaseCode: action<{ id?: number; typeName: string; label: string; value: string; parentValue?: string | null; sort?: number }>({
    method: 'POST',
    summary: '新建或修改基础代码（带编号为修改）',
    access: manage,
    input: objectInput(
      {
        id: { type: 'integer', minimum: 1, title: '代码编号' },
        typeName,
        label: { type: 'string', minLength: 1, maxLength: 100, title: '代码名称' },
        value: { type: 'string', minLength: 1, maxLength: 64, title: '代码值' },
        parentValue: { type: ['string', 'null'], maxLength: 64, title: '上级代码值' },
        sort: { type: 'integer', minimum: -100000, maximum: 100000, default: 0, title: '排序' },
      },
      ['typeName', 'label', 'value'],
    ),
    returns: '{id, typeName, label, value, parentValue, sort}',
    async handler({ ctx, input }) {
      const parentValue = keywordOf(input.parentValue);
      const value = input.value.trim();
      if (!value) throw badRequest('请填写代码值');
      if (parentValue === value) throw badRequest(M.parentSelf);
      return ctx.db.transaction().execute(async (trx) => {
        const type = await trx.selectFrom('baseCodeTypes').select('name').where('name', '=', input.typeName).executeTakeFirst();
        if (!type) throw badRequest(MSG.codeTypeNotFound);
        const current = input.id ? await trx.selectFrom('baseCodes').selectAll().where('id', '=', input.id).executeTakeFirst() : undefined;
        if (input.id && !current) throw notFound(MSG.codeNotFound);
        const clash = await trx
          .selectFrom('baseCodes')
          .select('id')
          .where('typeName', '=', input.typeName)
          .where('value', '=', value)
          .$if(!!current, (q) => q.where('id', '!=', current!.id))
          .executeTakeFirst();
        if (clash) throw badRequest(MSG.codeExists);
        if (parentValue) {
          const parent = await trx.selectFrom('baseCodes').select('id').where('typeName', '=', input.typeName).where('value', '=', parentValue).executeTakeFirst();
          if (!parent) throw badRequest(M.parentMissing);
        }
        const values = { typeName: input.typeName, label: input.label.trim(), value, parentValue, sort: input.sort ?? 0 };
        let row;
        if (current) {
          row = await trx.updateTable('baseCodes').set(values).where('id', '=', current.id).returningAll().executeTakeFirstOrThrow();
          // children follow their parent when it is renamed or moved to another type
          if (current.value !== value || current.typeName !== input.typeName) {
            await trx
              .updateTable('baseCodes')
              .set({ parentValue: value, typeName: input.typeName })
              .where('typeName', '=', current.typeName)
              .where('parentValue', '=', current.value)
              .execute();
          }
        } else {
          row = await trx.insertInto('baseCodes').values(values).returningAll().executeTakeFirstOrThrow();
        }
        await bumpBaseCodeVersion(trx);
        return codeOut(row);
      });
    },
  }),

  DeleteBaseCodeType: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除基础代码类型及其全部代码',
    access: manage,
    input: idInput,
    async handler({ ctx, input }) {
      await ctx.db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('baseCodeTypes').where('id', '=', input.id).executeTakeFirst();
        if (!Number(gone.numDeletedRows)) throw notFound(MSG.codeTypeNotFound);
        await bumpBaseCodeVersion(trx);
      });
    },
  }),

  DeleteBaseCode: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除基础代码（有下级代码时不能删除）',
    access: manage,
    input: idInput,
    async handler({ ctx, input }) {
      await ctx.db.transaction().execute(async (trx) => {
        const code = await trx.selectFrom('baseCodes').select(['id', 'typeName', 'value']).where('id', '=', input.id).executeTakeFirst();
        if (!code) throw notFound(MSG.codeNotFound);
        const child = await trx.selectFrom('baseCodes').select('id').where('typeName', '=', code.typeName).where('parentValue', '=', code.value).limit(1).executeTakeFirst();
        if (child) throw badRequest(M.hasChildren);
        await trx.deleteFrom('baseCodes').where('id', '=', code.id).execute();
        await bumpBaseCodeVersion(trx);
      });
    },
  }),
});
