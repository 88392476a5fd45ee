import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { ResourceClassTable } from '../../db/schema';
import { action, defineService } from '../../http/actions';
import { badRequest, notFound } from '../../http/errors';
import { idInput, objectInput, pagedInput, type PagingInput } from '../../http/paging';
import type { ResourceClassDto, ResourceClassNode } from '../../../contract/study';
import { CLASSES, RES_MSG } from './resources';

/** The resource class tree (ResourceClassService): a class path per node, moved with its descendants. */

const classProps = {
  className: { type: 'string', minLength: 1, maxLength: 50, title: '分类名称', 'x-required-message': '请输入分类名称' },
  parentId: { type: ['integer', 'null'], minimum: 1, title: '上级分类' },
  resClassType: { type: 'integer', minimum: 1, maximum: 9, default: 1, title: '分类类型' },
  sort: { type: 'integer', minimum: 0, maximum: 100000, default: 0, title: '排序' },
};
const classRow = (r: Selectable<ResourceClassTable>): ResourceClassDto => ({ id: r.id, parentId: r.parentId, className: r.className, resourceClassPath: r.classPath, resClassType: r.resClassType, sort: r.sort });

async function classPathFor(db: Database, parentId: number | null | undefined, selfId?: number) {
  if (!parentId) return '/';
  const p = await db.selectFrom('resourceClasses').select(['id', 'classPath']).where('id', '=', parentId).where('isDeleted', '=', false).executeTakeFirst();
  if (!p) throw badRequest(RES_MSG.classNotFound);
  if (selfId && `${p.classPath}${p.id}/`.includes(`/${selfId}/`)) throw badRequest('不能把分类移到它自己的下级');
  return `${p.classPath}${p.id}/`;
}

export const resourceClassService = defineService('ResourceClassService', {
  CreateResourceClass: action<{ className: string; parentId?: number | null; resClassType: number; sort: number }>({
    method: 'POST', summary: '新建资源分类', access: { permission: CLASSES }, input: objectInput(classProps, ['className']),
    async handler({ ctx, input }) {
      const classPath = await classPathFor(ctx.db, input.parentId);
      const row = await ctx.db.insertInto('resourceClasses').values({ className: input.className.trim(), parentId: input.parentId ?? null, classPath, resClassType: input.resClassType, sort: input.sort }).returningAll().executeTakeFirstOrThrow();
      return classRow(row);
    },
  }),
  ModifyResourceClass: action<{ id: number; className: string; parentId?: number | null; resClassType: number; sort: number }>({
    method: 'POST', summary: '修改资源分类', access: { permission: CLASSES }, input: objectInput({ id: { type: 'integer', minimum: 1, title: '分类' }, ...classProps }, ['id', 'className']),
    async handler({ ctx, input }) {
      const cur = await ctx.db.selectFrom('resourceClasses').selectAll().where('id', '=', input.id).where('isDeleted', '=', false).executeTakeFirst();
      if (!cur) throw notFound(RES_MSG.classNotFound);
      const classPath = await classPathFor(ctx.db, input.parentId, cur.id);
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('resourceClasses').set({ className: input.className.trim(), parentId: input.parentId ?? null, classPath, resClassType: input.resClassType, sort: input.sort }).where('id', '=', cur.id).execute();
        // descendants follow the moved class
        const oldPrefix = `${cur.classPath}${cur.id}/`;
        await trx.updateTable('resourceClasses').set({ classPath: sql`${`${classPath}${cur.id}/`} || substr(class_path, ${oldPrefix.length + 1})` }).where('classPath', 'like', `${oldPrefix}%`).execute();
      });
      return classRow(await ctx.db.selectFrom('resourceClasses').selectAll().where('id', '=', cur.id).executeTakeFirstOrThrow());
    },
  }),
  GetResourceClassById: action<{ id: number }>({
    method: 'GET', summary: '资源分类详情', access: 'self', input: idInput,
    async handler({ ctx, input }) {
      const r = await ctx.db.selectFrom('resourceClasses').selectAll().where('id', '=', input.id).where('isDeleted', '=', false).executeTakeFirst();
      if (!r) throw notFound(RES_MSG.classNotFound);
      return classRow(r);
    },
  }),
  GetPagedResourceClassList: action<PagingInput & { className?: string; parentId?: number }>({
    method: 'GET', summary: '资源分类分页列表', access: 'self',
    input: pagedInput({ className: { type: 'string', maxLength: 50, title: '分类名称' }, parentId: { type: 'integer', minimum: 1, title: '上级分类' } }),
    async handler({ ctx, input }) {
      let q = ctx.db.selectFrom('resourceClasses').where('isDeleted', '=', false);
      if (input.className) q = q.where('className', 'like', `%${input.className.trim()}%`);
      if (input.parentId) q = q.where('parentId', '=', input.parentId);
      const total = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      const rows = await q.selectAll().orderBy('classPath').orderBy('sort').orderBy('id').offset(input.skipCount).limit(input.maxResultCount).execute();
      return { totalCount: Number(total.n), items: rows.map(classRow) };
    },
  }),
  GetAllResourceClassList: action({
    method: 'GET', summary: '资源分类树', access: 'self', returns: '{id, parentId, className, resourceClassPath, resClassType, children}[]',
    async handler({ ctx }) {
      const rows = (await ctx.db.selectFrom('resourceClasses').selectAll().where('isDeleted', '=', false).orderBy('sort').orderBy('id').execute()).map((r): ResourceClassNode => ({ ...classRow(r), children: [] }));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const roots: ResourceClassNode[] = [];
      for (const r of rows) (r.parentId && byId.get(r.parentId) ? byId.get(r.parentId)!.children : roots).push(r);
      return roots;
    },
  }),
  DeleteResourceClass: action<{ id: number }>({
    method: 'DELETE', summary: '删除资源分类（无子分类且无资源时）', access: { permission: CLASSES }, input: idInput,
    async handler({ ctx, input }) {
      const child = await ctx.db.selectFrom('resourceClasses').select('id').where('parentId', '=', input.id).where('isDeleted', '=', false).executeTakeFirst();
      const used = await ctx.db.selectFrom('resources').select('id').where('classId', '=', input.id).where('isDeleted', '=', false).executeTakeFirst();
      if (child || used) throw badRequest(RES_MSG.classInUse);
      const r = await ctx.db.updateTable('resourceClasses').set({ isDeleted: true }).where('id', '=', input.id).where('isDeleted', '=', false).returning('id').executeTakeFirst();
      if (!r) throw notFound(RES_MSG.classNotFound);
      return true;
    },
  }),
});
