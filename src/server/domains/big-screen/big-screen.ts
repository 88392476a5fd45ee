import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { action, defineService, type Call } from '../../http/actions';
import { AppError, badRequest, invalid, notFound, unauthorized } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { subtreeRange, isInSubtree, actingOrgan, pathChain } from '../../scope';
import { countHit, clientAddress } from '../../security/rate-limits';
import { deviceByCode } from './devices';
import { currentContent } from './content';
import { BIG_SCREEN_MSG as M, BIG_SCREEN_PERMISSION as P, NEWS_TYPES, SCREEN_MODULE_KEYS, SCREEN_MODULES, SCREEN_RESOURCE_TYPES } from '../../../contract/big-screen';
import { containsPattern, iso as isoOf, keywordOf } from '../../services/query-helpers';
import { cleanRichText } from '../../http/rich-text';

const iso = (d: Date | string | null | undefined) => (d == null ? null : isoOf(d));

/**
 * 大屏信息管理 (issue 17): BigScreenService, NewsService, BigScreenConcernService and the device's
 * calls (BigScreenDeviceService). Everything belongs to an organisation and is read and written only
 * inside the caller's managed subtree; an id outside it answers exactly as a missing one (404).
 * Tables: migrations 024 (registration codes) and 025.
 */

const perm = (p: string) => ({ permission: p });
const organIdProp = { organId: { type: ['integer', 'null'], minimum: 1, title: '所属组织' } };

/** The organisation a write targets: the named one inside the caller's subtree, else his own. */
async function targetOrgan(call: Call<unknown>, organId: number | null | undefined) {
  const scope = actingOrgan(call.user);
  const id = organId ?? scope.id;
  const o = await call.ctx.db.selectFrom('organizations').select(['id', 'organPath', 'organName']).where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst();
  if (!o || !isInSubtree(o.organPath, scope.path)) throw notFound(M.organNotFound);
  return o;
}

/** A row of a big-screen table by id, inside the caller's subtree; else the table's 404. */
async function owned<T extends 'bigScreenInfos' | 'bigScreenVersions' | 'bigScreenVideos' | 'bigScreenNews' | 'bigScreenResources' | 'bigScreenConcerns' | 'bigScreenRegistCodes'>(
  call: Call<unknown>,
  db: Database,
  table: T,
  id: number,
  message: string,
) {
  const row = await (db as any).selectFrom(table).selectAll().where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst();
  if (!row || !isInSubtree(row.organPath, actingOrgan(call.user).path)) throw notFound(message);
  return row as any;
}

/** A select of a table joined with its organisation's name, limited to the caller's subtree. */
const inScope = (call: Call<unknown>, table: string) =>
  (call.ctx.db as any)
    .selectFrom(`${table} as t`)
    .innerJoin('organizations as o', 'o.id', 't.organId')
    .where('t.isDeleted', '=', false)
    .where(subtreeRange('t.organPath', actingOrgan(call.user).path));

/**
 * A list's organisation filters: `organId` that organisation only (inside the subtree, else 404),
 * `organPath` (the engine's organ filter) that organisation and its subtree (inside the caller's, else 403).
 */
async function organFilter(call: Call<unknown>, q: any, organId: number | null | undefined) {
  const organPath = (call.input as { organPath?: string }).organPath;
  if (organPath) {
    call.requireScope(organPath);
    q = q.where(subtreeRange('t.organPath', organPath));
  }
  if (organId == null) return q;
  const o = await targetOrgan(call, organId);
  return q.where('t.organId', '=', o.id);
}

const text = (max: number, title: string, extra: Record<string, unknown> = {}) => ({ type: 'string', minLength: 1, maxLength: max, title, ...extra });
const optText = (max: number, title: string) => ({ type: ['string', 'null'], maxLength: max, title });

function requireText(value: string | undefined | null, member: string, message: string): string {
  const v = (value ?? '').trim();
  if (!v) throw invalid([{ message, members: [member] }]);
  return v;
}

const moduleLabels = new Map<string, string>(SCREEN_MODULES.map((m) => [m.value, m.label]));
function checkModules(modules: string[] | undefined | null): string[] {
  const list = [...new Set(modules ?? [])];
  for (const m of list) if (!SCREEN_MODULE_KEYS.includes(m as never)) throw invalid([{ message: M.moduleUnknown, members: ['modules'] }]);
  return list;
}
const modulesOf = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);

// ---------------------------------------------------------------- outputs

const infoOut = (r: any) => ({
  id: r.id, organId: r.organId, organName: r.organName, screenName: r.screenName, welcomeText: r.welcomeText, remark: r.remark,
  creationTime: iso(r.creationTime), lastModificationTime: iso(r.lastModificationTime),
});
const versionOut = (r: any) => ({
  id: r.id, organId: r.organId, organName: r.organName, versionName: r.versionName, modules: modulesOf(r.modules),
  moduleNames: modulesOf(r.modules).map((m) => moduleLabels.get(m) ?? m).join('、'),
  videoId: r.videoId, videoTitle: r.videoTitle ?? null, remark: r.remark, isCurrent: r.isCurrent,
  creationTime: iso(r.creationTime), lastModificationTime: iso(r.lastModificationTime),
});
const videoOut = (r: any) => ({ id: r.id, organId: r.organId, organName: r.organName, title: r.title, resourceId: r.resourceId, videoUrl: r.videoUrl, coverImage: r.coverImage, creationTime: iso(r.creationTime) });
const newsTypeName = (t: number) => NEWS_TYPES.find((n) => n.value === t)?.label ?? '';
const newsOut = (r: any) => ({
  id: r.id, organId: r.organId, organName: r.organName, newsType: r.newsType, newsTypeName: newsTypeName(r.newsType), title: r.title,
  content: r.content, coverImage: r.coverImage, creationTime: iso(r.creationTime),
});
const resourceOut = (r: any) => ({
  id: r.id, organId: r.organId, organName: r.organName, name: r.name, resourceType: r.resourceType,
  resourceTypeName: SCREEN_RESOURCE_TYPES.find((t) => t.value === r.resourceType)?.label ?? '', url: r.url, creationTime: iso(r.creationTime),
});
const concernOut = (r: any) => ({
  id: r.id, organId: r.organId, organName: r.organName, name: r.name, phone: r.phone, content: r.content, backContent: r.backContent,
  backTime: iso(r.backTime), isBack: r.backTime != null, creationTime: iso(r.creationTime),
});
const codeOut = (r: any) => ({
  id: r.id, code: r.code, organId: r.organId, organName: r.organName, remark: r.remark, deviceName: r.deviceName,
  registerTime: iso(r.registerTime), lastPullTime: iso(r.lastPullTime), isRegistered: r.registerTime != null, creationTime: iso(r.creationTime),
});

const withName = (call: Call<unknown>, table: string, id: number) => inScope(call, table).selectAll('t').select('o.organName').where('t.id', '=', id).executeTakeFirstOrThrow();

// ---------------------------------------------------------------- registration codes

/** 12 characters of an alphabet without look-alikes (0/O, 1/I/L): about 60 bits, not guessable. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const newRegistCode = () => Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

// ---------------------------------------------------------------- BigScreenService

type Paged<T = object> = PagingInput & { organId?: number | null; organPath?: string; keyword?: string } & T;
const listProps = {
  ...organIdProp,
  organPath: { type: 'string', maxLength: 2000, pattern: '^/([0-9]+/)*$', title: '党组织（含下级）', 'x-message': '党组织不正确' },
  keyword: { type: 'string', maxLength: 100, title: '关键字' },
};

const versionProps = {
  ...organIdProp,
  versionName: text(100, '版本名称', { 'x-required-message': '请输入版本名称' }),
  modules: { type: ['array', 'null'], maxItems: 20, items: { type: 'string', maxLength: 32 }, title: '显示模块' },
  videoId: { type: ['integer', 'null'], minimum: 1, title: '宣传视频' },
  remark: optText(500, '备注'),
};
type VersionInput = { id?: number; organId?: number | null; versionName: string; modules?: string[] | null; videoId?: number | null; remark?: string | null };

/** A version's video must be one of its organisation's videos or of an organisation above it. */
async function checkVideo(db: Database, videoId: number | null | undefined, organPath: string) {
  if (videoId == null) return null;
  const v = await db.selectFrom('bigScreenVideos').select('id').where('id', '=', videoId).where('isDeleted', '=', false).where('organPath', 'in', pathChain(organPath)).executeTakeFirst();
  if (!v) throw invalid([{ message: M.videoNotFound, members: ['videoId'] }]);
  return v.id;
}

const versionSelect = (call: Call<unknown>) =>
  inScope(call, 'bigScreenVersions')
    .leftJoin('bigScreenVideos as vd', (j: any) => j.onRef('vd.id', '=', 't.videoId').on('vd.isDeleted', '=', false))
    .selectAll('t')
    .select(['o.organName', 'vd.title as videoTitle']);

export const bigScreenService = defineService('BigScreenService', {
  // ---- screen information (one per organisation)
  GetPagedBigScreenInfoList: action<Paged>({
    method: 'GET', summary: '分页查询大屏信息', access: perm(P.version), input: pagedInput(listProps),
    returns: '{ totalCount, items: [{id, organId, organName, screenName, welcomeText, remark, creationTime}] }',
    async handler(call) {
      let q = await organFilter(call, inScope(call, 'bigScreenInfos'), call.input.organId);
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('t.screenName', 'ilike', containsPattern(kw));
      const page = await pageQuery(q, call.input, (x) => x.selectAll('t').select('o.organName').orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map(infoOut) };
    },
  }),
  GetPagedBigScreenOrganInfoList: action<Paged>({
    method: 'GET', summary: '分页查询管理范围内组织的大屏概况', access: perm(P.version), input: pagedInput(listProps),
    returns: '{ totalCount, items: [{organId, organName, organPath, screenName, currentVersionId, currentVersionName, codeCount}] }',
    async handler(call) {
      const scope = actingOrgan(call.user);
      let q = call.ctx.db.selectFrom('organizations as o').where('o.isDeleted', '=', false).where(subtreeRange('o.organPath', scope.path));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('o.organName', 'ilike', containsPattern(kw));
      if (call.input.organId != null) q = q.where('o.id', '=', (await targetOrgan(call, call.input.organId)).id);
      const page = await pageQuery(q, call.input, (x) =>
        x
          .select(['o.id as organId', 'o.organName', 'o.organPath'])
          .select((eb: any) => [
            eb.selectFrom('bigScreenInfos as i').select('i.screenName').whereRef('i.organId', '=', 'o.id').where('i.isDeleted', '=', false).limit(1).as('screenName'),
            eb.selectFrom('bigScreenVersions as v').select('v.id').whereRef('v.organId', '=', 'o.id').where('v.isCurrent', '=', true).where('v.isDeleted', '=', false).limit(1).as('currentVersionId'),
            eb.selectFrom('bigScreenVersions as v').select('v.versionName').whereRef('v.organId', '=', 'o.id').where('v.isCurrent', '=', true).where('v.isDeleted', '=', false).limit(1).as('currentVersionName'),
            eb.selectFrom('bigScreenRegistCodes as c').select(sql<number>`count(*)::int`.as('n')).whereRef('c.organId', '=', 'o.id').where('c.isDeleted', '=', false).as('codeCount'),
          ])
          .orderBy(subtreeOrderSql())
          .orderBy('o.id'),
      );
      return page;
    },
  }),
  GetPagedBigScreenOrganSetList: action<Paged>({
    method: 'GET', summary: '分页查询已设置当前版本的组织', access: perm(P.version), input: pagedInput(listProps),
    returns: '{ totalCount, items: 版本 {id, organId, organName, versionName, modules, moduleNames, videoId, videoTitle, isCurrent} }',
    async handler(call) {
      let q = await organFilter(call, versionSelect(call).where('t.isCurrent', '=', true), call.input.organId);
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('o.organName', 'ilike', containsPattern(kw));
      const page = await pageQuery(q, call.input, (x) => x.orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map(versionOut) };
    },
  }),
  ModifyBigScreenInfo: action<{ id?: number | null; organId?: number | null; screenName: string; welcomeText?: string | null; remark?: string | null }>({
    method: 'POST', summary: '新增或修改组织的大屏信息（每个组织一条）', access: perm(P.version),
    input: objectInput({ id: { type: ['integer', 'null'], minimum: 1, title: '编号' }, ...organIdProp, screenName: text(100, '大屏名称', { 'x-required-message': '请输入大屏名称' }), welcomeText: optText(200, '欢迎语'), remark: optText(500, '备注') }, ['screenName']),
    returns: '大屏信息 {id, organId, organName, screenName, welcomeText, remark}',
    async handler(call) {
      const screenName = requireText(call.input.screenName, 'screenName', '请输入大屏名称');
      const db = call.ctx.db;
      const values = { screenName, welcomeText: call.input.welcomeText?.trim() || null, remark: call.input.remark?.trim() || null, lastModificationTime: call.ctx.now() };
      let id: number;
      if (call.input.id != null) {
        id = (await owned(call, db, 'bigScreenInfos', call.input.id, M.infoNotFound)).id;
        await db.updateTable('bigScreenInfos').set(values).where('id', '=', id).execute();
      } else {
        // one per organisation (a unique index): a second save of the same organisation modifies it
        const o = await targetOrgan(call, call.input.organId);
        const existing = await db.selectFrom('bigScreenInfos').select('id').where('organId', '=', o.id).where('isDeleted', '=', false).executeTakeFirst();
        if (existing) {
          id = existing.id;
          await db.updateTable('bigScreenInfos').set(values).where('id', '=', id).execute();
        } else {
          id = (await db.insertInto('bigScreenInfos').values({ ...values, organId: o.id, organPath: o.organPath, creatorUserId: call.user.userId, creationTime: call.ctx.now() }).returning('id').executeTakeFirstOrThrow()).id;
        }
      }
      return infoOut(await withName(call, 'bigScreenInfos', id));
    },
  }),
  DeleteBigScreenInfo: action<{ id: number }>({
    method: 'DELETE', summary: '删除大屏信息', access: perm(P.version), input: idInput,
    async handler(call) {
      const row = await owned(call, call.ctx.db, 'bigScreenInfos', call.input.id, M.infoNotFound);
      await call.ctx.db.updateTable('bigScreenInfos').set({ isDeleted: true }).where('id', '=', row.id).execute();
    },
  }),

  // ---- versions
  GetPagedBigScreenVersionList: action<Paged<{ isCurrent?: boolean }>>({
    method: 'GET', summary: '分页查询大屏版本', access: perm(P.version),
    input: pagedInput({ ...listProps, isCurrent: { type: 'boolean', title: '当前版本' } }),
    returns: '{ totalCount, items: [{id, organId, organName, versionName, modules, moduleNames, videoId, videoTitle, remark, isCurrent, creationTime}] }',
    async handler(call) {
      let q = await organFilter(call, versionSelect(call), call.input.organId);
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('t.versionName', 'ilike', containsPattern(kw));
      if (call.input.isCurrent != null) q = q.where('t.isCurrent', '=', call.input.isCurrent);
      const page = await pageQuery(q, call.input, (x) => x.orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map(versionOut) };
    },
  }),
  GetBigScreenVersionById: action<{ id: number }>({
    method: 'GET', summary: '获取大屏版本详情（含资源）', access: perm(P.version), input: idInput,
    returns: '版本 {id, organId, organName, versionName, modules, moduleNames, videoId, videoTitle, remark, isCurrent, resources: [资源]}',
    async handler(call) {
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
    method: 'POST', summary: '新建大屏版本', access: perm(P.version), input: objectInput(versionProps, ['versionName']),
    returns: '新版本',
    async handler(call) {
      const versionName = requireText(call.input.versionName, 'versionName', '请输入版本名称');
      const modules = checkModules(call.input.modules);
      const o = await targetOrgan(call, call.input.organId);
      const videoId = await checkVideo(call.ctx.db, call.input.videoId, o.organPath);
      const { id } = await call.ctx.db
        .insertInto('bigScreenVersions')
        .values({ organId: o.id, organPath: o.organPath, versionName, modules: JSON.stringify(modules), videoId, remark: call.input.remark?.trim() || null, creatorUserId: call.user.userId, creationTime: call.ctx.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return versionOut(await versionSelect(call).where('t.id', '=', id).executeTakeFirstOrThrow());
    },
  }),
  ModifyBigScreenVersion: action<VersionInput & { id: number }>({
    method: 'POST', summary: '修改大屏版本', access: perm(P.version),
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '编号' }, ...versionProps }, ['id', 'versionName']),
    returns: '修改后的版本',
    async handler(call) {
      const row = await owned(call, call.ctx.db, 'bigScreenVersions', call.input.id, M.versionNotFound);
      const versionName = requireText(call.input.versionName, 'versionName', '请输入版本名称');
      const modules = call.input.modules === undefined ? modulesOf(row.modules) : checkModules(call.input.modules);
      const videoId = call.input.videoId === undefined ? row.videoId : await checkVideo(call.ctx.db, call.input.videoId, row.organPath);
      await call.ctx.db
        .updateTable('bigScreenVersions')
        .set({ versionName, modules: JSON.stringify(modules), videoId, remark: call.input.remark === undefined ? row.remark : call.input.remark?.trim() || null, lastModificationTime: call.ctx.now() })
        .where('id', '=', row.id)
        .execute();
      return versionOut(await versionSelect(call).where('t.id', '=', row.id).executeTakeFirstOrThrow());
    },
  }),
  SetBigScreenVersion: action<{ id: number }>({
    method: 'POST', summary: '设为当前版本（每个组织一个当前版本）', access: perm(P.version), input: idInput,
    returns: '当前版本',
    async handler(call) {
      await call.ctx.db.transaction().execute(async (trx) => {
        const row = await owned(call, trx, 'bigScreenVersions', call.input.id, M.versionNotFound);
        // lock the organisation's versions so two simultaneous calls leave exactly one current
        await trx.selectFrom('bigScreenVersions').select('id').where('organId', '=', row.organId).forUpdate().execute();
        await trx.updateTable('bigScreenVersions').set({ isCurrent: false }).where('organId', '=', row.organId).where('isCurrent', '=', true).execute();
        await trx.updateTable('bigScreenVersions').set({ isCurrent: true, lastModificationTime: call.ctx.now() }).where('id', '=', row.id).execute();
      });
      return versionOut(await versionSelect(call).where('t.id', '=', call.input.id).executeTakeFirstOrThrow());
    },
  }),
  DeleteBigScreenVersion: action<{ id: number }>({
    method: 'DELETE', summary: '删除大屏版本（当前版本不能删除）', access: perm(P.version), input: idInput,
    async handler(call) {
      const row = await owned(call, call.ctx.db, 'bigScreenVersions', call.input.id, M.versionNotFound);
      if (row.isCurrent) throw badRequest(M.currentVersionDelete);
      await call.ctx.db.updateTable('bigScreenVersions').set({ isDeleted: true }).where('id', '=', row.id).execute();
    },
  }),

  // ---- videos
  GetBigScreenVideo: action<Paged>({
    method: 'GET', summary: '分页查询宣传视频', access: perm(P.video), input: pagedInput(listProps),
    returns: '{ totalCount, items: [{id, organId, organName, title, resourceId, videoUrl, coverImage, creationTime}] }',
    async handler(call) {
      let q = await organFilter(call, inScope(call, 'bigScreenVideos'), call.input.organId);
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('t.title', 'ilike', containsPattern(kw));
      const page = await pageQuery(q, call.input, (x) => x.selectAll('t').select('o.organName').orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map(videoOut) };
    },
  }),
  AddBigScreenVideo: action<{ organId?: number | null; title: string; resourceId?: number | null; videoUrl?: string | null; coverImage?: string | null }>({
    method: 'POST', summary: '添加宣传视频（资源库视频或上传地址）', access: perm(P.video),
    input: objectInput({
      ...organIdProp, title: text(100, '视频标题', { 'x-required-message': '请输入视频标题' }),
      resourceId: { type: ['integer', 'null'], minimum: 1, title: '资源库视频' },
      videoUrl: { type: ['string', 'null'], maxLength: 500, pattern: '^(/|https?://)', title: '视频地址', 'x-message': '视频地址须为 http(s) 地址或本站文件地址' },
      coverImage: { type: ['string', 'null'], maxLength: 500, title: '封面' },
    }, ['title']),
    returns: '宣传视频',
    async handler(call) {
      const title = requireText(call.input.title, 'title', '请输入视频标题');
      const o = await targetOrgan(call, call.input.organId);
      let videoUrl = call.input.videoUrl?.trim() || null;
      let coverImage = call.input.coverImage?.trim() || null;
      if (call.input.resourceId != null) {
        // a library video of this organisation or one above it (what it may use), enabled and playable
        const r = await call.ctx.db.selectFrom('resources').select(['id', 'playUrl', 'coverUrl']).where('id', '=', call.input.resourceId)
          .where('resourceType', '=', 1).where('isDeleted', '=', false).where('isEnabled', '=', true).where('organPath', 'in', pathChain(o.organPath)).executeTakeFirst();
        if (!r || !r.playUrl) throw invalid([{ message: M.libraryResourceNotFound, members: ['resourceId'] }]);
        videoUrl = r.playUrl;
        coverImage ??= r.coverUrl;
      }
      if (!videoUrl) throw invalid([{ message: M.videoRequired, members: ['resourceId', 'videoUrl'] }]);
      const { id } = await call.ctx.db.insertInto('bigScreenVideos')
        .values({ organId: o.id, organPath: o.organPath, title, resourceId: call.input.resourceId ?? null, videoUrl, coverImage, creatorUserId: call.user.userId, creationTime: call.ctx.now() })
        .returning('id').executeTakeFirstOrThrow();
      return videoOut(await withName(call, 'bigScreenVideos', id));
    },
  }),
  GetBigScreenVideoResourceOptions: action<PagingInput & { keyword?: string }>({
    method: 'GET', summary: '可用作宣传视频的资源库视频（本组织及上级组织发布、已启用）', access: perm(P.video),
    input: pagedInput({ keyword: { type: 'string', maxLength: 100, title: '关键字' } }),
    returns: '{ totalCount, items: [{id, name, coverUrl, organName}] }',
    async handler(call) {
      let q = call.ctx.db.selectFrom('resources as r').innerJoin('organizations as o', 'o.id', 'r.organId')
        .where('r.resourceType', '=', 1).where('r.isDeleted', '=', false).where('r.isEnabled', '=', true).where('r.playUrl', 'is not', null)
        .where('r.organPath', 'in', pathChain(actingOrgan(call.user).path));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('r.name', 'ilike', containsPattern(kw));
      return pageQuery(q, call.input, (x) => x.select(['r.id', 'r.name', 'r.coverUrl', 'o.organName']).orderBy('r.id'));
    },
  }),
  DeleteBigScreenVideo: action<{ id: number }>({
    method: 'DELETE', summary: '删除宣传视频（引用它的版本不再播放视频）', access: perm(P.video), input: idInput,
    async handler(call) {
      const row = await owned(call, call.ctx.db, 'bigScreenVideos', call.input.id, M.videoNotFound);
      await call.ctx.db.updateTable('bigScreenVideos').set({ isDeleted: true }).where('id', '=', row.id).execute();
    },
  }),

  // ---- news
  CreateBigScreenNews: action<{ organId?: number | null; newsType: number; title: string; content?: string | null; coverImage?: string | null }>({
    method: 'POST', summary: '发布大屏新闻', access: perm(P.news),
    input: objectInput({
      ...organIdProp, newsType: { type: 'integer', enum: NEWS_TYPES.map((t) => t.value), title: '新闻类型', 'x-message': '请选择新闻类型' },
      title: text(200, '标题', { 'x-required-message': '请输入新闻标题' }), content: optText(200000, '内容'), coverImage: optText(500, '封面'),
    }, ['newsType', 'title']),
    returns: '新闻',
    async handler(call) {
      const title = requireText(call.input.title, 'title', '请输入新闻标题');
      const o = await targetOrgan(call, call.input.organId);
      const { id } = await call.ctx.db.insertInto('bigScreenNews')
        .values({ organId: o.id, organPath: o.organPath, newsType: call.input.newsType, title, content: cleanRichText(call.input.content), coverImage: call.input.coverImage?.trim() || null, creatorUserId: call.user.userId, creationTime: call.ctx.now() })
        .returning('id').executeTakeFirstOrThrow();
      return newsOut(await withName(call, 'bigScreenNews', id));
    },
  }),
  DeleteBigScreenNews: action<{ id: number }>({
    method: 'DELETE', summary: '删除大屏新闻', access: perm(P.news), input: idInput,
    async handler(call) {
      const row = await owned(call, call.ctx.db, 'bigScreenNews', call.input.id, M.newsNotFound);
      await call.ctx.db.updateTable('bigScreenNews').set({ isDeleted: true }).where('id', '=', row.id).execute();
    },
  }),

  // ---- resources and their maps onto versions
  GetPagedBigScreenResourceList: action<Paged<{ resourceType?: number }>>({
    method: 'GET', summary: '分页查询大屏资源', access: perm(P.version),
    input: pagedInput({ ...listProps, resourceType: { type: 'integer', enum: SCREEN_RESOURCE_TYPES.map((t) => t.value), title: '资源类型' } }),
    returns: '{ totalCount, items: [{id, organId, organName, name, resourceType, resourceTypeName, url, creationTime}] }',
    async handler(call) {
      let q = await organFilter(call, inScope(call, 'bigScreenResources'), call.input.organId);
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('t.name', 'ilike', containsPattern(kw));
      if (call.input.resourceType != null) q = q.where('t.resourceType', '=', call.input.resourceType);
      const page = await pageQuery(q, call.input, (x) => x.selectAll('t').select('o.organName').orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map(resourceOut) };
    },
  }),
  CreateBigScreenResourcesInfo: action<{ organId?: number | null; name: string; resourceType: number; url: string }>({
    method: 'POST', summary: '新增大屏资源', access: perm(P.version),
    input: objectInput({
      ...organIdProp, name: text(100, '资源名称', { 'x-required-message': '请输入资源名称' }),
      resourceType: { type: 'integer', enum: SCREEN_RESOURCE_TYPES.map((t) => t.value), title: '资源类型', 'x-message': '请选择资源类型' },
      url: text(500, '资源地址', { pattern: '^(/|https?://)', 'x-message': '资源地址须为 http(s) 地址或本站文件地址' }),
    }, ['name', 'resourceType', 'url']),
    returns: '大屏资源',
    async handler(call) {
      const name = requireText(call.input.name, 'name', '请输入资源名称');
      const o = await targetOrgan(call, call.input.organId);
      const { id } = await call.ctx.db.insertInto('bigScreenResources')
        .values({ organId: o.id, organPath: o.organPath, name, resourceType: call.input.resourceType, url: call.input.url.trim(), creatorUserId: call.user.userId, creationTime: call.ctx.now() })
        .returning('id').executeTakeFirstOrThrow();
      return resourceOut(await withName(call, 'bigScreenResources', id));
    },
  }),
  DelBigScreenResource: action<{ id: number }>({
    method: 'POST', summary: '删除大屏资源（并移出所有版本）', access: perm(P.version), input: idInput,
    async handler(call) {
      const row = await owned(call, call.ctx.db, 'bigScreenResources', call.input.id, M.resourceNotFound);
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
      const v = await owned(call, call.ctx.db, 'bigScreenVersions', call.input.versionId, M.versionNotFound);
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
      const v = await owned(call, call.ctx.db, 'bigScreenVersions', call.input.versionId, M.versionNotFound);
      await call.ctx.db.deleteFrom('bigScreenResourceMaps').where('versionId', '=', v.id).where('resourceId', '=', call.input.resourceId).execute();
    },
  }),

  // ---- registration codes
  CreateRegistCode: action<{ organId?: number | null; remark?: string | null }>({
    method: 'POST', summary: '生成注册码（随机 12 位，供大屏设备注册）', access: perm(P.registerCode), repeatSubmit: false,
    input: objectInput({ ...organIdProp, remark: optText(200, '备注') }),
    returns: '注册码 {id, code, organId, organName, remark, deviceName, registerTime, lastPullTime, isRegistered, creationTime}',
    async handler(call) {
      const o = await targetOrgan(call, call.input.organId);
      for (let attempt = 0; ; attempt++) {
        const code = newRegistCode();
        const row = await call.ctx.db.insertInto('bigScreenRegistCodes')
          .values({ code, organId: o.id, organPath: o.organPath, remark: call.input.remark?.trim() || null, creatorUserId: call.user.userId, creationTime: call.ctx.now() })
          .onConflict((oc) => oc.column('code').doNothing())
          .returning('id').executeTakeFirst();
        if (row) return codeOut(await withName(call, 'bigScreenRegistCodes', row.id));
        if (attempt > 5) throw new AppError(500, '生成注册码失败，请重试');
      }
    },
  }),
  GetPagedRegistCodeList: action<Paged>({
    method: 'GET', summary: '分页查询注册码', access: perm(P.registerCode), input: pagedInput(listProps),
    returns: '{ totalCount, items: 注册码 }',
    async handler(call) {
      let q = await organFilter(call, inScope(call, 'bigScreenRegistCodes'), call.input.organId);
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where((eb: any) => eb.or([eb('t.code', 'ilike', containsPattern(kw)), eb('t.deviceName', 'ilike', containsPattern(kw)), eb('t.remark', 'ilike', containsPattern(kw))]));
      const page = await pageQuery(q, call.input, (x) => x.selectAll('t').select('o.organName').orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map(codeOut) };
    },
  }),
  GetRegistCodebyId: action<{ id: number }>({
    method: 'GET', summary: '获取注册码详情', access: perm(P.registerCode), input: idInput, returns: '注册码',
    async handler(call) {
      const row = await inScope(call, 'bigScreenRegistCodes').selectAll('t').select('o.organName').where('t.id', '=', call.input.id).executeTakeFirst();
      if (!row) throw notFound(M.codeNotFound);
      return codeOut(row);
    },
  }),
  DeleteRegistCode: action<{ id: number }>({
    method: 'DELETE', summary: '删除注册码（设备立即停用）', access: perm(P.registerCode), input: idInput,
    async handler(call) {
      const row = await owned(call, call.ctx.db, 'bigScreenRegistCodes', call.input.id, M.codeNotFound);
      // soft delete: deviceByCode refuses it on the device's next call
      await call.ctx.db.updateTable('bigScreenRegistCodes').set({ isDeleted: true, deletionTime: call.ctx.now() }).where('id', '=', row.id).execute();
    },
  }),
});

const subtreeOrderSql = () => sql`o.organ_path collate "C"`;

// ---------------------------------------------------------------- NewsService

export const newsService = defineService('NewsService', {
  SiteList: action({
    method: 'GET', summary: '新闻类型（大屏的新闻栏目）', access: perm(P.news),
    returns: '[{ value, name }]',
    async handler() {
      return NEWS_TYPES.map((t) => ({ value: t.value, name: t.label }));
    },
  }),
  GetPagedBigScreenNewsByType: action<Paged<{ newsType?: number }>>({
    method: 'GET', summary: '按类型分页查询管理范围内的大屏新闻', access: perm(P.news),
    input: pagedInput({ ...listProps, newsType: { type: 'integer', enum: NEWS_TYPES.map((t) => t.value), title: '新闻类型' } }),
    returns: '{ totalCount, items: [{id, organId, organName, newsType, newsTypeName, title, content, coverImage, creationTime}] }',
    async handler(call) {
      let q = await organFilter(call, inScope(call, 'bigScreenNews'), call.input.organId);
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('t.title', 'ilike', containsPattern(kw));
      if (call.input.newsType != null) q = q.where('t.newsType', '=', call.input.newsType);
      const page = await pageQuery(q, call.input, (x) => x.selectAll('t').select('o.organName').orderBy('t.creationTime', 'desc').orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map(newsOut) };
    },
  }),
  GetPagedBigScreenNewsSetByType: action<Paged<{ newsType?: number }>>({
    method: 'GET', summary: '按类型分页查询组织大屏实际显示的新闻（最近的设置了当前版本的组织的新闻）', access: perm(P.news),
    input: pagedInput({ ...organIdProp, newsType: { type: 'integer', enum: NEWS_TYPES.map((t) => t.value), title: '新闻类型' } }),
    returns: '{ totalCount, items: 新闻, versionOrganId, versionOrganName }',
    async handler(call) {
      const o = await targetOrgan(call, call.input.organId);
      const content = await currentContent(call.ctx.db, o.organPath);
      if (!content.version) return { totalCount: 0, items: [], versionOrganId: null, versionOrganName: null };
      let q = call.ctx.db.selectFrom('bigScreenNews as t').innerJoin('organizations as o', 'o.id', 't.organId').where('t.isDeleted', '=', false).where('t.organId', '=', content.version.organId);
      if (call.input.newsType != null) q = q.where('t.newsType', '=', call.input.newsType);
      const page = await pageQuery(q, call.input, (x) => x.selectAll('t').select('o.organName').orderBy('t.creationTime', 'desc').orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map(newsOut), versionOrganId: content.version.organId, versionOrganName: content.version.organName };
    },
  }),
});

// ---------------------------------------------------------------- BigScreenConcernService

export const bigScreenConcernService = defineService('BigScreenConcernService', {
  GetPagedOrganBsConcern: action<Paged<{ isBack?: boolean }>>({
    method: 'GET', summary: '分页查询大屏关注信息', access: perm(P.concern),
    input: pagedInput({ ...listProps, isBack: { type: 'boolean', title: '已回复' } }),
    returns: '{ totalCount, items: [{id, organId, organName, name, phone, content, backContent, backTime, isBack, creationTime}] }',
    async handler(call) {
      let q = await organFilter(call, inScope(call, 'bigScreenConcerns'), call.input.organId);
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where((eb: any) => eb.or([eb('t.name', 'ilike', containsPattern(kw)), eb('t.content', 'ilike', containsPattern(kw))]));
      if (call.input.isBack != null) q = q.where('t.backTime', call.input.isBack ? 'is not' : 'is', null);
      const page = await pageQuery(q, call.input, (x) => x.selectAll('t').select('o.organName').orderBy('t.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map(concernOut) };
    },
  }),
  GetBigScreenConcernById: action<{ id: number }>({
    method: 'GET', summary: '获取关注信息详情', access: perm(P.concern), input: idInput, returns: '关注信息',
    async handler(call) {
      const row = await inScope(call, 'bigScreenConcerns').selectAll('t').select('o.organName').where('t.id', '=', call.input.id).executeTakeFirst();
      if (!row) throw notFound(M.concernNotFound);
      return concernOut(row);
    },
  }),
  BackConcern: action<{ id: number; backContent: string }>({
    method: 'POST', summary: '回复关注信息', access: perm(P.concern),
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '编号' }, backContent: text(1000, '回复内容', { 'x-required-message': '请输入回复内容' }) }, ['id', 'backContent']),
    returns: '关注信息',
    async handler(call) {
      const backContent = requireText(call.input.backContent, 'backContent', '请输入回复内容');
      const row = await owned(call, call.ctx.db, 'bigScreenConcerns', call.input.id, M.concernNotFound);
      await call.ctx.db.updateTable('bigScreenConcerns').set({ backContent, backTime: call.ctx.now(), backUserId: call.user.userId }).where('id', '=', row.id).execute();
      return concernOut(await withName(call, 'bigScreenConcerns', row.id));
    },
  }),
  DeleteBsConcer: action<{ id: number }>({
    method: 'DELETE', summary: '删除关注信息', access: perm(P.concern), input: idInput,
    async handler(call) {
      const row = await owned(call, call.ctx.db, 'bigScreenConcerns', call.input.id, M.concernNotFound);
      await call.ctx.db.updateTable('bigScreenConcerns').set({ isDeleted: true }).where('id', '=', row.id).execute();
    },
  }),
});

// ---------------------------------------------------------------- BigScreenDeviceService

/** Device calls per address and minute: a screen pulls about once a minute; this leaves room for many screens behind one NAT while stopping code guessing. */
export const DEVICE_CALLS_PER_MINUTE = 120;

/** The code's device, after the per-address limit; an unknown or deleted code answers 401. */
async function device(call: Call<{ code: string }>) {
  const { count } = await countHit(call.ctx, `bigscreen:${clientAddress(call.req)}`, 60_000);
  if (count > DEVICE_CALLS_PER_MINUTE) throw new AppError(429, M.tooFrequent);
  const d = await deviceByCode(call.ctx.db, call.input.code.trim());
  if (!d) throw unauthorized(M.codeInvalid);
  return d;
}
const codeProp = { code: { type: 'string', minLength: 1, maxLength: 64, title: '注册码', 'x-required-message': '请输入注册码' } };

export const bigScreenDeviceService = defineService('BigScreenDeviceService', {
  Register: action<{ code: string; deviceName?: string | null }>({
    method: 'POST', summary: '大屏设备用注册码注册（无需登录）', access: 'public', repeatSubmit: false,
    input: objectInput({ ...codeProp, deviceName: optText(100, '设备名称') }, ['code']),
    returns: '{ organId, organName, deviceName, registerTime }',
    async handler(call) {
      const d = await device(call);
      const now = call.ctx.now();
      const row = await call.ctx.db.updateTable('bigScreenRegistCodes')
        .set({ deviceName: call.input.deviceName?.trim() || null, registerTime: now })
        .where('id', '=', d.codeId).where('isDeleted', '=', false)
        .returning(['deviceName', 'registerTime']).executeTakeFirst();
      if (!row) throw unauthorized(M.codeInvalid);
      return { organId: d.organId, organName: d.organName, deviceName: row.deviceName, registerTime: iso(row.registerTime) };
    },
  }),
  Pull: action<{ code: string }>({
    method: 'GET', summary: '大屏设备拉取其组织的当前版本（模块、新闻、视频）', access: 'public', audit: false,
    input: objectInput(codeProp, ['code']),
    returns: '{ organId, organName, screenName, welcomeText, version: {id, versionName, modules, organId, organName} | null, news: [...], video: {...} | null }',
    async handler(call) {
      const d = await device(call);
      await call.ctx.db.updateTable('bigScreenRegistCodes').set({ lastPullTime: call.ctx.now() }).where('id', '=', d.codeId).execute();
      const info = await call.ctx.db.selectFrom('bigScreenInfos').select(['screenName', 'welcomeText']).where('organPath', 'in', pathChain(d.organPath)).where('isDeleted', '=', false)
        .orderBy(sql`length(organ_path)`, 'desc').limit(1).executeTakeFirst();
      const content = await currentContent(call.ctx.db, d.organPath);
      return {
        organId: d.organId, organName: d.organName, screenName: info?.screenName ?? d.organName, welcomeText: info?.welcomeText ?? null,
        version: content.version, news: content.news.map((n) => ({ ...n, creationTime: iso(n.creationTime as Date) })), video: content.video,
      };
    },
  }),
  SubmitConcern: action<{ code: string; name: string; phone?: string | null; content: string }>({
    method: 'POST', summary: '大屏用户提交关注信息（无需登录，凭注册码）', access: 'public', repeatSubmit: false,
    input: objectInput({
      ...codeProp, name: text(50, '姓名', { 'x-required-message': '请输入姓名' }),
      phone: { type: ['string', 'null'], maxLength: 20, pattern: '^[0-9+\\- ]*$', title: '联系电话', 'x-message': '联系电话格式不正确' },
      content: text(1000, '关注内容', { 'x-required-message': '请输入关注内容' }),
    }, ['code', 'name', 'content']),
    returns: '{ id }',
    async handler(call) {
      const d = await device(call);
      const name = requireText(call.input.name, 'name', '请输入姓名');
      const content = requireText(call.input.content, 'content', '请输入关注内容');
      const { id } = await call.ctx.db.insertInto('bigScreenConcerns')
        .values({ organId: d.organId, organPath: d.organPath, codeId: d.codeId, name, phone: call.input.phone?.trim() || null, content, creationTime: call.ctx.now() })
        .returning('id').executeTakeFirstOrThrow();
      return { id };
    },
  }),
});
