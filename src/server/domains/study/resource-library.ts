import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import { action, defineService, type Call } from '../../http/actions';
import { badRequest, invalid, notFound } from '../../http/errors';
import { idInput, objectInput, pagedInput, pagingProps, type PagingInput } from '../../http/paging';
import { actingOrgan, subtreePattern } from '../../scope';
import { FileStorage, MissingObject } from '../../files/storage';
import { CLASS_POLICY } from '../../files/policy';
import { openStudySession, reportStudy } from './credit';
import {
  applyFilters,
  baseSelect,
  copyResource,
  listFilters,
  loadResource,
  MANAGE,
  pageOf,
  RES_MSG,
  RESOURCE,
  studyScope,
  toResource,
  visibleWhere,
  type ListInput,
} from './resources';
import { mediaResult } from '../../files/media';

/**
 * The resource library (services §3, §7): organisation-owned resources of types 1–7 in a class tree,
 * with view and collection counts, adoption of resources from below, integrity checking and the
 * study report that credits 学时.
 */

const resourceProps = {
  name: { type: 'string', minLength: 1, maxLength: 100, title: '资源名称', 'x-required-message': '请输入资源名称' },
  resourceType: { type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7], title: '资源类型', 'x-required-message': '请选择资源类型' },
  classId: { type: ['integer', 'null'], minimum: 1, title: '资源分类' },
  coverUrl: { type: ['string', 'null'], maxLength: 500, title: '封面' },
  flvUrl: { type: ['string', 'null'], maxLength: 500, pattern: '^(https?://\\S+)?$', title: '专题地址', 'x-message': '专题地址须为 http(s) 网址' },
  keyWord: { type: ['string', 'null'], maxLength: 200, title: '关键词' },
  description: { type: ['string', 'null'], maxLength: 20000, title: '简介' },
  fileId: { type: ['string', 'null'], maxLength: 40, title: '资源文件' },
  durationSeconds: { type: ['integer', 'null'], minimum: 0, maximum: 86400, title: '学时（秒）' },
  isRecommend: { type: 'boolean', title: '推荐' },
};
type ResourceInput = { id?: number; name: string; resourceType: number; classId?: number | null; coverUrl?: string | null; flvUrl?: string | null; keyWord?: string | null; description?: string | null; fileId?: string | null; durationSeconds?: number | null; isRecommend?: boolean };

/** The file behind a resource gives its play address, duration and the hash its integrity is checked against. */
async function fileFacts(db: Database, fileId: string | null | undefined) {
  if (!fileId) return {};
  const f = await db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
  if (!f) throw invalid([{ message: '资源文件不存在，请重新上传', members: ['fileId'] }]);
  // classes 2 and 4 are served only with a download token: members could not open them by playUrl
  if (CLASS_POLICY[f.attachClass]?.byId) throw invalid([{ message: '资源文件须按公开路径上传（附件类别 1），请重新上传', members: ['fileId'] }]);
  const media = f.kind === 'video' || f.kind === 'audio';
  // a playlist still being packaged is not playable yet: the file itself until it is ready (toResource)
  return { playUrl: media ? mediaResult(f, false).orgfile : `/file/f/${f.storageKey}`, contentSha256: f.sha256, durationSeconds: media ? Math.round(f.durationSeconds ?? 0) : undefined };
}

/** Recomputes each resource's SHA-256 from its file; a mismatch marks it tampered (isIntegrity false). */
export async function verifyIntegrity(ctx: AppContext, onlyId?: number) {
  const storage = FileStorage.for(ctx.config);
  let q = ctx.db
    .selectFrom('resources as r')
    .innerJoin('files as f', 'f.id', 'r.fileId')
    .select(['r.id', 'r.contentSha256', 'f.storageKey'])
    .where('r.isDeleted', '=', false)
    .where('r.contentSha256', 'is not', null);
  if (onlyId) q = q.where('r.id', '=', onlyId);
  let tampered = 0;
  for (const r of await q.execute()) {
    let actual: string | null = null;
    try {
      const h = createHash('sha256');
      for await (const chunk of await storage.open(storage.objectKey(r.storageKey))) h.update(chunk as Buffer);
      actual = h.digest('hex');
    } catch (err) {
      // a missing file is tampered; a store that does not answer says nothing either way
      if (!(err instanceof MissingObject)) throw err;
    }
    const ok = actual === r.contentSha256;
    if (!ok) tampered++;
    await ctx.db.updateTable('resources').set({ isIntegrity: ok, integrityCheckedAt: ctx.now() }).where('id', '=', r.id).execute();
  }
  return { tampered };
}

export const resourceLibraryService = defineService('ResourceLibaryService', {
  CreateResourceLibary: action<ResourceInput>({
    method: 'POST', summary: '新增资源（本组织）', access: { permission: MANAGE }, returns: RESOURCE,
    input: objectInput(resourceProps, ['name', 'resourceType']),
    async handler(call) {
      const organ = actingOrgan(call.user);
      const facts = await fileFacts(call.ctx.db, call.input.fileId);
      const row = await call.ctx.db
        .insertInto('resources')
        .values({
          organId: organ.id, organPath: organ.path, name: call.input.name.trim(), resourceType: call.input.resourceType, classId: call.input.classId ?? null,
          coverUrl: call.input.coverUrl ?? null, flvUrl: call.input.flvUrl ?? null, keyWord: call.input.keyWord ?? null, description: call.input.description ?? null,
          fileId: call.input.fileId ?? null, playUrl: facts.playUrl ?? null, contentSha256: facts.contentSha256 ?? null,
          durationSeconds: facts.durationSeconds ?? call.input.durationSeconds ?? 0, isRecommend: !!call.input.isRecommend, creatorUserId: call.user.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return toResource(await loadResource(call, row.id, 'manage'));
    },
  }),

  ModifyResourceLibary: action<ResourceInput & { id: number }>({
    method: 'POST', summary: '修改资源（管理范围内）', access: { permission: `${MANAGE}.Modify` }, returns: RESOURCE,
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '资源' }, ...resourceProps }, ['id', 'name', 'resourceType']),
    async handler(call) {
      const cur = await loadResource(call, call.input.id, 'manage');
      const facts = call.input.fileId && call.input.fileId !== cur.fileId ? await fileFacts(call.ctx.db, call.input.fileId) : {};
      await call.ctx.db
        .updateTable('resources')
        .set({
          name: call.input.name.trim(), resourceType: call.input.resourceType, classId: call.input.classId ?? null, coverUrl: call.input.coverUrl ?? null,
          flvUrl: call.input.flvUrl ?? null, keyWord: call.input.keyWord ?? null, description: call.input.description ?? null,
          ...(facts.playUrl ? { fileId: call.input.fileId!, playUrl: facts.playUrl, contentSha256: facts.contentSha256, isIntegrity: true } : {}),
          durationSeconds: facts.durationSeconds ?? call.input.durationSeconds ?? cur.durationSeconds,
          ...(call.input.isRecommend !== undefined ? { isRecommend: call.input.isRecommend } : {}),
          lastModificationTime: call.ctx.now(),
        })
        .where('id', '=', cur.id)
        .execute();
      return toResource(await loadResource(call, cur.id, 'manage'));
    },
  }),

  DeleteResourceLibary: action<{ id: number }>({
    method: 'POST', summary: '删除资源（管理范围内）', access: { permission: `${MANAGE}.Delete` }, input: idInput,
    async handler(call) {
      const cur = await loadResource(call, call.input.id, 'manage');
      await call.ctx.db.updateTable('resources').set({ isDeleted: true }).where('id', '=', cur.id).execute();
      return true;
    },
  }),

  AdoptiveResource: action<{ id: number }>({
    method: 'POST', summary: '采用下级组织的资源到本组织资源库', access: { permission: MANAGE }, returns: RESOURCE, input: idInput,
    async handler(call) {
      const src = await loadResource(call, call.input.id, 'manage');
      if (src.organId === actingOrgan(call.user).id) throw badRequest(RES_MSG.alreadyAdopted);
      return toResource(await loadResource(call, await copyResource(call, src.id), 'manage'));
    },
  }),

  CollectResource: action<{ id: number }>({
    method: 'POST', summary: '收藏资源（扩展接口）', access: 'self', input: idInput, returns: '{collectionCount, isCollected}',
    handler: (call) => setCollected(call, true),
  }),
  CancelCollectResource: action<{ id: number }>({
    method: 'POST', summary: '取消收藏', access: 'self', input: idInput, returns: '{collectionCount, isCollected}',
    handler: (call) => setCollected(call, false),
  }),

  ResrouceStudy: action<{ periodSource: number; resouceId: number; seconds?: number }>({
    method: 'POST', summary: '学习上报：播放中每60秒一次，播放结束、页面隐藏或关闭时再报一次剩余的播放秒数；服务端按实际经过时间记学时（至多经过的时间）', access: 'self', audit: false,
    returns: '{studyState: 1 继续 | 2 完成 | 3 失败 | 4 其他设备, message, credited, period, seconds, durationSeconds, percent}',
    input: objectInput(
      {
        periodSource: { type: 'integer', enum: [1, 2], default: 1, title: '学时来源' },
        resouceId: { type: 'integer', minimum: 1, title: '资源' },
        // the player's play seconds since its previous report (absent: the interval); never credited beyond the wall time
        seconds: { type: 'integer', minimum: 0, maximum: 3600, title: '播放秒数' },
      },
      ['resouceId'],
    ),
    async handler(call) {
      // the hottest call of the platform: one round trip (visibility and credit in one database function)
      return reportStudy(call.ctx, call.user, call.input.resouceId, studyScope(call.user), call.input.seconds);
    },
  }),

  GetResourceById: action<{ id: number }>({
    method: 'GET', summary: '资源详情（含本人学时与收藏状态）；打开即开始学习会话', access: 'self', input: idInput, returns: RESOURCE,
    async handler(call) {
      const row = await loadResource(call, call.input.id, 'read');
      await openStudySession(call.ctx, call.user, row.id);
      return toResource(row);
    },
  }),

  GetByIdAutoIncr: action<{ id: number }>({
    method: 'GET', summary: '资源详情并累加浏览次数；打开即开始学习会话', access: 'self', input: idInput, returns: RESOURCE,
    async handler(call) {
      const visible = visibleWhere(call);
      const hit = await call.ctx.db.updateTable('resources as r').set({ viewCount: sql`view_count + 1` }).where('r.id', '=', call.input.id).where('r.isDeleted', '=', false).where(visible).returning('r.id').executeTakeFirst();
      if (!hit) throw notFound(RES_MSG.notFound);
      await openStudySession(call.ctx, call.user, hit.id);
      return toResource(await loadResource(call, hit.id, 'read'));
    },
  }),

  GetOrganManageResourceList: action<ListInput>({
    method: 'GET', summary: '资源管理列表（管理范围内）', access: { permission: MANAGE }, input: pagedInput(listFilters), returns: `{totalCount, items: ${RESOURCE}[]}`,
    handler: (call) => pageOf(applyFilters(baseSelect(call.ctx.db, call.user.userId).where('r.organPath', 'like', subtreePattern(actingOrgan(call.user).path)), call.input), call.input),
  }),

  GetChildOrganResourceList: action<ListInput>({
    method: 'GET', summary: '下一级组织的资源（可采用）', access: { permission: MANAGE }, input: pagedInput(listFilters), returns: `{totalCount, items: ${RESOURCE}[]}`,
    handler: (call) => pageOf(applyFilters(baseSelect(call.ctx.db, call.user.userId).where('o.parentId', '=', actingOrgan(call.user).id), call.input), call.input),
  }),

  GetOrganResourceList: action<ListInput>({
    method: 'GET', summary: '党员书架：本组织及上级组织发布的资源', access: 'self', input: pagedInput(listFilters), returns: `{totalCount, items: ${RESOURCE}[]}`,
    async handler(call) {
      return pageOf(applyFilters(baseSelect(call.ctx.db, call.user.userId).where('r.isEnabled', '=', true).where(visibleWhere(call)), call.input), call.input);
    },
  }),

  GetNewestResourseList: action<ListInput>({
    method: 'GET', summary: '最新资源', access: 'self', input: pagedInput(listFilters), returns: `{totalCount, items: ${RESOURCE}[]}`,
    async handler(call) {
      return pageOf(applyFilters(baseSelect(call.ctx.db, call.user.userId).where('r.isEnabled', '=', true).where(visibleWhere(call)), call.input), call.input);
    },
  }),

  GetTopRecommandResourceList: action<ListInput>({
    method: 'GET', summary: '推荐资源（推荐优先，其次浏览最多）', access: 'self', input: pagedInput(listFilters), returns: `{totalCount, items: ${RESOURCE}[]}`,
    async handler(call) {
      return pageOf(applyFilters(baseSelect(call.ctx.db, call.user.userId).where('r.isEnabled', '=', true).where(visibleWhere(call)), call.input), call.input, 'top');
    },
  }),

  GetRelationResourceList: action<PagingInput & { id: number }>({
    method: 'GET', summary: '相关资源：同分类或有相同关键词', access: 'self', input: objectInput({ ...pagingProps, id: idInput.properties.id }, ['id']),
    returns: `{totalCount, items: ${RESOURCE}[]}`,
    async handler(call) {
      const cur = await loadResource(call, call.input.id, 'read');
      const words = (cur.keyWord ?? '').split(/[,，\s]+/).filter(Boolean).slice(0, 10);
      const q = baseSelect(call.ctx.db, call.user.userId)
        .where('r.id', '!=', cur.id)
        .where('r.isEnabled', '=', true)
        .where(visibleWhere(call))
        .where((eb) => eb.or([...(cur.classId ? [eb('r.classId', '=', cur.classId)] : []), ...words.map((w) => eb('r.keyWord', 'like', `%${w}%`)), eb('r.resourceType', '=', cur.resourceType)]));
      return pageOf(q, call.input);
    },
  }),

  GetUserViewResourceList: action<ListInput>({
    method: 'GET', summary: '最近学习（本人学过的资源，最近的在前）', access: 'self', input: pagedInput(listFilters), returns: `{totalCount, items: ${RESOURCE}[]}`,
    handler: (call) => pageOf(applyFilters(baseSelect(call.ctx.db, call.user.userId).where('t.userId', 'is not', null), call.input), call.input, 'studied'),
  }),

  MyResourceStudyRecordPageList: action<ListInput>({
    method: 'GET', summary: '本人学习记录：每个资源的已获学时、总学时与完成情况', access: 'self', input: pagedInput(listFilters), returns: `{totalCount, items: ${RESOURCE}[]}`,
    handler: (call) => pageOf(applyFilters(baseSelect(call.ctx.db, call.user.userId).where('t.userId', 'is not', null), call.input), call.input, 'studied'),
  }),

  GetUserCollectResourceList: action<ListInput>({
    method: 'GET', summary: '本人收藏的资源', access: 'self', input: pagedInput(listFilters), returns: `{totalCount, items: ${RESOURCE}[]}`,
    handler: (call) =>
      pageOf(applyFilters(baseSelect(call.ctx.db, call.user.userId).where(sql<boolean>`exists (select 1 from resource_collections c where c.resource_id = r.id and c.user_id = ${call.user.userId})`), call.input), call.input),
  }),

  VerifyIntegrity: action<{ id?: number }>({
    method: 'POST', summary: '完整性校验（扩展接口）：重新计算资源文件的 SHA-256，不一致的标记为数据被篡改', access: { permission: MANAGE },
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '资源' } }), returns: '{tampered}',
    async handler(call) {
      if (call.input.id) await loadResource(call, call.input.id, 'manage');
      return verifyIntegrity(call.ctx, call.input.id);
    },
  }),
});

async function setCollected(call: Call<{ id: number }>, on: boolean) {
  const row = await call.ctx.db.selectFrom('resources as r').select('r.id').where('r.id', '=', call.input.id).where('r.isDeleted', '=', false).where(visibleWhere(call)).executeTakeFirst();
  if (!row) throw notFound(RES_MSG.notFound);
  return call.ctx.db.transaction().execute(async (trx) => {
    if (on) await trx.insertInto('resourceCollections').values({ resourceId: row.id, userId: call.user.userId }).onConflict((oc) => oc.doNothing()).execute();
    else await trx.deleteFrom('resourceCollections').where('resourceId', '=', row.id).where('userId', '=', call.user.userId).execute();
    const n = Number((await trx.selectFrom('resourceCollections').select(sql<number>`count(*)`.as('n')).where('resourceId', '=', row.id).executeTakeFirstOrThrow()).n);
    await trx.updateTable('resources').set({ collectionCount: n }).where('id', '=', row.id).execute();
    return { collectionCount: n, isCollected: on };
  });
}
