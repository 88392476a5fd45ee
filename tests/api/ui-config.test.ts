/**
 * What members receive (docs/foundations.md): UiConfigService/GetAll answers an administrator with
 * every screen and entity, a member with no screens and only the schemas member pages use — among
 * them the offline declaration, whose schema is also the input of CreateOfflineReport.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const getAll = async (token: string) => {
  const r = await app.call('GET', svc('UiConfigService', 'GetAll'), { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { screens: Record<string, unknown>; entities: Record<string, { name: string; schema: any }> };
};

async function asAdmin(userName: string) {
  const token = await app.login(userName);
  const role = (await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token })).body.result[0];
  await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } });
  return token;
}

describe('UiConfigService/GetAll by role', () => {
  it('a member gets no screens, only the entity schemas of member services', async () => {
    const config = await getAll(await app.login('member'));
    expect(config.screens).toEqual({});
    const names = Object.keys(config.entities);
    // services with an action open to members, the reply entity of one, and entities marked member
    expect(names).toEqual(expect.arrayContaining(['forumPost', 'forumReply', 'publicInfo', 'offlineReport']));
    // administrator-only services stay with administrators
    for (const adminOnly of ['teachingPlan', 'baseLibrary', 'role', 'menu', 'organization']) expect(names).not.toContain(adminOnly);
    expect(config.entities.offlineReport.schema.properties.hours).toMatchObject({ minimum: 0.5, maximum: 24, 'x-message': '学时须在0.5至24小时之间' });
  });

  it('an administrator gets every screen and every entity, as before', async () => {
    const config = await getAll(await asAdmin('districtadmin'));
    expect(Object.keys(config.screens).length).toBeGreaterThan(5);
    expect(Object.keys(config.entities)).toEqual(expect.arrayContaining(['teachingPlan', 'baseLibrary', 'forumPost', 'offlineReport']));
  });

  it('the same user gets the member answer back after switching to the party-member role', async () => {
    const token = await asAdmin('admin');
    expect(Object.keys((await getAll(token)).screens).length).toBeGreaterThan(5);
    const roles = (await app.call('GET', svc('PermissionService', 'GetCurrentUserPermission'), { token })).body.result;
    const memberRole = roles.find((r: any) => r.isDefault);
    expect((await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: memberRole.roleId, organId: memberRole.organId ?? undefined } })).status).toBe(200);
    expect((await getAll(token)).screens).toEqual({});
  });
});

describe('CreateOfflineReport validates with schemas/offline-report.json', () => {
  it('keeps its messages', async () => {
    const token = await app.login('member');
    const create = (body: unknown) => app.call('POST', svc('OfflinePeriodService', 'CreateOfflineReport'), { token, body });
    const messages = async (body: unknown) => (await create(body)).body.error.validationErrors.map((e: any) => e.message);
    expect(await messages({})).toEqual(expect.arrayContaining(['请输入学习内容', '请选择学习日期', '请输入学时']));
    expect(await messages({ title: 'x', studyDate: '2026/11/01', hours: 1 })).toEqual(['学习日期格式不正确']);
    expect(await messages({ title: 'x', studyDate: '2026-11-01', hours: 0.2 })).toEqual(['学时须在0.5至24小时之间']);
    expect(await messages({ title: 'x'.repeat(101), studyDate: '2026-11-01', hours: 1 })).toEqual(['学习内容不能超过100个字符']);
    expect(await messages({ title: 'x', studyDate: '2026-11-01', hours: 1, content: 'y'.repeat(2001) })).toEqual(['学习心得不能超过2000个字符']);
    expect(await messages({ title: 'x', studyDate: '2026-11-01', hours: 1, evidence: Array.from({ length: 10 }, (_, i) => ({ id: String(i) })) })).toEqual(['佐证材料最多9项']);
    expect(await messages({ title: '   ', studyDate: '2026-11-01', hours: 1 })).toEqual(['请输入学习内容']);
    expect(await messages({ title: 'x', studyDate: '2999-01-01', hours: 1 })).toEqual(['学习日期不能晚于今天']);
  });
});
