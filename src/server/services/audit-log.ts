import { sql } from 'kysely';
import { P } from '../../contract/permissions';
import type { Database } from '../db/database';
import { action, defineService } from '../http/actions';
import { badRequest, notFound } from '../http/errors';
import { objectInput, pagedInput, pageQuery, type PagingInput } from '../http/paging';
import { platformInstant } from '../platform-day';
import { subtreePattern } from '../scope';
import { grantEvent } from './grant-events';
import { containsPattern, iso, keywordOf } from './query-helpers';
import { changesText, type FieldChange } from './audit-catalog';

/**
 * 审计日志 and 在线用户. The log is written by http/audit-log.ts for every write through
 * an action; here it is searched. Both lists are scoped by organisation path: a log row by the
 * caller's organisation at the time of the write, a session by the organisation its role manages
 * (for a member without a managing role, his own organisation) — an administrator sees the rows of
 * his managed subtree only.
 */

const pathProp = { type: 'string', maxLength: 500, pattern: '^/(\\d+/)*$', title: '党组织', 'x-message': '党组织格式不正确' };
const dayProp = (title: string) => ({ type: 'string', maxLength: 30, title });

interface LogInput extends PagingInput {
  userName?: string;
  module?: string;
  operation?: string;
  targetName?: string;
  service?: string;
  action?: string;
  organPath?: string;
  creationTimeStart?: string;
  creationTimeEnd?: string;
}

/** `{a: 1, b: "x"}` → `a=1，b=x`: an input kept without labels (rows written before migration 032) in one line. */
function summary(input: unknown): string {
  if (input == null) return '';
  if (typeof input !== 'object' || Array.isArray(input)) return JSON.stringify(input);
  return Object.entries(input as Record<string, unknown>)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('，');
}


/** The kinds of operation the log knows (RuoYi's 业务类型), for the filter. */
export const AUDIT_OPERATIONS = ['新增', '修改', '删除', '审核', '导入', '导出', '授权', '强退', '查看敏感信息', '其他'];

export const auditLogService = defineService('AuditLogService', {
  GetAuditLogs: action<LogInput>({
    method: 'GET',
    summary: '审计日志（操作日志）：管理范围内用户的写操作（谁、何时、哪个模块的什么操作、操作对象、结果、变更前后（已脱敏，已去除密码、验证码等））；查询不记录',
    access: { permission: P.AuditLogs },
    input: pagedInput({
      userName: { type: 'string', maxLength: 50, title: '操作人' },
      module: { type: 'string', maxLength: 50, title: '模块' },
      operation: { type: 'string', maxLength: 20, title: '操作类型' },
      targetName: { type: 'string', maxLength: 100, title: '操作对象' },
      service: { type: 'string', maxLength: 100, title: '服务' },
      action: { type: 'string', maxLength: 100, title: '操作' },
      organPath: pathProp,
      creationTimeStart: dayProp('开始时间'),
      creationTimeEnd: dayProp('结束时间'),
    }),
    returns: '{totalCount, items: {id, userId, userName, name, organId, organName, module, operation, title, service, action, targetId, targetName, status, isSuccess, input, changes (变更前后，一行文字), changeList: {field, label, before, after}[], clientIp, creationTime}[]}',
    async handler(call) {
      const { ctx, input, user } = call;
      if (input.organPath) call.requireScope(input.organPath);
      // days are platform days (Asia/Shanghai): a day's end is the next day's first instant
      const from = input.creationTimeStart ? platformInstant(ctx, input.creationTimeStart) : null;
      const to = input.creationTimeEnd ? platformInstant(ctx, input.creationTimeEnd, { endOfDay: true }) : null;
      if ((input.creationTimeStart && !from) || (input.creationTimeEnd && !to)) throw badRequest('时间格式不正确，应为 YYYY-MM-DD');
      let q = ctx.db
        .selectFrom('auditLogs as a')
        .leftJoin('users as u', 'u.id', 'a.userId')
        .leftJoin('organizations as o', 'o.id', 'a.organId')
        // operations and the sensitive reads that must leave a trace; reads recorded before 032 are not shown
        .where('a.kind', 'in', ['write', 'view'])
        .where('a.organPath', 'like', subtreePattern(input.organPath || user.organPath));
      const who = keywordOf(input.userName);
      if (who) q = q.where((eb) => eb.or([eb('u.name', 'ilike', containsPattern(who)), eb('u.userName', 'ilike', containsPattern(who))]));
      const module = keywordOf(input.module);
      if (module) q = q.where('a.module', 'ilike', containsPattern(module));
      const operation = keywordOf(input.operation);
      if (operation) q = q.where('a.operation', '=', operation);
      const target = keywordOf(input.targetName);
      if (target) q = q.where('a.targetName', 'ilike', containsPattern(target));
      const service = keywordOf(input.service);
      if (service) q = q.where('a.service', 'ilike', containsPattern(service));
      const act = keywordOf(input.action);
      if (act) q = q.where((eb) => eb.or([eb('a.action', 'ilike', containsPattern(act)), eb('a.title', 'ilike', containsPattern(act))]));
      if (from) q = q.where('a.creationTime', '>=', from);
      if (to) q = q.where('a.creationTime', '<', to);
      const page = await pageQuery(q, input, (x) =>
        x
          .select(['a.id', 'a.userId', 'u.userName', 'u.name', 'a.organId', 'o.organName', 'a.service', 'a.action', 'a.module', 'a.operation', 'a.title', 'a.targetId', 'a.targetName', 'a.detail', 'a.clientIp', 'a.creationTime'])
          .orderBy('a.creationTime', 'desc')
          .orderBy('a.id', 'desc'),
      );
      return {
        totalCount: page.totalCount,
        items: page.items.map((r) => {
          const detail = (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) ?? {};
          const status = Number(detail.status) || null;
          const changeList: FieldChange[] = Array.isArray(detail.changes) ? detail.changes : [];
          return {
            id: r.id, userId: r.userId, userName: r.userName ?? '', name: r.name ?? '', organId: r.organId, organName: r.organName ?? '',
            module: r.module ?? r.service, operation: r.operation ?? '其他', title: r.title ?? r.action,
            service: r.service, action: r.action, targetId: r.targetId, targetName: r.targetName ?? '',
            status, isSuccess: detail.kind === 'sensitiveView' || (status != null && status < 400),
            input: detail.input ?? null,
            changes: changeList.length ? changesText(changeList) : summary(detail.input),
            changeList,
            clientIp: r.clientIp, creationTime: iso(r.creationTime),
          };
        }),
      };
    },
  }),
});

interface SessionInput extends PagingInput {
  userName?: string;
  organPath?: string;
}

/** live sessions: not signed out or forced out, not expired, of an active account */
const liveSessions = (db: Database, now: Date) =>
  db
    .selectFrom('authSessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .leftJoin('organizations as o', 'o.id', 's.organId')
    .leftJoin('organizations as mo', 'mo.id', 'u.organId')
    .leftJoin('roles as r', 'r.id', 's.roleId')
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', now)
    .where('u.isDeleted', '=', false)
    .where('u.isActive', '=', true);
const sessionPath = sql<string>`coalesce(o.organ_path, mo.organ_path)`;

export const onlineUserService = defineService('OnlineUserService', {
  GetOnlineUsers: action<SessionInput>({
    method: 'GET',
    summary: '在线用户：管理范围内已登录且未过期的会话（按会话所用角色的管理组织；无管理角色的按其所在组织）',
    access: { permission: P.OnlineUsers },
    input: pagedInput({ userName: { type: 'string', maxLength: 50, title: '用户' }, organPath: pathProp }),
    returns: '{totalCount, items: {id (会话), userId, userName, name, organId, organName, roleName, loginMethod, loginTime, lastActivityTime, clientIp, expiresAt, isCurrent, isSelf}[]}',
    async handler(call) {
      const { ctx, input, user } = call;
      if (input.organPath) call.requireScope(input.organPath);
      let q = liveSessions(ctx.db, ctx.now()).where(sessionPath, 'like', subtreePattern(input.organPath || user.organPath));
      const who = keywordOf(input.userName);
      if (who) q = q.where((eb) => eb.or([eb('u.name', 'ilike', containsPattern(who)), eb('u.userName', 'ilike', containsPattern(who))]));
      const page = await pageQuery(q, input, (x) =>
        x
          .select([
            's.id', 's.userId', 'u.userName', 'u.name', 's.loginMethod', 's.creationTime', 's.lastActivityTime', 's.clientIp', 's.expiresAt', 'r.displayName as roleName',
            sql<number>`coalesce(o.id, mo.id)`.as('organId'), sql<string>`coalesce(o.organ_name, mo.organ_name)`.as('organName'),
          ])
          .orderBy(sql`coalesce(s.last_activity_time, s.creation_time)`, 'desc')
          .orderBy('s.id'),
      );
      return {
        totalCount: page.totalCount,
        items: page.items.map((r) => ({
          id: r.id, userId: r.userId, userName: r.userName, name: r.name, organId: r.organId, organName: r.organName ?? '', roleName: r.roleName ?? '党员',
          loginMethod: r.loginMethod, loginTime: iso(r.creationTime), lastActivityTime: r.lastActivityTime ? iso(r.lastActivityTime) : null,
          clientIp: r.clientIp, expiresAt: iso(r.expiresAt), isCurrent: r.id === user.sessionId,
          /** one of the caller's own sessions: not to be forced out here */
          isSelf: r.userId === user.userId,
        })),
      };
    },
  }),

  ForceLogout: action<{ id: string }>({
    method: 'POST',
    summary: '强制下线：立即结束管理范围内的一个会话（其下一次请求即须重新登录）；不能强制本人当前会话下线',
    access: { permission: P.ForceLogout },
    input: objectInput({ id: { type: 'string', minLength: 1, maxLength: 64, title: '会话' } }, ['id']),
    async handler(call) {
      const { ctx, input, user } = call;
      const s = await liveSessions(ctx.db, ctx.now()).select(['s.id', 's.userId', sessionPath.as('organPath')]).where('s.id', '=', input.id).executeTakeFirst();
      // a session outside the subtree answers like one that does not exist (or has already ended)
      if (!s) throw notFound('该会话不存在或已下线');
      call.requireVisible(s.organPath, '该会话不存在或已下线');
      if (s.userId === user.userId) throw badRequest('不能强制本人下线');
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('authSessions').set({ revokedAt: ctx.now() }).where('id', '=', s.id).where('revokedAt', 'is', null).execute();
        await grantEvent(ctx, trx, user, call.req, 'forceLogout', `user:${s.userId}`, { action: '强制下线' });
      });
      await ctx.sessions.invalidateSession(s.id);
      return true;
    },
  }),
});
