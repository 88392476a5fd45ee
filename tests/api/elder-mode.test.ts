/**
 * 长辈模式 (issue 33): the text-size preference is kept per user on the server, set only by that user,
 * and comes back with the session; and a code texted to the account's phone stands in for the image
 * captcha at password sign-in, no weaker than the image against a script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const sigin = (body: Record<string, unknown>) => app.call('POST', '/api/TokenAuth/Sigin', { body });
const setMode = (token: string | null, body: unknown) => app.call('POST', svc('UserService', 'SetElderMode'), { token, body });
const sessionData = (token: string) => app.call('GET', svc('PartyMemberService', 'GetCurrentUserSessionData'), { token });
const codeFrom = (text: string | undefined) => /(\d{6})/.exec(text ?? '')?.[1] ?? '';

describe('the 长辈模式 preference', () => {
  it('is 0 for a new session, kept per user, and returned with sign-in and the session data', async () => {
    const first = await sigin({ userName: 'member', password: DEMO_PASSWORD });
    expect(first.body.result.elderMode).toBe(0);
    const member = first.body.result.accessToken as string;
    const teacher = await app.login('teacher');

    const r = await setMode(member, { elderMode: 2 });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ elderMode: 2 });
    expect((await sessionData(member)).body.result.elderMode).toBe(2);
    // another browser signing in later finds it
    expect((await sigin({ userName: 'member', password: DEMO_PASSWORD })).body.result.elderMode).toBe(2);
    // the teacher's own preference is untouched
    expect((await sessionData(teacher)).body.result.elderMode).toBe(0);

    expect((await setMode(member, { elderMode: 0 })).status).toBe(200);
    expect((await sessionData(member)).body.result.elderMode).toBe(0);
  });

  it('is set only by its owner: no token is 401, a named other user is ignored', async () => {
    const none = await setMode(null, { elderMode: 1 });
    expect(none.status).toBe(401);
    const teacherId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'teacher').executeTakeFirstOrThrow()).id;
    const member = await app.login('member');
    // whatever else is sent, the call names no user: it changes the caller's row and no other
    await setMode(member, { elderMode: 1, userId: teacherId, id: teacherId });
    const rows = await app.db.selectFrom('users').select(['userName', 'elderMode']).where('userName', 'in', ['member', 'teacher']).execute();
    expect(Object.fromEntries(rows.map((x) => [x.userName, x.elderMode]))).toEqual({ member: 1, teacher: 0 });
    await setMode(member, { elderMode: 0 });
  });

  it('refuses a value outside its steps in Chinese, never 500', async () => {
    const member = await app.login('member');
    for (const body of [{ elderMode: 3 }, { elderMode: 'big' }, {}, { elderMode: -1 }, { elderMode: 1.5 }]) {
      const r = await setMode(member, body);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('a texted code instead of the image captcha', () => {
  it('passes where the captcha is asked, once, only with the code sent to that account’s phone', async () => {
    const user = 'branchadmin';
    const phone = '13800000007';
    const other = '13800000006';
    for (let i = 0; i < 3; i++) expect((await sigin({ userName: user, password: 'bad-pass-1' })).status).toBe(400);
    expect((await sigin({ userName: user, password: DEMO_PASSWORD })).body.error.code).toBe(1001);

    // a guessed code is refused like a wrong captcha (the client keeps offering both)
    let r = await sigin({ userName: user, password: DEMO_PASSWORD, smsCode: '000000' });
    expect(r.body.error).toMatchObject({ code: 1001, message: '短信验证码错误或已过期' });

    // a code texted to another account's phone does not open this one
    expect((await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: other, purpose: 'signIn' } })).status).toBe(200);
    r = await sigin({ userName: user, password: DEMO_PASSWORD, smsCode: codeFrom(app.sms.sent.get(other)) });
    expect(r.body.error.code).toBe(1001);

    // a number that is no account gets no text
    r = await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: '13911112222', purpose: 'signIn' } });
    expect(r.status).toBe(400);

    expect((await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: phone, purpose: 'signIn' } })).status).toBe(200);
    const code = codeFrom(app.sms.sent.get(phone));
    expect(code).toMatch(/^\d{6}$/);
    // the code does not excuse a wrong password, and it is spent by that try
    r = await sigin({ userName: user, password: 'bad-pass-2', smsCode: code });
    expect(r.body.error.message).toBe('用户名或密码错误');
    r = await sigin({ userName: user, password: DEMO_PASSWORD, smsCode: code });
    expect(r.body.error).toMatchObject({ code: 1001, message: '短信验证码错误或已过期' });

    app.advance(61_000);
    expect((await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: phone, purpose: 'signIn' } })).status).toBe(200);
    r = await sigin({ userName: user, password: DEMO_PASSWORD, smsCode: codeFrom(app.sms.sent.get(phone)) });
    expect(r.status).toBe(200);
    expect(r.body.result.userName).toBe(user);
  });
});
