import { leafValues } from './base-codes';
import { makeIdCard } from './idcard';
import { chineseName } from './names';
import type { OrgSeed } from './organisations';
import type { Rng } from './prng';
import { insertChunked, isoDate, reserveIds, type Db } from './util';
import { memberAccountName } from '../../security/account-names';

/**
 * Party members with the three profile groups of core §3 filled from the code tables. The values
 * follow the member-profile schema of services/member-profile.ts (sex and partyMemeberType are
 * integers, code fields the code tables' string values, dates YYYY-MM-DD), so a seeded profile
 * can be read and saved back unchanged. Dates are computed against a fixed reference day so the
 * same province comes out on every start.
 */
const REF_YEAR = 2025;
const REF_MONTH = 6;

const EDUCATION = leafValues('education');
const TECH = leafValues('technicalLevel');
const STORAGE = leafValues('storageType');
const DIFFICULT = leafValues('difficultType');

const MOBILE_PREFIXES = ['138', '139', '136', '135', '137', '150', '151', '152', '158', '159', '182', '183', '187', '188', '130', '131', '132', '155', '156', '185', '186', '133', '153', '180', '181', '189', '177', '199', '173', '166'];

const POSTS_BY_KIND: Record<string, [string, string][]> = {
  // [post, socialClass]
  community: [['社区工作者', '09'], ['退休职工', '08'], ['个体工商户', '09'], ['企业职员', '022'], ['教师', '032'], ['医生', '032'], ['网格员', '09'], ['快递员', '023']],
  village: [['种植户', '06'], ['养殖户', '06'], ['村医', '032'], ['村民小组长', '06'], ['退休教师', '08'], ['合作社负责人', '06'], ['外出务工人员', '06']],
  organ: [['科员', '04'], ['主任科员', '04'], ['副科长', '04'], ['办公室主任', '04'], ['驾驶员', '033'], ['会计', '031']],
};

export class UniqueGen {
  private phones = new Set<string>();
  private ids = new Set<string>();
  constructor(private rng: Rng) {}

  reservePhone(p: string) {
    this.phones.add(p);
  }

  phone(): string {
    for (;;) {
      const p = this.rng.pick(MOBILE_PREFIXES) + this.rng.digits(8);
      // 1380000xxxx is kept for the named demo accounts
      if (p.startsWith('1380000') || this.phones.has(p)) continue;
      this.phones.add(p);
      return p;
    }
  }

  idCard(area6: string, birthday: string, sex: 1 | 2): string {
    for (;;) {
      let seq = this.rng.int(0, 999);
      if ((seq % 2 === 1) !== (sex === 1)) seq = seq === 999 ? 998 : seq + 1;
      const id = makeIdCard(area6, birthday, seq);
      if (this.ids.has(id)) continue;
      this.ids.add(id);
      return id;
    }
  }
}

export interface MemberSeed {
  name: string;
  sex: 1 | 2;
  phone: string;
  idCard: string;
  org: OrgSeed;
  partyDutyCode: string | null;
  partyMemberType: 1 | 2;
  isJoinOneLineSituation: boolean;
  addition: Record<string, unknown>;
  partyMember: Record<string, unknown>;
  /** seed-only: account fields */
  userName?: string;
  userType?: number;
  passwordHash?: string;
  phoneConfirmed?: boolean;
  ukeyPublicKey?: string | null;
}

const date = (rng: Rng, y: number) => isoDate(y, rng.int(1, 12), rng.int(1, 28));

export function makeMember(
  rng: Rng,
  uniq: UniqueGen,
  org: OrgSeed,
  opts: { name?: string; sex?: 1 | 2; phone?: string; partyDutyCode?: string | null; age?: number } = {},
): MemberSeed {
  const sex: 1 | 2 = opts.sex ?? (rng.chance(0.62) ? 1 : 2);
  const name = opts.name ?? chineseName(rng, sex);
  const age = opts.age ?? (org.kind === 'organ' || org.kind === 'organs' ? rng.int(24, 58) : rng.int(22, 82));
  const birthYear = REF_YEAR - age;
  const birthday = date(rng, birthYear);
  const area6 = org.area6.length === 6 ? org.area6 : '510100';
  const idCard = uniq.idCard(area6, birthday, sex);
  const phone = opts.phone ?? uniq.phone();
  const kind = org.kind === 'village' ? 'village' : org.kind === 'community' ? 'community' : 'organ';
  const [post, socialClass] = rng.pick(POSTS_BY_KIND[kind]);
  const retired = age >= 62;
  const currentSocialClass = retired ? '08' : socialClass;
  const education =
    kind === 'organ' ? rng.pick(['14', '20', '20', '20', '30']) : kind === 'village' ? rng.pick(['30', '41', '60', '70', '70', '80']) : rng.pick(EDUCATION);
  const nation = rng.weighted([['01', 92], ['07', 3], ['04', 2], ['33', 1], ['03', 1], ['15', 1]] as const);

  // party career: application at 20-35, activist a year later, development object a year after, joined, full member a year later
  const joinAge = Math.min(age - 1, rng.int(20, 38));
  let joinYear = birthYear + joinAge;
  // 预备党员: joined within the year before the reference day
  const probationary = age < 45 && rng.chance(0.08);
  if (probationary) joinYear = REF_YEAR - (rng.chance(0.5) ? 1 : 0);
  const joinMonth = !probationary ? rng.int(1, 12) : joinYear === REF_YEAR ? rng.int(1, REF_MONTH - 1) : rng.int(REF_MONTH + 1, 12);
  const joinPartyDate = isoDate(joinYear, joinMonth, rng.int(1, 28));
  const applicationDate = date(rng, joinYear - 2);
  const activeDate = date(rng, joinYear - 2 + (rng.chance(0.5) ? 0 : 1));
  const developMentDate = date(rng, joinYear - 1);
  const formalMemberDate = probationary ? null : isoDate(joinYear + 1, Number(joinPartyDate.slice(5, 7)), Number(joinPartyDate.slice(8, 10)));
  const oneLine = !retired && rng.chance(0.35);
  const oneLineSituation = oneLine ? (kind === 'village' ? '3' : kind === 'community' ? '4' : '2') : '0';
  const difficult = (retired || kind === 'village') && rng.chance(0.12);
  const flowing = !retired && kind !== 'organ' && rng.chance(0.04);
  const partyDutyCode = opts.partyDutyCode ?? null;
  const technicalLevel = kind === 'organ' ? rng.pick(['3', '4', '9']) : rng.pick(TECH);
  const district = org.district || '成都市';
  const city = org.city || '成都市';
  const livePlace = `四川省${city}${org.district}${rng.pick(['建设路', '人民路', '和平街', '幸福路', '文化路', '光明巷'])}${rng.int(1, 180)}号`;

  const addition = {
    sex,
    nation,
    mobilePhone: phone,
    otherContack: rng.chance(0.3) ? `${rng.pick(['028', '0816', '0838'])}-${rng.digits(7)}` : '',
    idCard,
    birthday,
    education,
    nativePlace: `四川${city.replace('市', '')}`,
    isTaiWanDomicile: false,
    livePlace,
    domicileAddress: rng.chance(0.8) ? livePlace : `四川省${city}${district}`,
    post: retired ? '退休人员' : post,
    technicalLevel,
    currentTechnicalLevle: technicalLevel,
    currentSocialClass,
    oneLineSituation,
    isMigrantWorker: kind === 'village' && !retired && rng.chance(0.2),
    technicalLevelDate: technicalLevel === '9' ? null : date(rng, Math.min(REF_YEAR - 1, birthYear + rng.int(26, 40))),
    adminDutyCode: kind === 'organ' ? rng.pick(['5', '6', '7', '7', '8']) : partyDutyCode ? '9' : '99',
    adminDutyDate: kind === 'organ' ? date(rng, REF_YEAR - rng.int(1, 8)) : null,
    adminDutyIsInOffice: kind === 'organ' || !!partyDutyCode,
    adminDutyOutDate: null,
    adminPTSituation: '',
    corElectedDate: partyDutyCode && kind !== 'organ' ? '2021-06-18' : null,
    corExpiryDate: partyDutyCode && kind !== 'organ' ? '2026-06-17' : null,
    corAbortDate: null,
    corAbortReason: '',
  };
  const partyMember = {
    joinPartyDate,
    partyMemeberType: probationary ? 2 : 1,
    formalMemberDate,
    isLostMember: false,
    lostDate: null,
    lostSituation: null,
    isFlowMember: flowing,
    archiveUnitName: kind === 'organ' ? `${org.shortName.replace(/党支部$/, '')}人事部门` : `${district}人才交流中心`,
    storageType: kind === 'organ' ? '4' : rng.pick(STORAGE),
    joinPartyType: rng.weighted([['1', 96], ['4', 2], ['5', 2]] as const),
    joinSocialClassType: rng.pick(['012', '022', '032', '04', '06', '072']),
    joinPost: rng.pick(['技术员', '教师', '职员', '学生', '农民', '工人']),
    joinOrgId: org.id,
    joinTechnicalLevel: rng.pick(['4', '5', '9']),
    joinIsMigrantWorker: false,
    applicationDate,
    developMentDate,
    activeDate,
    positiveSituation: probationary ? null : rng.chance(0.97) ? '1' : '2',
    joinEducation: education,
    joinOneLineSituation: rng.pick(['0', '1', '2', '3']),
    joinIntroducers: [chineseName(rng, 1), chineseName(rng, rng.chance(0.5) ? 1 : 2)],
    partyDutyCode,
    partyDutyDate: partyDutyCode ? date(rng, REF_YEAR - rng.int(1, 4)) : null,
    partyDutyIsInOffice: !!partyDutyCode,
    partyDutyOutDate: null,
    isDifficult: difficult,
    difficultType: difficult ? rng.pick(DIFFICULT) : null,
    isLowAllowance: difficult && rng.chance(0.4),
    isNoWorkOldMember: retired && kind === 'village',
    isPensionBenefits: retired,
    difficulInstruction: difficult ? rng.pick(['家庭主要劳动力患病，收入微薄', '年老体弱，独居生活', '子女就学负担较重', '房屋受灾，生活困难']) : '',
    healthSituation: age > 70 ? rng.pick(['2', '3', '4']) : rng.weighted([['1', 85], ['2', 12], ['4', 3]] as const),
    intergrity: '良好',
  };
  return {
    name,
    sex,
    phone,
    idCard,
    org,
    partyDutyCode,
    partyMemberType: probationary ? 2 : 1,
    isJoinOneLineSituation: oneLine,
    addition,
    partyMember,
  };
}

/**
 * Inserts users, party_members and the default-role user_roles for the given members (ids reserved
 * up front so every row is built in memory). Returns user ids and member ids in input order.
 */
export async function insertMembers(
  db: Db,
  members: MemberSeed[],
  defaultHash: string,
  memberRoleId: number,
): Promise<{ userIds: number[]; memberIds: number[] }> {
  const userIds = await reserveIds(db, 'users', members.length);
  const memberIds = await reserveIds(db, 'party_members', members.length);
  await insertChunked(
    db,
    'users',
    members.map((m, i) => ({
      id: userIds[i],
      // never the phone number: the account name is plain text (security/account-names.ts)
      userName: m.userName ?? memberAccountName(userIds[i]),
      name: m.name,
      passwordHash: m.passwordHash ?? defaultHash,
      phoneNumber: m.phone,
      phoneConfirmed: m.phoneConfirmed ?? true,
      organId: m.org.id,
      userType: m.userType ?? 0,
      ukeyPublicKey: m.ukeyPublicKey ?? null,
    })),
    500,
  );
  await insertChunked(
    db,
    'partyMembers',
    members.map((m, i) => ({
      id: memberIds[i],
      userId: userIds[i],
      organId: m.org.id,
      organPath: m.org.organPath,
      name: m.name,
      idCard: m.idCard,
      phoneNumber: m.phone,
      sex: m.sex,
      partyDutyCode: m.partyDutyCode,
      partyMemberType: m.partyMemberType,
      isJoinOneLineSituation: m.isJoinOneLineSituation,
      status: 1,
      // the number lives in its sealed column alone
      addition: (({ idCard: _idCard, ...rest }) => rest)(m.addition),
      partyMember: { ...m.partyMember, joinOrgId: m.org.id },
    })),
    300,
  );
  await insertChunked(
    db,
    'userRoles',
    members.map((m, i) => ({ userId: userIds[i], roleId: memberRoleId, organId: m.org.id })),
    1000,
  );
  return { userIds, memberIds };
}
