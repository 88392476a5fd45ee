/**
 * 等保 2.0 level 3 sign-in policy (docs/SECURITY.md §17): the second factor for administrator
 * roles, the idle timeout under a held clock, password age, unused accounts disabled, and the
 * security headers on every answer.
 */
import { sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../src/server/security/totp';
import { disableUnusedAccounts } from '../../src/server/services/account-policy';
import { DEMO_PASSWORD, ok, startTestApp, svc, type TestApp } from './harness';

const sigin = (app: TestApp, userName: string, password = DEMO_PASSWORD) => app.call('POST', '/api/TokenAuth/Sigin', { body: { userName, password } });
const nowSeconds = (app: TestApp) => Math.floor(app.ctx.now().getTime() / 1000);
const code = (app: TestApp, secret: string) => totp(base32Decode(secret), nowSeconds(app));

async function adminRole(app: TestApp, token: string) {
  const roles = ok<any[]>(await app.call('GET', svc('PermissionService', 'GetCurrentUserPermission'), { token }));
  const r = roles.find((x) => !x.isDefault);
  return { roleId: r.roleId as number, organId: r.organId as number };
}
const changeRole = (app: TestApp, token: string, role: { roleId: number; organId: number }) => app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: role });
const permissionNames = (app: TestApp, token: string) => app.call('GET', svc('PermissionService', 'GetCurrentUserPermissionNames'), { token });

describe('second factor for administrators (SECOND_FACTOR=admins)', () => {
  let app: TestApp;
  const secrets: Record<string, { secret: string; recovery: string[] }> = {};
  beforeAll(async () => {
    app = await startTestApp({ config: { authPolicy: { secondFactor: 'admins', idleMinutes: { admin: 0, member: 0 }, passwordMaxAgeDays: 0, inactiveDays: { admin: 0, member: 0 } } } });
    // a held clock in the middle of a 30-second step: the codes computed here are the server's
    app.freeze(new Date(Math.floor(Date.now() / 30_000) * 30_000 + 10_000));
  });
  afterAll(() => app?.close());

  it('a member signs in with the password alone and uses his role', async () => {
    const r = await sigin(app, 'member');
    expect(r.status).toBe(200);
    expect(r.body.result.secondFactor).toEqual({ required: false, verified: false, enrolled: false, ukey: false });
    expect((await permissionNames(app, r.body.result.accessToken)).status).toBe(200);
  });

  for (const userName of ['branchadmin', 'districtadmin', 'cityadmin', 'admin']) {
    it(`${userName}: without the second factor no administrator role; enrolled with TOTP, the role opens`, async () => {
      const s = ok(await sigin(app, userName));
      expect(s.secondFactor).toMatchObject({ required: true, verified: false, enrolled: false });
      const token = s.accessToken;
      // the session starts in the member role, which works
      expect((await permissionNames(app, token)).status).toBe(200);
      const role = await adminRole(app, token);
      const refused = await changeRole(app, token, role);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 1005, message: '管理员角色需完成第二因素认证（动态口令或证书）后使用' });
      // enrolment: a key for the QR code, confirmed by a code
      const begin = ok(await app.call('POST', '/api/TokenAuth/BeginTotpEnrol', { token }));
      expect(begin.otpauthUri).toMatch(new RegExp(`^otpauth://totp/.+\\?secret=${begin.secret}&issuer=.+&algorithm=SHA1&digits=6&period=30$`));
      const wrong = await app.call('POST', '/api/TokenAuth/ConfirmTotpEnrol', { token, body: { code: String((Number(code(app, begin.secret)) + 1) % 1_000_000).padStart(6, '0') } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe('动态口令错误或已使用，请输入验证器中最新的6位动态口令');
      const confirmed = ok(await app.call('POST', '/api/TokenAuth/ConfirmTotpEnrol', { token, body: { code: code(app, begin.secret) } }));
      expect(confirmed.recoveryCodes).toHaveLength(10);
      expect(confirmed.session.secondFactor).toMatchObject({ required: true, verified: true, enrolled: true });
      secrets[userName] = { secret: begin.secret, recovery: confirmed.recoveryCodes };
      // the key rests sealed, the recovery codes only as hashes
      const row = await app.db.selectFrom('users').select('totpSecret').where('userName', '=', userName).executeTakeFirstOrThrow();
      expect(row.totpSecret).toMatch(/^v1\./);
      expect(row.totpSecret).not.toContain(begin.secret);
      const hashes = await app.db.selectFrom('userRecoveryCodes as c').innerJoin('users as u', 'u.id', 'c.userId').select('c.codeHash').where('u.userName', '=', userName).execute();
      expect(hashes.map((h) => h.codeHash)).not.toContain(confirmed.recoveryCodes[0]);
      // now the administrator role opens, with its permissions
      ok(await changeRole(app, token, role));
      expect(ok<string[]>(await permissionNames(app, token)).length).toBeGreaterThan(0);
    });
  }

  it('the next sign-in asks for a fresh code: the code already used is refused, the next step’s passes', async () => {
    const token = ok(await sigin(app, 'districtadmin')).accessToken;
    const role = await adminRole(app, token);
    expect((await changeRole(app, token, role)).status).toBe(403);
    const used = await app.call('POST', '/api/TokenAuth/VerifySecondFactor', { token, body: { method: 'totp', code: code(app, secrets.districtadmin.secret) } });
    expect(used.status).toBe(400);
    app.advance(30_000);
    const r = ok(await app.call('POST', '/api/TokenAuth/VerifySecondFactor', { token, body: { method: 'totp', code: code(app, secrets.districtadmin.secret) } }));
    expect(r.secondFactor.verified).toBe(true);
    ok(await changeRole(app, token, role));
  });

  it('a recovery code opens one session, once', async () => {
    const first = ok(await sigin(app, 'branchadmin')).accessToken;
    const rc = secrets.branchadmin.recovery[0];
    ok(await app.call('POST', '/api/TokenAuth/VerifySecondFactor', { token: first, body: { method: 'recovery', code: rc.toUpperCase() } }));
    ok(await changeRole(app, first, await adminRole(app, first)));
    const second = ok(await sigin(app, 'branchadmin')).accessToken;
    const again = await app.call('POST', '/api/TokenAuth/VerifySecondFactor', { token: second, body: { method: 'recovery', code: rc } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('恢复码错误或已使用');
    ok(await app.call('POST', '/api/TokenAuth/VerifySecondFactor', { token: second, body: { method: 'recovery', code: secrets.branchadmin.recovery[1] } }));
    const status = ok(await app.call('GET', '/api/TokenAuth/GetSecondFactorStatus', { token: second }));
    expect(status.recoveryCodesLeft).toBe(8);
  });

  it('the usb key is a second factor too (challenge–response after the password)', async () => {
    const token = ok(await sigin(app, 'admin')).accessToken;
    const key = ok(await app.call('GET', '/api/TokenAuth/GetDemoSoftwareKey', { query: { userName: 'admin' } }));
    const ch = ok(await app.call('GET', '/api/TokenAuth/GetUkeyChallenge', { query: { userName: 'admin' } }));
    const signature = sign(null, Buffer.from(ch.challenge), key.privateKeyPem).toString('base64');
    ok(await app.call('POST', '/api/TokenAuth/VerifySecondFactor', { token, body: { method: 'ukey', challengeId: ch.challengeId, signature } }));
    ok(await changeRole(app, token, await adminRole(app, token)));
    // the key sign-in alone opens the administrator role (the key's PIN is the other factor)
    const ch2 = ok(await app.call('GET', '/api/TokenAuth/GetUkeyChallenge', { query: { userName: 'admin' } }));
    const s = ok(await app.call('POST', '/api/TokenAuth/SignUkey', { body: { userName: 'admin', challengeId: ch2.challengeId, signature: sign(null, Buffer.from(ch2.challenge), key.privateKeyPem).toString('base64') } }));
    expect(s.secondFactor.verified).toBe(true);
    ok(await changeRole(app, s.accessToken, await adminRole(app, s.accessToken)));
  });

  it('an administrator role held without the factor has no permission, and only the second step is callable', async () => {
    const token = ok(await sigin(app, 'teacher')).accessToken;
    const roles = ok<any[]>(await app.call('GET', svc('PermissionService', 'GetCurrentUserPermission'), { token }));
    const admin = roles.find((x) => !x.isDefault);
    expect(admin).toBeTruthy();
    // a session forced into the role (as if switched before the policy was on) still gets nothing
    const jti = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti;
    await app.db.updateTable('authSessions').set({ roleId: admin.roleId, organId: admin.organId }).where('id', '=', jti).execute();
    await app.ctx.sessions.clear();
    const names = await permissionNames(app, token);
    expect(names.status).toBe(403);
    expect(names.body.error.code).toBe(1005);
    expect((await app.call('GET', '/api/TokenAuth/GetSecondFactorStatus', { token })).status).toBe(200);
  });

  it('five wrong codes lock the account and end the session', async () => {
    const token = ok(await sigin(app, 'cityadmin')).accessToken;
    for (let i = 0; i < 4; i++) expect((await app.call('POST', '/api/TokenAuth/VerifySecondFactor', { token, body: { method: 'totp', code: '000000' } })).status).toBe(400);
    const last = await app.call('POST', '/api/TokenAuth/VerifySecondFactor', { token, body: { method: 'totp', code: '000000' } });
    expect(last.body.error.code).toBe(1002);
    expect((await permissionNames(app, token)).status).toBe(401);
    expect((await sigin(app, 'cityadmin')).body.error.code).toBe(1002);
  });
});

describe('second factor off (the demo)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('an administrator switches to his role with the password alone, as before', async () => {
    const s = ok(await sigin(app, 'districtadmin'));
    expect(s.secondFactor).toMatchObject({ required: false, verified: false });
    ok(await changeRole(app, s.accessToken, await adminRole(app, s.accessToken)));
  });

  it('an administrator who enrolled TOTP of his own accord is asked for it', async () => {
    const token = ok(await sigin(app, 'branchadmin')).accessToken;
    const begin = ok(await app.call('POST', '/api/TokenAuth/BeginTotpEnrol', { token }));
    ok(await app.call('POST', '/api/TokenAuth/ConfirmTotpEnrol', { token, body: { code: totp(base32Decode(begin.secret), nowSeconds(app)) } }));
    const next = ok(await sigin(app, 'branchadmin'));
    expect(next.secondFactor).toMatchObject({ required: true, enrolled: true, verified: false });
    expect((await changeRole(app, next.accessToken, await adminRole(app, next.accessToken))).status).toBe(403);
  });

  it('every answer carries the security headers, set by the server', async () => {
    for (const r of [await app.call('GET', '/api/TokenAuth/GetRandomCode'), await app.call('GET', '/no-such-page'), await app.call('GET', '/health/live')]) {
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(r.headers['permissions-policy']).toContain('camera=()');
    }
  });
});

describe('idle timeout under a held clock (admin 30 min, member 60 min)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { authPolicy: { secondFactor: 'off', idleMinutes: { admin: 30, member: 60 }, passwordMaxAgeDays: 0, inactiveDays: { admin: 0, member: 0 } } } });
    app.freeze('2026-03-02T02:00:00Z');
  });
  afterAll(() => app?.close());
  const MIN = 60_000;

  it('a member’s session lives while he works and ends after an hour without a request', async () => {
    const token = await app.login('member');
    for (let i = 0; i < 3; i++) {
      app.advance(55 * MIN);
      expect((await permissionNames(app, token)).status).toBe(200);
    }
    // the stored activity lags by at most a tenth of the timeout: 66 minutes are past it whatever the lag
    app.advance(67 * MIN);
    const r = await permissionNames(app, token);
    expect(r.status).toBe(401);
    expect(r.body.error).toMatchObject({ code: 1006, message: '长时间未操作，已自动退出，请重新登录' });
    // it stays ended, and says why
    expect((await permissionNames(app, token)).body.error.code).toBe(1006);
    const row = await app.db.selectFrom('authSessions').select(['revokedAt', 'endReason']).orderBy('creationTime', 'desc').where('endReason', '=', 'idle').executeTakeFirstOrThrow();
    expect(row.revokedAt).not.toBeNull();
  });

  it('an administrator role ends after 30 minutes, the member role of the same length lives on', async () => {
    const admin = await app.login('districtadmin');
    ok(await changeRole(app, admin, await adminRole(app, admin)));
    const member = await app.login('member');
    app.advance(29 * MIN);
    expect((await permissionNames(app, admin)).status).toBe(200);
    expect((await permissionNames(app, member)).status).toBe(200);
    app.advance(34 * MIN);
    expect((await permissionNames(app, admin)).body.error?.code).toBe(1006);
    expect((await permissionNames(app, member)).status).toBe(200);
  });

  it('the timeout holds across processes: the decision is the database’s, not one process’s cache', async () => {
    const token = await app.login('member');
    expect((await permissionNames(app, token)).status).toBe(200);
    app.advance(50 * MIN);
    // another process served a request meanwhile and wrote the activity
    await app.db.updateTable('authSessions').set({ lastActivityTime: app.ctx.now() }).where('endReason', 'is', null).where('revokedAt', 'is', null).execute();
    app.advance(50 * MIN);
    // this process's cache alone would say idle (100 minutes); the database says 50
    expect((await permissionNames(app, token)).status).toBe(200);
  });
});

describe('password age (PASSWORD_MAX_AGE_DAYS=90)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { authPolicy: { secondFactor: 'off', idleMinutes: { admin: 0, member: 0 }, passwordMaxAgeDays: 90, inactiveDays: { admin: 0, member: 0 } } } });
  });
  afterAll(() => app?.close());

  it('a password older than its age must be changed before anything else, on the server', async () => {
    expect(ok(await sigin(app, 'member')).needChangePassword).toBe(false);
    app.advance(91 * 86_400_000);
    const s = ok(await sigin(app, 'member'));
    expect(s.needChangePassword).toBe(true);
    const refused = await permissionNames(app, s.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 1007, message: '密码已超过有效期，请先修改密码' });
    ok(await app.call('POST', svc('UserService', 'UpdateWeakPassword'), { token: s.accessToken, body: { newPassword: 'Fresh@2026pass' } }));
    expect((await permissionNames(app, s.accessToken)).status).toBe(200);
    // the new password counts from today
    expect(ok(await sigin(app, 'member', 'Fresh@2026pass')).needChangePassword).toBe(false);
  });
});

describe('unused accounts disabled (admin 60 days, member 180 days)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { authPolicy: { secondFactor: 'off', idleMinutes: { admin: 0, member: 0 }, passwordMaxAgeDays: 0, inactiveDays: { admin: 60, member: 180 } } } });
  });
  afterAll(() => app?.close());
  const DAY = 86_400_000;

  it('at sign-in: an administrator unused for 60 days is disabled, a member not yet; the province administrator never', async () => {
    ok(await sigin(app, 'districtadmin'));
    app.advance(61 * DAY);
    const r = await sigin(app, 'districtadmin');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('账号长期未使用，已停用，请联系管理员启用');
    expect((await sigin(app, 'districtadmin')).body.error.message).toBe('账号已停用，请联系管理员');
    ok(await sigin(app, 'member'));
    ok(await sigin(app, 'admin'));
  });

  it('the daily sweep disables the rest, and re-enabling starts the count again', async () => {
    app.advance(200 * DAY);
    const n = await disableUnusedAccounts(app.ctx);
    expect(n).toBeGreaterThan(0);
    const member = await app.db.selectFrom('users').select('isActive').where('userName', '=', 'teacher').executeTakeFirstOrThrow();
    expect(member.isActive).toBe(false);
    expect((await sigin(app, 'member')).body.error.message).toBe('账号已停用，请联系管理员');
    // the province administrator re-enables an administrator of his subtree
    const admin = ok(await sigin(app, 'admin')).accessToken;
    ok(await changeRole(app, admin, await adminRole(app, admin)));
    const id = (await app.db.selectFrom('users').select('id').where('userName', '=', 'districtadmin').executeTakeFirstOrThrow()).id;
    ok(await app.call('POST', svc('UserService', 'SetAdminActiveAsync'), { token: admin, body: { id, isActive: true } }));
    ok(await sigin(app, 'districtadmin'));
  });
});
