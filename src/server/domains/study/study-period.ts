import statusLabels from '../../../contract/status-labels.json' with { type: 'json' };
import { takeStep } from '../../workflow/decide';
import { notOwnCaseWhere } from '../../workflow/own-case';
import { historyOf } from '../../workflow/history';
import { AUDIT_STEP } from '../../workflow/types';
import { sql } from 'kysely';
import { MSG } from '../../../contract/messages';
import { action, defineService, hasPermission, type Call } from '../../http/actions';
import { badRequest, forbidden, invalid, notFound } from '../../http/errors';
import { countUpToCap, idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { isInSubtree, subtreeOrder, subtreePattern, subtreeRange } from '../../scope';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { EvidenceFile, OfflineReport } from '../../../contract/study';
import type { CurrentUser } from '../../http/auth';
import { entityInput } from '../../records/entity-input';
import { assessProgress } from '../../../contract/assessment';
import { currentYear, organTargetAt, userRulesFor } from './examination';
import { nameContains } from '../../db/name-search';
import { hours } from './credit';
import { studyTrendActions } from './study-trend';
import { declareOffline } from './offline-declare';
import { offlineImportActions } from './offline-import';

/**
 * Offline study-hour declarations (with evidence, audited by a superior organisation) and the
 * period totals: online credit from resources plus approved offline hours.
 */
const MANAGE = 'Pages.OfflinePeriod';
/** declarations are audited from 线下学时 (its auditInfo route) and from the 学时审核 menu */
const AUDIT = [MANAGE, 'Pages.OfflinePeriod.Audit'];
const OFF_MSG = { notFound: '学时申报不存在', audited: '该申报已审核，不能删除' } as const;
const STATUS_TEXT = (code: number) => (statusLabels.audit as Record<string, { label: string }>)[String(code)]?.label;
const reports = (db: Database) =>
  db
    .selectFrom('offlineReports as f')
    .innerJoin('users as u', 'u.id', 'f.userId')
    .innerJoin('organizations as o', 'o.id', 'f.organId')
    .select(['f.id', 'f.userId', 'u.name as userName', 'f.organId', 'o.organName', 'f.organPath', 'f.title', 'f.studyDate', 'f.hours', 'f.content', 'f.evidence', 'f.status', 'f.auditRemark', 'f.auditTime', 'f.creationTime', 'f.recorderUserId'])
    .where('f.isDeleted', '=', false);
type DeclarationRow = Awaited<ReturnType<ReturnType<typeof reports>['executeTakeFirstOrThrow']>>;
// the evidence column holds what the entity's input admitted: {id, name} files
const out = (r: DeclarationRow): OfflineReport => ({ ...r, evidence: r.evidence as EvidenceFile[], hours: Number(r.hours), studyDate: String(r.studyDate).slice(0, 10), statusText: STATUS_TEXT(r.status) });

async function page(q: ReturnType<typeof reports>, input: PagingInput) {
  const p = await pageQuery<DeclarationRow>(q, input, (x) => x.orderBy('f.id', 'desc'));
  return { totalCount: p.totalCount, items: p.items.map(out) };
}

/**
 * Who may read a declaration (and so its evidence files): the member who made it, and an
 * administrator acting with an audit permission over the declarant's organisation.
 */
function mayReadDeclaration(user: CurrentUser, r: { userId: number; organPath: string }) {
  if (r.userId === user.userId) return true;
  return !user.isDefaultRole && hasPermission(user, AUDIT) && !!user.organPath && isInSubtree(r.organPath, user.organPath);
}

/** The one loader by id: a declaration the caller may not read answers as one that does not exist. */
async function loadDeclaration(call: Call<unknown>, id: number) {
  const r = await reports(call.ctx.db).where('f.id', '=', id).executeTakeFirst();
  if (!r || !mayReadDeclaration(call.user, r)) throw notFound(OFF_MSG.notFound);
  return r;
}

/** Evidence files are read by whoever may read a declaration that holds them (see files/readers). */
export async function declarationHoldsFileFor(ctx: AppContext, user: CurrentUser, fileId: string) {
  const holders = await ctx.db
    .selectFrom('offlineReports')
    .select(['userId', 'organPath'])
    .where('isDeleted', '=', false)
    .where(sql<boolean>`evidence @> ${JSON.stringify([{ id: fileId }])}::jsonb`)
    .execute();
  return holders.some((r) => mayReadDeclaration(user, r));
}

/** Whose periods: one's own, or (with Pages.OfflinePeriod) a member's inside the managed subtree. */
async function targetUser(call: Call<{ userId?: number }>) {
  const { user, input, ctx } = call;
  if (!input.userId || input.userId === user.userId) return user.userId;
  if (user.isDefaultRole || !user.permissions.has(MANAGE)) throw forbidden(`${MSG.forbidden}（${MANAGE}）`);
  const m = await ctx.db.selectFrom('partyMembers').select('organPath').where('userId', '=', input.userId).where('isDeleted', '=', false).executeTakeFirst();
  call.requireVisible(m?.organPath, MSG.memberNotFound);
  return input.userId;
}

const HISTORY_TITLES = { record: '代为申报' };

const yearProps = { userId: { type: 'integer', minimum: 1, title: '用户' }, year: { type: 'integer', minimum: 2000, maximum: 2100, title: '年度' } };
const yearRange = (year?: number) => (year ? [`${year}-01-01`, `${year}-12-31`] : null);

export const offlinePeriodService = defineService('OfflinePeriodService', {
  ...offlineImportActions,
  CreateOfflineReport: action<{ title: string; studyDate: string; hours: number; content?: string; evidence?: { id: string; name: string }[] }>({
    method: 'POST', summary: '申报线下学时（附佐证材料），由上级组织审核', access: 'self',
    // the declaration body: one schema for this input and the member's form (UiConfigService sends it to members)
    input: entityInput('offlineReport'),
    async handler({ ctx, input, user }) {
      const organId = user.memberOrganId;
      if (!organId) throw badRequest('未加入党组织，不能申报学时');
      const ids = (input.evidence ?? []).map((e) => e.id);
      if (ids.length) {
        // one's own uploads only: a declaration lends its readers the right to download its evidence
        const found = await ctx.db.selectFrom('files').select('id').where('id', 'in', ids).where('uploaderUserId', '=', user.userId).execute();
        if (found.length !== new Set(ids).size) throw invalid([{ message: '佐证材料不存在，请重新上传', members: ['evidence'] }]);
      }
      const organ = await ctx.db.selectFrom('organizations').select('organPath').where('id', '=', organId).executeTakeFirstOrThrow();
      const id = await declareOffline(ctx, { userId: user.userId, organId, organPath: organ.organPath }, input);
      return out(await reports(ctx.db).where('f.id', '=', id).executeTakeFirstOrThrow());
    },
  }),

  GetMyOffineReportPageList: action<PagingInput & { status?: number }>({
    method: 'GET', summary: '本人的线下学时申报', access: 'self', input: pagedInput({ status: { type: 'integer', enum: [0, 1, 2], title: '状态' } }),
    async handler({ ctx, input, user }) {
      let q = reports(ctx.db).where('f.userId', '=', user.userId);
      if (input.status !== undefined) q = q.where('f.status', '=', input.status);
      return page(q, input);
    },
  }),

  GetOfflineReport: action<{ id: number }>({
    method: 'GET', summary: '线下学时申报详情（本人的，或管理范围内的）', access: 'self', input: idInput,
    async handler(call) {
      const r = await loadDeclaration(call, call.input.id);
      return { ...out(r), history: await historyOf(call.ctx.db, 'offlineReport', r.id, HISTORY_TITLES) };
    },
  }),

  DelteOfflineReport: action<{ id: number }>({
    method: 'POST', summary: '删除本人待审核的申报', access: 'self', input: idInput,
    async handler({ ctx, input, user }) {
      const r = await ctx.db.selectFrom('offlineReports').select(['id', 'userId', 'status']).where('id', '=', input.id).where('isDeleted', '=', false).executeTakeFirst();
      if (!r || r.userId !== user.userId) throw notFound(OFF_MSG.notFound);
      if (r.status !== 0) throw badRequest(OFF_MSG.audited);
      await ctx.db.updateTable('offlineReports').set({ isDeleted: true }).where('id', '=', r.id).execute();
      return true;
    },
  }),

  GetAuditOffineReportPageList: action<PagingInput & { status?: number; userName?: string }>({
    method: 'GET', summary: '待审核（或已审核）的线下学时申报：管理范围内党员的（待审核不含本人的）', access: { permission: AUDIT },
    pending: { title: '学时申报', input: { status: 0 } },
    input: pagedInput({ status: { type: 'integer', enum: [0, 1, 2], default: 0, title: '状态' }, userName: { type: 'string', maxLength: 50, title: '姓名' } }),
    async handler({ ctx, input, user }) {
      let q = reports(ctx.db).where('f.organPath', 'like', subtreePattern(user.organPath)).where('f.status', '=', input.status ?? 0);
      // 待审核 is 待我审核: his own declaration waits for another administrator (own-case.ts)
      // nor does a declaration he recorded for a member by import: another administrator audits it
      if ((input.status ?? 0) === 0) q = q.where(notOwnCaseWhere('f.userId', user)).where(notOwnCaseWhere('f.recorderUserId', user));
      if (input.userName) q = q.where('u.name', 'like', `%${input.userName.trim()}%`);
      return page(q, input);
    },
  }),

  AuditOffinePeriod: action<{ id: number; approved: boolean; remark?: string }>({
    method: 'POST', summary: '审核线下学时申报（不能审核本人的；不通过须填写备注）', access: { permission: AUDIT },
    decides: { noun: '学时申报', caseOf: '申报的党员' },
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '申报' }, approved: { type: 'boolean', title: '审核结果' }, remark: { type: 'string', maxLength: 500, title: '备注' } }, ['id', 'approved']),
    async handler(call) {
      const r = await loadDeclaration(call, call.input.id);
      await takeStep(call, {
        subject: { type: 'offlineReport', id: r.id, noun: '申报', state: r.status, organId: r.organId, organPath: r.organPath, ownerUserId: r.userId, caseUserIds: [r.userId], caseNoun: '学时申报', recorderUserId: r.recorderUserId },
        name: 'audit',
        step: AUDIT_STEP,
        input: call.input,
        async apply(trx, to, remark) {
          const hit = await trx.updateTable('offlineReports').set({ status: to, auditRemark: remark, auditorUserId: call.user.userId, auditTime: call.ctx.now() }).where('id', '=', r.id).where('status', '=', 0).returning('id').executeTakeFirst();
          return !!hit;
        },
      });
      return true;
    },
  }),
});

export const periodManageService = defineService('PeriodManageService', {
  ...studyTrendActions,
  PeriodCheckPageList: action<PagingInput & { organPath?: string; name?: string; year?: number }>({
    method: 'GET', summary: '学时核查：管理范围内党员的线上、线下与合计学时', access: { permission: MANAGE },
    returns: '{totalCount, assessYear, items: {userId, name, organName, onlineHours, offlineHours, totalHours, assessYear, requiredHours, completionRate, isPassed, assessStatus, assessText}[]}',
    input: pagedInput({ organPath: { type: 'string', maxLength: 500, pattern: '^/(\\d+/)*$', title: '党组织' }, name: { type: 'string', maxLength: 50, title: '姓名' }, year: yearProps.year }),
    async handler(call) {
      const { ctx, input, user } = call;
      if (input.organPath) call.requireScope(input.organPath);
      // 考核设置: progress against the member rule of the year asked for, else of the
      // platform's current year — over that year's 学时, whatever the totals shown are
      const assessYear = input.year ?? currentYear(ctx);
      let q = ctx.db
        .selectFrom('partyMembers as m')
        .innerJoin('organizations as o', 'o.id', 'm.organId')
        .where('m.isDeleted', '=', false)
        .where('m.status', '=', 1)
        .where('m.userId', 'is not', null)
        .where(subtreeRange('m.organPath', input.organPath || user.organPath));
      if (input.name?.trim()) q = q.where(nameContains('m.name', input.name));
      const total = await countUpToCap(q, input);
      // the page first (index order, nothing computed for the rows an offset skips), then each row's
      // 学时 as lookups: the year's from member_study_years (kept by the writes, migration 044/046),
      // all years' from the member's per-resource totals and his kept years
      const page = q
        .select(['m.id', 'm.userId', 'm.name', 'o.organName', 'm.organPath'])
        .orderBy(subtreeOrder('m.organPath'))
        .orderBy('m.id')
        .offset(input.skipCount)
        .limit(input.maxResultCount)
        .as('pg');
      const rows = await ctx.db
        .selectFrom(page)
        .leftJoin('memberStudyYears as y', (j) => j.onRef('y.userId', '=', 'pg.userId').on('y.year', '=', assessYear))
        .select([
          'pg.userId', 'pg.name', 'pg.organName', 'pg.organPath',
          sql<number>`coalesce(y.online_seconds, 0)`.as('yearOnlineSeconds'),
          sql<number>`coalesce(y.offline_hours, 0)`.as('yearOfflineHours'),
          // a year asked for is the assessment year: its figures are the row's
          input.year ? sql<number>`coalesce(y.online_seconds, 0)`.as('onlineSeconds') : sql<number>`(select coalesce(sum(t.seconds), 0) from study_totals t where t.user_id = pg.user_id)`.as('onlineSeconds'),
          input.year ? sql<number>`coalesce(y.offline_hours, 0)`.as('offlineHours') : sql<number>`(select coalesce(sum(a.offline_hours), 0) from member_study_years a where a.user_id = pg.user_id)`.as('offlineHours'),
        ])
        .orderBy(subtreeOrder('pg.organPath'))
        .orderBy('pg.id')
        .execute();
      const ruleAt = await userRulesFor(ctx, assessYear, rows.map((r) => r.organPath));
      return {
        totalCount: total,
        assessYear,
        items: rows.map((r) => {
          const online = hours(Number(r.onlineSeconds));
          const offline = Number(r.offlineHours);
          const rule = ruleAt(r.organPath);
          const progress = rule ? assessProgress(rule, Number(r.yearOnlineSeconds), Number(r.yearOfflineHours)) : null;
          return {
            userId: r.userId, name: r.name, organName: r.organName, onlineHours: online, offlineHours: offline, totalHours: Math.round((online + offline) * 100) / 100,
            assessYear,
            requiredHours: progress?.requiredHours ?? null,
            completionRate: progress?.completionRate ?? null,
            isPassed: progress?.isPassed ?? null,
            // the status list `assessment`: 0 未设置, 1 达标, 2 未达标
            assessStatus: progress ? (progress.isPassed ? 1 : 2) : 0,
            assessText: progress ? (progress.isPassed ? '达标' : '未达标') : '未设置',
          };
        }),
      };
    },
  }),

  OrganTargetProgress: action<{ organPath?: string; year?: number }>({
    method: 'GET',
    summary: '学时核查上方的组织考核（扩展接口）：所列党组织（organPath，默认当前管理的党组织）在所选年度（默认本年度）对其组织考核目标的完成情况',
    access: { permission: MANAGE },
    returns: '{organName, year, passRate, avgPeriodForYear, targetSource, memberCount, passedCount, actualPassRate, actualAvgHours, isReached, progressText, asOf（省、市级的进度为定时汇总，asOf 为汇总时间；其余为即时计算，asOf 为空）}',
    input: objectInput({ organPath: { type: 'string', maxLength: 500, pattern: '^/(\\d+/)*$', title: '党组织' }, year: yearProps.year }),
    async handler(call) {
      const { ctx, input, user } = call;
      const listed = input.organPath || user.organPath;
      call.requireScope(listed);
      const organ = await ctx.db.selectFrom('organizations').select(['organName', 'organPath']).where('organPath', '=', listed).where('isDeleted', '=', false).executeTakeFirst();
      if (!organ) throw notFound(MSG.organNotFound);
      // a whole subtree's aggregate: its own call, so that the list itself stays a page read
      return organTargetAt(ctx, organ, input.year ?? currentYear(ctx));
    },
  }),

  GetUserOnlinePeriodList: action<PagingInput & { userId?: number }>({
    method: 'GET', summary: '线上学时：每个资源已获学时（不传 userId 为本人）', access: 'self', input: pagedInput({ userId: yearProps.userId }),
    async handler(call) {
      const userId = await targetUser(call);
      const q = call.ctx.db.selectFrom('studyTotals as t').innerJoin('resources as r', 'r.id', 't.resourceId').where('t.userId', '=', userId);
      const total = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      const rows = await q.select(['t.resourceId', 'r.name', 'r.resourceType', 't.seconds', 'r.durationSeconds', 't.completed', 't.lastStudyTime']).orderBy('t.lastStudyTime', 'desc').offset(call.input.skipCount).limit(call.input.maxResultCount).execute();
      return { totalCount: Number(total.n), items: rows.map((r) => ({ ...r, period: hours(r.seconds), resoursePeriod: hours(r.durationSeconds) })) };
    },
  }),

  GetUserOfflinePeriodList: action<PagingInput & { userId?: number }>({
    method: 'GET', summary: '线下学时：已通过的申报（不传 userId 为本人）；totalHours 为全部已通过学时之和', access: 'self', input: pagedInput({ userId: yearProps.userId }),
    returns: '{totalCount, totalHours, items}',
    async handler(call) {
      const userId = await targetUser(call);
      const approved = reports(call.ctx.db).where('f.userId', '=', userId).where('f.status', '=', 1);
      const sum = await approved.clearSelect().select(sql<number>`coalesce(sum(f.hours), 0)`.as('h')).executeTakeFirstOrThrow();
      return { ...(await page(approved, call.input)), totalHours: Math.round(Number(sum.h) * 100) / 100 };
    },
  }),

  GetUserSyncPeriodList: action<PagingInput & { userId?: number; year?: number }>({
    method: 'GET', summary: '学时汇总：按日的线上学时（不传 userId 为本人）；totalSeconds 为全部日期的秒数之和', access: 'self', input: pagedInput(yearProps),
    returns: '{totalCount, totalSeconds, items}',
    async handler(call) {
      const userId = await targetUser(call);
      let q = call.ctx.db.selectFrom('studyDays').where('userId', '=', userId);
      const range = yearRange(call.input.year);
      if (range) q = q.where('day', '>=', range[0]).where('day', '<=', range[1]);
      const grouped = q.select(['day', sql<number>`sum(seconds)`.as('seconds'), sql<number>`count(distinct resource_id)`.as('resources')]).groupBy('day');
      const total = await call.ctx.db.selectFrom(grouped.as('g')).select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(g.seconds), 0)`.as('seconds')]).executeTakeFirstOrThrow();
      const rows = await grouped.orderBy('day', 'desc').offset(call.input.skipCount).limit(call.input.maxResultCount).execute();
      return {
        totalCount: Number(total.n),
        // every day's seconds, not only this page's: the member's online total
        totalSeconds: Number(total.seconds),
        items: rows.map((r) => ({ day: String(r.day).slice(0, 10), seconds: Number(r.seconds), period: hours(Number(r.seconds)), resources: Number(r.resources) })),
      };
    },
  }),
});

