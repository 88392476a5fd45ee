/**
 * 组织审核, dissolve, move and units (Organisations): what a district creates waits for the
 * level above (the city or the province), is hidden from members until approved, carries the reason
 * when rejected and goes back by an edit; a move rewrites every organisation path of the subtree;
 * a dissolve needs an empty organisation; a unit is read and changed in the subtree only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

type Admin = Awaited<ReturnType<typeof signInAsAdmin>>;
let app: TestApp;
let province: Admin;
let city: Admin;
let district: Admin;
let sibling: Admin;
let member: string;

const O = (a: string) => svc('OrganizationService', a);
const U = (a: string) => svc('UnitService', a);
const get = (token: string | null, url: string, query: Record<string, unknown> = {}) => app.call('GET', url, { token, query });
const post = (token: string | null, url: string, body: unknown) => app.call('POST', url, { token, body });
const put = (token: string | null, url: string, body: unknown) => app.call('PUT', url, { token, body });
const del = (token: string | null, url: string, query: Record<string, unknown>) => app.call('DELETE', url, { token, query });
const row = (id: number) => app.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const createOrgan = async (who: Admin, parentId: number, organName: string) => ok(await post(who.token, O('CreateAsync'), { parentId, organName }));
const approve = async (id: number) => ok(await post(city.token, O('AuditOrganAsync'), { id, approved: true }));
const auditList = async (who: Admin, query: Record<string, unknown> = {}) => ok(await get(who.token, O('GetAuditOrganListAsync'), { MaxResultCount: 1000, ...query })).items as any[];
const ids = (xs: { id: number }[]) => xs.map((x) => x.id);
let street: { id: number; organPath: string };

beforeAll(async () => {
  app = await startTestApp();
  province = await signInAsAdmin(app, 'admin');
  city = await signInAsAdmin(app, 'cityadmin');
  district = await signInAsAdmin(app, 'districtadmin');
  sibling = await signInAsAdmin(app, 'district2admin');
  member = await app.login('member');
  street = ok<any[]>(await get(district.token, O('GetChildOrgnizationByIdAsync'), { id: district.organId }))[0];
});
afterAll(() => app?.close());

describe('组织审核', () => {
  it('a district creation waits for the level above, hidden from members until approved', async () => {
    const name = `待审支部${Date.now() % 1e6}`;
    const created = await createOrgan(district, street.id, name);
    expect(created.auditStatus).toBe(0);
    expect(await row(created.id)).toMatchObject({ auditStatus: 0, submitOrganPath: district.organPath });

    // members' pickers: not under its parent, not by name; the administrators' tree and list show it with its state
    const pickers = async (token: string | null) => [
      ...ids(ok(await get(token, O('GetListByParentIdAsync'), { id: street.id }))),
      ...ids(ok(await get(token, O('GetBranchOrganListByName'), { organName: name }))),
    ];
    expect(await pickers(member)).not.toContain(created.id);
    expect(await pickers(null)).not.toContain(created.id);
    expect(await pickers(district.token)).not.toContain(created.id);
    const tree = ok<any[]>(await get(district.token, O('GetChildOrgnizationByIdAsync'), { id: street.id }));
    expect(tree.find((o) => o.id === created.id)).toMatchObject({ auditStatus: 0 });
    // nothing hangs under it yet
    const child = await post(district.token, O('CreateAsync'), { parentId: created.id, organName: '下级' });
    expect(child.status).toBe(400);
    expect(child.body.error.message).toBe(`党组织“${name}”尚未审核通过`);
    const unit = await post(district.token, U('CreateUnitAsync'), { organId: created.id, unitName: '待审组织的单位' });
    expect(unit.status).toBe(400);

    // the creator's own level does not audit it; the city and the province above do
    expect(ids(await auditList(district))).not.toContain(created.id);
    expect(ids(await auditList(city))).toContain(created.id);
    expect(ids(await auditList(province))).toContain(created.id);
    expect(ids(await auditList(sibling))).not.toContain(created.id);
    const own = await post(district.token, O('AuditOrganAsync'), { id: created.id, approved: true });
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe('该组织当前不在您的办理环节');
    expect((await post(sibling.token, O('AuditOrganAsync'), { id: created.id, approved: true })).status).toBe(404);

    ok(await post(city.token, O('AuditOrganAsync'), { id: created.id, approved: true, remark: '同意' }));
    expect(await pickers(member)).toContain(created.id);
    expect(ids(await auditList(city))).not.toContain(created.id);
    expect(ids(await auditList(city, { auditStatus: 1 }))).toContain(created.id);
    const again = await post(province.token, O('AuditOrganAsync'), { id: created.id, approved: false, remark: '晚了' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('该组织已审核');
  });

  it('a rejection needs a remark, shows it to the creator; an edit resubmits, or the creator deletes it', async () => {
    const created = await createOrgan(district, street.id, `驳回支部${Date.now() % 1e6}`);
    const bare = await post(city.token, O('AuditOrganAsync'), { id: created.id, approved: false });
    expect(bare.status).toBe(400);
    expect(bare.body.error.message).toBe('请输入备注');
    ok(await post(city.token, O('AuditOrganAsync'), { id: created.id, approved: false, remark: '名称不规范' }));
    const listed = ok(await get(district.token, O('GetListAsync'), { organPath: street.organPath, MaxResultCount: 1000 })).items.find((o: any) => o.id === created.id);
    expect(listed).toMatchObject({ auditStatus: 2, auditRemark: '名称不规范' });
    expect(ids(await auditList(city, { auditStatus: 2 }))).toContain(created.id);
    // a rejected one is still not offered to members
    expect(ids(ok(await get(member, O('GetListByParentIdAsync'), { id: street.id })))).not.toContain(created.id);

    ok(await put(district.token, O('UpdateAsync'), { id: created.id, organName: `${created.organName}（改）` }));
    expect(await row(created.id)).toMatchObject({ auditStatus: 0 });
    expect(ids(await auditList(city))).toContain(created.id);
    const info = ok(await get(district.token, svc('PartyOrganizationService', 'GetOrganInfoForApp'), { id: created.id }));
    expect(info.auditStatus).toBe(0);
    expect(info.history.map((h: any) => [h.transition, h.toState])).toEqual([['submit', 0], ['audit', 2], ['resubmit', 0]]);
    expect(info.history[1]).toMatchObject({ remark: '名称不规范', actorName: expect.any(String) });

    ok(await post(city.token, O('AuditOrganAsync'), { id: created.id, approved: false, remark: '仍不规范' }));
    ok(await del(district.token, O('DeleteAsync'), { id: created.id }));
    expect((await row(created.id)).isDeleted).toBe(true);
    expect(ids(await auditList(city, { auditStatus: 2 }))).not.toContain(created.id);
  });

  it('the province creates approved organisations: nothing to audit', async () => {
    const created = await createOrgan(province, street.id, `省级新建${Date.now() % 1e6}`);
    expect(created.auditStatus).toBe(1);
    expect(ids(ok(await get(member, O('GetListByParentIdAsync'), { id: street.id })))).toContain(created.id);
    const r = await post(province.token, O('AuditOrganAsync'), { id: created.id, approved: true });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('该组织已审核');
  });

  it('401, 403 and bad input of the audit calls', async () => {
    expect((await get(null, O('GetAuditOrganListAsync'))).status).toBe(401);
    expect((await get(member, O('GetAuditOrganListAsync'))).status).toBe(403);
    expect((await post(member, O('AuditOrganAsync'), { id: street.id, approved: true })).status).toBe(403);
    expect((await get(member, U('GetAuditUnitListAsync'))).status).toBe(403);
    for (const body of [{}, { id: 'x', approved: true }, { id: street.id }, { id: street.id, approved: 'yes' }, { id: street.id, approved: false, remark: 'あ'.repeat(600) }]) {
      const r = await post(city.token, O('AuditOrganAsync'), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await get(city.token, O('GetAuditOrganListAsync'), { auditStatus: 7 })).status).toBe(400);
    expect((await post(city.token, O('AuditOrganAsync'), { id: 99999999, approved: true })).status).toBe(404);
  });

  it('units: a district unit waits for the city; get and update in the subtree only', async () => {
    const created = ok(await post(district.token, U('CreateUnitAsync'), { organId: street.id, unitName: '测试单位甲', creditCode: '91510100MA61234567' }));
    expect(created.auditStatus).toBe(0);
    expect(ids(ok(await get(city.token, U('GetAuditUnitListAsync'), { MaxResultCount: 1000 })).items)).toContain(created.id);
    expect(ids(ok(await get(district.token, U('GetAuditUnitListAsync'), { MaxResultCount: 1000 })).items)).not.toContain(created.id);
    expect((await post(district.token, U('AuditUnitAsync'), { id: created.id, approved: true })).status).toBe(403);
    ok(await post(city.token, U('AuditUnitAsync'), { id: created.id, approved: false, remark: '信用代码待核' }));

    const got = ok(await get(district.token, U('GetUnitAsync'), { id: created.id }));
    expect(got).toMatchObject({ id: created.id, unitName: '测试单位甲', organId: street.id, auditStatus: 2, auditRemark: '信用代码待核' });
    expect(got.history.map((h: any) => h.transition)).toEqual(['submit', 'audit']);
    expect((await get(sibling.token, U('GetUnitAsync'), { id: created.id })).status).toBe(404);
    expect((await get(member, U('GetUnitAsync'), { id: created.id })).status).toBe(403);
    expect((await get(null, U('GetUnitAsync'), { id: created.id })).status).toBe(401);

    const upd = ok(await put(district.token, U('UpdateUnitAsync'), { id: created.id, organId: street.id, unitName: '测试单位甲（改）', creditCode: '' }));
    expect(upd).toMatchObject({ unitName: '测试单位甲（改）', creditCode: null, auditStatus: 0 });
    const away = await put(district.token, U('UpdateUnitAsync'), { id: created.id, organId: sibling.organId, unitName: '越权' });
    expect(away.status).toBe(403);
    expect((await put(sibling.token, U('UpdateUnitAsync'), { id: created.id, organId: sibling.organId, unitName: '越权' })).status).toBe(404);
    for (const body of [{}, { id: created.id }, { id: created.id, organId: street.id, unitName: '  ' }, { id: created.id, organId: street.id, unitName: 'x', creditCode: '123' }, { id: 'a', organId: 1, unitName: 'x' }]) {
      const r = await put(district.token, U('UpdateUnitAsync'), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await put(district.token, U('UpdateUnitAsync'), { id: 99999999, organId: street.id, unitName: 'x' })).status).toBe(404);
    ok(await post(city.token, U('AuditUnitAsync'), { id: created.id, approved: true }));
    expect(ok(await get(district.token, U('GetUnitAsync'), { id: created.id })).auditStatus).toBe(1);
    expect((await del(sibling.token, U('DeleteUnitAsync'), { id: created.id })).status).toBe(404);
    ok(await del(district.token, U('DeleteUnitAsync'), { id: created.id }));
    expect((await get(district.token, U('GetUnitAsync'), { id: created.id })).status).toBe(404);
  });
});

describe('move and dissolve', () => {
  it('a move rewrites the paths of the subtree, its members, units and records; never into itself or a pending organisation', async () => {
    const streets = ok<any[]>(await get(district.token, O('GetChildOrgnizationByIdAsync'), { id: district.organId }));
    const withMembers = [];
    for (const s of streets) {
      const n = await app.db.selectFrom('partyMembers').select('id').where('organPath', 'like', `${s.organPath}%`).limit(1).execute();
      if (n.length && s.hasChild) withMembers.push(s);
    }
    const moving = withMembers[0];
    const target = streets.find((s) => s.id !== moving.id)!;
    const oldPath: string = moving.organPath;
    const unit = ok(await post(province.token, U('CreateUnitAsync'), { organId: moving.id, unitName: '随迁单位' }));
    const count = async (table: 'partyMembers' | 'units' | 'records', path: string) =>
      (await app.db.selectFrom(table).select('id').where('organPath', 'like', `${path}%`).execute()).map((r) => r.id).sort();
    const before = { members: await count('partyMembers', oldPath), units: await count('units', oldPath), records: await count('records', oldPath) };
    expect(before.members.length).toBeGreaterThan(0);
    expect(before.units).toContain(unit.id);

    // not under itself or below itself; not under an organisation waiting for audit; not out of the subtree
    const [branch] = ok<any[]>(await get(district.token, O('GetChildOrgnizationByIdAsync'), { id: moving.id }));
    for (const parentId of [moving.id, branch.id]) {
      const r = await put(district.token, O('UpdateAsync'), { id: moving.id, parentId });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe('不能将组织移动到其自身或其下级组织之下');
    }
    const pending = await createOrgan(district, target.id, `待审目标${Date.now() % 1e6}`);
    const intoPending = await put(district.token, O('UpdateAsync'), { id: moving.id, parentId: pending.id });
    expect(intoPending.status).toBe(400);
    expect(intoPending.body.error.message).toMatch(/尚未审核通过/);
    expect((await put(district.token, O('UpdateAsync'), { id: moving.id, parentId: sibling.organId })).status).toBe(403);
    expect((await row(moving.id)).organPath).toBe(oldPath);

    ok(await put(district.token, O('UpdateAsync'), { id: moving.id, parentId: target.id }));
    const newPath = `${target.organPath}${moving.id}/`;
    expect(await count('partyMembers', newPath)).toEqual(before.members);
    expect(await count('units', newPath)).toEqual(before.units);
    expect(await count('records', newPath)).toEqual(before.records);
    expect(await count('partyMembers', oldPath)).toEqual([]);
    expect((await row(branch.id)).organPath).toBe(`${newPath}${branch.id}/`);
    // the unit's organisation path follows, and its detail still answers in the subtree
    expect(ok(await get(district.token, U('GetUnitAsync'), { id: unit.id })).organPath).toBe(newPath);
    ok(await put(district.token, O('UpdateAsync'), { id: moving.id, parentId: district.organId }));
    expect(await count('partyMembers', oldPath)).toEqual(before.members);
  });

  it('dissolves only an empty organisation of the subtree, with a Chinese reason otherwise', async () => {
    const streets = ok<any[]>(await get(district.token, O('GetChildOrgnizationByIdAsync'), { id: district.organId }));
    let branchWithMembers: any;
    for (const s of streets) {
      for (const b of ok<any[]>(await get(district.token, O('GetChildOrgnizationByIdAsync'), { id: s.id }))) {
        const m = await app.db.selectFrom('partyMembers').select('id').where('organId', '=', b.id).where('isDeleted', '=', false).limit(1).execute();
        if (m.length && !b.hasChild) branchWithMembers = branchWithMembers ?? b;
      }
    }
    const withMembers = await del(district.token, O('DeleteAsync'), { id: branchWithMembers.id });
    expect(withMembers.status).toBe(400);
    expect(withMembers.body.error.message).toBe('该组织还有党员，不能撤销，请先将党员转出');
    const withChildren = await del(district.token, O('DeleteAsync'), { id: streets[0].id });
    expect(withChildren.status).toBe(400);
    expect(withChildren.body.error.message).toBe('该组织还有下级组织，不能撤销');
    const ownOrgan = await del(district.token, O('DeleteAsync'), { id: district.organId });
    expect(ownOrgan.status).toBe(400);
    expect(ownOrgan.body.error.message).toBe('不能撤销本人管理的组织');
    const theirs = await createOrgan(province, sibling.organId, `兄弟区组织${Date.now() % 1e6}`);
    expect((await del(district.token, O('DeleteAsync'), { id: theirs.id })).status).toBe(404);
    expect((await del(member, O('DeleteAsync'), { id: theirs.id })).status).toBe(403);
    expect((await del(null, O('DeleteAsync'), { id: theirs.id })).status).toBe(401);
    for (const query of [{}, { id: 'x' }, { id: -3 }]) expect((await del(district.token, O('DeleteAsync'), query)).status).toBe(400);

    const empty = await createOrgan(province, street.id, `待撤销支部${Date.now() % 1e6}`);
    const unit = ok(await post(province.token, U('CreateUnitAsync'), { organId: empty.id, unitName: '随撤单位' }));
    ok(await del(district.token, O('DeleteAsync'), { id: empty.id }));
    expect((await row(empty.id)).isDeleted).toBe(true);
    expect(ids(ok(await get(district.token, O('GetChildOrgnizationByIdAsync'), { id: street.id })))).not.toContain(empty.id);
    expect((await get(district.token, svc('PartyOrganizationService', 'GetOrganInfoForApp'), { id: empty.id })).status).toBe(404);
    expect((await get(district.token, U('GetUnitAsync'), { id: unit.id })).status).toBe(404);
    expect((await del(district.token, O('DeleteAsync'), { id: empty.id })).status).toBe(404);
  });
});

describe('班子成员 and statistics of an organisation', () => {
  const P = (a: string) => svc('PartyOrganizationService', a);
  it('a team member with a duty and a term, linked to a member of the organisation; the secretary card reads him', async () => {
    const empty = await createOrgan(province, street.id, `班子测试支部${Date.now() % 1e6}`);
    // the demo member's own branch, so that his contact card can be read
    const memberUserId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
    const branch = (await app.db.selectFrom('partyMembers').select('organId').where('userId', '=', memberUserId).executeTakeFirstOrThrow()).organId;

    const members = await app.db.selectFrom('partyMembers').select(['id', 'name', 'userId', 'organId']).where('organId', '=', branch).where('isDeleted', '=', false).execute();
    const outsider = await app.db.selectFrom('partyMembers').select('id').where('organPath', 'like', `${sibling.organPath}%`).limit(1).executeTakeFirstOrThrow();
    const wrongMember = await post(district.token, P('CreateOrUpdateTeamMember'), { organId: empty.id, memberId: members[0].id, dutyCode: '1' });
    expect(wrongMember.status).toBe(400);
    expect(wrongMember.body.error.message).toBe('所选党员不属于该组织');
    expect((await post(district.token, P('CreateOrUpdateTeamMember'), { organId: branch, memberId: outsider.id, dutyCode: '1' })).status).toBe(400);
    for (const body of [{ organId: branch }, { organId: branch, name: '张三' }, { organId: branch, name: '张三', dutyCode: '999' }, { organId: branch, name: '张三', dutyCode: '1', startDate: '2026-05-01', endDate: '2026-01-01' }, { organId: branch, name: '张三', dutyCode: '1', startDate: '昨天' }]) {
      const r = await post(district.token, P('CreateOrUpdateTeamMember'), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await post(sibling.token, P('CreateOrUpdateTeamMember'), { organId: branch, name: '越权', dutyCode: '1' })).status).toBe(404);
    expect((await post(member, P('CreateOrUpdateTeamMember'), { organId: branch, name: '越权', dutyCode: '1' })).status).toBe(403);

    // the branch's current secretaries end; the linked member becomes the 书记 in office
    const before = ok<any[]>(await get(district.token, P('GetTeamMemberList'), { organId: branch }));
    for (const t of before.filter((t) => t.dutyCode === '1' || t.dutyCode === '2')) ok(await del(district.token, P('DeleteTeamMember'), { id: t.id }));
    const created = ok(await post(district.token, P('CreateOrUpdateTeamMember'), { organId: branch, memberId: members[0].id, name: '被忽略', dutyCode: '1', startDate: '2020-01-01', endDate: null }));
    expect(created).toMatchObject({ organId: branch, memberId: members[0].id, userId: members[0].userId, name: members[0].name, dutyName: '书记', startDate: '2020-01-01' });
    const list = ok<any[]>(await get(district.token, P('GetTeamMemberList'), { organId: branch }));
    expect(list.find((t) => t.id === created.id)).toMatchObject({ inOffice: true });
    const info = ok(await get(district.token, P('GetOrganInfoForApp'), { id: branch }));
    expect(info.teamMembers.map((t: any) => t.id)).toContain(created.id);
    expect(info.formalCount + info.probationaryCount).toBe(info.memberCount);
    expect(info.maleCount + info.femaleCount).toBeLessThanOrEqual(info.memberCount);
    expect(info.history).toEqual([]);
    const card = ok(await get(member, svc('PartyMemberService', 'GetUserSecretaryInfo')));
    expect(card).toMatchObject({ organId: branch, dutyName: '书记', name: members[0].name });

    // a term that ended: no longer in office
    ok(await post(district.token, P('CreateOrUpdateTeamMember'), { id: created.id, organId: branch, memberId: members[0].id, dutyCode: '1', startDate: '2020-01-01', endDate: '2021-01-01' }));
    expect(ok<any[]>(await get(district.token, P('GetTeamMemberList'), { organId: branch })).find((t) => t.id === created.id)).toMatchObject({ inOffice: false, endDate: '2021-01-01' });
    expect(ok(await get(member, svc('PartyMemberService', 'GetUserSecretaryInfo')))?.name ?? null).not.toBe(members[0].name);
    expect((await get(sibling.token, P('GetTeamMemberList'), { organId: branch })).status).toBe(404);
    expect((await del(sibling.token, P('DeleteTeamMember'), { id: created.id })).status).toBe(404);
  });

  it('statistics count members by type and sex and the organisations below', async () => {
    const info = ok(await get(district.token, svc('PartyOrganizationService', 'GetOrganInfoForApp'), { id: district.organId }));
    const members = await app.db.selectFrom('partyMembers').select(['partyMemberType', 'sex']).where('organPath', 'like', `${district.organPath}%`).where('isDeleted', '=', false).where('status', '=', 1).execute();
    expect(info.memberCount).toBe(members.length);
    expect(info.formalCount).toBe(members.filter((m) => m.partyMemberType === 1).length);
    expect(info.probationaryCount).toBe(members.filter((m) => m.partyMemberType === 2).length);
    expect(info.maleCount).toBe(members.filter((m) => m.sex === 1).length);
    expect(info.femaleCount).toBe(members.filter((m) => m.sex === 2).length);
    const below = await app.db.selectFrom('organizations').select(['id', 'parentId']).where('organPath', 'like', `${district.organPath}%`).where('id', '!=', district.organId).where('isDeleted', '=', false).execute();
    expect(info.descendantCount).toBe(below.length);
    expect(info.childCount).toBe(below.filter((o) => o.parentId === district.organId).length);
    expect(info.childCount).toBeGreaterThan(0);
  });
});

