/**
 * Several API processes on one PostgreSQL: what one process changes — a logout, an
 * administrator's password reset, a role's menus, roles ended by a transfer — is refused or applied at once by the others,
 * although each keeps resolved sessions in memory; the one-playing-device rule holds across them.
 * Real servers (`src/server/main.ts`) as child processes: two on two ports (so a request can be
 * sent to a chosen one), then API_PROCESSES=2 on one port, with Redis and without it.
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both when the servers answer on this machine);
 * the refusal of several processes on the embedded database needs neither.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './harness';
import { open } from '../../src/server/security/data-cipher';
import { processKeyRing } from '../../src/server/security/data-keys';
import { callJson, freshDatabase, launchServer, stopServer } from '../support/server-process';


const dir = mkdtempSync(join(tmpdir(), 'party-procs-'));
const started: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((c) => stop(c)));
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

const launch = (env: Record<string, string>, until = '已启动') =>
  launchServer({ DATA_DIR: dir, JWT_SECRET: 'processes-test-secret', ...env }, { until, started });
const stop = stopServer;

const json = callJson;
const signIn = async (base: string, userName: string, password = 'Demo@123456') => {
  const r = await json(base, '/api/TokenAuth/Sigin', { body: { userName, password } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.accessToken as string;
};
const asAdmin = async (base: string, userName: string) => {
  const token = await signIn(base, userName);
  const role = (await json(base, '/api/services/app/UserService/GetUserManageOrgan', { token })).body.result[0];
  await json(base, `/api/TokenAuth/UserChangeRole?roleId=${role.roleId}&organId=${role.organId}`, { token });
  return token;
};
const me = (base: string, token: string) => json(base, '/api/services/app/PermissionService/GetCurrentUserPermission', { token });
const svc = (s: string, a: string) => `/api/services/app/${s}/${a}`;

describe.skipIf(onPostgres)('API_PROCESSES on the embedded database', () => {
  it('is refused with the reason: PGlite is opened by one process only', async () => {
    const { child, out } = await launch({ API_PROCESSES: '2', DATABASE_URL: '', DATA_DIR: join(dir, 'pglite') }, '启动失败');
    await new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
    expect(child.exitCode).toBe(1);
    expect(out()).toContain('API_PROCESSES=2 需要 PostgreSQL（DATABASE_URL）：内嵌数据库 PGlite 只能由一个进程打开');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!onPostgres || !redisUrl)('several API processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let databaseUrl = '';
  const prefix = `test${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    database = await freshDatabase('dj_procs');
    databaseUrl = database.url;
  });
  afterAll(async () => {
    await Promise.all(started.map((c) => stop(c)));
    await database?.drop();
  });

  it('two processes with Redis: a logout, a password reset and a role change made in one are honoured at once by the other; one playing device across both', async () => {
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl!, REDIS_PREFIX: prefix };
    const a = await launch(env);
    expect(a.out()).toContain('已启动');
    const b = await launch(env);
    expect(b.out()).toContain('已启动');

    // a logout in A: B, which has just resolved (and kept) the session, refuses it on the next request
    for (let i = 0; i < 5; i++) {
      const token = await signIn(a.base, 'member');
      expect((await me(b.base, token)).status).toBe(200);
      expect((await me(b.base, token)).status).toBe(200);
      expect((await json(a.base, '/api/TokenAuth/Logout', { token, body: {} })).status).toBe(200);
      expect((await me(b.base, token)).status).toBe(401);
    }
    // another session of the same member is untouched by that logout
    const kept = await signIn(a.base, 'member');
    expect((await me(b.base, kept)).status).toBe(200);

    // an administrator's password reset in A signs the member out in B at once
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const idOf = async (q: string, v: unknown[]) => (await db.query(q, v)).rows[0].id as number;
    const memberId = await idOf('select id from users where user_name = $1', ['member']);
    const province = await asAdmin(a.base, 'admin');
    const reset = await json(a.base, svc('UserService', 'ResetPassword'), { token: province, body: { userId: memberId, newPassword: 'Reset@2026xy' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await me(b.base, kept)).status).toBe(401);

    // a role's menus changed in A: the district administrator's permissions change in B at once
    const district = await asAdmin(b.base, 'districtadmin');
    const names = async () => (await json(b.base, svc('PermissionService', 'GetCurrentUserPermissionNames'), { token: district })).body.result as string[];
    expect(await names()).toContain('Pages.PartyMember');
    expect(await names()).toContain('Pages.PartyMember');
    const roleId = await idOf("select id from roles where name = 'DistrictAdmin'", []);
    const projects = await idOf("select id from menus where permission_name = 'Pages.Administration.Projects'", []);
    await db.end();
    // roles' menus are the 安全管理员's (三员分立)
    const security = await asAdmin(a.base, 'secadmin');
    const set = await json(a.base, svc('MenuButtonService', 'SetRoleMenu'), { token: security, body: { roleId, menuIds: [projects] } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await names()).toContain('Pages.Administration.Projects');
    expect(await names()).not.toContain('Pages.PartyMember');
    expect((await json(b.base, `${svc('PartyMemberService', 'PageList')}?MaxResultCount=1`, { token: district })).status).toBe(403);

    // one playing device: the laptop plays through A, the phone is refused through B
    const laptop = await signIn(a.base, 'teacher');
    const phone = await signIn(b.base, 'teacher');
    const list = (await json(a.base, `${svc('ResourceLibaryService', 'GetOrganResourceList')}?MaxResultCount=50`, { token: laptop })).body.result;
    const audio = (list.items ?? list).find((r: any) => r.resourceType === 2) ?? (list.items ?? list)[0];
    await json(a.base, `${svc('ResourceLibaryService', 'GetResourceById')}?id=${audio.id}`, { token: laptop });
    const study = (base: string, token: string) => json(base, svc('ResourceLibaryService', 'ResrouceStudy'), { token, body: { periodSource: 1, resouceId: audio.id } });
    expect((await study(a.base, laptop)).body.result.studyState).toBe(1);
    await json(b.base, `${svc('ResourceLibaryService', 'GetResourceById')}?id=${audio.id}`, { token: phone });
    expect((await study(b.base, phone)).body.result).toMatchObject({ studyState: 4, message: '您正在其他设备上学习，同一时间只能在一台设备上学习' });

    await Promise.all([stop(a.child), stop(b.child)]);
  });

  it('two processes with Redis: a transfer out of the province approved in one ends the administrator\'s roles and sessions in the other at once', async () => {
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl!, REDIS_PREFIX: prefix };
    const a = await launch(env);
    const b = await launch(env);
    // branchadmin as 支部管理员, resolved (and kept) by B
    const asBranch = await asAdmin(a.base, 'branchadmin');
    const dues = (base: string, token: string) => json(base, `${svc('PartyDuesService', 'PayDuesPageList')}?MaxResultCount=1`, { token });
    expect((await dues(b.base, asBranch)).status).toBe(200);
    expect((await dues(b.base, asBranch)).status).toBe(200);
    // he applies as 党员 through B; the city's administrator approves through A
    const asMember = await signIn(b.base, 'branchadmin');
    const applied = await json(b.base, svc('OrganizationChangeService', 'Apply'), { token: asMember, body: { changeType: 2, toOrganName: '中共北京市海淀区中关村街道科技园社区党支部', reason: 'work', contactPhone: '02888888888' } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const city = await asAdmin(a.base, 'cityadmin');
    const done = await json(a.base, svc('OrganizationChangeService', 'Audit'), { token: city, body: { id: applied.body.result.id, approved: true } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result.auditStatus).toBe(3);
    // B refuses both of his tokens on the next request
    expect((await dues(b.base, asBranch)).status).toBe(401);
    expect((await me(b.base, asMember)).status).toBe(401);
    // signed in again through B: no 支部管理员 any more
    const again = await signIn(b.base, 'branchadmin');
    expect((await json(b.base, svc('UserService', 'GetUserManageOrgan'), { token: again })).body.result).toEqual([]);
    expect((await dues(b.base, again)).status).toBe(403);
    await Promise.all([stop(a.child), stop(b.child)]);
  });

  it('two processes with Redis: a transfer completed in one shows on the member’s session in the other at its next request (x-session-stamp)', async () => {
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl!, REDIS_PREFIX: prefix };
    const a = await launch(env);
    const b = await launch(env);
    const session = async (token: string) => {
      const r = await json(b.base, svc('PartyMemberService', 'GetCurrentUserSessionData'), { token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return { stamp: r.headers['x-session-stamp'] as string, organName: r.body.result.organName as string };
    };
    // a bulk member of the demo branch (党员 only; he signs in with his phone number)
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const target = (await db.query("select id from organizations where organ_name = '郫筒街道机关党支部'")).rows[0] as { id: number };
    // a bulk member (account named dy<id>); users.phone_number is ciphertext in the table, opened with the platform's own keys
    const sealed = (
      await db.query(
        `select u.phone_number from users u join organizations o on o.id = u.organ_id
         where o.organ_name = '柳城街道凤凰社区党支部' and u.user_name ~ '^dy[0-9]+$' and u.phone_number is not null order by u.id limit 1`,
      )
    ).rows[0] as { phone_number: string };
    const who = { phone_number: open(processKeyRing(), sealed.phone_number) };
    await db.end();
    // his session, resolved (and kept) by B
    const token = await signIn(b.base, who.phone_number);
    const before = await session(token);
    expect(before.organName).toBe('柳城街道凤凰社区党支部');
    expect((await session(token)).stamp).toBe(before.stamp);
    // he moves to a 郫都区 branch: applied and approved by the city through A
    const applied = await json(a.base, svc('OrganizationChangeService', 'Apply'), { token: await signIn(a.base, who.phone_number), body: { changeType: 1, toOrganId: target.id, reason: 'work', contactPhone: who.phone_number, explain: '调往郫都区' } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const city = await asAdmin(a.base, 'cityadmin');
    let status = 0;
    for (let i = 0; i < 3 && status !== 3; i++) {
      const r = await json(a.base, svc('OrganizationChangeService', 'Audit'), { token: city, body: { id: applied.body.result.id, approved: true } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      status = r.body.result.auditStatus;
    }
    expect(status).toBe(3);
    // B, at his next request on the same token: a new stamp and the new branch
    const after = await session(token);
    expect(after.stamp).not.toBe(before.stamp);
    expect(after.organName).toBe('郫筒街道机关党支部');
    await Promise.all([stop(a.child), stop(b.child)]);
  });

  for (const withRedis of [true, false]) {
    it(`API_PROCESSES=2 on one port, ${withRedis ? 'with Redis' : 'without Redis (nothing cached)'}: every logout is refused at once, whichever process answers`, async () => {
      const c = await launch({ DATABASE_URL: databaseUrl, API_PROCESSES: '2', ...(withRedis ? { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix } : {}) });
      expect(c.out()).toContain(withRedis ? '接口进程：2 个；会话与权限变化经 Redis 通知每个进程' : '接口进程：2 个；会话与权限变化不缓存（未配置 REDIS_URL）');
      for (let i = 0; i < 10; i++) {
        const token = await signIn(c.base, 'cityadmin');
        for (let k = 0; k < 3; k++) expect((await me(c.base, token)).status).toBe(200);
        expect((await json(c.base, '/api/TokenAuth/Logout', { token, body: {} })).status).toBe(200);
        for (let k = 0; k < 3; k++) expect((await me(c.base, token)).status).toBe(401);
      }
      await stop(c.child);
      expect(c.child.exitCode ?? 0).toBe(0);
    });
  }
});
