import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEntityFile, ConfigError, loadEntityFiles } from '../../src/server/records/entities';
import { startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
type Admin = { token: string; organId: number; organPath: string };
const admins: Record<string, Admin> = {};

async function asAdmin(userName: string): Promise<Admin> {
  const token = await app.login(userName);
  const manage = await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token });
  const role = manage.body.result[0];
  const r = await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } });
  return { token, organId: role.organId, organPath: r.body.result.organPath };
}

beforeAll(async () => {
  app = await startTestApp();
  for (const u of ['admin', 'cityadmin', 'districtadmin', 'district2admin', 'branchadmin']) admins[u] = await asAdmin(u);
});
afterAll(() => app?.close());

const ok = (r: { status: number; body: any }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
};

describe('configuration files', () => {
  it('every schemas/*.json passes the meta-schema', () => {
    const entities = loadEntityFiles();
    expect(entities.map((e) => e.name)).toEqual(expect.arrayContaining(['teachingPlan', 'baseLibrary', 'teacherLibrary', 'forumPost', 'forumReply', 'publicInfo']));
  });

  it('an invalid file is refused with its name and the JSON pointer', () => {
    const bad = { name: 'x', title: '坏', schema: { type: 'object', properties: { a: { type: 'string' } } } };
    expect(() => checkEntityFile(bad, 'schemas/bad.json')).toThrow(ConfigError);
    expect(() => checkEntityFile(bad, 'schemas/bad.json')).toThrow(/schemas\/bad\.json.*\/schema\/properties\/a/);
    const badOp = { name: 'y', title: '坏', schema: { type: 'object', properties: {} }, service: { name: 'YService', permission: 'P', actions: { Go: { method: 'GET', op: 'eval' } } } };
    expect(() => checkEntityFile(badOp, 'schemas/y.json')).toThrow(/\/service\/actions\/Go\/op/);
  });
});

describe('TeachingPlanService (configured)', () => {
  it('create, edit, issue to subordinates, receive, delete', async () => {
    const province = admins.admin;
    const missing = await app.call('POST', svc('TeachingPlanService', 'Create'), { token: province.token, body: { year: 2026 } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('请输入计划名称');

    const plan = ok(await app.call('POST', svc('TeachingPlanService', 'Create'), {
      token: province.token,
      body: { title: '2026年度党员教育培训计划', year: 2026, planType: 'annual', content: '<p>全年培训<script>alert(1)</script></p>', organId: 999 },
    }));
    expect(plan.content).toBe('<p>全年培训</p>');
    expect(plan.organId).toBe(province.organId);
    const edited = ok(await app.call('PUT', svc('TeachingPlanService', 'Update'), { token: province.token, body: { id: plan.id, title: '2026年度党员教育培训计划（修订）', year: 2026 } }));
    expect(edited.title).toContain('修订');
    expect(edited.content).toBe('<p>全年培训</p>');

    const page = ok(await app.call('GET', svc('TeachingPlanService', 'PageList'), { token: province.token, query: { Title: '修订', SkipCount: 0, MaxResultCount: 10 } }));
    expect(page.items.map((i: any) => i.id)).toContain(plan.id);

    const issued = ok(await app.call('POST', svc('TeachingPlanService', 'LaunchStatus'), { token: province.token, body: { id: plan.id } }));
    expect(issued.issuedCount).toBeGreaterThanOrEqual(5);
    const undone = ok(await app.call('POST', svc('TeachingPlanService', 'UndoUnitPageList'), { token: province.token, body: { id: plan.id, maxResultCount: 100 } }));
    expect(undone.totalCount).toBe(issued.issuedCount);

    // a city administrator finds it among the plans issued to him, and opening it counts as received
    const city = admins.cityadmin;
    const inbox = ok(await app.call('GET', svc('TeachingPlanService', 'IssuedPageList'), { token: city.token }));
    expect(inbox.items.map((i: any) => i.id)).toContain(plan.id);
    // a city admin cannot edit the province's plan: beyond his subtree it answers as missing
    expect((await app.call('PUT', svc('TeachingPlanService', 'Update'), { token: city.token, body: { id: plan.id, title: 'x', year: 2026 } })).status).toBe(404);
    const cityPlan = ok(await app.call('POST', svc('TeachingPlanService', 'Create'), { token: city.token, body: { title: '成都市计划', year: 2026 } }));
    expect((await app.call('GET', svc('TeachingPlanService', 'Get'), { token: city.token, query: { id: cityPlan.id } })).status).toBe(200);
    const sibling = await app.call('GET', svc('TeachingPlanService', 'Get'), { token: admins.district2admin.token, query: { id: cityPlan.id } });
    expect(sibling.status).toBe(404);
    expect(sibling.body).toEqual((await app.call('GET', svc('TeachingPlanService', 'Get'), { token: admins.district2admin.token, query: { id: 99999999 } })).body);

    const del = await app.call('DELETE', svc('TeachingPlanService', 'Delete'), { token: province.token, query: { id: plan.id } });
    expect(del.status).toBe(200);
    expect((await app.call('GET', svc('TeachingPlanService', 'Get'), { token: province.token, query: { id: plan.id } })).status).toBe(404);
  });
});

describe('BaseLibraryService and TeacherLibaryService (configured)', () => {
  it('select a site from a subordinate into the library with a remark; report a teacher upward and audit it', async () => {
    const district = admins.districtadmin;
    const street = await app.db.selectFrom('organizations').select(['id']).where('parentId', '=', district.organId).executeTakeFirstOrThrow();
    // a site built by the street organisation below the district
    const siteId = await app.db
      .insertInto('records')
      .values({ entity: 'baseLibrary', organId: street.id, organPath: `${district.organPath}${street.id}/`, organLevel: 4, ownerUserId: null, auditStatus: null, data: JSON.stringify({ baseName: '街道红色教育基地', category: '1' }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visible = ok(await app.call('GET', svc('BaseLibraryService', 'PageListVisibleAsync'), { token: district.token }));
    expect(visible.items.map((i: any) => i.id)).toContain(siteId.id);

    const noRemark = await app.call('POST', svc('BaseLibraryService', 'SelectAndUse'), { token: district.token, body: { id: siteId.id } });
    expect(noRemark.body.error.message).toBe('请输入备注');
    const selected = ok(await app.call('POST', svc('BaseLibraryService', 'SelectAndUse'), { token: district.token, body: { id: siteId.id, remark: '纳入区级现场教学点' } }));
    expect(selected).toMatchObject({ organId: district.organId, baseName: '街道红色教育基地', selectRemark: '纳入区级现场教学点', sourceRecordId: siteId.id });
    const again = await app.call('POST', svc('BaseLibraryService', 'SelectAndUse'), { token: district.token, body: { id: siteId.id, remark: '再次' } });
    expect(again.status).toBe(400);

    // teacher reported upward to the city, audited there, and copied into the city's library
    const teacher = ok(await app.call('POST', svc('TeacherLibaryService', 'CreateAsync'), { token: district.token, body: { realName: '张老师', jobTitle: '区委党校讲师' } }));
    ok(await app.call('POST', svc('TeacherLibaryService', 'Report'), { token: district.token, body: { id: teacher.id, remark: '优秀讲师' } }));
    expect((await app.call('POST', svc('TeacherLibaryService', 'Report'), { token: district.token, body: { id: teacher.id } })).status).toBe(400);
    const city = admins.cityadmin;
    const auditing = ok(await app.call('GET', svc('TeacherLibaryService', 'AuditingPageListAsync'), { token: city.token }));
    const item = auditing.items.find((i: any) => i.id === teacher.id);
    expect(item).toMatchObject({ realName: '张老师', reportRemark: '优秀讲师', reportStatus: 0 });
    // the sibling district cannot audit the city's queue
    expect((await app.call('POST', svc('TeacherLibaryService', 'AuditReport'), { token: admins.district2admin.token, body: { id: item.reportId, approved: true } })).status).toBe(404);
    const reject = await app.call('POST', svc('TeacherLibaryService', 'AuditReport'), { token: city.token, body: { id: item.reportId, approved: false } });
    expect(reject.body.error.message).toBe('请输入备注');
    // any superior may take it up: the province administrator approves it into the province's library
    const province = admins.admin;
    const provinceQueue = ok(await app.call('GET', svc('TeacherLibaryService', 'AuditingPageListAsync'), { token: province.token, query: { MaxResultCount: 100 } }));
    expect(provinceQueue.items.map((i: any) => i.reportId)).toContain(item.reportId);
    ok(await app.call('POST', svc('TeacherLibaryService', 'AuditReport'), { token: province.token, body: { id: item.reportId, approved: true, remark: '同意' } }));
    expect((await app.call('POST', svc('TeacherLibaryService', 'AuditReport'), { token: city.token, body: { id: item.reportId, approved: true } })).body.error.message).toBe('该记录已审核');
    const lib = ok(await app.call('GET', svc('TeacherLibaryService', 'PageListAsync'), { token: province.token, query: { RealName: '张老师', MaxResultCount: 50 } }));
    expect(lib.items.some((i: any) => i.organId === province.organId && i.sourceRecordId === teacher.id)).toBe(true);
  });

  it('branchadmin lacks Pages.BaseLibrary.Delete: the server refuses the call with 403', async () => {
    const branch = admins.branchadmin;
    const site = ok(await app.call('POST', svc('BaseLibraryService', 'CreateAsync'), { token: branch.token, body: { baseName: '支部活动阵地', category: '1' } }));
    const del = await app.call('DELETE', svc('BaseLibraryService', 'DeleteAsync'), { token: branch.token, query: { id: site.id } });
    expect(del.status).toBe(403);
    expect(del.body.error.message).toContain('Pages.BaseLibrary.Delete');
    const badCode = await app.call('POST', svc('BaseLibraryService', 'CreateAsync'), { token: branch.token, body: { baseName: '错误类别', category: 'nope' } });
    expect(badCode.status).toBe(400);
    expect(badCode.body.error.message).toBe('基地类别取值无效');
  });
});

describe('ForumService (configured)', () => {
  it('members post, like and reply; the forum administrator tops and moderates in his subtree', async () => {
    const member = await app.login('member');
    const post = ok(await app.call('POST', svc('ForumService', 'Create'), { token: member, body: { title: '学习心得', content: '<p>认真学习</p>' } }));
    const liked = ok(await app.call('POST', svc('ForumService', 'Like'), { token: member, body: { id: post.id } }));
    expect(liked).toEqual({ likeCount: 1, isLiked: true });
    ok(await app.call('POST', svc('ForumService', 'Like'), { token: member, body: { id: post.id } }));
    const reply = ok(await app.call('POST', svc('ForumService', 'Reply'), { token: member, body: { id: post.id, content: '同感' } }));
    const got = ok(await app.call('GET', svc('ForumService', 'Get'), { token: member, query: { id: post.id } }));
    expect(got).toMatchObject({ likeCount: 1, replyCount: 1, isLiked: true });
    // a member cannot use the administrator's delete
    expect((await app.call('DELETE', svc('ForumService', 'Delete'), { token: member, query: { id: post.id } })).status).toBe(403);

    const district = admins.districtadmin;
    const list = ok(await app.call('GET', svc('ForumService', 'PageList'), { token: district.token, query: { MaxResultCount: 100 } }));
    expect(list.items.map((i: any) => i.id)).toContain(post.id);
    expect(ok(await app.call('POST', svc('ForumService', 'SetTopToggle'), { token: district.token, body: { id: post.id } }))).toEqual({ isTop: true });
    const replies = ok(await app.call('GET', svc('ForumService', 'RepliesPageList'), { token: district.token, query: { id: post.id } }));
    expect(replies.items[0]).toMatchObject({ id: reply.id, content: '同感' });
    ok(await app.call('POST', svc('ForumService', 'DeleteReply'), { token: district.token, body: { id: reply.id } }));
    // the sibling district's administrator sees nothing of it
    const other = ok(await app.call('GET', svc('ForumService', 'PageList'), { token: admins.district2admin.token, query: { MaxResultCount: 1000 } }));
    expect(other.items.map((i: any) => i.id)).not.toContain(post.id);
    expect((await app.call('POST', svc('ForumService', 'SetTopToggle'), { token: admins.district2admin.token, body: { id: post.id } })).status).toBe(404);
    ok(await app.call('DELETE', svc('ForumService', 'Delete'), { token: district.token, query: { id: post.id } }));
  });
});

describe('PartyPublicInfoService (configured)', () => {
  it('an administrator publishes superior spirit; members below see it and it is marked read on opening', async () => {
    const province = admins.admin;
    const info = ok(await app.call('POST', svc('PartyPublicInfoService', 'SpiritCreate'), { token: province.token, body: { title: '学习贯彻全会精神', content: '<p>全文</p>', infoType: 'dynamic' } }));
    expect(info.infoType).toBe('spirit');
    const adminList = ok(await app.call('GET', svc('PartyPublicInfoService', 'SpiritPageList'), { token: province.token }));
    expect(adminList.items.map((i: any) => i.id)).toContain(info.id);
    // the announcements list does not show it
    const announce = ok(await app.call('GET', svc('PartyPublicInfoService', 'AnnouncePageList'), { token: province.token }));
    expect(announce.items.map((i: any) => i.id)).not.toContain(info.id);

    const member = await app.login('member');
    const list = ok(await app.call('POST', svc('PartyPublicInfoService', 'PartyMemberSuperiorSpirtPagedList'), { token: member, body: { maxResultCount: 10, skipCount: 0 } }));
    const row = list.items.find((i: any) => i.id === info.id);
    expect(row).toMatchObject({ title: '学习贯彻全会精神', isRead: false });
    ok(await app.call('GET', svc('PartyPublicInfoService', 'GetPublicInfoInfo'), { token: member, query: { id: info.id } }));
    const after = ok(await app.call('POST', svc('PartyPublicInfoService', 'PartyMemberSuperiorSpirtPagedList'), { token: member, body: {} }));
    expect(after.items.find((i: any) => i.id === info.id).isRead).toBe(true);

    // a district's dynamics are not visible to members of another district
    const dyn = ok(await app.call('POST', svc('PartyPublicInfoService', 'DynamicCreate'), { token: admins.district2admin.token, body: { title: '郫都动态', content: '<p>x</p>' } }));
    const mine = ok(await app.call('POST', svc('PartyPublicInfoService', 'PartyMemberLocalPagedList'), { token: member, body: {} }));
    expect(mine.items.map((i: any) => i.id)).not.toContain(dyn.id);
    expect((await app.call('GET', svc('PartyPublicInfoService', 'GetPublicInfoInfo'), { token: member, query: { id: dyn.id } })).status).toBe(404);
    // permission per type: an update through the wrong type's action finds nothing
    expect((await app.call('PUT', svc('PartyPublicInfoService', 'AnnounceUpdate'), { token: province.token, body: { id: info.id, title: 't', content: 'c' } })).status).toBe(404);
  });
});
