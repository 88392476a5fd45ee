import { sql } from 'kysely';
import { studyPercent } from '../../../contract/study-progress';
import type { Resource } from '../../../contract/study';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { Call } from '../../http/actions';
import { badRequest, notFound } from '../../http/errors';
import { pageQuery, type PagingInput } from '../../http/paging';
import type { CurrentUser } from '../../http/auth';
import { actingOrgan, pathChain, subtreePattern } from '../../scope';
import type { Executor } from '../../workflow/types';
import { hours, type StudyScope } from './credit';
import { playableUrl } from '../../files/media';

/**
 * The resource row every resource call reads, who may see it, and how lists of it are filtered and
 * paged: shared by the library, the class tree, the reports upward — and by training (through
 * index.ts: baseSelect, toResource, RESOURCE).
 */
export const MANAGE = 'Pages.ResourceLibaryService';
export const CLASSES = 'Pages.Administration.ResourceClasses';
export const RES_MSG = {
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

export type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['executeTakeFirstOrThrow']>>;

/** The Resource entity of services §3: period is the caller's credited hours, resoursePeriod the resource's. */
export const toResource = (r: Row): Resource => {
  const period = hours(Number(r.studiedSeconds ?? 0));
  const resoursePeriod = hours(r.durationSeconds);
  const { hlsStatus, storageKey, ...rest } = r;
  return {
    ...rest,
    // the play address follows the file's packaging: the HLS playlist once it is ready, else the file
    playUrl: playableUrl({ hlsStatus, storageKey }, r.playUrl),
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
export function studyScope(user: CurrentUser): StudyScope {
  const memberOrganPath = user.memberOrganPath ?? user.organPath ?? '/';
  const managed = !user.isDefaultRole && user.permissions.has(MANAGE) ? user.organPath : null;
  return { paths: pathChain(memberOrganPath), managedLike: managed ? subtreePattern(managed) : null, memberOrganPath };
}

export function visibleTo(user: CurrentUser) {
  const { paths, managedLike } = studyScope(user);
  const chain = sql<boolean>`r.organ_path in (${sql.join(paths)})`;
  return managedLike ? sql<boolean>`(${chain} or r.organ_path like ${managedLike})` : chain;
}
export const visibleWhere = (call: Call<unknown>) => visibleTo(call.user);

/** A resource's file is read by the resource's readers (see files/readers.ts). */
export async function resourceHoldsFileFor(ctx: AppContext, user: CurrentUser, fileId: string) {
  const row = await ctx.db.selectFrom('resources as r').select('r.id').where('r.fileId', '=', fileId).where('r.isDeleted', '=', false).where(visibleTo(user)).executeTakeFirst();
  return !!row;
}

/** A query of resources (baseSelect and its filters). */
export type ResourceQuery = ReturnType<typeof baseSelect>;

export async function pageOf(q: ResourceQuery, input: PagingInput, order: 'new' | 'top' | 'studied' = 'new') {
  const page = await pageQuery<Row>(q, input, (x) => {
    if (order === 'top') x = x.orderBy('r.isRecommend', 'desc').orderBy('r.viewCount', 'desc');
    if (order === 'studied') x = x.orderBy('t.lastStudyTime', 'desc');
    return x.orderBy('r.id', 'desc');
  });
  return { totalCount: page.totalCount, items: page.items.map(toResource) };
}

export const listFilters = {
  name: { type: 'string', maxLength: 100, title: '资源名称' },
  resourceType: { type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7], title: '资源类型' },
  classId: { type: 'integer', minimum: 1, title: '资源分类' },
};
export type ListInput = PagingInput & { name?: string; resourceType?: number; classId?: number };
export const applyFilters = (q: ResourceQuery, input: ListInput) => {
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
export async function loadResource(call: Call<unknown>, id: number, reach: 'read' | 'manage') {
  const q = baseSelect(call.ctx.db, call.user.userId).where('r.id', '=', id);
  const row = await (reach === 'read' ? q.where(visibleTo(call.user)) : q.where('r.organPath', 'like', subtreePattern(actingOrgan(call.user).path))).executeTakeFirst();
  if (!row) throw notFound(RES_MSG.notFound);
  return row;
}


/** Copies a resource into the caller's organisation (adoption, an approved report); `db` may be a transaction. */
export async function copyResource(call: Call<unknown>, sourceId: number, db: Executor = call.ctx.db) {
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
