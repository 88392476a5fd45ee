import type { Database } from '../../db/database';
import { action, type ActionDef, type Call } from '../../http/actions';
import { badRequest, invalid, notFound } from '../../http/errors';
import { idInput, pagedInput, pageQuery } from '../../http/paging';
import { entityInput } from '../../records/entity-input';
import { pathChain, withinScope } from '../../scope';
import { containsPattern, keywordOf } from '../../services/query-helpers';
import {
  BIG_SCREEN_MSG as M, BIG_SCREEN_PERMISSION as P, SCREEN_MODULE_KEYS,
  type BigScreenVersionDetailDto, type BigScreenVersionDto,
} from '../../../contract/big-screen';
import type { PagedResult } from '../../../contract/types';
import { modulesOf, resourceOut, versionOut } from './dto';
import { listProps, organFilter, perm, requireText, targetOrgan, textOrNull, visible, type Paged } from './organ-scope';

/**
 * Versions: what an organisation's screen shows (modules) and plays (a video). One current version
 * per organisation — a partial unique index, and SetBigScreenVersion locks the organisation's
 * versions while it moves the mark, so two simultaneous calls leave exactly one.
 */

type VersionInput = { id?: number; organId?: number | null; versionName: string; modules?: string[] | null; videoId?: number | null; remark?: string | null };
const VERSION_FIELDS = ['organId', 'versionName', 'modules', 'videoId', 'remark'];

function checkModules(modules: string[] | undefined | null): string[] {
  const list = [...new Set(modules ?? [])];
  for (const m of list) if (!SCREEN_MODULE_KEYS.includes(m as never)) throw invalid([{ message: M.moduleUnknown, members: ['modules'] }]);
  return list;
}

/** A version's video must be one of its organisation's videos or of an organisation above it. */
async function checkVideo(db: Database, videoId: number | null | undefined, organPath: string) {
  if (videoId == null) return null;
  const v = await db.selectFrom('bigScreenVideos').select('id').where('id', '=', videoId).where('isDeleted', '=', false).where('organPath', 'in', pathChain(organPath)).executeTakeFirst();
  if (!v) throw invalid([{ message: M.videoNotFound, members: ['videoId'] }]);
  return v.id;
}

/** Versions of the caller's subtree with their organisation's name and their video's title. */
const versionSelect = (call: Call<unknown>) =>
  call.ctx.db
    .selectFrom('bigScreenVersions as t')
    .innerJoin('organizations as o', 'o.id', 't.organId')
    .leftJoin('bigScreenVideos as vd', (j) => j.onRef('vd.id', '=', 't.videoId').on('vd.isDeleted', '=', false))
    .where('t.isDeleted', '=', false)
    .where(withinScope(call, 't.organPath'))
    .selectAll('t')
    .select(['o.organName', 'vd.title as videoTitle']);

const versionById = async (call: Call<unknown>, id: number) => versionOut(await versionSelect(call).where('t.id', '=', id).executeTakeFirstOrThrow());

/** A version by id in the caller's subtree (`db`: inside a transaction), else 404. */
export const ownedVersion = async (call: Call<unknown>, id: number, db: Database = call.ctx.db) =>
  visible(call, await db.selectFrom('bigScreenVersions').selectAll().where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst(), M.versionNotFound);

export const versionActions: Record<string, ActionDef> = {
  GetPagedBigScreenOrganSetList: action<Paged>({
    method: 'GET', summary: '分页查询已设置当前版本的组织', access: perm(P.version), input: pagedInput(listProps),
    returns: '{ totalCount, items: 版本 {id, organId, organName, versionName, modules, moduleNames, videoId, videoTitle, isCurrent} }',
    async handler(call): Promise<PagedResult<BigScreenVersionDto>> {
      let q = versionSelect(call).where('t.isCurrent', '=', true).where(await organFilter(call, call.input.organId));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('o.organName', 'ilike', containsPattern(kw));
      const page = await pageQuery(q.orderBy('t.id', 'desc'), call.input);
      return { totalCount: page.totalCount, items: page.items.map(versionOut) };
    },
  }),
  GetPagedBigScreenVersionList: action<Paged<{ isCurrent?: boolean }>>({
    method: 'GET', summary: '分页查询大屏版本', access: perm(P.version),
    input: pagedInput({ ...listProps, isCurrent: { type: 'boolean', title: '当前版本' } }),
    returns: '{ totalCount, items: [{id, organId, organName, versionName, modules, moduleNames, videoId, videoTitle, remark, isCurrent, creationTime}] }',
    async handler(call): Promise<PagedResult<BigScreenVersionDto>> {
      let q = versionSelect(call).where(await organFilter(call, call.input.organId));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('t.versionName', 'ilike', containsPattern(kw));
      if (call.input.isCurrent != null) q = q.where('t.isCurrent', '=', call.input.isCurrent);
      const page = await pageQuery(q.orderBy('t.id', 'desc'), call.input);
      return { totalCount: page.totalCount, items: page.items.map(versionOut) };
    },
  }),
  GetBigScreenVersionById: action<{ id: number }>({
    method: 'GET', summary: '获取大屏版本详情（含资源）', access: perm(P.version), input: idInput,
    returns: '版本 {id, organId, organName, versionName, modules, moduleNames, videoId, videoTitle, remark, isCurrent, resources: [资源]}',
    async handler(call): Promise<BigScreenVersionDetailDto> {
      const row = await versionSelect(call).where('t.id', '=', call.input.id).executeTakeFirst();
      if (!row) throw notFound(M.versionNotFound);
      const resources = await call.ctx.db
        .selectFrom('bigScreenResourceMaps as m')
        .innerJoin('bigScreenResources as r', 'r.id', 'm.resourceId')
        .innerJoin('organizations as o', 'o.id', 'r.organId')
        .selectAll('r')
        .select(['o.organName', 'm.sort'])
        .where('m.versionId', '=', row.id)
        .where('r.isDeleted', '=', false)
        .orderBy('m.sort')
        .orderBy('r.id')
        .execute();
      return { ...versionOut(row), resources: resources.map(resourceOut) };
    },
  }),
  CreateBigScreenVersion: action<VersionInput>({
    method: 'POST', summary: '新建大屏版本', access: perm(P.version), input: entityInput('bigScreenVersion', { fields: VERSION_FIELDS }),
    returns: '新版本',
    async handler(call): Promise<BigScreenVersionDto> {
      const versionName = requireText(call.input.versionName, 'versionName', '请输入版本名称');
      const modules = checkModules(call.input.modules);
      const o = await targetOrgan(call, call.input.organId);
      const videoId = await checkVideo(call.ctx.db, call.input.videoId, o.organPath);
      const { id } = await call.ctx.db
        .insertInto('bigScreenVersions')
        .values({ organId: o.id, organPath: o.organPath, versionName, modules: JSON.stringify(modules), videoId, remark: textOrNull(call.input.remark), creatorUserId: call.user.userId, creationTime: call.ctx.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return versionById(call, id);
    },
  }),
  ModifyBigScreenVersion: action<VersionInput & { id: number }>({
    method: 'POST', summary: '修改大屏版本', access: perm(P.version), input: entityInput('bigScreenVersion', { fields: VERSION_FIELDS, id: 'required' }),
    returns: '修改后的版本',
    async handler(call): Promise<BigScreenVersionDto> {
      const row = await ownedVersion(call, call.input.id);
      const versionName = requireText(call.input.versionName, 'versionName', '请输入版本名称');
      const modules = call.input.modules === undefined ? modulesOf(row.modules) : checkModules(call.input.modules);
      const videoId = call.input.videoId === undefined ? row.videoId : await checkVideo(call.ctx.db, call.input.videoId, row.organPath);
      const remark = call.input.remark === undefined ? row.remark : textOrNull(call.input.remark);
      await call.ctx.db
        .updateTable('bigScreenVersions')
        .set({ versionName, modules: JSON.stringify(modules), videoId, remark, lastModificationTime: call.ctx.now() })
        .where('id', '=', row.id)
        .execute();
      return versionById(call, row.id);
    },
  }),
  SetBigScreenVersion: action<{ id: number }>({
    method: 'POST', summary: '设为当前版本（每个组织一个当前版本）', access: perm(P.version), input: idInput,
    returns: '当前版本',
    async handler(call): Promise<BigScreenVersionDto> {
      await call.ctx.db.transaction().execute(async (trx) => {
        const row = await ownedVersion(call, call.input.id, trx);
        // lock the organisation's versions so two simultaneous calls leave exactly one current
        await trx.selectFrom('bigScreenVersions').select('id').where('organId', '=', row.organId).forUpdate().execute();
        await trx.updateTable('bigScreenVersions').set({ isCurrent: false }).where('organId', '=', row.organId).where('isCurrent', '=', true).execute();
        await trx.updateTable('bigScreenVersions').set({ isCurrent: true, lastModificationTime: call.ctx.now() }).where('id', '=', row.id).execute();
      });
      return versionById(call, call.input.id);
    },
  }),
  DeleteBigScreenVersion: action<{ id: number }>({
    method: 'DELETE', summary: '删除大屏版本（当前版本不能删除）', access: perm(P.version), input: idInput,
    async handler(call) {
      const row = await ownedVersion(call, call.input.id);
      if (row.isCurrent) throw badRequest(M.currentVersionDelete);
      await call.ctx.db.updateTable('bigScreenVersions').set({ isDeleted: true }).where('id', '=', row.id).execute();
    },
  }),
};
