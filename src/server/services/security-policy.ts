/**
 * 安全策略 (设置 → 安全策略), the 安全管理员's (三员分立, docs/SECURITY.md §15, §17, §19): the policy in
 * force — second factor, idle timeouts, password age, unused accounts, security-log retention, the
 * encryption of personal data with the key ids in use (never key material) — read-only, since it
 * comes from the environment; and the reset of another user's TOTP enrolment, security-logged.
 */
import type { Call } from '../http/actions';
import { action, defineService } from '../http/actions';
import { badRequest, notFound } from '../http/errors';
import { objectInput } from '../http/paging';
import { keyRingOf } from '../db/database';
import { describeKeyRing } from '../security/data-keys';
import { keysInUse } from '../security/data-reseal';
import { clientAddress } from '../security/rate-limits';
import { securityEvent } from '../security/security-log';
import { SECURITY_POLICY_PERMISSION } from '../security/three-admins';
import { isInSubtree } from '../scope';

const minutes = (n: number) => (n > 0 ? `${n} 分钟` : '不限');
const days = (n: number) => (n > 0 ? `${n} 天` : '不限');
const SECOND_FACTOR = { off: '关闭（已自行绑定动态口令的管理员仍须输入）', admins: '管理员角色必须', all: '所有角色必须' } as const;

async function policyItems(call: Call<unknown>) {
  const { config, db } = call.ctx;
  const p = config.authPolicy;
  const ring = describeKeyRing(keyRingOf(db));
  const inUse = await keysInUse(db);
  const items: [string, string, string][] = [
    ['secondFactor', '第二因子认证', SECOND_FACTOR[p.secondFactor]],
    ['idleAdmin', '管理员角色空闲超时', minutes(p.idleMinutes.admin)],
    ['idleMember', '党员角色空闲超时', minutes(p.idleMinutes.member)],
    ['passwordAge', '密码有效期', days(p.passwordMaxAgeDays)],
    ['inactiveAdmin', '管理员账号未使用停用', days(p.inactiveDays.admin)],
    ['inactiveMember', '其他账号未使用停用', days(p.inactiveDays.member)],
    ['lockout', '登录失败锁定', `连续 ${config.lockAfterFailures} 次失败锁定 ${config.lockMinutes} 分钟`],
    ['securityLogRetention', '安全日志保存期', days(config.securityLogRetentionDays)],
    ['dataCipher', '个人信息加密算法', `${ring.cipher}；检索摘要 ${ring.searchHash}`],
    ['dataKeyCurrent', '当前数据密钥编号', `${ring.currentKeyId}${ring.development ? '（开发密钥，仅供演示，生产环境必须配置 DATA_KEYS）' : ''}`],
    ['dataKeysConfigured', '已配置的数据密钥编号', ring.keyIds.join('、')],
    ['dataKeysInUse', '密文实际使用的密钥编号（字段数）', Object.entries(inUse).map(([k, n]) => `${k}：${n}`).join('；') || '无'],
  ];
  return items.map(([key, name, value]) => ({ key, name, value, source: '环境变量（见部署配置）' }));
}

export const securityPolicyService = defineService('SecurityPolicyService', {
  GetList: action({
    method: 'GET',
    summary: '安全策略：第二因子、空闲超时、密码有效期、账号停用、安全日志保存期、个人信息加密算法与密钥编号（不含密钥本身）；策略来自环境变量，只读',
    access: { permission: SECURITY_POLICY_PERMISSION },
    input: objectInput({}),
    returns: '{totalCount, items: {key, name, value, source}[]}',
    handler: async (call) => {
      const items = await policyItems(call);
      return { totalCount: items.length, items };
    },
  }),

  ResetTotp: action<{ userName: string }>({
    method: 'POST',
    summary: '重置某用户的动态口令绑定（清除密钥与恢复码，其下次登录重新绑定）；安全管理员对本级及下级的账号，不能重置本人；记入安全日志',
    access: { permission: SECURITY_POLICY_PERMISSION },
    input: objectInput({ userName: { type: 'string', minLength: 1, maxLength: 64, title: '用户名', 'x-required-message': '请输入用户名' } }, ['userName']),
    returns: '{userName, reset: true}',
    handler: async (call) => {
      const { ctx, user, input } = call;
      const target = await ctx.db
        .selectFrom('users as u').leftJoin('organizations as o', 'o.id', 'u.organId')
        .select(['u.id', 'u.userName', 'u.totpEnabledAt', 'u.totpSecret', 'o.organPath'])
        .where('u.userName', '=', input.userName.trim()).where('u.isDeleted', '=', false)
        .executeTakeFirst();
      // outside the caller's subtree is the same answer as no such user
      if (!target || !target.organPath || !isInSubtree(target.organPath, user.organPath)) throw notFound('用户不存在');
      if (target.id === user.userId) throw badRequest('不能重置本人的动态口令（须由另一位安全管理员办理）');
      if (!target.totpEnabledAt && !target.totpSecret) throw badRequest('该用户未绑定动态口令');
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where('id', '=', target.id).execute();
        await trx.deleteFrom('userRecoveryCodes').where('userId', '=', target.id).execute();
        await securityEvent(ctx, { type: 'secondFactorEnroll', result: 'success', actorUserId: user.userId, actorName: user.userName, target: `user:${target.id}`, detail: { action: 'reset', userName: target.userName }, clientIp: clientAddress(call.req), organPath: user.organPath || null }, trx);
      });
      return { userName: target.userName, reset: true };
    },
  }),
});
