/**
 * Sign-in codes (src/server/security/sign-in-codes.ts, docs/SECURITY.md "Sign-in codes"): a member
 * has five code attempts per event, then waits; other members are unaffected; fifty wrong codes on
 * one event pause code entry for it (the QR token still works); simultaneous attempts get no more
 * than five; the organiser rotates the code and the old code and QR token fail; the QR token signs
 * in, a tampered, foreign or expired one is refused. Meetings (record store), a class's course
 * (training) — and, with TEST_DATABASE_URL and TEST_REDIS_URL, the limit across two API processes.
 * The clock is frozen and moved by the harness; nothing depends on the hour or on timing.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, onPostgres, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { callJson, freshDatabase, launchStarted, stopServer } from '../support/server-process';
import { SIGN_CODE_LIMITS, SIGN_CODE_MSG } from '../../src/server/security/sign-in-codes';

const M = (a: string) => svc('PartyMeetingService', a);
const C = (a: string) => svc('TrainClassCourseService', a);
const MIN = 60_000;

let app: TestApp;
let district: { token: string; organId: number; organPath: string };
let district2: { token: string };
let branch: { token: string };
/** members of 温江区 with accounts, signed in: [0] is the demo `member` */
let people: { userId: number; token: string }[] = [];

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const msg = (r: { body: any }) => r.body?.error?.message as string;

/** A meeting of 温江区 on 12 May 2031, 14:00–16:00 in China, with the given attendees. */
async function meeting(title: string, attendees: number[]) {
  const id = ok(
    await app.call('POST', M('CreatePartyMeetingInfo'), {
      token: district.token,
      body: { title, meetingType: 4, meetingClass: 1, beginTime: '2031-05-12 14:00', endTime: '2031-05-12 16:00', meetingAddress: '区委党校报告厅', meetingSignType: 1 },
    }),
  ).id as number;
  ok(await app.call('POST', M('AddPartyMeetingUser'), { token: district.token, body: { meetingId: id, userLists: attendees.map((userId) => ({ userId })) } }));
  return id;
}
const codeOf = async (id: number) => ok(await app.call('GET', M('GetMeetingSignCode'), { token: district.token, query: { id } })) as { code: string; signUrl: string; validTo: string };
const tokenOf = (signUrl: string) => decodeURIComponent(new URL(signUrl, 'http://x').searchParams.get('token')!);
const signIn = (who: { token: string }, id: number, body: { code?: string; token?: string }) => app.call('POST', M('MeetingSignIn'), { token: who.token, body: { id, ...body } });

beforeAll(async () => {
  app = await startTestApp({ config: { tokenTtlSeconds: 30 * 86400 } });
  app.freeze('2031-05-10T02:00:00Z');
  district = await signInAsAdmin(app, 'districtadmin');
  district2 = await signInAsAdmin(app, 'district2admin');
  branch = await signInAsAdmin(app, 'branchadmin');
  const memberId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
  const others = await app.db
    .selectFrom('users as u')
    .innerJoin('partyMembers as m', 'm.userId', 'u.id')
    .select(['u.id', 'u.userName'])
    .where('m.organPath', 'like', `${district.organPath}%`)
    .where('u.userType', '=', 0)
    .where('u.isActive', '=', true)
    .where('u.id', '!=', memberId)
    .where('m.status', '=', 1)
    .orderBy('u.id')
    .limit(12)
    .execute();
  expect(others.length).toBe(12);
  await app.db.updateTable('users').set({ needChangePassword: false }).where('id', 'in', others.map((o) => o.id)).execute();
  people = [{ userId: memberId, token: await app.login('member') }];
  for (const o of others) people.push({ userId: o.id, token: await app.login(o.userName) });
});
afterAll(() => app?.close());

describe('a member’s wrong codes', () => {
  it('five wrong codes, then even the right one waits 15 minutes; another member is unaffected; after the wait it signs in', async () => {
    const [a, b] = people;
    const id = await meeting('党课：签到码次数', [a.userId, b.userId]);
    const { code } = await codeOf(id);
    app.freeze('2031-05-12T05:45:00Z'); // 13:45, the window is open
    for (let i = 1; i < SIGN_CODE_LIMITS.perMember; i++) {
      const r = await signIn(a, id, { code: wrongFor(code) });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ message: SIGN_CODE_MSG.wrong, details: SIGN_CODE_MSG.triesLeft(SIGN_CODE_LIMITS.perMember - i) });
      expect(r.body.error.validationErrors[0].members).toEqual(['code']);
    }
    const fifth = await signIn(a, id, { code: wrongFor(code) });
    expect(fifth.status).toBe(429);
    expect(msg(fifth)).toBe('签到码错误次数过多，请15分钟后再试');
    const right = await signIn(a, id, { code });
    expect(right.status).toBe(429);
    expect(msg(right)).toBe('签到码错误次数过多，请15分钟后再试');

    // another member of the same meeting signs in at once
    expect(ok(await signIn(b, id, { code })).signInTime).toBeTruthy();

    app.advance(10 * MIN);
    expect(msg(await signIn(a, id, { code }))).toBe('签到码错误次数过多，请5分钟后再试');
    app.advance(5 * MIN);
    expect(ok(await signIn(a, id, { code })).signInTime).toBeTruthy();
  });

  it('simultaneous attempts (several sessions at once) get no more than five', async () => {
    app.freeze('2031-05-10T02:00:00Z');
    const c = people[2];
    const id = await meeting('党课：同时提交', [c.userId]);
    const { code } = await codeOf(id);
    app.freeze('2031-05-12T05:45:00Z');
    const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(c, id, { code: wrongFor(code) })));
    expect(answers.filter((r) => r.status === 400)).toHaveLength(SIGN_CODE_LIMITS.perMember - 1);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(10 - (SIGN_CODE_LIMITS.perMember - 1));
    expect((await signIn(c, id, { code })).status).toBe(429);
  });
});

describe('an event’s wrong codes across members', () => {
  it('fifty wrong codes pause code entry for the event, naming it; the QR token still signs in; the pause ends', async () => {
    app.freeze('2031-05-10T02:00:00Z');
    const guessers = people.slice(1, 11);
    const [late, later] = people.slice(11, 13);
    const title = '主题党日：集体猜码';
    const id = await meeting(title, [...guessers, late, later].map((p) => p.userId));
    const { code, signUrl } = await codeOf(id);
    app.freeze('2031-05-12T05:45:00Z');
    let wrong = 0;
    for (const g of guessers) for (let i = 0; i < SIGN_CODE_LIMITS.perMember; i++, wrong++) await signIn(g, id, { code: wrongFor(code) });
    expect(wrong).toBe(SIGN_CODE_LIMITS.perEvent);
    const paused = await signIn(late, id, { code });
    expect(paused.status).toBe(429);
    expect(msg(paused)).toBe(SIGN_CODE_MSG.eventWait(title, SIGN_CODE_LIMITS.eventWaitMinutes));
    expect(msg(paused)).toContain(title);
    // the QR code is not a guess: it signs in during the pause
    expect(ok(await signIn(late, id, { token: tokenOf(signUrl) })).signInTime).toBeTruthy();
    app.advance(SIGN_CODE_LIMITS.eventWaitMinutes * MIN);
    expect(ok(await signIn(later, id, { code })).signInTime).toBeTruthy();
  });
});

describe('rotation and the QR token', () => {
  it('the organiser rotates the code: the old code and the old QR fail, the new ones work; 401, 403, beyond the subtree 404', async () => {
    app.freeze('2031-05-10T02:00:00Z');
    const [a, b, c] = people.slice(3, 6);
    const id = await meeting('支部委员会：换码', [a.userId, b.userId, c.userId]);
    const old = await codeOf(id);
    expect((await app.call('POST', M('RotateMeetingSignCode'), { body: { id } })).status).toBe(401);
    expect((await app.call('POST', M('RotateMeetingSignCode'), { token: a.token, body: { id } })).status).toBe(403);
    expect((await app.call('POST', M('RotateMeetingSignCode'), { token: district2.token, body: { id } })).status).toBe(404);
    expect((await app.call('POST', M('RotateMeetingSignCode'), { token: branch.token, body: { id } })).status).toBe(404);
    let fresh = ok(await app.call('POST', M('RotateMeetingSignCode'), { token: district.token, body: { id } }));
    // a new code by chance equal to the old one would prove nothing: rotate again until it differs
    while (fresh.code === old.code) fresh = ok(await app.call('POST', M('RotateMeetingSignCode'), { token: district.token, body: { id } }));
    expect(fresh.code).toMatch(/^\d{6}$/);
    expect((await codeOf(id)).code).toBe(fresh.code);
    app.freeze('2031-05-12T05:45:00Z');
    const stale = await signIn(a, id, { code: old.code });
    expect(stale.status).toBe(400);
    expect(msg(stale)).toBe(SIGN_CODE_MSG.wrong);
    expect(msg(await signIn(b, id, { token: tokenOf(old.signUrl) }))).toBe(SIGN_CODE_MSG.tokenRotated);
    ok(await signIn(a, id, { code: fresh.code }));
    ok(await signIn(b, id, { token: tokenOf(fresh.signUrl) }));
  });

  it('the QR token signs in without the code; tampered, another event’s, or expired is refused with the reason', async () => {
    app.freeze('2031-05-10T02:00:00Z');
    const [a, b, c] = people.slice(6, 9);
    const id = await meeting('党员大会：扫码', [a.userId, b.userId, c.userId]);
    const otherId = await meeting('党员大会：另一场', [a.userId]);
    const { signUrl, code } = await codeOf(id);
    const token = tokenOf(signUrl);
    expect(token).not.toContain(code);
    const otherToken = tokenOf((await codeOf(otherId)).signUrl);
    // the organiser moves the end to 17:00 before the start: the token issued earlier still ends at 16:00
    ok(await app.call('POST', M('ModifyPartyMeetingInfo'), {
      token: district.token,
      body: { id, title: '党员大会：扫码', meetingType: 4, meetingClass: 1, beginTime: '2031-05-12 14:00', endTime: '2031-05-12 17:00', meetingAddress: '区委党校报告厅', meetingSignType: 1 },
    }));
    app.freeze('2031-05-12T05:45:00Z');

    const [body, sig] = token.split('.');
    const flipped = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, e: `record:${otherId}` })).toString('base64url')}.${sig}`;
    for (const bad of [`${body}.${flipped(sig)}`, `${flipped(body)}.${sig}`, forged, 'not-a-token', `${token}.x`]) {
      const r = await signIn(a, id, { token: bad });
      expect(r.status, bad).toBe(400);
      expect(msg(r)).toBe(SIGN_CODE_MSG.tokenInvalid);
    }
    expect(msg(await signIn(a, id, { token: otherToken }))).toBe(SIGN_CODE_MSG.tokenOtherEvent);
    // none of these counted as wrong codes: the member still has all his attempts
    ok(await signIn(a, id, { token }));
    expect(msg(await signIn(a, id, { token }))).toBe('您已签到');

    app.freeze('2031-05-12T08:30:00Z'); // 16:30: the window runs to 17:00, the token ended at 16:00
    const expired = await signIn(b, id, { token });
    expect(expired.status).toBe(400);
    expect(msg(expired)).toBe(SIGN_CODE_MSG.tokenExpired);
    const now = await codeOf(id);
    ok(await signIn(b, id, { token: tokenOf(now.signUrl) }));
    expect(msg(await signIn(c, id, {}))).toBe(SIGN_CODE_MSG.required);
  });
});

describe('a class’s course (training) uses the same rule', () => {
  it('five wrong course codes then a wait; the QR token signs in; rotation by SignCode refresh voids the old code', async () => {
    const t0 = new Date('2031-06-02T01:00:00Z').getTime(); // 09:00 in China
    app.freeze(new Date(t0));
    const at = (min: number) => new Date(t0 + min * MIN).toISOString();
    const o = await app.db.selectFrom('organizations').select(['id', 'organPath']).where('id', '=', district.organId).executeTakeFirstOrThrow();
    const cls = await app.db
      .insertInto('trainClasses')
      .values({ classType: 1, name: '签到码培训班', organId: o.id, organPath: o.organPath, status: 1, startTime: at(-60 * 24), endTime: at(60 * 24 * 7), address: '区委党校', creatorUserId: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [a, b] = people.slice(9, 11);
    for (const p of [a, b]) {
      const m = await app.db.selectFrom('partyMembers').select(['name', 'organId', 'organPath']).where('userId', '=', p.userId).executeTakeFirstOrThrow();
      await app.db
        .insertInto('trainClassStudents')
        .values({ trainClassId: cls.id, userId: p.userId, memberName: m.name, organId: m.organId, organPath: m.organPath, status: 1, source: 2, auditRemark: null, auditorUserId: null, auditTime: null, addedByUserId: null })
        .execute();
    }
    const courseId = ok(
      await app.call('POST', C('Create'), { token: district.token, body: { trainClassId: cls.id, courseName: '第一课：党章', courseType: 1, period: 2, startTime: at(0), endTime: at(120), address: '三楼会议室', teacherName: '王老师' } }),
    ).id as number;
    const first = ok(await app.call('POST', C('SignCode'), { token: district.token, body: { id: courseId } }));
    expect(first.signUrl).not.toContain(first.code);
    let second = ok(await app.call('POST', C('SignCode'), { token: district.token, body: { id: courseId, refresh: true } }));
    while (second.code === first.code) second = ok(await app.call('POST', C('SignCode'), { token: district.token, body: { id: courseId, refresh: true } }));
    const course = (who: { token: string }, body: Record<string, unknown>) => app.call('POST', C('Signin'), { token: who.token, body: { courseId, ...body } });

    expect(msg(await course(a, { token: tokenOf(first.signUrl) }))).toBe(SIGN_CODE_MSG.tokenRotated);
    for (let i = 1; i < SIGN_CODE_LIMITS.perMember; i++) expect(msg(await course(a, { code: first.code }))).toBe(SIGN_CODE_MSG.wrong);
    expect(msg(await course(a, { code: wrongFor(second.code) }))).toBe('签到码错误次数过多，请15分钟后再试');
    expect(msg(await course(a, { code: second.code }))).toBe('签到码错误次数过多，请15分钟后再试');
    ok(await course(b, { code: second.code }));
    ok(await course(a, { token: tokenOf(second.signUrl) }));
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!onPostgres || !redisUrl)('across two API processes (PostgreSQL and Redis)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'party-signcodes-'));
  const started: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const launch = async (env: Record<string, string>) =>
    (await launchStarted({ DATA_DIR: dir, JWT_SECRET: 'sign-in-codes-test-secret', ...env }, { started })).base;
  const json = callJson;

  beforeAll(async () => {
    database = await freshDatabase('dj_signcodes');
  });
  afterAll(async () => {
    await Promise.all(started.map((c) => stopServer(c)));
    await database?.drop();
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  it('wrong codes sent to either process count together: the fifth, in B, pauses; the right code in A waits', async () => {
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl!, REDIS_PREFIX: `test${randomBytes(4).toString('hex')}:` };
    const a = await launch(env);
    const b = await launch(env);
    const login = async (base: string, userName: string) => (await json(base, '/api/TokenAuth/Sigin', { body: { userName, password: 'Demo@123456' } })).body.result.accessToken as string;
    const member = await login(a, 'member');
    const organiser = await login(b, 'branchadmin');
    const role = (await json(b, svc('UserService', 'GetUserManageOrgan'), { token: organiser })).body.result[0];
    await json(b, `/api/TokenAuth/UserChangeRole?roleId=${role.roleId}&organId=${role.organId}`, { token: organiser });
    // the demo's meeting running now (seeded around the real clock), which `member` attends
    const mine = (await json(a, `${M('GetMyPagedPartyLifeMeetingList')}?meetingStatus=1&MaxResultCount=10`, { token: member })).body.result.items;
    const running = mine.find((m: any) => !m.isSigned);
    expect(running, JSON.stringify(mine)).toBeTruthy();
    const { code } = (await json(b, `${M('GetMeetingSignCode')}?id=${running.id}`, { token: organiser })).body.result;
    const send = (base: string, c: string) => json(base, M('MeetingSignIn'), { token: member, body: { id: running.id, code: c } });
    for (const base of [a, b, a, b]) expect((await send(base, wrongFor(code))).status).toBe(400);
    const fifth = await send(b, wrongFor(code));
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.message).toMatch(/^签到码错误次数过多，请1[45]分钟后再试$/);
    const right = await send(a, code);
    expect(right.status).toBe(429);
    expect(right.body.error.message).toMatch(/^签到码错误次数过多，请1[45]分钟后再试$/);
  });
});
