import { calendarDay } from '../../../contract/platform-time';
import { generateKeyPairSync, randomInt } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../context';
import { hashPassword } from '../../security/passwords';
import type { SeedReport } from '.';
import { CODE_TABLES, seedBaseCodes } from './base-codes';
import { DEMO_ACCOUNTS, PRIVILEGED_ACCOUNTS, WENJIANG_BRANCH, WENJIANG_DISTRICT } from './accounts';
import { insertTeamMembers, seedProjects, seedUnits, type TeamMemberSeed } from './extras';
import { insertMembers, makeMember, UniqueGen, type MemberSeed } from './members';
import { seedMessages } from './messages';
import { seedContent } from './content';
import { seedDifficulty } from './demo-difficulty';
import { seedPartySpace } from './demo-party-space';
import { seedStudy } from './study';
import { FileStorage } from '../../files/storage';
import { seedLiveRooms } from './demo-live';
import { seedVolunteer } from './demo-volunteer';
import { seedMeetings } from './demo-meetings';
import { seedExamBank, seedExamPapers } from './demo-exam';
import { seedSpecialTopic } from './demo-special';
import { seedRotation, seedTraining } from './demo-training';
import { seedVillageOfficials } from './demo-village-official';
import { seedDevelopment } from './demo-development';
import { seedPractice } from './demo-practice';
import { seedInfo } from './demo-info';
import { seedPartyDues } from './demo-party-dues';
import { seedBigScreen } from './demo-big-screen';
import { seedScreenStudy } from './demo-screen-study';
import { seedMenus } from './menus';
import { chineseName, chineseNameAnySex } from './names';
import { assignIds, buildProvince, insertOrganisations, type OrgSeed } from './organisations';
import { Rng } from './prng';
import { seedRoles } from './roles';
import { insertChunked, type Db } from './util';

/** Fixed seed: the same demo province on every start. */
const DEMO_SEED = 20210701;
export const DEMO_UKEY_SETTING = 'demoUkey:admin';

const DUTY_NAMES: Record<string, string> = { '1': '书记', '2': '副书记', '3': '组织委员', '4': '宣传委员', '5': '纪检委员' };

interface Seeded {
  orgs: number;
  members: number;
  users: number;
  menus: number;
  roles: number;
  codeTables: number;
  codes: number;
}

async function seedStructure(trx: Db) {
  const codes = await seedBaseCodes(trx);
  const menus = await seedMenus(trx);
  const roles = await seedRoles(trx, menus);
  await seedProjects(trx);
  return { codes, menus, roles };
}

async function bindRoles(trx: Db, roles: Record<string, number>, binds: { userId: number; role: string; organ: OrgSeed | undefined }[]) {
  const rows = binds.map((b) => {
    if (!b.organ) throw new Error(`演示数据缺少 ${b.role} 的管理组织`);
    return { userId: b.userId, roleId: roles[b.role], organId: b.organ.id };
  });
  await insertChunked(trx, 'userRoles', rows);
}

/** The demo province: code tables, menus, roles, ~350 organisations, ~650 members and the named accounts. */
export async function seedDemo(ctx: AppContext): Promise<SeedReport> {
  const started = Date.now();
  const password = ctx.config.demoPassword;
  // One shared hash for the generated members; the named accounts get their own. argon2 runs in the
  // thread pool, so the hashes are computed while the code tables, menus and roles go in.
  const hashing = Promise.all([hashPassword(password), ...DEMO_ACCOUNTS.map(() => hashPassword(password))]);
  hashing.catch(() => {});
  const ukey = generateKeyPairSync('ed25519');
  const ukeyPublic = ukey.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const ukeyPrivate = ukey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  let counts!: Seeded;
  await ctx.db.transaction().execute(async (trx) => {
    const { codes, menus, roles } = await seedStructure(trx);
    const rng = new Rng(DEMO_SEED);
    const orgs = buildProvince(rng);
    await assignIds(trx, orgs);
    const byName = new Map(orgs.map((o) => [o.organName, o]));
    const [sharedHash, ...accountHashes] = await hashing;
    const uniq = new UniqueGen(rng);
    for (const a of DEMO_ACCOUNTS) uniq.reservePhone(a.phone);

    // the named accounts first, so their member ids are small and stable
    const members: MemberSeed[] = DEMO_ACCOUNTS.map((a, i) => {
      const org = byName.get(a.branch);
      if (!org) throw new Error(`演示数据缺少党组织 ${a.branch}`);
      return {
        ...makeMember(rng, uniq, org, { name: a.name, sex: a.sex, phone: a.phone, age: 30 + i * 3 }),
        userName: a.userName,
        userType: a.userType,
        passwordHash: accountHashes[i],
        phoneConfirmed: true,
        ukeyPublicKey: a.userName === 'admin' ? ukeyPublic : null,
      };
    });

    // every branch: a secretary, often an organisation committee member, and one to three more members
    const team: TeamMemberSeed[] = [];
    for (const b of orgs.filter((o) => o.organLevel === 5)) {
      const secretaryIndex = members.length;
      const secretary = makeMember(rng, uniq, b, { partyDutyCode: '1', age: rng.int(35, 60) });
      members.push(secretary);
      b.secretaryName = secretary.name;
      team.push({ organ: b, name: secretary.name, dutyCode: '1', dutyName: '书记', startDate: '2021-06-18', memberIndex: secretaryIndex });
      if (rng.chance(0.6)) {
        const duty = rng.pick(['3', '4', '5']);
        team.push({ organ: b, name: '', dutyCode: duty, dutyName: DUTY_NAMES[duty], startDate: '2021-06-18', memberIndex: members.length });
        members.push(makeMember(rng, uniq, b, { partyDutyCode: duty }));
        team[team.length - 1].name = members[members.length - 1].name;
      }
      if (rng.chance(0.7)) members.push(makeMember(rng, uniq, b));
      if (b.kind !== 'organ' && rng.chance(0.25)) members.push(makeMember(rng, uniq, b));
    }
    // leadership teams (班子成员) of the committees above the branches, not themselves seeded as members
    for (const o of orgs.filter((x) => x.organLevel >= 2 && x.organLevel <= 4)) {
      const duties = o.organLevel === 4 ? ['1', '2', '3', '4'] : ['1', '2', '3'];
      const year = o.organLevel === 4 ? 2021 : 2022;
      for (const d of duties) {
        const name = d === '1' && o.secretaryName ? o.secretaryName : chineseName(rng, rng.chance(0.7) ? 1 : 2);
        if (d === '1') o.secretaryName = name;
        team.push({ organ: o, name, dutyCode: d, dutyName: DUTY_NAMES[d], startDate: `${year}-0${rng.int(1, 9)}-${rng.int(10, 28)}` });
      }
    }
    const root = orgs[0];
    team.unshift({ organ: root, name: root.secretaryName ?? chineseNameAnySex(rng), dutyCode: '1', dutyName: '书记', startDate: '2022-04-28' });

    await insertOrganisations(trx, orgs);
    const { userIds, memberIds } = await insertMembers(trx, members, sharedHash, roles.PartyMember);
    await bindRoles(
      trx,
      roles,
      DEMO_ACCOUNTS.flatMap((a, i) => a.roles.map(([role, organName]) => ({ userId: userIds[i], role, organ: byName.get(organName) }))),
    );
    await insertTeamMembers(trx, team, memberIds, userIds);
    await seedUnits(trx, rng, byName);
    const userIdByName = new Map(DEMO_ACCOUNTS.map((a, i) => [a.userName, userIds[i]]));
    await seedMessages(trx, ctx.now(), userIdByName, new Map(orgs.map((o) => [o.organName, o.id])), ctx.config.platformTz);
    await seedContent(trx, byName, userIdByName, orgs, calendarDay(ctx.now(), ctx.config.platformTz));
    await seedDifficulty(trx, { orgs, members, userIds, userIdByName, now: ctx.now() });
    await seedPartySpace(trx, { orgs, members, userIds, userIdByName, now: ctx.now() });
    await seedStudy(trx, FileStorage.for(ctx.config), orgs[0]);
    await seedVolunteer(trx, { orgs, members, userIds, now: ctx.now(), timeZone: ctx.config.platformTz });
    await seedMeetings(trx, { orgs, members, userIds, memberUserId: userIdByName.get('member') ?? null, branchAdminUserId: userIdByName.get('branchadmin') ?? null, now: ctx.now(), timeZone: ctx.config.platformTz });
    const bankId = await seedExamBank(trx, orgs[0], userIdByName.get('admin') ?? null);
    const demoBranch = orgs.find((o) => o.organName === WENJIANG_BRANCH);
    const specialId = await seedSpecialTopic(trx, orgs[0], userIdByName.get('admin') ?? null);
    if (demoBranch) await seedExamPapers(trx, { bankId, province: orgs[0], branch: demoBranch, creatorUserId: userIdByName.get('admin') ?? null, now: ctx.now(), specialId });
    const wenjiang = orgs.find((o) => o.organName === WENJIANG_DISTRICT);
    if (wenjiang && demoBranch) {
      // the demo member first, then the branch's other members with accounts
      const branchMembers = members.flatMap((m, i) => (m.org.id === demoBranch.id && userIds[i] ? [{ userId: userIds[i], name: m.name }] : []));
      const memberId = userIdByName.get('member');
      const students = [...branchMembers.filter((m) => m.userId === memberId), ...branchMembers.filter((m) => m.userId !== memberId)];
      await seedTraining(trx, { district: wenjiang, branch: demoBranch, students, organiserUserId: userIdByName.get('districtadmin') ?? null, now: ctx.now(), timeZone: ctx.config.platformTz });
      const pidu = orgs.find((o) => o.organName === '中共成都市郫都区委员会');
      const batches = [{ organ: wenjiang, name: '第一批（温江区）', address: '温江区委党校' }, ...(pidu ? [{ organ: pidu, name: '第二批（郫都区）', address: '郫都区委党校' }] : [])];
      await seedRotation(trx, { province: orgs[0], batches, creatorUserId: userIdByName.get('admin') ?? null, now: ctx.now(), timeZone: ctx.config.platformTz });
    }
    await seedVillageOfficials(trx, { orgs, members, userIds, userIdByName, now: ctx.now(), timeZone: ctx.config.platformTz });
    await seedDevelopment(trx, { orgs, branchAdmin: userIdByName.get('branchadmin') ?? null, now: ctx.now(), timeZone: ctx.config.platformTz });
    await seedPractice(trx, { orgs, members, userIds, userIdByName, now: ctx.now(), timeZone: ctx.config.platformTz });
    await seedInfo(trx, { orgs, userIdByName, now: ctx.now(), timeZone: ctx.config.platformTz });
    await seedPartyDues(trx, { orgs, userIdByName, now: ctx.now(), timeZone: ctx.config.platformTz });
    await seedLiveRooms(trx, { orgs, members, userIds, now: ctx.now(), timeZone: ctx.config.platformTz, ownerUserId: userIdByName.get('districtadmin') ?? null, auditorUserId: userIdByName.get('cityadmin') ?? null });
    await seedBigScreen(trx, { orgs, userIdByName, now: ctx.now() });
    await seedScreenStudy(trx, { orgs, members, userIds, now: ctx.now(), timeZone: ctx.config.platformTz });
    // 三员分立: the three privileged administrators, accounts of their own at the province
    for (const a of PRIVILEGED_ACCOUNTS) {
      const u = await trx
        .insertInto('users')
        .values({ userName: a.userName, name: a.name, passwordHash: sharedHash, organId: orgs[0].id, userType: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('userRoles').values({ userId: u.id, roleId: roles[a.role], organId: orgs[0].id }).execute();
    }
    // demo only: the software usb key's private half, so the demo key can be served
    await trx.insertInto('settings').values({ key: DEMO_UKEY_SETTING, value: ukeyPrivate }).execute();

    counts = {
      orgs: orgs.length,
      members: members.length,
      users: members.length,
      menus: menus.length,
      roles: Object.keys(roles).length,
      codeTables: codes.types,
      codes: codes.codes,
    };
  });

  const notes: string[] = [];
  const pem = writeDemoUkey(ctx, ukeyPrivate);
  notes.push(pem ? `admin 的演示 USB Key 私钥：${pem}` : `admin 的演示 USB Key 私钥保存在 settings 表 ${DEMO_UKEY_SETTING}（仅演示用）`);
  notes.push(
    `演示数据：${counts.orgs} 个党组织，${counts.members} 名党员（均有账号，用手机号登录，密码同上），` +
      `${counts.menus} 个菜单，${counts.roles} 个角色，${counts.codeTables} 个代码表（${counts.codes} 项）；用时 ${Date.now() - started} ms`,
  );
  return {
    accounts: [...DEMO_ACCOUNTS, ...PRIVILEGED_ACCOUNTS].map((a) => ({ userName: a.userName, password, description: a.description })),
    notes,
  };
}

function writeDemoUkey(ctx: AppContext, privatePem: string): string | null {
  if (!ctx.config.dataDir) return null;
  const dir = join(ctx.config.dataDir, 'demo-ukey');
  const file = join(dir, 'admin.pem');
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, privatePem, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** A password with every character class, drawn from the system CSPRNG. */
export function randomPassword(length = 16): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@#%&*+=?'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]);
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** SEED_DEMO=0: code tables, menus, roles, the province root and one administrator with a generated password. */
export async function seedMinimal(ctx: AppContext): Promise<SeedReport> {
  const password = randomPassword();
  const hash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const { roles } = await seedStructure(trx);
    const rng = new Rng(DEMO_SEED);
    const orgs = buildProvince(rng, { rootOnly: true });
    await assignIds(trx, orgs);
    await insertOrganisations(trx, orgs);
    const root = orgs[0];
    const admin: MemberSeed = {
      ...makeMember(rng, new UniqueGen(rng), root, { name: '系统管理员', sex: 1, phone: '13800000001', age: 40 }),
      userName: 'admin',
      userType: 1,
      passwordHash: hash,
      phoneConfirmed: false,
    };
    const { userIds } = await insertMembers(trx, [admin], hash, roles.PartyMember);
    await bindRoles(trx, roles, [{ userId: userIds[0], role: 'ProvinceAdmin', organ: root }]);
  });
  return {
    accounts: [{ userName: 'admin', password, description: '省级管理员（兼党员）：密码随机生成，仅显示这一次，请登录后修改' }],
    notes: [`已初始化 ${CODE_TABLES.length} 个代码表、菜单、角色与省级党组织（未生成演示数据）`],
  };
}
