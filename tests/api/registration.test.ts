import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformDay } from '../../src/server/platform-day';
import { DEMO_PASSWORD, startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const codeFrom = (text: string | undefined) => /(\d{6})/.exec(text ?? '')?.[1] ?? '';
const branchAdmin = async () => {
  const token = await app.login('branchadmin');
  const manage = await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token });
  const role = manage.body.result[0];
  await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } });
  return { token, organId: role.organId as number };
};

describe('self-registration and approval', () => {
  it('a registered member signs in only after approval', async () => {
    const admin = await branchAdmin();
    const phone = '13912345678';
    const send = await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: phone, purpose: 'register' } });
    expect(send.status).toBe(200);
    // a second code within a minute is refused
    const again = await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: phone, purpose: 'register' } });
    expect(again.body.error.message).toBe('验证码发送过于频繁，请稍后再试');

    const body = { name: '新党员', organId: admin.organId, phoneNumber: phone, idCard: '11010519491231002X', password: 'Newpass123', phoneCode: codeFrom(app.sms.sent.get(phone)) };
    const wrong = await app.call('POST', svc('PartyMemberService', 'PartyMemberRegister'), { body: { ...body, phoneCode: '000000' === body.phoneCode ? '111111' : '000000' } });
    expect(wrong.body.error.message).toBe('短信验证码错误或已过期');
    // the one ID-card rule: a number whose check character is wrong is refused before the code is used
    const typo = await app.call('POST', svc('PartyMemberService', 'PartyMemberRegister'), { body: { ...body, idCard: '110105194912310029' } });
    expect(typo.status).toBe(400);
    expect(typo.body.error.message).toBe('身份证号格式错误');
    const reg = await app.call('POST', svc('PartyMemberService', 'PartyMemberRegister'), { body });
    expect(reg.status).toBe(200);
    expect(reg.body.result.status).toBe(0);

    const pending = await app.call('POST', '/api/TokenAuth/Sigin', { body: { userName: phone, password: 'Newpass123' } });
    expect(pending.body.error.message).toBe('注册信息正在审核中，请耐心等待');

    const list = await app.call('GET', svc('PartyMemberService', 'RegisterAuditPageList'), { token: admin.token });
    expect(list.body.result.items.map((i: any) => i.id)).toContain(reg.body.result.id);
    // a member cannot audit
    const memberToken = await app.login('member');
    expect((await app.call('POST', svc('PartyMemberService', 'AuditRegister'), { token: memberToken, body: { id: reg.body.result.id, approved: true } })).status).toBe(403);
    // rejecting needs a remark
    const noRemark = await app.call('POST', svc('PartyMemberService', 'AuditRegister'), { token: admin.token, body: { id: reg.body.result.id, approved: false } });
    expect(noRemark.body.error.message).toBe('请输入备注');
    const ok = await app.call('POST', svc('PartyMemberService', 'AuditRegister'), { token: admin.token, body: { id: reg.body.result.id, approved: true } });
    expect(ok.status).toBe(200);

    const signed = await app.call('POST', '/api/TokenAuth/Sigin', { body: { userName: phone, password: 'Newpass123' } });
    expect(signed.status).toBe(200);
    const perms = await app.call('GET', svc('PermissionService', 'GetCurrentUserPermission'), { token: signed.body.result.accessToken });
    expect(perms.body.result).toHaveLength(1);
    expect(perms.body.result[0].isDefault).toBe(true);
  });

  it('registration validates the member form', async () => {
    const r = await app.call('POST', svc('PartyMemberService', 'PartyMemberRegister'), { body: { name: '', organId: 1, phoneNumber: '1391234', idCard: 'x', password: 'a', phoneCode: '123456' } });
    expect(r.status).toBe(400);
    const messages = r.body.error.validationErrors.map((e: any) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['请输入姓名', '手机号格式错误', '身份证号格式错误']));
  });
});

describe('password recovery by phone code', () => {
  it('find, reset, sign in with the new password; old sessions end', async () => {
    const phone = '13800000002'; // the demo member
    const old = await app.login('member');
    expect((await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: phone, purpose: 'findPassword' } })).status).toBe(200);
    const found = await app.call('POST', svc('UserService', 'FindPassword'), { body: { phoneNumber: phone, code: codeFrom(app.sms.sent.get(phone)) } });
    expect(found.status).toBe(200);
    const weak = await app.call('POST', svc('UserService', 'ResetPassword'), { body: { resetToken: found.body.result.resetToken, newPassword: '123' } });
    expect(weak.body.error.message).toBe('密码须为8至20位，且包含字母和数字');
    const reset = await app.call('POST', svc('UserService', 'ResetPassword'), { body: { resetToken: found.body.result.resetToken, newPassword: 'Changed123' } });
    expect(reset.status).toBe(200);
    // the token is single use
    expect((await app.call('POST', svc('UserService', 'ResetPassword'), { body: { resetToken: found.body.result.resetToken, newPassword: 'Changed456' } })).status).toBe(400);
    expect((await app.call('GET', svc('PermissionService', 'GetCurrentUserPermission'), { token: old })).status).toBe(401);
    expect((await app.call('POST', '/api/TokenAuth/Sigin', { body: { userName: 'member', password: DEMO_PASSWORD } })).status).toBe(400);
    expect((await app.call('POST', '/api/TokenAuth/Sigin', { body: { userName: 'member', password: 'Changed123' } })).status).toBe(200);
  });

  it('a code for an unknown number is refused, and codes are rate-limited per hour', async () => {
    const r = await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: '13700000000', purpose: 'findPassword' } });
    expect(r.body.error.message).toBe('该手机号未绑定账号');
    const phone = '13800000001';
    for (let i = 0; i < 5; i++) {
      const s = await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: phone, purpose: 'findPassword' } });
      expect(s.status, `code ${i + 1}`).toBe(200);
      app.advance(61_000);
    }
    const sixth = await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: phone, purpose: 'findPassword' } });
    expect(sixth.body.error.message).toBe('验证码发送过于频繁，请稍后再试');
  });

  it('a wrong code is refused and five wrong tries burn it', async () => {
    app.advance(3600_000);
    const phone = '13800000001';
    await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: phone, purpose: 'findPassword' } });
    const right = codeFrom(app.sms.sent.get(phone));
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await app.call('POST', svc('UserService', 'FindPassword'), { body: { phoneNumber: phone, code: wrongCode } })).status).toBe(400);
    const r = await app.call('POST', svc('UserService', 'FindPassword'), { body: { phoneNumber: phone, code: right } });
    expect(r.body.error.message).toBe('短信验证码错误或已过期');
  });
});

describe('phone codes per client and per day', () => {
  const send = (phoneNumber: string, o: { remoteAddress: string; token?: string }) =>
    app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber, purpose: 'register' }, ...o });

  it('one address may have codes sent to at most 10 numbers an hour; other addresses are not affected', async () => {
    const address = '198.51.100.21';
    for (let i = 0; i < 10; i++) expect((await send(`1590000${String(i).padStart(4, '0')}`, { remoteAddress: address })).status, `code ${i + 1}`).toBe(200);
    const eleventh = await send('15900000099', { remoteAddress: address });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ success: false, error: { message: '验证码发送次数过多，请60分钟后再试' } });
    expect(app.sms.sent.has('15900000099')).toBe(false);
    expect((await send('15900000098', { remoteAddress: '198.51.100.22' })).status).toBe(200);
    app.advance(3600_000 + 1000);
    expect((await send('15900000099', { remoteAddress: address })).status).toBe(200);
  });

  it('a signed-in caller is limited by his session too, whatever address he sends from', async () => {
    const token = await app.login('teacher');
    for (let i = 0; i < 10; i++) expect((await send(`1580000${String(i).padStart(4, '0')}`, { token, remoteAddress: `198.51.101.${i}` })).status).toBe(200);
    const r = await send('15800000099', { token, remoteAddress: '198.51.101.200' });
    expect(r.status).toBe(429);
    expect(r.body.error.message).toMatch(/^验证码发送次数过多，请\d+分钟后再试$/);
    // the same address without the session is another client
    expect((await send('15800000099', { remoteAddress: '198.51.101.200' })).status).toBe(200);
  });

  it('the platform sends at most SMS_DAILY_LIMIT codes a day', async () => {
    const limit = app.ctx.config.smsDailyLimit;
    expect(limit).toBe(10000);
    const today = await app.db.selectFrom('rateCounters').select('count').where('key', '=', `sms-day:${platformDay(app.ctx)}`).executeTakeFirst();
    app.ctx.config.smsDailyLimit = (today?.count ?? 0) + 1;
    try {
      expect((await send('15700000001', { remoteAddress: '198.51.102.1' })).status).toBe(200);
      const over = await send('15700000002', { remoteAddress: '198.51.102.2' });
      expect(over.status).toBe(429);
      expect(over.body.error.message).toBe('今日短信验证码发送量已达上限，请明天再试');
      expect(app.sms.sent.has('15700000002')).toBe(false);
    } finally {
      app.ctx.config.smsDailyLimit = limit;
    }
  });
});
