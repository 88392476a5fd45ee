import { studyPercent } from '../../../contract/study-progress';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { sql } from 'kysely';
import { MSG } from '../../../contract/messages';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import { action, defineService, type Call } from '../../http/actions';
import { badRequest, forbidden, invalid, notFound } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, pagingProps, type PagingInput } from '../../http/paging';
import { isInSubtree, subtreePattern, actingOrgan, pathChain } from '../../scope';
import { FileStorage } from '../../files/storage';
import { mediaResult } from '../../files/routes';
import { CLASS_POLICY } from '../../files/policy';
import { openStudySession, reportStudy, type StudyScope } from './credit';
import type { CurrentUser } from '../../http/auth';
import type { Executor } from '../../workflow/types';
import { decideReport, reportsAddressedTo, submitReport, withdrawReport } from '../../workflow/upward-reports';
import { hours } from '.';

/**
 * The resource library (services §3, §7): organisation-owned resources of types 1–7 in a class tree,
 * with view and collection counts, adoption of resources from below, integrity checking and the
 * study report that credits 学时.
 */
const MANAGE = 'Pages.ResourceLibaryService';
const CLASSES = 'Pages.Administration.ResourceClasses';
const RES_MSG = {
  notFound: '资源不存在或已删除',
  classNotFound: '资源分类不存在',
  classInUse: '该分类下仍有子分类或资源，不能删除',
  ownOrgan: '只能操作本组织的资源',
  alreadyAdopted: '该资源已采用，请勿重复操作',
  reportPending: '该资源已上报，正在等待上级审核',
  topOrgan: '已是最高一级组织，无法上报',
  audited: '该上报已审核',
} as const;

export const RESOURCE = '资源 {id, name, resourceType, coverUrl, flvUrl, keyWord, viewCount, collectionCount, isIntegrity, createOrgan, organName, period, resoursePeriod, percent, playUrl, isCollected}';

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

export const baseSelect = (db: Database, userId: number) =>
  db
    .selectFrom('resources as r')
    .innerJoin('organizations as o', 'o.id', 'r.organId')
    .leftJoin('studyTotals as t', (j) => j.onRef('t.resourceId', '=', 'r.id').on('t.userId', '=', userId))
    .leftJoin('files as fl', 'fl.id', 'r.fileId')
    .select([
      'fl.hlsStatus', 'fl.storageKey',
      'r.id', 'r.name', 'r.resourceType', 'r.coverUrl', 'r.flvUrl', 'r.keyWord', 'r.description', 'r.classId', 'r.viewCount', 'r.collectionCount',
      'r.isIntegrity', 'r.organId', 'r.organPath', 'o.organName', 'r.durationSeconds', 'r.playUrl', 'r.fileId', 'r.isRecommend', 'r.isEnabled',
      'r.sourceResourceId', 'r.creationTime', 't.seconds as studiedSeconds', 't.completed', 't.lastStudyTime',
      sql<boolean>`exists (select 1 from resource_collections c where c.resource_id = r.id and c.user_id = ${userId})`.as('isCollected'),
    ])
    .where('r.isDeleted', '=', false);

type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['executeTakeFirstOrThrow']>>;

/** The Resource entity of services §3: period is the caller's credited hours, resoursePeriod the resource's. */
export const toResource = (r: Row) => {
  const period = hours(Number(r.studiedSeconds ?? 0));
  const resoursePeriod = hours(r.durationSeconds);
  const { hlsStatus, storageKey, ...rest } = r;
  return {
    ...rest,
    // the play address follows the file's packaging: the HLS playlist once it is ready, else the file
    playUrl: hlsStatus === 'ready' && storageKey ? `/file/hls/${storageKey}/index.m3u8` : r.playUrl,
    createOrgan: r.organName,
    period,
    resoursePeriod,
    // from the seconds, so rounding the hours does not distort short resources; 100 only when complete
    percent: studyPercent(r.studiedSeconds, r.durationSeconds),
    studiedSeconds: Number(r.studiedSeconds ?? 0),
    completed: !!r.completed,
  };
};

/**
 * Members see what their own organisation and those above it published; administrators their
 * subtree too. One rule for every read and for the study report (whose database function applies
 * the same scope), taken from the resolved session: no query.
 */
function studyScope(user: CurrentUser): StudyScope {
  const memberOrganPath = user.memberOrganPath ?? user.organPath ?? '/';
  const managed = !user.isDefaultRole && user.permissions.has(MANAGE) ? user.organPath : null;
  return { paths: pathChain(memberOrganPath), managedLike: managed ? subtreePattern(managed) : null, memberOrganPath };
}

function visibleTo(user: CurrentUser) {
  const { paths, managedLike } = studyScope(user);
  return (eb: any) => eb.or([eb('r.organPath', 'in', paths), ...(managedLike ? [eb('r.organPath', 'like', managedLike)] : [])]);
}
const visibleWhere = (call: Call<unknown>) => visibleTo(call.user);

/** A resource's file is read by the resource's readers (see files/readers.ts). */
export async function resourceHoldsFileFor(ctx: AppContext, user: CurrentUser, fileId: string) {
  const row = await ctx.db.selectFrom('resources as r').select('r.id').where('r.fileId', '=', fileId).where('r.isDeleted', '=', false).where(visibleTo(user)).executeTakeFirst();
  return !!row;
}

async function pageOf(q: any, input: PagingInput, order: 'new' | 'top' | 'studied' = 'new') {
  const page = await pageQuery<Row>(q, input, (x) => {
    if (order === 'top') x = x.orderBy('r.isRecommend', 'desc').orderBy('r.viewCount', 'desc');
    if (order === 'studied') x = x.orderBy('t.lastStudyTime', 'desc');
    return x.orderBy('r.id', 'desc');
  });
  return { totalCount: page.totalCount, items: page.items.map(toResource) };
}

const listFilters = {
  name: { type: 'string', maxLength: 100, title: '资源名称' },
  resourceType: { type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7], title: '资源类型' },
  classId: { type: 'integer', minimum: 1, title: '资源分类' },
};
type ListInput = PagingInput & { name?: string; resourceType?: number; classId?: number };
const applyFilters = (q: any, input: ListInput) => {
  if (input.name) q = q.where('r.name', 'like', `%${input.name.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (input.resourceType) q = q.where('r.resourceType', '=', input.resourceType);
  if (input.classId) q = q.where('r.classId', '=', input.classId);
  return q;
};

/**
 * The one loader of a resource by id, with the caller's reach in the query: `read` — what he may
 * study (his organisation's chain upward, and a managed subtree); `manage` — his managed subtree.
 * Beyond it a resource answers exactly as a missing one (404), so ids reveal nothing.
 */
async function loadResource(call: Call<unknown>, id: number, reach: 'read' | 'manage') {
  const inReach = reach === 'read' ? visibleTo(call.user) : (eb: any) => eb('r.organPath', 'like', subtreePattern(actingOrgan(call.user).path));
  const row = await baseSelect(call.ctx.db, call.user.userId).where('r.id', '=', id).where(inReach).executeTakeFirst();
  if (!row) throw notFound(RES_MSG.notFound);
  return row;
}

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

/** Copies a resource into the caller's organisation (adoption, an approved report); `db` may be a transaction. */
async function copyResource(call: Call<unknown>, sourceId: number, db: Executor = call.ctx.db) {
  const organ = actingOrgan(call.user);
  const src = await db.selectFrom('resources').selectAll().where('id', '=', sourceId).executeTakeFirstOrThrow();
  const dup = await db.selectFrom('resources').select('id').where('organId', '=', organ.id).where('sourceResourceId', '=', src.sourceResourceId ?? src.id).where('isDeleted', '=', false).executeTakeFirst();
  if (dup) throw badRequest(RES_MSG.alreadyAdopted);
  const { id: _id, organId: _o, organPath: _p, viewCount: _v, collectionCount: _c, creationTime: _t, lastModificationTime: _m, ...rest } = src;
  const row = await db
    .insertInto('resources')
    .values({ ...rest, organId: organ.id, organPath: organ.path, sourceResourceId: src.sourceResourceId ?? src.id, creatorUserId: call.user.userId, isRecommend: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Recomputes each resource's SHA-256 from its file; a mismatch marks it tampered (isIntegrity false). */
export async function verifyIntegrity(ctx: AppContext, onlyId?: number) {
  const storage = FileStorage.for(ctx.config.dataDir);
  let q = ctx.db
    .selectFrom('resources as r')
    .innerJoin('files as f', 'f.id', 'r.fileId')
    .select(['r.id', 'r.contentSha256', 'f.storageKey'])
    .where('r.isDeleted', '=', false)
    .where('r.contentSha256', 'is not', null);
  if (onlyId) q = q.where('r.id', '=', onlyId);
  let tampered = 0;
  for (const r of await q.execute()) {
    const path = storage.objectPath(r.storageKey);
    let actual: string | null = null;
    if (existsSync(path)) {
      const h = createHash('sha256');
      for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
      actual = h.digest('hex');
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
      const hit = await call.ctx.db.updateTable('resources as r').set({ viewCount: sql`view_count + 1` }).where('r.id', '=', call.input.id).where('r.isDeleted', '=', false).where(visible as any).returning('r.id').executeTakeFirst();
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
        .where((eb: any) => eb.or([...(cur.classId ? [eb('r.classId', '=', cur.classId)] : []), ...words.map((w) => eb('r.keyWord', 'like', `%${w}%`)), eb('r.resourceType', '=', cur.resourceType)]));
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

// ---- resource class tree ----
const classProps = {
  className: { type: 'string', minLength: 1, maxLength: 50, title: '分类名称', 'x-required-message': '请输入分类名称' },
  parentId: { type: ['integer', 'null'], minimum: 1, title: '上级分类' },
  resClassType: { type: 'integer', minimum: 1, maximum: 9, default: 1, title: '分类类型' },
  sort: { type: 'integer', minimum: 0, maximum: 100000, default: 0, title: '排序' },
};
const classRow = (r: any) => ({ id: r.id, parentId: r.parentId, className: r.className, resourceClassPath: r.classPath, resClassType: r.resClassType, sort: r.sort });

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
      const rows = (await ctx.db.selectFrom('resourceClasses').selectAll().where('isDeleted', '=', false).orderBy('sort').orderBy('id').execute()).map((r) => ({ ...classRow(r), children: [] as any[] }));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const roots: any[] = [];
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

// ---- reports upward (the shared flow of workflow/upward-reports) ----
const reportList = (q: ReturnType<typeof reportsAddressedTo>) =>
  q
    .innerJoin('resources as r', 'r.id', 'rp.subjectId')
    .innerJoin('organizations as o', 'o.id', 'rp.fromOrganId')
    .select([
      'rp.id', 'rp.subjectId as resourceId', 'r.name', 'r.resourceType', 'r.coverUrl', 'r.playUrl', 'r.keyWord', 'r.description', 'r.durationSeconds', 'r.isIntegrity',
      'rp.fromOrganId', 'o.organName as fromOrganName', 'rp.toOrganPath', 'rp.status', 'rp.remark', 'rp.auditRemark', 'rp.auditTime', 'rp.creationTime',
    ]);
/** A report with what the auditor needs to judge the resource: its file to play and its 学时. */
const reportPage = async (q: any, input: PagingInput) => {
  const p = await pageQuery<any>(q, input, (x) => x.orderBy('rp.id', 'desc'));
  return { totalCount: p.totalCount, items: p.items.map((r) => ({ ...r, resoursePeriod: hours(r.durationSeconds) })) };
};
const allReports = (db: Database) => db.selectFrom('upwardReports as rp').where('rp.subjectType', '=', 'resource');

export const resourceReportService = defineService('ResourceReportService', {
  CreateResourceReport: action<{ resourceId: number; remark?: string }>({
    method: 'POST', summary: '上报本组织的资源至上级', access: { permission: MANAGE },
    input: objectInput({ resourceId: { type: 'integer', minimum: 1, title: '资源' }, remark: { type: 'string', maxLength: 500, title: '备注' } }, ['resourceId']),
    async handler(call) {
      const organ = actingOrgan(call.user);
      const r = await loadResource(call, call.input.resourceId, 'manage');
      if (r.organId !== organ.id) throw forbidden(RES_MSG.ownOrgan);
      return { id: await submitReport(call, { subjectType: 'resource', subjectId: r.id, fromOrganId: organ.id, remark: call.input.remark, pending: RES_MSG.reportPending }) };
    },
  }),
  AuditResourceReport: action<{ id: number; approved: boolean; remark?: string }>({
    method: 'POST', summary: '审核下级上报的资源（通过即采用到本组织资源库）', access: { permission: MANAGE },
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '上报' }, approved: { type: 'boolean', title: '审核结果' }, remark: { type: 'string', maxLength: 500, title: '备注' } }, ['id', 'approved']),
    async handler(call) {
      const { id, approved, remark } = call.input;
      await decideReport(call, { subjectType: 'resource', id, noun: '上报', approved, remark, adopt: async (trx) => {
        const rp = await trx.selectFrom('upwardReports').select('subjectId').where('id', '=', id).executeTakeFirstOrThrow();
        return copyResource(call, rp.subjectId, trx);
      } });
      return true;
    },
  }),
  DeleteResourceReport: action<{ id: number }>({
    method: 'DELETE', summary: '撤回本组织待审核的上报', access: { permission: MANAGE }, input: idInput,
    async handler(call) {
      await withdrawReport(call, 'resource', call.input.id, RES_MSG.audited);
      return true;
    },
  }),
  GetMyOrganReportList: action<PagingInput & { status?: number }>({
    method: 'GET', summary: '本组织的上报记录', access: { permission: MANAGE }, input: pagedInput({ status: { type: 'integer', enum: [0, 1, 2], title: '状态' } }),
    async handler(call) {
      let q = reportList(allReports(call.ctx.db)).where('rp.fromOrganId', '=', actingOrgan(call.user).id);
      if (call.input.status !== undefined) q = q.where('rp.status', '=', call.input.status);
      return reportPage(q, call.input);
    },
  }),
  GetOranReportAuditList: action<PagingInput & { status?: number }>({
    method: 'GET', summary: '待本级（及下级）审核的资源上报', access: { permission: MANAGE }, input: pagedInput({ status: { type: 'integer', enum: [0, 1, 2], default: 0, title: '状态' } }),
    async handler(call) {
      const q = reportList(reportsAddressedTo(call.ctx.db, 'resource', actingOrgan(call.user).path)).where('rp.status', '=', call.input.status ?? 0);
      return reportPage(q, call.input);
    },
  }),
});
