import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
const tokens: Record<string, string> = {};

/** Signs in and switches to the user's first administrator role. */
async function adminToken(userName: string) {
  const token = await app.login(userName);
  const manage = await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token });
  const role = manage.body.result[0];
  const r = await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } });
  expect(r.status).toBe(200);
  return { token, organPath: r.body.result.organPath as string, organId: role.organId as number };
}

let district: { token: string; organPath: string; organId: number };
let sibling: { token: string; organPath: string; organId: number };

beforeAll(async () => {
  app = await startTestApp();
  district = await adminToken('districtadmin');
  sibling = await adminToken('district2admin');
  tokens.member = await app.login('member');
});
afterAll(() => app?.close());

const validProfile = (organId: number, n: number) => ({
  name: `测试党员${n}`,
  organId,
  phoneNumber: `1990000${String(n).padStart(4, '0')}`,
  addition: { idCard: '11010519491231002X', sex: 2, nation: '01', birthday: '1949-12-31' },
  partyMember: { joinPartyDate: '1975-07-01', partyMemeberType: 1, isFlowMember: 'false' },
});

describe('managed-organisation scope', () => {
  it('a district administrator lists only members of his district', async () => {
    const r = await app.call('GET', svc('PartyMemberService', 'PageList'), { token: district.token, query: { MaxResultCount: 1000 } });
    expect(r.status).toBe(200);
    expect(r.body.result.totalCount).toBeGreaterThan(0);
    const inside = await app.db.selectFrom('partyMembers').select('organPath').where('id', 'in', r.body.result.items.map((i: any) => i.id)).execute();
    for (const m of inside) expect(m.organPath.startsWith(district.organPath)).toBe(true);
    // identity cards and phones are masked in lists
    expect(r.body.result.items[0].idCard).toContain('*');
  });

  it('cannot read, change or delete a member of a sibling district (by id: 404, as if missing)', async () => {
    const other = await app.db.selectFrom('partyMembers').select(['id']).where('organPath', 'like', `${sibling.organPath}%`).where('isDeleted', '=', false).executeTakeFirstOrThrow();
    // by id, a member beyond the subtree answers exactly as a missing one (no existence oracle)
    const get = await app.call('GET', svc('PartyMemberService', 'Get'), { token: district.token, query: { id: other.id } });
    const missing = await app.call('GET', svc('PartyMemberService', 'Get'), { token: district.token, query: { id: 99999999 } });
    expect(get.status).toBe(404);
    expect(get.body).toEqual(missing.body);
    expect(get.body.error.message).toBe('党员不存在');
    const del = await app.call('DELETE', svc('PartyMemberService', 'Delete'), { token: district.token, query: { id: other.id } });
    expect(del.status).toBe(404);
    const list = await app.call('GET', svc('PartyMemberService', 'PageList'), { token: district.token, query: { OrganPath: sibling.organPath } });
    expect(list.status).toBe(403);
    // the sibling's own administrator can
    expect((await app.call('GET', svc('PartyMemberService', 'Get'), { token: sibling.token, query: { id: other.id } })).status).toBe(200);
  });

  it('cannot create a member or an organisation outside the subtree', async () => {
    const r = await app.call('POST', svc('PartyMemberService', 'Create'), { token: district.token, body: validProfile(sibling.organId, 1) });
    expect(r.status).toBe(403);
    const o = await app.call('POST', svc('OrganizationService', 'CreateAsync'), { token: district.token, body: { parentId: sibling.organId, organName: '越权组织' } });
    expect(o.status).toBe(403);
  });

  it('the organisation tree starts at the managed organisation', async () => {
    const r = await app.call('GET', svc('OrganizationService', 'GetListByParentIdAsync'), { token: district.token });
    expect(r.body.result).toHaveLength(1);
    expect(r.body.result[0]).toMatchObject({ id: district.organId, organPath: district.organPath, hasChild: true, children: null });
    for (const k of ['id', 'parentId', 'organName', 'organPath', 'hasChild', 'children']) expect(r.body.result[0]).toHaveProperty(k);
    const kids = await app.call('GET', svc('OrganizationService', 'GetListByParentIdAsync'), { token: district.token, query: { id: district.organId } });
    expect(kids.body.result.length).toBeGreaterThan(0);
    for (const k of kids.body.result) expect(k.parentId).toBe(district.organId);
  });
});

describe('member records', () => {
  it('creates, reads, updates and deletes a member with every profile group', async () => {
    const branch = (await app.db.selectFrom('organizations').select('id').where('organPath', 'like', `${district.organPath}%`).where('organLevel', '=', 5).executeTakeFirstOrThrow()).id;
    const created = await app.call('POST', svc('PartyMemberService', 'Create'), { token: district.token, body: validProfile(branch, 2) });
    expect(created.status).toBe(200);
    const id = created.body.result.id;
    expect(created.body.result.partyMember.isFlowMember).toBe(false); // coerced to boolean
    expect(app.sms.sent.get('19900000002')).toContain('初始密码');

    const got = await app.call('GET', svc('PartyMemberService', 'Get'), { token: district.token, query: { id } });
    // a district administrator sees the numbers masked (the full ones: Pages.PartyMember.ViewSensitive, members-admin.test.ts)
    expect(got.body.result).toMatchObject({ name: '测试党员2', organId: branch, phoneNumber: '199****0002', addition: { idCard: '110105********002X', sex: 2 }, partyMember: { joinPartyDate: '1975-07-01' } });

    const upd = await app.call('PUT', svc('PartyMemberService', 'UpdatePartyMemberInfo'), { token: district.token, body: { ...got.body.result, name: '测试党员二' } });
    expect(upd.status).toBe(200);
    expect(upd.body.result.name).toBe('测试党员二');

    const bonus = await app.call('PUT', svc('PartyMemberService', 'UpdateBonusPenalty'), { token: district.token, body: { memberId: id, type: 1, bonnusPenaltyName: '优秀共产党员', approvalDate: '2021-07-01' } });
    expect(bonus.status).toBe(200);
    const abroad = await app.call('PUT', svc('PartyMemberService', 'UpdateAbroad'), { token: district.token, body: { memberId: id, abroadCountry: '新加坡', abroadDate: '2019-05-01' } });
    expect(abroad.status).toBe(200);
    const full = await app.call('GET', svc('PartyMemberService', 'Get'), { token: district.token, query: { id } });
    expect(full.body.result.bonusPenalties).toHaveLength(1);
    expect(full.body.result.abroads).toHaveLength(1);
    expect((await app.call('DELETE', svc('PartyMemberService', 'DeleteBonusPenalty'), { token: district.token, query: { id: bonus.body.result.id } })).status).toBe(200);
    expect((await app.call('DELETE', svc('PartyMemberService', 'DeleteAbroad'), { token: district.token, query: { id: abroad.body.result.id } })).status).toBe(200);

    const search = await app.call('GET', svc('PartyMemberService', 'SearchPageList'), { token: district.token, query: { Name: '测试党员二', SkipCount: 0, MaxResultCount: 7 } });
    expect(search.body.result).toMatchObject({ totalCount: 1, items: [{ id, name: '测试党员二' }] });

    expect((await app.call('DELETE', svc('PartyMemberService', 'Delete'), { token: district.token, query: { id } })).status).toBe(200);
    expect((await app.call('GET', svc('PartyMemberService', 'Get'), { token: district.token, query: { id } })).status).toBe(404);
  });

  it('applies the member-form rules of core §5 with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '请输入姓名'],
      [{ organId: null }, '请选择党组织'],
      [{ phoneNumber: '' }, '请输入手机号'],
      [{ phoneNumber: '12345678901' }, '手机号格式错误'],
      [{ addition: { idCard: '' } }, '请输入身份证号'],
      [{ addition: { idCard: '1234' } }, '身份证号格式错误'],
    ];
    for (const [patch, message] of cases) {
      const body = { ...validProfile(district.organId, 3), ...patch };
      const r = await app.call('POST', svc('PartyMemberService', 'Create'), { token: district.token, body });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body.error.validationErrors.map((e: any) => e.message)).toContain(message);
    }
  });

  it('a member reads and edits his own profile but cannot move himself', async () => {
    const me = await app.call('GET', svc('PartyMemberService', 'GetCurrentPartyMemberInfo'), { token: tokens.member });
    expect(me.status).toBe(200);
    for (const k of ['name', 'organId', 'headImage', 'userName', 'phoneNumber', 'isJoinOneLineSituation', 'addition', 'partyMember']) expect(me.body.result).toHaveProperty(k);
    const moved = await app.call('PUT', svc('PartyMemberService', 'UpdatePartyMemberInfo'), {
      token: tokens.member,
      body: { ...me.body.result, organId: sibling.organId, addition: { ...me.body.result.addition, livePlace: '温江区光华大道' } },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.message).toBe('所在党组织不能自行修改，请通过组织关系转接办理');
    expect(moved.body.error.validationErrors).toEqual([{ message: '所在党组织不能自行修改，请通过组织关系转接办理', members: ['organId'] }]);
    const stored = await app.db.selectFrom('partyMembers').select(['organId', 'addition']).where('id', '=', me.body.result.id).executeTakeFirstOrThrow();
    expect(stored.organId).toBe(me.body.result.organId);
    expect((stored.addition as any).livePlace).not.toBe('温江区光华大道'); // nothing of a refused update is saved

    // his own details: the whole profile echoed back (flags as the form coerces them) with his changes
    const echoed = {
      ...me.body.result,
      headImage: '/file/avatar-test.png',
      addition: { ...me.body.result.addition, livePlace: '温江区光华大道', education: '20', otherContack: 'QQ 12345' },
      partyMember: { ...me.body.result.partyMember, isLostMember: !!me.body.result.partyMember.isLostMember, partyDutyIsInOffice: !!me.body.result.partyMember.partyDutyIsInOffice },
    };
    const upd = await app.call('PUT', svc('PartyMemberService', 'UpdatePartyMemberInfo'), { token: tokens.member, body: echoed });
    expect(upd.status, JSON.stringify(upd.body.error)).toBe(200);
    expect(upd.body.result).toMatchObject({ organId: me.body.result.organId, headImage: '/file/avatar-test.png', addition: { livePlace: '温江区光华大道', education: '20', otherContack: 'QQ 12345' } });
    expect(upd.body.result.partyMember).toEqual(me.body.result.partyMember);

    // the organisation's record left out of the update is kept, not wiped
    const { partyMember: _omitted, ...withoutGroup } = upd.body.result;
    const kept = await app.call('PUT', svc('PartyMemberService', 'UpdatePartyMemberInfo'), { token: tokens.member, body: { ...withoutGroup, addition: { ...upd.body.result.addition, idCard: undefined } } });
    expect(kept.status, JSON.stringify(kept.body.error)).toBe(200);
    expect(kept.body.result.partyMember).toEqual(me.body.result.partyMember);
    expect(kept.body.result.addition.idCard).toBe(me.body.result.addition.idCard);
    // another member's record is out of reach
    const other = await app.db.selectFrom('partyMembers').select('id').where('userId', '!=', me.body.result.userId).executeTakeFirstOrThrow();
    const r = await app.call('PUT', svc('PartyMemberService', 'UpdatePartyMemberInfo'), { token: tokens.member, body: { ...me.body.result, id: other.id } });
    expect(r.status).toBe(403);
  });

  it('a member cannot change any administrator-only field of his own record', async () => {
    const me = (await app.call('GET', svc('PartyMemberService', 'GetCurrentPartyMemberInfo'), { token: tokens.member })).body.result;
    const pm = me.partyMember;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ addition: { ...me.addition, idCard: '11010519491231002X' } }, '身份证号由党组织管理员维护，不能自行修改', 'addition.idCard'],
      [{ partyMember: { ...pm, partyMemeberType: pm.partyMemeberType === 2 ? 1 : 2 } }, '党员类型由党组织管理员维护，不能自行修改', 'partyMember.partyMemeberType'],
      [{ partyMember: { ...pm, partyDutyCode: pm.partyDutyCode === '01' ? '02' : '01' } }, '党内职务由党组织管理员维护，不能自行修改', 'partyMember.partyDutyCode'],
      [{ partyMember: { ...pm, joinPartyDate: '2001-07-01' } }, '入党日期由党组织管理员维护，不能自行修改', 'partyMember.joinPartyDate'],
      [{ partyMember: { ...pm, formalMemberDate: '2002-07-01' } }, '转正日期由党组织管理员维护，不能自行修改', 'partyMember.formalMemberDate'],
      [{ partyMember: { ...pm, isDifficult: !pm.isDifficult } }, '是否困难党员由党组织管理员维护，不能自行修改', 'partyMember.isDifficult'],
      [{ partyMember: { ...pm, joinIntroducers: ['张三', '李四'] } }, '入党介绍人由党组织管理员维护，不能自行修改', 'partyMember.joinIntroducers'],
    ];
    for (const [patch, message, member] of cases) {
      const r = await app.call('PUT', svc('PartyMemberService', 'UpdatePartyMemberInfo'), { token: tokens.member, body: { ...me, ...patch } });
      expect(r.status, member).toBe(400);
      expect(r.body.error.message, member).toBe(message);
      expect(r.body.error.validationErrors.map((e: any) => e.members[0]), member).toEqual([member]);
    }
    // clearing a value is a change too
    const cleared = await app.call('PUT', svc('PartyMemberService', 'UpdatePartyMemberInfo'), { token: tokens.member, body: { ...me, partyMember: { ...pm, joinPartyDate: null } } });
    expect(cleared.status).toBe(400);
    const after = (await app.call('GET', svc('PartyMemberService', 'GetCurrentPartyMemberInfo'), { token: tokens.member })).body.result;
    expect(after.partyMember).toEqual(pm);
    expect(after.addition.idCard).toBe(me.addition.idCard);
  });

  it('an administrator of the subtree still changes those fields, and moves the member inside it', async () => {
    const branches = await app.db.selectFrom('organizations').select('id').where('organPath', 'like', `${district.organPath}%`).where('organLevel', '=', 5).orderBy('id').limit(2).execute();
    const created = await app.call('POST', svc('PartyMemberService', 'Create'), { token: district.token, body: validProfile(branches[0]!.id, 7) });
    expect(created.status).toBe(200);
    const m = created.body.result;
    const upd = await app.call('PUT', svc('PartyMemberService', 'UpdatePartyMemberInfo'), {
      token: district.token,
      body: { ...m, organId: branches[1]!.id, addition: { ...m.addition, idCard: '110105194912310011', sex: 1, birthday: '1949-12-31' }, partyMember: { ...m.partyMember, partyMemeberType: 2, partyDutyCode: '01', joinPartyDate: '1976-07-01' } },
    });
    expect(upd.status, JSON.stringify(upd.body.error)).toBe(200);
    expect(upd.body.result).toMatchObject({ organId: branches[1]!.id, addition: { idCard: '110105********0011' }, partyMember: { partyMemeberType: 2, partyDutyCode: '01', joinPartyDate: '1976-07-01' } });
    expect((await app.db.selectFrom('partyMembers').select('idCard').where('id', '=', m.id).executeTakeFirstOrThrow()).idCard).toBe('110105194912310011');
    expect((await app.call('DELETE', svc('PartyMemberService', 'Delete'), { token: district.token, query: { id: m.id } })).status).toBe(200);
  });
});
