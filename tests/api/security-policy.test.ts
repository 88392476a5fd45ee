/**
 * 安全策略 (docs/SECURITY.md §19, §17): the 安全管理员 reads the policy in force, key ids but never key
 * material; he resets another user's TOTP enrolment (security-logged), never his own; second-factor
 * enrolment, success and failure are in the security log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../src/server/security/totp';
import { keyRingOf } from '../../src/server/db/database';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

const S = (a: string) => svc('SecurityPolicyService', a);
let app: TestApp;
let sec: { token: string };

const code = (secret: string) => totp(base32Decode(secret), Math.floor(app.ctx.now().getTime() / 1000));
const events = (type: string, actorName: string) => app.db.selectFrom('securityLogs').select(['result', 'detail', 'target', 'actorName']).where('eventType', '=', type).where('actorName', '=', actorName).orderBy('seq').execute();

async function enrol(userName: string) {
  const token = await app.login(userName);
  const begin = ok(await app.call('POST', '/api/TokenAuth/BeginTotpEnrol', { token }));
  ok(await app.call('POST', '/api/TokenAuth/ConfirmTotpEnrol', { token, body: { code: code(begin.secret) } }));
  return { token, secret: begin.secret as string };
}

beforeAll(async () => {
  app = await startTestApp();
  sec = await signInAsAdmin(app, 'secadmin');
});
afterAll(async () => {
  await app?.close();
});

describe('SecurityPolicyService', () => {
  it('401 without a token, 403 for a member, the province admin and the 审计管理员', async () => {
    expect((await app.call('GET', S('GetList'))).status).toBe(401);
    expect((await app.call('POST', S('ResetTotp'), { body: { userName: 'member' } })).status).toBe(401);
    for (const who of ['member', 'admin', 'auditadmin']) {
      const { token } = who === 'member' ? { token: await app.login('member') } : await signInAsAdmin(app, who);
      expect((await app.call('GET', S('GetList'), { token })).status).toBe(403);
      expect((await app.call('POST', S('ResetTotp'), { token, body: { userName: 'member' } })).status).toBe(403);
    }
  });

  it('shows the policy in force with the encryption scheme and key ids, never key material', async () => {
    const list = ok(await app.call('GET', S('GetList'), { token: sec.token }));
    const byKey = Object.fromEntries(list.items.map((i: { key: string; value: string }) => [i.key, i.value]));
    expect(byKey.secondFactor).toMatch(/关闭/);
    expect(byKey.securityLogRetention).toBe('180 天');
    expect(byKey.dataCipher).toBe('SM4-CTR + HMAC-SM3；检索摘要 HMAC-SM3');
    expect(byKey.dataKeyCurrent).toMatch(/^dev（开发密钥/);
    expect(byKey.dataKeysInUse).toMatch(/^dev：\d+$/);
    const ring = keyRingOf(app.db);
    const text = JSON.stringify(list);
    for (const k of [...ring.keys.values()].map((k) => k.secret).concat(ring.indexKey)) {
      expect(text).not.toContain(k.toString('base64'));
      expect(text).not.toContain(k.toString('hex'));
    }
  });

  it('enrolment, a wrong code and a right one are in the security log; the 安全管理员 resets another’s TOTP, logged, never his own', async () => {
    const member = await enrol('member');
    expect((await events('secondFactorEnroll', 'member')).map((e) => e.result)).toEqual(['success']);
    const next = await app.login('member');
    const wrong = await app.call('POST', '/api/TokenAuth/VerifySecondFactor', { token: next, body: { method: 'totp', code: String((Number(code(member.secret)) + 1) % 1_000_000).padStart(6, '0') } });
    expect(wrong.status).toBe(400);
    app.advance(31_000);
    ok(await app.call('POST', '/api/TokenAuth/VerifySecondFactor', { token: next, body: { method: 'totp', code: code(member.secret) } }));
    expect((await events('secondFactor', 'member')).map((e) => e.result)).toEqual(['success', 'failure', 'success']);

    // his own: refused, whatever he enrolled
    await enrol('secadmin');
    const self = await app.call('POST', S('ResetTotp'), { token: sec.token, body: { userName: 'secadmin' } });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toMatch(/不能重置本人/);
    expect((await app.call('POST', S('ResetTotp'), { token: sec.token, body: { userName: 'nobody-here' } })).status).toBe(404);
    expect((await app.call('POST', S('ResetTotp'), { token: sec.token, body: {} })).status).toBe(400);

    expect(ok(await app.call('POST', S('ResetTotp'), { token: sec.token, body: { userName: 'member' } }))).toEqual({ userName: 'member', reset: true });
    const row = await app.db.selectFrom('users').select(['totpSecret', 'totpEnabledAt']).where('userName', '=', 'member').executeTakeFirstOrThrow();
    expect(row).toEqual({ totpSecret: null, totpEnabledAt: null });
    const logged = await events('secondFactorEnroll', 'secadmin');
    expect(logged.at(-1)!.result).toBe('success');
    const detail = logged.at(-1)!.detail;
    expect(typeof detail === 'string' ? JSON.parse(detail) : detail).toEqual({ action: 'reset', userName: 'member' });
    // nothing left to reset
    expect((await app.call('POST', S('ResetTotp'), { token: sec.token, body: { userName: 'member' } })).status).toBe(400);
  });

  it('a sign-out by the idle timeout is in the security log, once', async () => {
    const policy = app.ctx.config.authPolicy;
    const was = policy.idleMinutes.member;
    policy.idleMinutes.member = 1;
    try {
      const token = await app.login('branchadmin');
      expect((await app.call('GET', '/api/TokenAuth/GetSecondFactorStatus', { token })).status).toBe(200);
      app.advance(2 * 60_000);
      for (let i = 0; i < 2; i++) expect((await app.call('GET', '/api/TokenAuth/GetSecondFactorStatus', { token })).body.error.code).toBe(1006);
      const logged = await events('timeout', 'branchadmin');
      expect(logged).toHaveLength(1);
      expect(logged[0].result).toBe('success');
    } finally {
      policy.idleMinutes.member = was;
    }
  });
});
