import { sql } from 'kysely';
import { action, type ActionDef, type Call } from '../../http/actions';
import { invalid } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery } from '../../http/paging';
import { pathChain, withinScope } from '../../scope';
import { containsPattern, keywordOf } from '../../services/query-helpers';
import { BIG_SCREEN_MSG as M, BIG_SCREEN_PERMISSION as P, SCREEN_RESOURCE_TYPES, type BigScreenResourceDto } from '../../../contract/big-screen';
import type { PagedResult } from '../../../contract/types';
import { resourceOut } from './dto';
import { listProps, organFilter, organIdProp, perm, requireText, targetOrgan, visible, type Paged } from './organ-scope';
import { ownedVersion } from './versions';

/** Resources of the screens (images, videos, files) and their ordered maps onto versions. */

const resources = (call: Call<unknown>) =>
  call.ctx.db.selectFrom('bigScreenResources as t').innerJoin('organizations as o', 'o.id', 't.organId').where('t.isDeleted', '=', false).where(withinScope(call, 't.organPath'));

const resourceTypeProp = { type: 'integer', enum: SCREEN_RESOURCE_TYPES.map((t) => t.value), title: '资源类型' };

export const resourceActions: Record<string, ActionDef> = {
  GetPagedBigScreenResourceList: action<Paged<{ resourceType?: number }>>({
    method: 'GET', summary: '分页查询大屏资源', access: perm(P.version),
    input: pagedInput({ ...listProps, resourceType: resourceTypeProp }),
    returns: '{ totalCount, items: [{id, organId, organName, name, resourceType, resourceTypeName, url, creationTime}] }',
    async handler(call): Promise<PagedResult<BigScreenResourceDto>> {
      let q = resources(call).where(await organFilter(call, call.input.organId));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('t.name', 'ilike', containsPattern(kw));
      if (call.input.resourceType != null) q = q.where('t.resourceType', '=', call.input.resourceType);
      const page = await pageQuery(q.selectAll('t').select('o.organName').orderBy('t.id', 'desc'), call.input);
      return { totalCount: page.totalCount, items: page.items.map(resourceOut) };
    },
  }),
  CreateBigScreenResourcesInfo: action<{ organId?: number | null; name: string; resourceType: number; url: string }>({
    method: 'POST', summary: '新增大屏资源', access: perm(P.version),
    input: objectInput({
      ...organIdProp, name: { type: 'string', minLength: 1, maxLength: 100, title: '资源名称', 'x-required-message': '请输入资源名称' },
      resourceType: { ...resourceTypeProp, 'x-message': '请选择资源类型' },
      url: { type: 'string', minLength: 1, maxLength: 500, title: '资源地址', pattern: '^(/|https?://)', 'x-message': '资源地址须为 http(s) 地址或本站文件地址' },
    }, ['name', 'resourceType', 'url']),
    returns: '大屏资源',
    async handler(call): Promise<BigScreenResourceDto> {
      const name = requireText(call.input.name, 'name', '请输入资源名称');
      const o = await targetOrgan(call, call.input.organId);
      const { id } = await call.ctx.db.insertInto('bigScreenResources')
        .values({ organId: o.id, organPath: o.organPath, name, resourceType: call.input.resourceType, url: call.input.url.trim(), creatorUserId: call.user.userId, creationTime: call.ctx.now() })
        .returning('id').executeTakeFirstOrThrow();
      return resourceOut(await resources(call).selectAll('t').select('o.organName').where('t.id', '=', id).executeTakeFirstOrThrow());
    },
  }),
  DelBigScreenResource: action<{ id: number }>({
    method: 'POST', summary: '删除大屏资源（并移出所有版本）', access: perm(P.version), input: idInput,
    async handler(call) {
      const row = visible(call, await call.ctx.db.selectFrom('bigScreenResources').selectAll().where('id', '=', call.input.id).where('isDeleted', '=', false).executeTakeFirst(), M.resourceNotFound);
      await call.ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('bigScreenResourceMaps').where('resourceId', '=', row.id).execute();
        await trx.updateTable('bigScreenResources').set({ isDeleted: true }).where('id', '=', row.id).execute();
      });
    },
  }),
  AddBigScreenResourceMap: action<{ versionId: number; resourceIds: number[] }>({
    method: 'POST', summary: '将资源加入版本', access: perm(P.version),
    input: objectInput({
      versionId: { type: 'integer', minimum: 1, title: '版本' },
      resourceIds: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'integer', minimum: 1 }, title: '资源', 'x-required-message': '请选择资源' },
    }, ['versionId', 'resourceIds']),
    returns: '版本的资源数 {versionId, resourceCount}',
    async handler(call) {
      const v = await ownedVersion(call, call.input.versionId);
      const ids = [...new Set(call.input.resourceIds)];
      // resources of the version's organisation or above it
      const found = await call.ctx.db.selectFrom('bigScreenResources').select('id').where('id', 'in', ids).where('isDeleted', '=', false).where('organPath', 'in', pathChain(v.organPath)).execute();
      if (found.length !== ids.length) throw invalid([{ message: M.resourceNotFound, members: ['resourceIds'] }]);
      await call.ctx.db.transaction().execute(async (trx) => {
        const { max } = await trx.selectFrom('bigScreenResourceMaps').select(sql<number>`coalesce(max(sort), 0)::int`.as('max')).where('versionId', '=', v.id).executeTakeFirstOrThrow();
        await trx.insertInto('bigScreenResourceMaps').values(ids.map((resourceId, i) => ({ versionId: v.id, resourceId, sort: max + i + 1 }))).onConflict((oc) => oc.columns(['versionId', 'resourceId']).doNothing()).execute();
      });
      const { n } = await call.ctx.db.selectFrom('bigScreenResourceMaps').select(sql<number>`count(*)::int`.as('n')).where('versionId', '=', v.id).executeTakeFirstOrThrow();
      return { versionId: v.id, resourceCount: n };
    },
  }),
  DelBigScreenResourceMap: action<{ versionId: number; resourceId: number }>({
    method: 'POST', summary: '将资源移出版本', access: perm(P.version),
    input: objectInput({ versionId: { type: 'integer', minimum: 1, title: '版本' }, resourceId: { type: 'integer', minimum: 1, title: '资源' } }, ['versionId', 'resourceId']),
    async handler(call) {
      const v = await ownedVersion(call, call.input.versionId);
      await call.ctx.db.deleteFrom('bigScreenResourceMaps').where('versionId', '=', v.id).where('resourceId', '=', call.input.resourceId).execute();
    },
  }),
};
