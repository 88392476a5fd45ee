/**
 * The demo seed ("Demo seed"): the province tree, members with valid identity numbers,
 * menus carrying every permission-guarded route group, roles, the named accounts, and the minimal
 * seed of SEED_DEMO=0. Checked in the database the harness seeded.
 */
import { createPublicKey, createPrivateKey, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness';
import { BUTTON_PERMISSIONS, P, ROUTE_PERMISSIONS } from '../../src/contract/permissions';
import { verifyPassword } from '../../src/server/security/passwords';
import { DEMO_ACCOUNTS, PRIVILEGED_ACCOUNTS } from '../../src/server/db/seed/accounts';
import { isValidIdCard } from '../../src/contract/validators';
import { seedDemo, seedMinimal } from '../../src/server/db/seed/seed-data';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const tsvPermissions = () =>
  readFileSync(new URL('../../docs/contract/admin-permission-routes.tsv', import.meta.url), 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t')[0].trim())
    .filter(Boolean);

async function orgs() {
  return app.db.selectFrom('organizations').select(['id', 'parentId', 'organName', 'shortName', 'organPath', 'organLevel', 'areaCode', 'longitude', 'latitude', 'secretaryName']).execute();
}

async function rolesOf(userName: string) {
  return app.db
    .selectFrom('userRoles as ur')
    .innerJoin('users as u', 'u.id', 'ur.userId')
    .innerJoin('roles as r', 'r.id', 'ur.roleId')
    .innerJoin('organizations as o', 'o.id', 'ur.organId')
    .select(['r.name as role', 'o.organName', 'o.id as organId', 'o.organPath'])
    .where('u.userName', '=', userName)
    .execute();
}

async function permissionNamesOf(roleName: string) {
  const rows = await app.db
    .selectFrom('roleMenus as rm')
    .innerJoin('roles as r', 'r.id', 'rm.roleId')
    .innerJoin('menus as m', 'm.id', 'rm.menuId')
    .select('m.permissionName')
    .where('r.name', '=', roleName)
    .execute();
  return new Set(rows.map((r) => r.permissionName).filter(Boolean));
}

describe('organisations', () => {
  it('has at least 200 organisations, five levels, depth equal to level', async () => {
    const all = await orgs();
    expect(all.length).toBeGreaterThanOrEqual(200);
    const depths = all.map((o) => o.organPath.split('/').filter(Boolean).length);
    expect(Math.max(...depths)).toBeGreaterThanOrEqual(4);
    for (const o of all) expect(o.organPath.split('/').filter(Boolean).length).toBe(o.organLevel);
    expect(new Set(all.map((o) => o.organLevel))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(all.filter((o) => o.parentId == null).map((o) => o.organName)).toEqual(['中共四川省委员会']);
  });

  it('keeps every organ path equal to the parent path plus its id', async () => {
    const all = await orgs();
    const byId = new Map(all.map((o) => [o.id, o]));
    for (const o of all) {
      const expected = o.parentId == null ? `/${o.id}/` : `${byId.get(o.parentId)!.organPath}${o.id}/`;
      expect(o.organPath, o.organName).toBe(expected);
    }
  });

  it('has 温江区 with area code 510115, a sibling 郫都区, and community, village and organ branches', async () => {
    const all = await orgs();
    const wenjiang = all.find((o) => o.organLevel === 3 && o.organName.includes('温江区'))!;
    expect(wenjiang.areaCode).toBe('510115');
    const pidu = all.find((o) => o.organLevel === 3 && o.organName.includes('郫都区'))!;
    expect(pidu.parentId).toBe(wenjiang.parentId);
    const branches = all.filter((o) => o.organLevel === 5);
    expect(branches.some((o) => o.organName.endsWith('社区党支部'))).toBe(true);
    expect(branches.some((o) => o.organName.endsWith('村党支部'))).toBe(true);
    expect(branches.some((o) => o.organName.endsWith('机关党支部'))).toBe(true);
    expect(branches.filter((o) => o.organPath.startsWith(wenjiang.organPath)).length).toBeGreaterThanOrEqual(10);
    // the party map needs a position and a secretary for every branch, inside Sichuan
    for (const b of branches) {
      expect(b.latitude!).toBeGreaterThan(26);
      expect(b.latitude!).toBeLessThan(34.5);
      expect(b.longitude!).toBeGreaterThan(97);
      expect(b.longitude!).toBeLessThan(108.6);
      expect(b.secretaryName).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
    }
  });
});

describe('members', () => {
  it('has at least 500 members, each with an account at its organisation and the default role', async () => {
    const members = await app.db
      .selectFrom('partyMembers as pm')
      .innerJoin('users as u', 'u.id', 'pm.userId')
      .innerJoin('organizations as o', 'o.id', 'pm.organId')
      .select(['pm.id', 'pm.name', 'pm.idCard', 'pm.phoneNumber', 'pm.sex', 'pm.organPath', 'o.organPath as orgPath', 'u.id as userId', 'u.userName', 'u.name as userRealName', 'u.organId as userOrganId', 'pm.organId', 'pm.addition', 'pm.partyMember'])
      .execute();
    expect(members.length).toBeGreaterThanOrEqual(500);
    const phones = new Set<string>();
    const ids = new Set<string>();
    for (const m of members) {
      expect(m.organPath).toBe(m.orgPath);
      expect(m.userOrganId).toBe(m.organId);
      expect(m.userRealName).toBe(m.name);
      expect(m.phoneNumber).toMatch(/^1[3-9]\d{9}$/);
      expect(isValidIdCard(m.idCard!), m.idCard!).toBe(true);
      // the 17th digit is odd for men
      expect(Number(m.idCard![16]) % 2 === 1 ? 1 : 2).toBe(m.sex);
      // the number lives in its sealed column alone (docs/SECURITY.md §19)
      expect((m.addition as any).idCard).toBeUndefined();
      expect((m.addition as any).birthday.replace(/-/g, '')).toBe(m.idCard!.slice(6, 14));
      expect([1, 2]).toContain((m.partyMember as any).partyMemeberType);
      phones.add(m.phoneNumber!);
      ids.add(m.idCard!);
    }
    expect(phones.size).toBe(members.length);
    expect(ids.size).toBe(members.length);
    // the bulk members' accounts are named after their ids, never by their phone numbers (docs/SECURITY.md §19)
    const generated = members.filter((m) => m.userName === `dy${m.userId}`);
    expect(members.filter((m) => /^1\d{10}$/.test(m.userName))).toEqual([]);
    expect(generated.length).toBeGreaterThanOrEqual(500);

    const withoutDefault = await app.db
      .selectFrom('users as u')
      .select('u.userName')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('userRoles as ur').innerJoin('roles as r', 'r.id', 'ur.roleId').select('ur.id').whereRef('ur.userId', '=', 'u.id').where('r.isDefault', '=', true))),
      )
      .execute();
    // the three privileged administrators (三员分立) are accounts of their own, not members
    expect(withoutDefault.map((u) => u.userName).sort()).toEqual(PRIVILEGED_ACCOUNTS.map((a) => a.userName).sort());
  });

  it('fills the profile groups with values of the code tables', async () => {
    const codes = await app.db.selectFrom('baseCodes').select(['typeName', 'value']).execute();
    const values = (t: string) => new Set(codes.filter((c) => c.typeName === t).map((c) => c.value));
    const members = await app.db.selectFrom('partyMembers').select(['addition', 'partyMember', 'partyDutyCode']).execute();
    const check: [group: 'addition' | 'partyMember', field: string, table: string][] = [
      ['addition', 'nation', 'nation'],
      ['addition', 'education', 'education'],
      ['addition', 'technicalLevel', 'technicalLevel'],
      ['addition', 'currentSocialClass', 'socialClass'],
      ['addition', 'oneLineSituation', 'oneLineSituation'],
      ['addition', 'adminDutyCode', 'adminDuty'],
      ['partyMember', 'storageType', 'storageType'],
      ['partyMember', 'joinPartyType', 'joinPartyType'],
      ['partyMember', 'healthSituation', 'healthSituation'],
      ['partyMember', 'difficultType', 'difficultType'],
    ];
    for (const m of members) {
      for (const [g, f, t] of check) {
        const v = (m[g] as any)[f];
        // an approved hardship application writes its list of 困难类型 (the markMemberDifficult effect)
        if (v != null) for (const x of Array.isArray(v) ? v : [v]) expect(values(t).has(x), `${f}=${x}`).toBe(true);
      }
      if (m.partyDutyCode) expect(values('partyDuty').has(m.partyDutyCode)).toBe(true);
    }
    expect(members.filter((m) => m.partyDutyCode === '1').length).toBeGreaterThanOrEqual(200);
  });
});

describe('code tables', () => {
  it('seeds the tables the spec names, version 1', async () => {
    const types = (await app.db.selectFrom('baseCodeTypes').select('name').execute()).map((t) => t.name);
    for (const t of ['EnumMessageType', 'PositionCategory', 'sex', 'nation', 'education', 'partyDuty', 'adminDuty', 'technicalLevel', 'socialClass', 'oneLineSituation', 'partyMemberType', 'joinPartyType', 'storageType', 'difficultType', 'healthSituation', 'organType', 'organLevel', 'unitType'])
      expect(types).toContain(t);
    expect(types.length).toBeGreaterThanOrEqual(20);
    const nation = await app.db.selectFrom('baseCodes').select(['label', 'value']).where('typeName', '=', 'nation').orderBy('sort').execute();
    expect(nation).toHaveLength(56);
    expect(nation[0]).toEqual({ label: '汉族', value: '01' });
    const sex = await app.db.selectFrom('baseCodes').select(['label', 'value']).where('typeName', '=', 'sex').orderBy('sort').execute();
    expect(sex).toEqual([{ label: '男', value: '1' }, { label: '女', value: '2' }]);
    const nested = await app.db.selectFrom('baseCodes').select(['value', 'parentValue']).where('typeName', '=', 'education').where('parentValue', 'is not', null).execute();
    expect(nested.length).toBeGreaterThan(0);
    const version = await app.db.selectFrom('settings').select('value').where('key', '=', 'baseCodeVersion').executeTakeFirst();
    expect(version?.value).toBe('1');
  });
});

describe('menus and roles', () => {
  it('carries every permission name of admin-permission-routes.tsv and the button permissions', async () => {
    const menus = await app.db.selectFrom('menus').selectAll().execute();
    const names = new Set(menus.map((m) => m.permissionName));
    const wanted = [...tsvPermissions(), ...ROUTE_PERMISSIONS, ...BUTTON_PERMISSIONS, ...Object.values(P)];
    expect(tsvPermissions().length).toBe(27);
    for (const p of wanted) expect(names.has(p), p).toBe(true);
    const byId = new Map(menus.map((m) => [m.id, m]));
    for (const m of menus) {
      expect([1, 2, 6]).toContain(m.type);
      if (m.type === 2) {
        expect(m.parentId).not.toBeNull();
        expect(m.permissionName).toBeTruthy();
      } else {
        expect(m.url.startsWith('/')).toBe(true);
        expect(m.tags).toMatch(/^[a-z][A-Za-z]+$/);
        expect(m.iconPath).toMatch(/^[A-Z][A-Za-z]+Outlined$/);
      }
      if (m.type === 6) expect(byId.get(m.parentId!)?.type).toBe(1);
    }
    const tags = menus.filter((m) => m.type !== 2).map((m) => m.tags);
    expect(new Set(tags).size).toBe(tags.length);
    for (const t of ['teachPlan', 'baseLibrary', 'teacherLibrary', 'resourceVideo', 'forum', 'announce', 'superSpirit', 'localDynamic', 'publicMessage', 'organization', 'partyMember', 'memberAudit', 'role', 'menu', 'baseCode', 'project', 'admin'])
      expect(tags).toContain(t);
    const tenant = await app.db.selectFrom('tenantMenus').select('menuId').execute();
    expect(tenant.length).toBe(menus.length);
  });

  it('gives each role its menus with their parents', async () => {
    const roles = await app.db.selectFrom('roles').selectAll().execute();
    expect(roles.filter((r) => r.isDefault).map((r) => r.name)).toEqual(['PartyMember']);
    const level = Object.fromEntries(roles.map((r) => [r.name, r.level]));
    expect(level).toMatchObject({ ProvinceAdmin: 1, CityAdmin: 2, DistrictAdmin: 3, BranchAdmin: 5 });
    expect(roles.find((r) => r.name === 'Teacher')!.userType).toBe(2);

    const links = await app.db.selectFrom('roleMenus as rm').innerJoin('menus as m', 'm.id', 'rm.menuId').select(['rm.roleId', 'm.id', 'm.parentId']).execute();
    const has = new Set(links.map((l) => `${l.roleId}:${l.id}`));
    for (const l of links) if (l.parentId != null) expect(has.has(`${l.roleId}:${l.parentId}`)).toBe(true);

    const member = await permissionNamesOf('PartyMember');
    expect([...member].sort()).toEqual(['Member.IBranch', 'Member.IPractice', 'Member.IStudy', 'Member.PartySpace']);
    const province = await permissionNamesOf('ProvinceAdmin');
    // 三员分立: role management is the 安全管理员's, the security log the 审计管理员's
    const notProvince: string[] = [P.Roles, P.SecurityLogs];
    for (const p of [...tsvPermissions(), ...BUTTON_PERMISSIONS, ...Object.values(P)]) expect(province.has(p), p).toBe(!notProvince.includes(p));
    expect(await permissionNamesOf('SecurityAdmin')).toContain(P.Roles);
    expect([...(await permissionNamesOf('AuditAdmin'))].filter((p) => p !== 'Pages.Administration').sort()).toEqual([P.AuditLogs, P.SecurityLogs].sort());
    expect([...province].some((p) => p?.startsWith('Member.'))).toBe(false);
    const city = await permissionNamesOf('CityAdmin');
    expect(city.has(P.PartyMember) && city.has(P.Users)).toBe(true);
    expect(city.has(P.Menus) || city.has(P.BaseCodes)).toBe(false);
    const branch = await permissionNamesOf('BranchAdmin');
    for (const p of ['Pages.BranchSpace', 'Pages.PartyMember', 'Pages.PartyMeetingsAdmin', 'Pages.PartyDues', 'Pages.Announce', 'Pages.PartyMember.AuditeList', 'Pages.BaseLibrary'])
      expect(branch.has(p), p).toBe(true);
    expect(branch.has('Pages.BaseLibrary.Delete')).toBe(false);
    expect(branch.has(P.OrganService)).toBe(false);
    const teacher = await permissionNamesOf('Teacher');
    for (const p of ['Pages.TeacherLibary', 'Pages.TeachPlan', 'Pages.TrainClass', 'Pages.Live']) expect(teacher.has(p), p).toBe(true);
    expect(teacher.has(P.PartyMember)).toBe(false);
  });
});

describe('demo accounts', () => {
  it('creates every named account with its member record, default role and administrator roles', async () => {
    for (const a of DEMO_ACCOUNTS) {
      const u = await app.db.selectFrom('users').selectAll().where('userName', '=', a.userName).executeTakeFirstOrThrow();
      expect(u.name).toBe(a.name);
      expect(u.userType).toBe(a.userType);
      expect(u.phoneNumber).toBe(a.phone);
      expect(await verifyPassword(u.passwordHash, DEMO_PASSWORD)).toBe(true);
      const pm = await app.db.selectFrom('partyMembers').selectAll().where('userId', '=', u.id).executeTakeFirstOrThrow();
      const own = await app.db.selectFrom('organizations').select(['organName', 'organPath']).where('id', '=', u.organId!).executeTakeFirstOrThrow();
      expect(own.organName).toBe(a.branch);
      expect(pm.organPath).toBe(own.organPath);
      const held = await rolesOf(a.userName);
      expect(held.map((h) => `${h.role}@${h.organName}`).sort()).toEqual([`PartyMember@${a.branch}`, ...a.roles.map(([r, o]) => `${r}@${o}`)].sort());
    }
    const byName = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.userName, a]));
    expect(byName.admin.roles.map(([r]) => r)).toEqual(['ProvinceAdmin', 'CityAdmin']);
    expect(byName.member.roles).toEqual([]);
    for (const n of ['teacher', 'cityadmin', 'districtadmin', 'district2admin', 'branchadmin']) expect(byName[n]).toBeTruthy();
    const confirmed = await app.db.selectFrom('users').select(['userName', 'phoneNumber', 'phoneConfirmed']).where('userName', 'in', ['admin', 'member']).orderBy('userName').execute();
    expect(confirmed).toEqual([
      { userName: 'admin', phoneNumber: '13800000001', phoneConfirmed: true },
      { userName: 'member', phoneNumber: '13800000002', phoneConfirmed: true },
    ]);
  });

  it('puts member and branchadmin in a 温江区 branch that districtadmin manages and district2admin does not', async () => {
    const [district] = (await rolesOf('districtadmin')).filter((r) => r.role === 'DistrictAdmin');
    const [sibling] = (await rolesOf('district2admin')).filter((r) => r.role === 'DistrictAdmin');
    const [branch] = (await rolesOf('branchadmin')).filter((r) => r.role === 'BranchAdmin');
    const [memberRole] = await rolesOf('member');
    expect(district.organName).toContain('温江区');
    expect(memberRole.organId).toBe(branch.organId);
    expect(memberRole.organPath.startsWith(district.organPath)).toBe(true);
    expect(memberRole.organPath.startsWith(sibling.organPath)).toBe(false);
    const [d, s] = await Promise.all(
      [district.organId, sibling.organId].map((id) => app.db.selectFrom('organizations').select('parentId').where('id', '=', id).executeTakeFirstOrThrow()),
    );
    expect(d.parentId).toBe(s.parentId);
  });

  it('registers an Ed25519 usb key for admin whose private half is kept for the demo', async () => {
    const u = await app.db.selectFrom('users').select('ukeyPublicKey').where('userName', '=', 'admin').executeTakeFirstOrThrow();
    const priv = await app.db.selectFrom('settings').select('value').where('key', '=', 'demoUkey:admin').executeTakeFirstOrThrow();
    expect(u.ukeyPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const data = Buffer.from('challenge');
    const signature = sign(null, data, createPrivateKey(priv.value));
    expect(verify(null, data, createPublicKey(u.ukeyPublicKey!), signature)).toBe(true);
  });

  it('leaves read and unread site messages for admin and member, typed from EnumMessageType', async () => {
    const types = new Set((await app.db.selectFrom('baseCodes').select('value').where('typeName', '=', 'EnumMessageType').execute()).map((c) => c.value));
    const rows = await app.db
      .selectFrom('siteMessageReceivers as r')
      .innerJoin('siteMessages as m', 'm.id', 'r.messageId')
      .innerJoin('users as u', 'u.id', 'r.userId')
      .select(['u.userName', 'r.source', 'r.isRead', 'm.messageType', 'm.organName'])
      .execute();
    expect(new Set(rows.map((r) => r.messageType)).size).toBeGreaterThan(3);
    for (const r of rows) {
      expect(types.has(r.messageType)).toBe(true);
      expect(r.organName).toBeTruthy();
    }
    const count = (u: string, source: number, isRead: boolean) => rows.filter((r) => r.userName === u && r.source === source && r.isRead === isRead).length;
    expect(count('member', 2, false)).toBeGreaterThan(0);
    expect(count('member', 2, true)).toBeGreaterThan(0);
    expect(count('admin', 1, false)).toBeGreaterThan(0);
    expect(count('admin', 1, true)).toBeGreaterThan(0);
    expect(count('admin', 2, false)).toBeGreaterThan(0);
  });

  it('fills the bookshelf: a dozen and more published resources in several classes, videos, audio and Chinese documents', async () => {
    const rows = await app.db.selectFrom('resources as r').innerJoin('files as f', 'f.id', 'r.fileId').select(['r.classId', 'r.resourceType', 'f.name']).where('r.isDeleted', '=', false).execute();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.classId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.resourceType))).toEqual(new Set([1, 3, 4]));
    // the documents are Chinese: their embedded font is a CJK one, their title Chinese (UTF-16BE in the PDF's info)
    for (const f of new Set(rows.filter((r) => r.resourceType === 4).map((r) => r.name))) {
      const pdf = readFileSync(new URL(`../../public/samples/${f}`, import.meta.url)).toString('latin1');
      expect(pdf).toMatch(/WenQuanYi|MicroHei/);
      expect(pdf).not.toMatch(/Party Member Study Handbook/);
    }
  });

  it('seeds units, leadership teams and projects with LyProduct first', async () => {
    const projects = await app.db.selectFrom('projects').select('code').orderBy('id').execute();
    expect(projects[0].code).toBe('LyProduct');
    const units = await app.db.selectFrom('units').select(['unitName', 'organPath', 'creditCode']).execute();
    expect(units.length).toBeGreaterThanOrEqual(2);
    for (const u of units) expect(u.creditCode).toMatch(/^[0-9A-HJ-NPQRTUWXY]{18}$/);
    const team = await app.db.selectFrom('organTeamMembers').select(['organId', 'dutyCode']).execute();
    expect(team.length).toBeGreaterThan(100);
  });
});

describe('seed functions', () => {
  // how long seeding takes is measured by the benchmarks, not asserted here (a loaded machine is no defect)
  it('produces the same province on a fresh database (deterministic)', async () => {
    const fresh = await startTestApp({ seed: false });
    try {
      const started = Date.now();
      const report = await seedDemo(fresh.ctx);
      const ms = Date.now() - started;
      console.log(`seedDemo: ${ms} ms`);
      expect(report.accounts.map((a) => a.userName)).toEqual([...DEMO_ACCOUNTS, ...PRIVILEGED_ACCOUNTS].map((a) => a.userName));
      for (const a of report.accounts) {
        expect(a.password).toBe(DEMO_PASSWORD);
        expect(a.description).toMatch(/[\u4e00-\u9fa5]/);
      }
      const pick = (db: TestApp['db']) => db.selectFrom('partyMembers').select(['id', 'name', 'idCard', 'organPath']).orderBy('id').execute();
      expect(await pick(fresh.db)).toEqual(await pick(app.db));
      const names = (db: TestApp['db']) => db.selectFrom('organizations').select(['id', 'organName', 'organPath']).orderBy('id').execute();
      expect(await names(fresh.db)).toEqual(await names(app.db));
    } finally {
      await fresh.close();
    }
  });

  it('seedMinimal makes one administrator with a generated password, the province root and the settings', async () => {
    const fresh = await startTestApp({ seed: false });
    try {
      const report = await seedMinimal(fresh.ctx);
      expect(report.accounts).toHaveLength(1);
      const { userName, password } = report.accounts[0];
      expect(userName).toBe('admin');
      expect(password).toHaveLength(16);
      expect(password).not.toBe(DEMO_PASSWORD);
      const users = await fresh.db.selectFrom('users').select(['userName', 'passwordHash']).execute();
      expect(users).toHaveLength(1);
      expect(await verifyPassword(users[0].passwordHash, password)).toBe(true);
      const org = await fresh.db.selectFrom('organizations').select(['id', 'organPath', 'organLevel']).execute();
      expect(org).toEqual([{ id: org[0].id, organPath: `/${org[0].id}/`, organLevel: 1 }]);
      const roles = await fresh.db.selectFrom('userRoles as ur').innerJoin('roles as r', 'r.id', 'ur.roleId').select('r.name').execute();
      expect(roles.map((r) => r.name).sort()).toEqual(['PartyMember', 'ProvinceAdmin']);
      expect(Number((await fresh.db.selectFrom('menus').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(50);
      expect(Number((await fresh.db.selectFrom('baseCodes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(100);
      expect(await fresh.db.selectFrom('partyMembers').select('id').execute()).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
