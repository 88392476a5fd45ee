/**
 * OrganizationService/UpdateAsync: an administrator edits an organisation of his
 * subtree; a new parent moves the whole subtree (paths and levels of the descendants and the paths
 * every record carries, in one transaction); never under itself or a descendant, never out of scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
let district: Awaited<ReturnType<typeof signInAsAdmin>>;
let sibling: Awaited<ReturnType<typeof signInAsAdmin>>;
const UPDATE = svc('OrganizationService', 'UpdateAsync');
const update = (token: string | null, body: unknown) => app.call('PUT', UPDATE, { token, body });
const children = async (token: string, id: number) => ok<any[]>(await app.call('GET', svc('OrganizationService', 'GetChildOrgnizationByIdAsync'), { token, query: { id } }));
const organ = (id: number) => app.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
let city: Awaited<ReturnType<typeof signInAsAdmin>>;
/** created by the district, approved by the city above it (组织审核): only approved organisations take children */
const create = async (parentId: number, organName: string) => {
  const o = ok(await app.call('POST', svc('OrganizationService', 'CreateAsync'), { token: district.token, body: { parentId, organName } }));
  ok(await app.call('POST', svc('OrganizationService', 'AuditOrganAsync'), { token: city.token, body: { id: o.id, approved: true } }));
  return o;
};

beforeAll(async () => {
  app = await startTestApp();
  district = await signInAsAdmin(app, 'districtadmin');
  sibling = await signInAsAdmin(app, 'district2admin');
  city = await signInAsAdmin(app, 'cityadmin');
});
afterAll(() => app?.close());

describe('OrganizationService/UpdateAsync', () => {
  it('renames an organisation of the subtree and changes its other fields', async () => {
    const [street] = await children(district.token, district.organId);
    const r = ok(await update(district.token, { id: street.id, organName: '  改名后的街道党工委 ', secretaryName: '李书记', contactPhone: '028-1234567' }));
    expect(r).toMatchObject({ id: street.id, organName: '改名后的街道党工委', organPath: street.organPath, organLevel: street.organLevel });
    expect((await children(district.token, district.organId)).find((c) => c.id === street.id).organName).toBe('改名后的街道党工委');
    expect(await organ(street.id)).toMatchObject({ secretaryName: '李书记', contactPhone: '028-1234567', parentId: district.organId });
  });

  it('401 without a token, 403 without the organisation permission', async () => {
    const [street] = await children(district.token, district.organId);
    expect((await update(null, { id: street.id, organName: 'x' })).status).toBe(401);
    const member = await app.login('member');
    const r = await update(member, { id: street.id, organName: '党员不能改' });
    expect(r.status).toBe(403);
    expect((await organ(street.id)).organName).not.toBe('党员不能改');
  });

  it('403 for an organisation outside the subtree, by id, and for a new parent outside it', async () => {
    const r = await update(district.token, { id: sibling.organId, organName: '越权改名' });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, error: { message: '无权访问该组织的数据' } });
    const [theirs] = await children(sibling.token, sibling.organId);
    expect((await update(district.token, { id: theirs.id, organName: '越权改名' })).status).toBe(403);
    const [mine] = await children(district.token, district.organId);
    const away = await update(district.token, { id: mine.id, parentId: sibling.organId });
    expect(away.status).toBe(403);
    expect((await organ(mine.id)).parentId).toBe(district.organId);
    // nor can he move his own organisation anywhere: above him is out of scope, below is his subtree
    expect((await update(district.token, { id: district.organId, parentId: sibling.organId })).status).toBe(403);
  });

  it('bad input is a 400 or 404 with a Chinese message, never a 500', async () => {
    const [street] = await children(district.token, district.organId);
    for (const body of [{}, { id: 'abc' }, { id: -1 }, { id: street.id, organName: '   ' }, { id: street.id, parentId: 'x' }, { id: street.id, organName: 'あ'.repeat(500) }, { id: street.id, sort: 1e20 }]) {
      const r = await update(district.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const body of [{ id: 99999999, organName: '无' }, { id: street.id, parentId: 99999999 }]) {
      const r = await update(district.token, body);
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe('党组织不存在');
    }
  });

  it('refuses a parent that is the organisation itself or one of its descendants', async () => {
    const a = await create(district.organId, '移动测试甲');
    const b = await create(a.id, '移动测试乙');
    const c = await create(b.id, '移动测试丙');
    for (const parentId of [a.id, b.id, c.id]) expect((await update(district.token, { id: a.id, parentId })).status).toBe(400);
    // naming the parent it already has is no move
    expect((await update(district.token, { id: b.id, parentId: a.id, organName: '移动测试乙' })).status).toBe(200);
    const self = await update(district.token, { id: b.id, parentId: b.id });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('不能将组织移动到其自身或其下级组织之下');
    const below = await update(district.token, { id: a.id, parentId: c.id });
    expect(below.status).toBe(400);
    expect(below.body.error.message).toBe('不能将组织移动到其自身或其下级组织之下');
    expect((await organ(a.id)).parentId).toBe(district.organId);
    expect((await organ(c.id)).organPath).toBe(`${a.organPath}${b.id}/${c.id}/`);
  });

  it('refuses a name its new siblings already use', async () => {
    const x = await create(district.organId, '同名测试');
    const host = await create(district.organId, '同名宿主');
    await create(host.id, '同名测试');
    const r = await update(district.token, { id: x.id, parentId: host.id });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('同一上级组织下已有同名组织');
  });

  it('a new parent moves the whole subtree: paths and levels of the descendants and the paths of their records', async () => {
    const streets = await children(district.token, district.organId);
    // a street with branches and members, moved under another street of the district
    const populated = async (s: any) => s.hasChild && (await app.db.selectFrom('partyMembers').select('id').where('organPath', 'like', `${s.organPath}%`).limit(1).execute()).length > 0;
    const moving = (await Promise.all(streets.map(async (s) => ((await populated(s)) ? s : null)))).find(Boolean)!;
    const target = streets.find((s) => s.id !== moving.id)!;
    const oldPath = moving.organPath as string;
    const before = await app.db.selectFrom('organizations').select(['id', 'organPath', 'organLevel']).where('organPath', 'like', `${oldPath}%`).execute();
    const membersBefore = await app.db.selectFrom('partyMembers').select('id').where('organPath', 'like', `${oldPath}%`).execute();
    expect(before.length).toBeGreaterThan(1);
    expect(membersBefore.length).toBeGreaterThan(0);

    const r = ok(await update(district.token, { id: moving.id, parentId: target.id }));
    const newPath = `${target.organPath}${moving.id}/`;
    expect(r).toMatchObject({ id: moving.id, parentId: target.id, organPath: newPath, organLevel: target.organLevel + 1 });

    const after = await app.db.selectFrom('organizations').select(['id', 'organPath', 'organLevel']).where('organPath', 'like', `${newPath}%`).execute();
    expect(after.map((o) => o.id).sort()).toEqual(before.map((o) => o.id).sort());
    for (const o of before) {
      const now = after.find((a) => a.id === o.id)!;
      expect(now.organPath).toBe(newPath + o.organPath.slice(oldPath.length));
      expect(now.organLevel).toBe(o.organLevel + 1);
    }
    expect(await app.db.selectFrom('organizations').select('id').where('organPath', 'like', `${oldPath}%`).execute()).toEqual([]);
    const membersAfter = await app.db.selectFrom('partyMembers').select('id').where('organPath', 'like', `${newPath}%`).execute();
    expect(membersAfter.map((m) => m.id).sort()).toEqual(membersBefore.map((m) => m.id).sort());

    // the lists follow: the old parent no longer has it, the new one does, the administrator still sees the members
    expect((await children(district.token, district.organId)).some((c) => c.id === moving.id)).toBe(false);
    expect((await children(district.token, target.id)).find((c) => c.id === moving.id)).toMatchObject({ organPath: newPath, hasChild: true });
    const listed = ok(await app.call('GET', svc('OrganizationService', 'GetListAsync'), { token: district.token, query: { organPath: newPath, MaxResultCount: 1000 } }));
    expect(listed.totalCount).toBe(before.length);

    // and back again
    ok(await update(district.token, { id: moving.id, parentId: district.organId }));
    const back = await app.db.selectFrom('organizations').select(['id', 'organPath', 'organLevel']).where('organPath', 'like', `${oldPath}%`).execute();
    expect(back.sort((a, b) => a.id - b.id)).toEqual(before.sort((a, b) => a.id - b.id));
  });
});
