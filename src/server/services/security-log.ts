import { ORGAN_LEVEL, P } from '../../contract/permissions';
import { action, defineService } from '../http/actions';
import { badRequest, forbidden } from '../http/errors';
import { pagedInput, pageQuery, type PagingInput } from '../http/paging';
import { platformInstant } from '../platform-day';
import { subtreePattern } from '../scope';
import { SECURITY_EVENT_LABELS, verifySecurityLog } from '../security/security-log';
import { containsPattern, iso, keywordOf } from './query-helpers';

/**
 * 安全日志: the hash-chained security log (security/security-log.ts), read and verified by the
 * 审计管理员 (P.SecurityLogs; 三员分立, docs/SECURITY.md §14). Read-only: no action of the product
 * changes or deletes a record. Rows fall under the organisation the actor managed; events without an
 * account (a failed sign-in under an unknown name) and the log's own housekeeping are the province's.
 */
interface ListInput extends PagingInput {
  eventType?: string;
  result?: string;
  userName?: string;
  clientIp?: string;
  occurredAtStart?: string;
  occurredAtEnd?: string;
}

const dayProp = (title: string) => ({ type: 'string', maxLength: 30, title });

export const securityLogService = defineService('SecurityLogService', {
  GetList: action<ListInput>({
    method: 'GET',
    summary: '安全日志：登录、退出、第二因子、授权与角色变更、安全策略变更、导出与查看完整个人信息（时间、类型、主体、客体、结果、来源地址）',
    access: { permission: P.SecurityLogs },
    input: pagedInput({
      eventType: { type: 'string', maxLength: 40, pattern: '^[A-Za-z][A-Za-z0-9]*$', title: '事件类型', 'x-message': '事件类型不正确' },
      result: { type: 'string', enum: ['success', 'failure'], title: '结果' },
      userName: { type: 'string', maxLength: 64, title: '用户' },
      clientIp: { type: 'string', maxLength: 64, title: '来源地址' },
      occurredAtStart: dayProp('开始时间'),
      occurredAtEnd: dayProp('结束时间'),
    }),
    returns: '{totalCount, items: {seq, occurredAt, eventType, eventName, result, resultName, actorUserId, actorName, target, detail, clientIp, hash}[]}',
    async handler({ ctx, input, user }) {
      const from = input.occurredAtStart ? platformInstant(ctx, input.occurredAtStart) : null;
      const to = input.occurredAtEnd ? platformInstant(ctx, input.occurredAtEnd, { endOfDay: true }) : null;
      if ((input.occurredAtStart && !from) || (input.occurredAtEnd && !to)) throw badRequest('时间格式不正确，应为 YYYY-MM-DD');
      const province = user.organLevel === ORGAN_LEVEL.province;
      let q = ctx.db
        .selectFrom('securityLogs as l')
        .where((eb) => (province ? eb.or([eb('l.organPath', 'like', subtreePattern(user.organPath)), eb('l.organPath', 'is', null)]) : eb('l.organPath', 'like', subtreePattern(user.organPath))));
      if (input.eventType) q = q.where('l.eventType', '=', input.eventType);
      if (input.result) q = q.where('l.result', '=', input.result);
      const who = keywordOf(input.userName);
      if (who) q = q.where('l.actorName', 'ilike', containsPattern(who));
      const ip = keywordOf(input.clientIp);
      if (ip) q = q.where('l.clientIp', '=', ip);
      if (from) q = q.where('l.occurredAt', '>=', from);
      if (to) q = q.where('l.occurredAt', '<', to);
      const page = await pageQuery(q, input, (x) => x.selectAll('l').orderBy('l.seq', 'desc'));
      return {
        totalCount: page.totalCount,
        items: page.items.map((r) => ({
          seq: Number(r.seq),
          id: Number(r.seq),
          occurredAt: iso(r.occurredAt),
          eventType: r.eventType,
          eventName: SECURITY_EVENT_LABELS[r.eventType] ?? r.eventType,
          result: r.result,
          resultName: r.result === 'success' ? '成功' : '失败',
          actorUserId: r.actorUserId,
          actorName: r.actorName ?? '',
          target: r.target ?? '',
          detail: r.detail ?? '',
          clientIp: r.clientIp ?? '',
          hash: r.hash,
        })),
      };
    },
  }),

  GetEventTypes: action({
    method: 'GET',
    summary: '安全日志的事件类型',
    access: { permission: P.SecurityLogs },
    returns: '[{value, label}]',
    async handler() {
      return Object.entries(SECURITY_EVENT_LABELS).map(([value, label]) => ({ value, label }));
    },
  }),

  Verify: action({
    method: 'GET',
    summary: '校验安全日志的摘要链：逐条重算摘要，指出第一处断链（被修改、删除的记录）',
    access: { permission: P.SecurityLogs },
    returns: '{valid, checked, headSeq, prunedThrough, algorithm, firstBroken: {seq, reason} | null, message}',
    async handler({ ctx, user }) {
      // the chain is the whole province's: its verification is the province audit administrator's
      if (user.organLevel !== ORGAN_LEVEL.province) throw forbidden('安全日志校验仅限省级审计管理员');
      const check = await verifySecurityLog(ctx.db);
      return {
        ...check,
        message: check.valid
          ? `摘要链完整：已校验 ${check.checked} 条记录（算法 ${check.algorithm.toUpperCase()}）`
          : `摘要链断裂：${check.firstBroken!.reason}`,
        brokenSeq: check.firstBroken?.seq ?? null,
      };
    },
  }),
});
