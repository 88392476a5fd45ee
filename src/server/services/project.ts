import { sql, type Kysely, type Selectable } from 'kysely';
import { action, defineService } from '../http/actions';
import { badRequest, notFound } from '../http/errors';
import { idInput, objectInput, pagedInput } from '../http/paging';
import { MSG } from '../../contract/messages';
import { P } from '../../contract/permissions';
import type { DB, ProjectTable } from '../db/schema';
import { containsPattern, iso, keywordOf } from './query-helpers';

/**
 * Projects name the applications that share the file server (core §9: default project LyProduct).
 * A deleted project keeps its row, but its code is freed for reuse.
 */
const manage = { permission: P.Projects };

const fields = {
  code: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$', title: '项目编码', 'x-message': '项目编码只能包含字母、数字、下划线、点和横线' },
  name: { type: 'string', minLength: 1, maxLength: 100, title: '项目名称' },
  description: { type: ['string', 'null'], maxLength: 1000, title: '项目描述' },
};

const out = (p: Selectable<ProjectTable>) => ({
  id: p.id,
  code: p.code,
  name: p.name,
  description: p.description,
  isEnabled: p.isEnabled,
  creationTime: iso(p.creationTime),
});

async function findProject(db: Kysely<DB>, id: number) {
  const p = await db.selectFrom('projects').selectAll().where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst();
  if (!p) throw notFound(MSG.projectNotFound);
  return p;
}

async function assertCodeFree(db: Kysely<DB>, code: string, exceptId?: number) {
  const clash = await db
    .selectFrom('projects')
    .select('id')
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .$if(exceptId != null, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  if (clash) throw badRequest(MSG.projectExists);
}

const setEnabled = (isEnabled: boolean) =>
  action<{ id: number }>({
    method: 'POST',
    summary: isEnabled ? '启用项目' : '停用项目',
    access: manage,
    input: idInput,
    returns: '修改后的项目',
    async handler({ ctx, input }) {
      return ctx.db.transaction().execute(async (trx) => {
        const p = await findProject(trx, input.id);
        return out(await trx.updateTable('projects').set({ isEnabled }).where('id', '=', p.id).returningAll().executeTakeFirstOrThrow());
      });
    },
  });

export const projectService = defineService('ProjectService', {
  CreateProject: action<{ code: string; name: string; description?: string | null }>({
    method: 'POST',
    summary: '新建项目',
    access: manage,
    input: objectInput(fields, ['code', 'name']),
    returns: '新项目',
    async handler({ ctx, input }) {
      return ctx.db.transaction().execute(async (trx) => {
        await assertCodeFree(trx, input.code);
        const row = await trx
          .insertInto('projects')
          .values({ code: input.code, name: input.name.trim(), description: input.description ?? null })
          .returningAll()
          .executeTakeFirstOrThrow();
        return out(row);
      });
    },
  }),

  ModifyProject: action<{ id: number; code?: string; name: string; description?: string | null }>({
    method: 'POST',
    summary: '修改项目',
    access: manage,
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '项目编号' }, ...fields }, ['id', 'name']),
    returns: '修改后的项目',
    async handler({ ctx, input }) {
      return ctx.db.transaction().execute(async (trx) => {
        const p = await findProject(trx, input.id);
        const code = input.code ?? p.code;
        if (code !== p.code) await assertCodeFree(trx, code, p.id);
        const row = await trx
          .updateTable('projects')
          .set({ code, name: input.name.trim(), description: input.description === undefined ? p.description : input.description })
          .where('id', '=', p.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return out(row);
      });
    },
  }),

  DisableProject: setEnabled(false),
  EnableProject: setEnabled(true),

  GetPageProjectList: action<{ skipCount: number; maxResultCount: number; keyword?: string; isEnabled?: boolean }>({
    method: 'GET',
    summary: '分页查询项目',
    access: manage,
    input: pagedInput({ keyword: { type: 'string', maxLength: 100, title: '关键字' }, isEnabled: { type: 'boolean', title: '是否启用' } }),
    returns: '{ totalCount, items: [{id, code, name, description, isEnabled, creationTime}] }',
    async handler({ ctx, input }) {
      const kw = keywordOf(input.keyword);
      let q = ctx.db.selectFrom('projects').where('isDeleted', '=', false);
      if (kw) q = q.where((eb) => eb.or([eb('code', 'ilike', containsPattern(kw)), eb('name', 'ilike', containsPattern(kw))]));
      if (input.isEnabled != null) q = q.where('isEnabled', '=', input.isEnabled);
      const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const rows = await q.selectAll().orderBy('id', 'desc').offset(input.skipCount).limit(input.maxResultCount).execute();
      return { totalCount: Number(count), items: rows.map(out) };
    },
  }),

  GetProjectById: action<{ id: number }>({
    method: 'GET',
    summary: '获取项目详情',
    access: manage,
    input: idInput,
    returns: '{id, code, name, description, isEnabled, creationTime}',
    async handler({ ctx, input }) {
      return out(await findProject(ctx.db, input.id));
    },
  }),

  DeleteProject: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除项目',
    access: manage,
    input: idInput,
    async handler({ ctx, input }) {
      await ctx.db.transaction().execute(async (trx) => {
        const p = await findProject(trx, input.id);
        // the code column is unique over all rows: park the deleted project's code so it can be reused
        await trx.updateTable('projects').set({ isDeleted: true, isEnabled: false, code: `${p.code}#deleted#${p.id}` }).where('id', '=', p.id).execute();
      });
    },
  }),
});
