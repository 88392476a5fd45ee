/**
 * 界面配置 (ScreenConfigService): overrides of screens and entity files kept in the database —
 * validated like the shipped files (the JSON pointer and a Chinese reason), versioned, rolled back,
 * audited, served by UiConfigService at once, and (on PostgreSQL) by a second API process at once.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { callJson, freshDatabase, launchServer, stopServer } from '../support/server-process';

let app: TestApp;
let sys: string;
beforeAll(async () => {
  app = await startTestApp();
  sys = (await signInAsAdmin(app, 'sysadmin')).token;
});
afterAll(() => app?.close());

const S = (a: string) => svc('ScreenConfigService', a);
const shipped = async () => structuredClone((await app.call('GET', S('Get'), { token: sys, query: { kind: 'screen', key: 'partyMember' } })).body.result.shipped);
const save = (body: unknown, comment = '测试', token = sys, kind = 'screen', key = 'partyMember') => app.call('POST', S('Save'), { token, body: { kind, key, body, comment } });
const screensOf = async (token: string) => (await app.call('GET', svc('UiConfigService', 'GetAll'), { token })).body.result.screens;

describe('who may configure screens', () => {
  it('401 without a token, 403 without Pages.Administration.ScreenConfig (a district administrator, the 安全管理员, the 审计管理员)', async () => {
    expect((await app.call('GET', S('GetList'))).status).toBe(401);
    expect((await app.call('POST', S('Save'), { body: {} })).status).toBe(401);
    for (const who of ['districtadmin', 'secadmin', 'auditadmin']) {
      const { token } = await signInAsAdmin(app, who);
      const r = await app.call('GET', S('GetList'), { token });
      expect(r.status, who).toBe(403);
      expect((await save(await shipped(), 'x', token)).status, who).toBe(403);
    }
  });

  it('the 系统管理员 lists every screen and entity with its menu, the editor itself left out', async () => {
    const r = await app.call('GET', S('GetList'), { token: sys });
    expect(r.status).toBe(200);
    const pm = r.body.result.find((i: any) => i.kind === 'screen' && i.key === 'partyMember');
    expect(pm).toMatchObject({ title: '党员管理', screenKind: 'list', menuNames: '党员管理', overridden: false, needsReview: false });
    expect(r.body.result.some((i: any) => i.kind === 'entity' && i.key === 'partyMember')).toBe(true);
    expect(r.body.result.some((i: any) => i.key.startsWith('screenConfig'))).toBe(false);
  });
});

describe('an override is validated like a file', () => {
  const refusal = async (body: unknown, kind = 'screen', key = 'partyMember') => {
    const r = await save(body, '测试', sys, kind, key);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    return r.body.error as { message: string; validationErrors: { message: string; members: string[] }[] };
  };

  it('refuses with the JSON pointer and a Chinese reason', async () => {
    const bad = await shipped();
    bad.columns[1].valueType = 'colour';
    const e = await refusal(bad);
    expect(e.validationErrors[0]).toMatchObject({ members: ['/columns/1/valueType'] });
    expect(e.message).toContain('/columns/1/valueType 应为以下值之一');

    const extra = await shipped();
    extra.columns[0].onClick = 'x';
    expect((await refusal(extra)).message).toBe('/columns/0/onClick 不允许的键 onClick');

    const call = await shipped();
    call.calls.list = 'NoSuchService/PageList';
    expect((await refusal(call)).message).toBe('/calls/list 接口 NoSuchService/PageList 不存在（只能调用平台已有的接口）');

    const url = await shipped();
    url.columns[0].title = 'javascript:alert(1)';
    expect((await refusal(url)).message).toBe('/columns/0/title 配置只能是数据：不能包含网址、脚本或表达式');

    const tag = await shipped();
    tag.tag = 'other';
    expect((await refusal(tag)).message).toBe('/tag 不能修改界面的 tag（实体的 name）');

    const r = await save(await shipped(), '');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('请填写修改说明');
    expect((await save(await shipped())).body.error.message).toBe('与当前生效的配置相同，无需保存');
  });

  it('Validate answers the same errors without saving', async () => {
    const bad = await shipped();
    delete bad.columns[0].field;
    const r = await app.call('POST', S('Validate'), { token: sys, body: { kind: 'screen', key: 'partyMember', body: bad } });
    expect(r.body.result.errors).toEqual([{ pointer: '/columns/0', message: '缺少必填的键 field' }]);
  });

  it('an entity may be relabelled, reordered and tightened, never loosened or reshaped', async () => {
    const get = async () => structuredClone((await app.call('GET', S('Get'), { token: sys, query: { kind: 'entity', key: 'teachingPlan' } })).body.result.shipped);
    const base = await get();
    const [first] = Object.keys(base.schema.properties);
    const withLimit = Object.entries<any>(base.schema.properties).find(([, f]) => typeof f.maxLength === 'number')!;
    const loose = await get();
    loose.schema.properties[withLimit[0]].maxLength = withLimit[1].maxLength + 1;
    expect((await refusal(loose, 'entity', 'teachingPlan')).message).toBe(`/schema/properties/${withLimit[0]}/maxLength 只能收紧，不能放宽（出厂为 ${withLimit[1].maxLength}）`);
    const added = await get();
    added.schema.properties.extra = { title: '多余', type: 'string' };
    expect((await refusal(added, 'entity', 'teachingPlan')).message).toContain('不能增加字段：extra');
    const service = await get();
    service.service.permission = 'Pages.Other';
    expect((await refusal(service, 'entity', 'teachingPlan')).message).toBe('/service 服务（接口、权限、流程）不能在界面配置中修改');
    const type = await get();
    type.schema.properties[first].type = 'number';
    expect((await refusal(type, 'entity', 'teachingPlan')).message).toContain('只能修改标签、说明、提示、字段顺序，或收紧限制');

    const good = await get();
    const props = Object.entries<any>(good.schema.properties);
    props.reverse();
    good.schema.properties = Object.fromEntries(props);
    good.schema.properties[withLimit[0]].maxLength = withLimit[1].maxLength - 1;
    good.schema.properties[first].title = '改过的标签';
    good.schema.properties[first].description = '填写说明';
    expect((await save(good, '改标签', sys, 'entity', 'teachingPlan')).status).toBe(200);
    const served = (await app.call('GET', svc('UiConfigService', 'GetAll'), { token: sys })).body.result.entities.teachingPlan.schema;
    expect(served.properties[first]).toMatchObject({ title: '改过的标签', description: '填写说明' });
    expect(Object.keys(served.properties)).toEqual(props.map(([k]) => k));
    // the server holds the stricter limit too (the record store's check after the file's own)
    const { token: admin } = await signInAsAdmin(app, 'admin');
    const plan = { title: '计'.repeat(withLimit[1].maxLength), year: 2026 };
    const create = () => app.call('POST', svc('TeachingPlanService', 'Create'), { token: admin, body: plan });
    const tight = await create();
    expect(tight.status, JSON.stringify(tight.body)).toBe(400);
    expect(tight.body.error.validationErrors[0].members).toEqual([withLimit[0]]);
    expect((await app.call('POST', S('Rollback'), { token: sys, body: { kind: 'entity', key: 'teachingPlan', version: 0 } })).status).toBe(200);
    const back = await create();
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });
});

describe('versions, roll-back and the audit log', () => {
  it('a saved screen is served at once; versions roll back to any one or to the shipped file', async () => {
    const { token: district } = await signInAsAdmin(app, 'districtadmin');
    const v1 = await shipped();
    v1.columns.push({ field: 'educationCode', title: '学历', valueType: 'code', codeTable: 'education' });
    v1.filters.push({ field: 'partyMemeberType', type: 'code', title: '党员类型', codeTable: 'partyMemberType' });
    const r1 = await save(v1, '增加学历列');
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(r1.body.result.version).toBe(1);
    expect((await screensOf(district)).partyMember.columns.map((c: any) => c.title)).toContain('学历');

    const v2 = structuredClone(v1);
    v2.title = '党员名册';
    expect((await save(v2, '改标题')).body.result.version).toBe(2);
    expect((await screensOf(district)).partyMember.title).toBe('党员名册');

    const back = await app.call('POST', S('Rollback'), { token: sys, body: { kind: 'screen', key: 'partyMember', version: 1 } });
    expect(back.body.result.version).toBe(3);
    const served = (await screensOf(district)).partyMember;
    expect(served.title).toBe('党员管理');
    expect(served.filters.at(-1).title).toBe('党员类型');

    const detail = (await app.call('GET', S('Get'), { token: sys, query: { kind: 'screen', key: 'partyMember' } })).body.result;
    expect(detail.versions.map((v: any) => [v.version, v.action, v.comment, v.authorName])).toEqual([
      [3, 'rollback', '回滚到第1版', expect.any(String)],
      [2, 'save', '改标题', expect.any(String)],
      [1, 'save', '增加学历列', expect.any(String)],
    ]);
    expect(detail.versions[0].authorName).not.toBe('');
    expect(detail.overridden).toBe(true);
    expect((await app.call('POST', S('Rollback'), { token: sys, body: { kind: 'screen', key: 'partyMember', version: 99 } })).status).toBe(404);

    expect((await app.call('POST', S('Rollback'), { token: sys, body: { kind: 'screen', key: 'partyMember', version: 0 } })).body.result.version).toBe(4);
    expect((await screensOf(district)).partyMember).toEqual(await shipped());
    const list = (await app.call('GET', S('GetList'), { token: sys, query: { keyword: 'partyMember', kind: 'screen' } })).body.result;
    expect(list.find((i: any) => i.key === 'partyMember')).toMatchObject({ overridden: false, version: 4 });

    const audits = await app.db.selectFrom('auditLogs').select(['action', 'module']).where('service', '=', 'ScreenConfigService').where('kind', '=', 'write').execute();
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['Save', 'Rollback']));
    expect(audits.find((a) => a.action === 'Save')?.module).toBe('界面配置');
  });

  it('an override made over a shipped file that has since changed is marked for review', async () => {
    const v = await shipped();
    v.empty = '暂无党员';
    expect((await save(v, '空列表提示')).status).toBe(200);
    await app.db.updateTable('configOverrides').set({ shippedHash: 'an-older-file' }).where('key', '=', 'partyMember').execute();
    // the overlay is rebuilt when the generation moves: a save of another screen moves it
    const other = structuredClone((await app.call('GET', S('Get'), { token: sys, query: { kind: 'screen', key: 'auditLog' } })).body.result.shipped);
    other.title = '操作日志';
    expect((await save(other, '改名', sys, 'screen', 'auditLog')).status).toBe(200);
    const list = (await app.call('GET', S('GetList'), { token: sys })).body.result;
    expect(list.find((i: any) => i.key === 'partyMember' && i.kind === 'screen')).toMatchObject({ needsReview: true });
    // saved again as it is: reviewed
    expect((await save(v, '已复核')).status).toBe(200);
    const after = (await app.call('GET', S('GetList'), { token: sys })).body.result;
    expect(after.find((i: any) => i.key === 'partyMember' && i.kind === 'screen')).toMatchObject({ needsReview: false });
  });
});

describe('what a role would lose, export and import', () => {
  it('names the buttons a role lacks and code tables that do not exist', async () => {
    const role = await app.db.selectFrom('roles').select('id').where('name', '=', 'BranchAdmin').executeTakeFirstOrThrow();
    const s = await shipped();
    s.columns.push({ field: 'x', title: 'X', valueType: 'code', codeTable: 'noSuchTable' });
    const r = await app.call('POST', S('CheckAccess'), { token: sys, body: { body: s, roleId: role.id } });
    expect(r.status).toBe(200);
    expect(r.body.result.roleName).toBe('支部管理员');
    expect(r.body.result.buttons).toContainEqual({ label: '删除', permission: 'Pages.PartyMember.Delete' });
    expect(r.body.result.codeTables).toEqual(['noSuchTable']);
    const teacher = await app.db.selectFrom('roles').select('id').where('name', '=', 'Teacher').executeTakeFirstOrThrow();
    const t = await app.call('POST', S('CheckAccess'), { token: sys, body: { body: s, roleId: teacher.id } });
    expect(t.body.result.calls).toContainEqual({ call: 'PartyMemberService/PageList', permission: 'Pages.PartyMember' });
    expect((await app.call('POST', S('CheckAccess'), { token: sys, body: { body: s, roleId: 999999 } })).status).toBe(404);
  });

  it('exports overrides as repository files and imports them back, all or nothing', async () => {
    const files = (await app.call('GET', S('Export'), { token: sys })).body.result.files as { path: string; content: string }[];
    const pm = files.find((f) => f.path === 'screens/party-member.json')!;
    expect(JSON.parse(pm.content)).toMatchObject({ $schema: '../src/contract/meta/screen.schema.json', tag: 'partyMember' });
    const changed = JSON.parse(pm.content);
    changed.empty = '导入的提示';
    const broken = { ...JSON.parse(files.find((f) => f.path === 'screens/audit-log.json')!.content), kind: 'nonsense' };
    const refused = await app.call('POST', S('Import'), { token: sys, body: { comment: '导入', files: [{ path: 'screens/party-member.json', content: JSON.stringify(changed) }, { path: 'screens/audit-log.json', content: JSON.stringify(broken) }] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('screens/audit-log.json：应为以下值之一');
    const imported = await app.call('POST', S('Import'), { token: sys, body: { comment: '导入', files: [{ path: 'screens/party-member.json', content: JSON.stringify(changed) }] } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await screensOf(sys)).partyMember.empty).toBe('导入的提示');
    expect((await app.call('POST', S('Import'), { token: sys, body: { comment: '导入', files: [{ content: '{"tag":"noSuchScreen","kind":"list","title":"x"}' }] } })).body.error.message).toContain('没有标识为 noSuchScreen 的出厂界面');
  });
});

describe.skipIf(!onPostgres)('two API processes', () => {
  const started: ChildProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'party-screen-config-'));
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase('dj_screen_config');
  });
  afterAll(async () => {
    await Promise.all(started.map((c) => stopServer(c)));
    await database?.drop();
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  it('a save in one process is served by the other at its next request (no Redis needed)', async () => {
    const env = { DATA_DIR: dir, JWT_SECRET: 'screen-config-test-secret', DATABASE_URL: database.url };
    const a = await launchServer(env, { started });
    expect(a.out()).toContain('已启动');
    const b = await launchServer(env, { started });
    expect(b.out()).toContain('已启动');
    const asAdmin = async (base: string, userName: string) => {
      const token = (await callJson(base, '/api/TokenAuth/Sigin', { body: { userName, password: 'Demo@123456' } })).body.result.accessToken as string;
      const role = (await callJson(base, svc('UserService', 'GetUserManageOrgan'), { token })).body.result[0];
      await callJson(base, `/api/TokenAuth/UserChangeRole?roleId=${role.roleId}&organId=${role.organId}`, { token });
      return token;
    };
    const sysA = await asAdmin(a.base, 'sysadmin');
    const districtB = await asAdmin(b.base, 'districtadmin');
    const before = (await callJson(b.base, svc('UiConfigService', 'GetAll'), { token: districtB })).body.result.screens.partyMember;
    const changed = { ...before, title: '党员名册（进程A保存）' };
    const r = await callJson(a.base, S('Save'), { token: sysA, body: { kind: 'screen', key: 'partyMember', body: changed, comment: '两个进程' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await callJson(b.base, svc('UiConfigService', 'GetAll'), { token: districtB })).body.result.screens.partyMember.title).toBe('党员名册（进程A保存）');
  }, 300_000);
});
