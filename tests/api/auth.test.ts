import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSsoTicket } from '../../src/server/security/sso';
import { DEMO_PASSWORD, startTestApp, svc, type TestApp } from './harness';

const sso = generateKeyPairSync('ed25519');
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    config: { ssoIssuer: 'test-idp', ssoPublicKeyPem: sso.publicKey.export({ type: 'spki', format: 'pem' }).toString() },
  });
});
afterAll(() => app?.close());

const sigin = (body: Record<string, unknown>) => app.call('POST', '/api/TokenAuth/Sigin', { body });

describe('password sign-in', () => {
  it('returns the session of core §3 for the right password', async () => {
    const r = await sigin({ userName: 'admin', password: DEMO_PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const s = r.body.result;
    for (const k of ['accessToken', 'expireInSeconds', 'userName', 'nickName', 'organName', 'organLevel', 'organPath', 'userType']) expect(s).toHaveProperty(k);
    expect(s.userName).toBe('admin');
    expect(s.expireInSeconds).toBeGreaterThan(0);
  });

  it('accepts PascalCase field names like ABP', async () => {
    const r = await sigin({ UserName: 'member', Password: DEMO_PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body.result.userType).toBe(0);
  });

  it('refuses a wrong password with a Chinese ABP error', async () => {
    const r = await sigin({ userName: 'teacher', password: 'wrong-password1' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, unAuthorizedRequest: false, error: { message: '用户名或密码错误' } });
  });

  it('validates missing fields in Chinese', async () => {
    const r = await sigin({ userName: 'admin' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('请输入密码');
    expect(r.body.error.validationErrors[0].members).toEqual(['password']);
  });

  it('asks for a captcha after 3 failures and locks for 5 minutes after 5', async () => {
    const user = 'cityadmin';
    for (let i = 0; i < 3; i++) expect((await sigin({ userName: user, password: 'bad-pass-1' })).status).toBe(400);
    // now the right password alone is not enough
    let r = await sigin({ userName: user, password: DEMO_PASSWORD });
    expect(r.body.error.code).toBe(1001);
    expect(r.body.error.message).toBe('请输入图形验证码');
    // a wrong captcha is refused
    let code = await app.call('GET', '/api/TokenAuth/GetRandomCode');
    expect(code.body.result.image).toMatch(/^data:image\/svg\+xml;base64,/);
    r = await sigin({ userName: user, password: DEMO_PASSWORD, captchaKey: code.body.result.key, captchaCode: 'zzzz' });
    expect(r.body.error.message).toBe('图形验证码错误或已过期');
    // with the right captcha: two more wrong passwords lock the account
    for (let i = 0; i < 2; i++) {
      code = await app.call('GET', '/api/TokenAuth/GetRandomCode');
      const answer = (await app.db.selectFrom('captchas').select('answer').where('id', '=', code.body.result.key).executeTakeFirstOrThrow()).answer;
      r = await sigin({ userName: user, password: 'bad-pass-1', captchaKey: code.body.result.key, captchaCode: answer.toLowerCase() });
    }
    expect(r.body.error.code).toBe(1002);
    expect(r.body.error.message).toContain('账号已锁定');
    // locked: even the right password with a right captcha is refused
    code = await app.call('GET', '/api/TokenAuth/GetRandomCode');
    let answer = (await app.db.selectFrom('captchas').select('answer').where('id', '=', code.body.result.key).executeTakeFirstOrThrow()).answer;
    r = await sigin({ userName: user, password: DEMO_PASSWORD, captchaKey: code.body.result.key, captchaCode: answer });
    expect(r.body.error.code).toBe(1002);
    // five minutes later, with a captcha, it works
    app.advance(5 * 60_000 + 1000);
    code = await app.call('GET', '/api/TokenAuth/GetRandomCode');
    answer = (await app.db.selectFrom('captchas').select('answer').where('id', '=', code.body.result.key).executeTakeFirstOrThrow()).answer;
    r = await sigin({ userName: user, password: DEMO_PASSWORD, captchaKey: code.body.result.key, captchaCode: answer });
    expect(r.status).toBe(200);
    // and the counter is reset
    expect((await sigin({ userName: user, password: DEMO_PASSWORD })).status).toBe(200);
  });
});

describe('tokens', () => {
  it('401 without a token, with a bad token, and after logout', async () => {
    const url = svc('PermissionService', 'GetCurrentUserPermission');
    let r = await app.call('GET', url);
    expect(r.status).toBe(401);
    expect(r.body.unAuthorizedRequest).toBe(true);
    expect(r.body.error.message).toBe('登录已失效，请重新登录');
    r = await app.call('GET', url, { token: 'abc.def.ghi' });
    expect(r.status).toBe(401);
    const token = await app.login('member');
    expect((await app.call('GET', url, { token })).status).toBe(200);
    expect((await app.call('POST', '/api/TokenAuth/Logout', { token })).status).toBe(200);
    expect((await app.call('GET', url, { token })).status).toBe(401);
  });

  it('expires', async () => {
    const token = await app.login('member');
    app.advance(app.ctx.config.tokenTtlSeconds * 1000 + 1000);
    expect((await app.call('GET', svc('PermissionService', 'GetCurrentUserPermission'), { token })).status).toBe(401);
  });

  it('403 without the permission name', async () => {
    const token = await app.login('member');
    const r = await app.call('GET', svc('PartyMemberService', 'PageList'), { token });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toContain('没有操作权限');
  });
});

describe('roles', () => {
  it('admin holds the member role and at least two managed organisations; role change switches permissions', async () => {
    const token = await app.login('admin');
    const perms = await app.call('GET', svc('PermissionService', 'GetCurrentUserPermission'), { token });
    expect(perms.body.result.length).toBeGreaterThanOrEqual(3);
    expect(perms.body.result[0].isDefault).toBe(true);
    const manage = await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token });
    expect(manage.body.result.length).toBeGreaterThanOrEqual(2);
    for (const m of manage.body.result) expect(Object.keys(m).sort()).toEqual(['organId', 'organName', 'roleId', 'roleName']);

    // in the member role the admin cannot list members
    expect((await app.call('GET', svc('PartyMemberService', 'PageList'), { token })).status).toBe(403);
    const target = manage.body.result[0];
    const changed = await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: target.roleId, organId: target.organId } });
    expect(changed.status).toBe(200);
    expect(changed.body.result).toMatchObject({ roleId: target.roleId, organId: target.organId, organName: target.organName, accessToken: token });
    expect((await app.call('GET', svc('PartyMemberService', 'PageList'), { token })).status).toBe(200);
    const names = await app.call('GET', svc('PermissionService', 'GetCurrentUserPermissionNames'), { token });
    expect(names.body.result).toContain('Pages.PartyMember');
  });

  it('refuses a role the user does not hold', async () => {
    const token = await app.login('member');
    const r = await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: 999999 } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('你的账号权限有误，请联系客服');
  });
});

describe('single sign-on', () => {
  const ticket = (claims: Partial<Record<string, unknown>> = {}, key = sso.privateKey) =>
    signSsoTicket(key, { iss: 'test-idp', aud: 'party-platform', sub: 'member', jti: Math.random().toString(36), exp: Math.floor(app.ctx.now().getTime() / 1000) + 300, ...claims } as any);

  it('signs in with a ticket of the configured issuer, once', async () => {
    const t = ticket();
    const r = await app.call('POST', '/api/TokenAuth/SsoSigin', { body: { ticket: t } });
    expect(r.status).toBe(200);
    expect(r.body.result.userName).toBe('member');
    expect((await app.call('POST', '/api/TokenAuth/SsoSigin', { body: { ticket: t } })).status).toBe(401);
  });

  it('refuses other issuers, other keys and expired tickets', async () => {
    const other = generateKeyPairSync('ed25519');
    for (const t of [ticket({ iss: 'evil' }), ticket({}, other.privateKey), ticket({ exp: Math.floor(app.ctx.now().getTime() / 1000) - 10 }), 'garbage']) {
      const r = await app.call('POST', '/api/TokenAuth/SsoSigin', { body: { ticket: t } });
      expect(r.status).toBe(401);
      expect(r.body.error.message).toBe('单点登录凭据无效或已过期');
    }
  });
});

describe('usb key', () => {
  it('challenge–response with the demo software key', async () => {
    const key = await app.call('GET', '/api/TokenAuth/GetDemoSoftwareKey', { query: { userName: 'admin' } });
    expect(key.status).toBe(200);
    const ch = await app.call('GET', '/api/TokenAuth/GetUkeyChallenge', { query: { userName: 'admin' } });
    const signature = sign(null, Buffer.from(ch.body.result.challenge), key.body.result.privateKeyPem).toString('base64');
    const r = await app.call('POST', '/api/TokenAuth/SignUkey', { body: { userName: 'admin', challengeId: ch.body.result.challengeId, signature } });
    expect(r.status).toBe(200);
    expect(r.body.result.userName).toBe('admin');
    // the challenge is single use
    const again = await app.call('POST', '/api/TokenAuth/SignUkey', { body: { userName: 'admin', challengeId: ch.body.result.challengeId, signature } });
    expect(again.status).toBe(401);
  });

  it('refuses a signature by another key', async () => {
    const ch = await app.call('GET', '/api/TokenAuth/GetUkeyChallenge', { query: { userName: 'admin' } });
    const other = generateKeyPairSync('ed25519');
    const signature = sign(null, Buffer.from(ch.body.result.challenge), other.privateKey).toString('base64');
    const r = await app.call('POST', '/api/TokenAuth/SignUkey', { body: { userName: 'admin', challengeId: ch.body.result.challengeId, signature } });
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe('证书签名校验失败');
  });
});

/** A fresh image code with its answer read where only the server keeps it. */
async function solvedCaptcha() {
  const code = await app.call('GET', '/api/TokenAuth/GetRandomCode');
  const answer = (await app.db.selectFrom('captchas').select('answer').where('id', '=', code.body.result.key).executeTakeFirstOrThrow()).answer;
  return { captchaKey: code.body.result.key as string, captchaCode: answer };
}
const siginFrom = (remoteAddress: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.call('POST', '/api/TokenAuth/Sigin', { body, remoteAddress, headers });

describe('image captcha', () => {
  it('draws its characters as paths: no text, no font, no answer in the markup or in the response', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await app.call('GET', '/api/TokenAuth/GetRandomCode');
      expect(Object.keys(r.body.result).sort()).toEqual(['image', 'key']);
      const svg = Buffer.from(r.body.result.image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
      const answer = (await app.db.selectFrom('captchas').select('answer').where('id', '=', r.body.result.key).executeTakeFirstOrThrow()).answer;
      expect(svg).not.toMatch(/<text|font|<use|<symbol|<title|<desc|xlink/i);
      expect(new Set([...svg.matchAll(/<(\w+)/g)].map((m) => m[1]))).toEqual(new Set(['svg', 'rect', 'g', 'path']));
      // path data is numbers and drawing commands only; the answer is nowhere as text
      for (const [, d] of svg.matchAll(/ d="([^"]*)"/g)) expect(d).toMatch(/^[MLCl0-9. -]+$/);
      expect(svg.replace(/ d="[^"]*"/g, '')).not.toContain(answer);
      expect(svg.length).toBeGreaterThan(2000);
    }
  });

  it('an answer is good once, and not after five minutes', async () => {
    const user = 'districtadmin';
    for (let i = 0; i < 3; i++) await siginFrom('192.0.2.21', { userName: user, password: 'bad-pass-1' });
    const c = await solvedCaptcha();
    expect((await siginFrom('192.0.2.21', { userName: user, password: 'bad-pass-1', ...c })).body.error.message).toBe('用户名或密码错误');
    // the same key again: gone
    expect((await siginFrom('192.0.2.21', { userName: user, password: DEMO_PASSWORD, ...c })).body.error.message).toBe('图形验证码错误或已过期');
    const late = await solvedCaptcha();
    app.advance(5 * 60_000 + 1000);
    expect((await siginFrom('192.0.2.21', { userName: user, password: DEMO_PASSWORD, ...late })).body.error.message).toBe('图形验证码错误或已过期');
    expect((await siginFrom('192.0.2.21', { userName: user, password: DEMO_PASSWORD, ...(await solvedCaptcha()) })).status).toBe(200);
  });
});

describe('sign-in does not tell which accounts exist', () => {
  /** Five wrong passwords (with the image code once it is asked for), then the right one: every answer. */
  async function failureAnswers(userName: string, address: string) {
    const answers: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const password = i < 5 ? 'bad-pass-1' : DEMO_PASSWORD;
      let r = await siginFrom(address, { userName, password });
      if (r.body.error?.code === 1001 && r.body.error.message === '请输入图形验证码') {
        answers.push({ status: r.status, error: r.body.error });
        r = await siginFrom(address, { userName, password, ...(await solvedCaptcha()) });
      }
      answers.push({ status: r.status, error: r.body.error });
    }
    return answers;
  }

  it('an unknown name answers like a real account: captcha after 3 failures (1001), locked after 5 (1002)', async () => {
    const real = await failureAnswers('branchadmin', '192.0.2.31');
    const unknown = await failureAnswers('no-such-member', '192.0.2.32');
    expect(unknown).toEqual(real);
    const codes = real.map((a: any) => a.error.code);
    expect(codes).toContain(1001);
    expect(codes.at(-1)).toBe(1002);
    // the lock ends for both alike
    app.advance(5 * 60_000 + 1000);
    const after = await siginFrom('192.0.2.32', { userName: 'no-such-member', password: 'bad-pass-1', ...(await solvedCaptcha()) });
    expect(after.body.error).toMatchObject({ code: 1001, message: '用户名或密码错误' });
    expect((await siginFrom('192.0.2.31', { userName: 'branchadmin', password: DEMO_PASSWORD, ...(await solvedCaptcha()) })).status).toBe(200);
  });

  it('a disabled account says so only to whoever holds its password', async () => {
    await app.db.updateTable('users').set({ isActive: false }).where('userName', '=', 'teacher').execute();
    try {
      const wrong = await siginFrom('192.0.2.33', { userName: 'teacher', password: 'bad-pass-1' });
      expect(wrong.body.error.message).toBe('用户名或密码错误');
      const right = await siginFrom('192.0.2.33', { userName: 'teacher', password: DEMO_PASSWORD });
      expect(right.body.error.message).toBe('账号已停用，请联系管理员');
    } finally {
      await app.db.updateTable('users').set({ isActive: true, failedLoginCount: 0 }).where('userName', '=', 'teacher').execute();
    }
  });
});

describe('failed sign-ins per client address (password spraying)', () => {
  it('after 10 failures across names every sign-in from the address needs the image code; at 30 it is refused for 15 minutes', async () => {
    const spray = '198.51.100.7';
    const { signInAddressCaptchaAfter: captchaAfter, signInAddressBlockAfter: blockAfter } = app.ctx.config;
    expect([captchaAfter, blockAfter]).toEqual([10, 30]);
    // one wrong password per name: no name reaches its own limits
    for (let i = 0; i < captchaAfter; i++) expect((await siginFrom(spray, { userName: `spray-${i}`, password: 'Guess2026' })).body.error.code).toBe(0);
    // now even a right password from that address needs the code; another address does not
    const needs = await siginFrom(spray, { userName: 'member', password: DEMO_PASSWORD });
    expect(needs.body.error).toMatchObject({ code: 1001, message: '请输入图形验证码' });
    expect((await siginFrom('198.51.100.8', { userName: 'member', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await siginFrom(spray, { userName: 'member', password: DEMO_PASSWORD, ...(await solvedCaptcha()) })).status).toBe(200);
    for (let i = captchaAfter; i < blockAfter; i++) {
      const r = await siginFrom(spray, { userName: `spray-${i}`, password: 'Guess2026', ...(await solvedCaptcha()) });
      expect(r.body.error.message).toBe('用户名或密码错误');
    }
    const blocked = await siginFrom(spray, { userName: 'member', password: DEMO_PASSWORD, ...(await solvedCaptcha()) });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ success: false, error: { code: 1004 } });
    expect(blocked.body.error.message).toMatch(/^该网络登录失败次数过多，请\d+分钟后再试$/);
    // a forwarded-for header from a client that is no trusted proxy does not change its address
    const spoofed = await siginFrom(spray, { userName: 'member', password: DEMO_PASSWORD }, { 'x-forwarded-for': '203.0.113.99' });
    expect(spoofed.status).toBe(429);
    app.advance(15 * 60_000 + 1000);
    expect((await siginFrom(spray, { userName: 'member', password: DEMO_PASSWORD })).status).toBe(200);
  });
});
