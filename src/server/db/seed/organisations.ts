import type { Rng } from './prng';
import { insertChunked, reserveIds, type Db } from './util';

/**
 * The demo province: 四川 with five cities, twenty districts, their streets and towns, and the
 * community, village and organ branches under them, plus the province organs (省直机关工委) where
 * the province administrator and the teacher work. organ_level 1 province … 5 branch, and the
 * depth of every organisation equals its level.
 */

interface StreetDef {
  name: string;
  /** explicit community and village names; otherwise drawn from the pools */
  units?: string[];
}
interface DistrictDef {
  name: string;
  code: string;
  lat: number;
  lng: number;
  streets: (string | StreetDef)[];
}
interface CityDef {
  name: string;
  code: string;
  phoneArea: string;
  lat: number;
  lng: number;
  address: string;
  districts: DistrictDef[];
}

export const CITIES: CityDef[] = [
  {
    name: '成都市', code: '510100', phoneArea: '028', lat: 30.5728, lng: 104.0668, address: '四川省成都市高新区锦城大道366号',
    districts: [
      { name: '锦江区', code: '510104', lat: 30.6574, lng: 104.083, streets: ['春熙路街道', '书院街街道', '牛市口街道'] },
      { name: '青羊区', code: '510105', lat: 30.674, lng: 104.0616, streets: ['草堂街道', '府南街道', '光华街道'] },
      { name: '金牛区', code: '510106', lat: 30.6913, lng: 104.0524, streets: ['荷花池街道', '驷马桥街道', '茶店子街道'] },
      { name: '武侯区', code: '510107', lat: 30.6423, lng: 104.0431, streets: ['浆洗街街道', '玉林街道', '簇桥街道'] },
      { name: '成华区', code: '510108', lat: 30.66, lng: 104.1014, streets: ['猛追湾街道', '双桥子街道', '府青路街道'] },
      { name: '龙泉驿区', code: '510112', lat: 30.5569, lng: 104.275, streets: ['龙泉街道', '大面街道', '洛带镇'] },
      { name: '新都区', code: '510114', lat: 30.8236, lng: 104.1588, streets: ['新都街道', '大丰街道', '斑竹园街道'] },
      {
        name: '温江区', code: '510115', lat: 30.6826, lng: 103.856,
        streets: [
          { name: '柳城街道', units: ['凤凰社区', '光华社区', '东大社区', '南街社区'] },
          { name: '公平街道', units: ['公平社区', '惠民社区', '兴隆社区'] },
          { name: '天府街道', units: ['天乡社区', '江安社区', '瑞泉社区'] },
          { name: '涌泉街道', units: ['涌泉社区', '友庆社区', '踏水社区'] },
          { name: '寿安镇', units: ['寿安社区', '岷江村', '白马村', '八角村'] },
        ],
      },
      { name: '双流区', code: '510116', lat: 30.5744, lng: 103.9237, streets: ['东升街道', '九江街道', '黄水镇'] },
      {
        name: '郫都区', code: '510117', lat: 30.7954, lng: 103.9016,
        streets: [
          { name: '郫筒街道', units: ['东街社区', '西街社区', '望丛社区'] },
          { name: '犀浦街道', units: ['犀浦社区', '天府社区', '兴业社区'] },
          { name: '团结街道', units: ['团结社区', '石羊村', '先锋村'] },
          { name: '安德街道', units: ['安德社区', '安龙村', '广福村'] },
        ],
      },
    ],
  },
  {
    name: '绵阳市', code: '510700', phoneArea: '0816', lat: 31.4675, lng: 104.6796, address: '四川省绵阳市涪城区安昌路17号',
    districts: [
      { name: '涪城区', code: '510703', lat: 31.4552, lng: 104.7567, streets: ['城厢街道', '工区街道', '石塘街道'] },
      { name: '游仙区', code: '510704', lat: 31.4733, lng: 104.7663, streets: ['富乐街道', '春天街道', '魏城镇'] },
      { name: '安州区', code: '510705', lat: 31.5345, lng: 104.5672, streets: ['花荄镇', '黄土镇', '桑枣镇'] },
    ],
  },
  {
    name: '德阳市', code: '510600', phoneArea: '0838', lat: 31.127, lng: 104.3979, address: '四川省德阳市旌阳区长江西路一段1号',
    districts: [
      { name: '旌阳区', code: '510603', lat: 31.1425, lng: 104.4168, streets: ['旌阳街道', '城南街道', '孝泉镇'] },
      { name: '罗江区', code: '510604', lat: 31.317, lng: 104.5101, streets: ['万安街道', '金山镇', '白马关镇'] },
    ],
  },
  {
    name: '宜宾市', code: '511500', phoneArea: '0831', lat: 28.7602, lng: 104.6432, address: '四川省宜宾市叙州区南岸东区长江大道东段',
    districts: [
      { name: '翠屏区', code: '511502', lat: 28.7657, lng: 104.62, streets: ['西郊街道', '南岸街道', '李庄镇'] },
      { name: '叙州区', code: '511504', lat: 28.696, lng: 104.533, streets: ['柏溪街道', '赵场街道', '观音镇'] },
    ],
  },
  {
    name: '南充市', code: '511300', phoneArea: '0817', lat: 30.8378, lng: 106.1106, address: '四川省南充市顺庆区北湖路1号',
    districts: [
      { name: '顺庆区', code: '511302', lat: 30.7966, lng: 106.0923, streets: ['中城街道', '北城街道', '舞凤街道'] },
      { name: '高坪区', code: '511303', lat: 30.7816, lng: 106.1188, streets: ['白塔街道', '清溪街道', '龙门街道'] },
      { name: '嘉陵区', code: '511304', lat: 30.7584, lng: 106.0719, streets: ['火花街道', '文峰街道', '李渡镇'] },
    ],
  },
];

const COMMUNITY_POOL = [
  '光明', '和平', '幸福', '花园', '长安', '锦绣', '新华', '永兴', '春晓', '桂花', '文庙', '书院', '玉石', '红旗', '建设',
  '团结', '兴隆', '太平', '清泉', '柳林', '金马', '学府', '百花', '南熏', '滨江', '福祥', '迎宾', '同心', '和谐', '民安',
];
const VILLAGE_POOL = [
  '石桥', '王家', '高桥', '新民', '红桥', '和盛', '三渡', '青龙', '金桥', '黄桥', '双堰', '联合', '互助', '永红', '大院',
  '土桥', '长乐', '马家', '李家', '东林', '友爱', '公议', '泉水', '梨花', '杏花', '柏林', '龙潭', '凤鸣', '复兴', '光荣',
];
const ROADS = ['人民路', '建设路', '光华大道', '文化路', '解放路', '胜利路', '中山路', '滨江路', '迎宾大道', '学府路', '新华路', '长安路'];

/** organType code values (code table organType) */
export const ORGAN_TYPE = { committee: '1', workCommittee: '2', organCommittee: '3', generalBranch: '4', branch: '5' } as const;

export interface OrgSeed {
  id: number;
  parentId: number | null;
  organName: string;
  shortName: string;
  organCode: string;
  organPath: string;
  organLevel: number;
  organType: string;
  areaCode: string | null;
  secretaryName: string | null;
  contactPhone: string;
  address: string;
  longitude: number;
  latitude: number;
  sort: number;
  /** seed-only facts (not columns) */
  city: string;
  district: string;
  /** six-digit administrative code used for the members' identity numbers */
  area6: string;
  kind: 'province' | 'city' | 'district' | 'street' | 'town' | 'community' | 'village' | 'organ' | 'organs';
  children: OrgSeed[];
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** Builds the province in memory; ids and paths are assigned by assignIds. */
export function buildProvince(rng: Rng, opts: { rootOnly?: boolean } = {}): OrgSeed[] {
  const all: OrgSeed[] = [];
  const phone = (area: string) => `${area}-${area === '028' ? '8' + rng.digits(7) : '2' + rng.digits(6)}`;
  const make = (parent: OrgSeed | null, o: Partial<OrgSeed> & Pick<OrgSeed, 'organName' | 'shortName' | 'organLevel' | 'organType' | 'kind'>): OrgSeed => {
    const org: OrgSeed = {
      id: 0,
      parentId: null,
      organCode: '',
      organPath: '',
      areaCode: null,
      secretaryName: null,
      contactPhone: '',
      address: '',
      longitude: 0,
      latitude: 0,
      sort: parent ? parent.children.length + 1 : 1,
      city: parent?.city ?? '',
      district: parent?.district ?? '',
      area6: parent?.area6 ?? '510000',
      children: [],
      ...o,
    };
    org.organCode = (parent ? parent.organCode + '.' : '') + String(org.sort).padStart(5, '0');
    if (parent) parent.children.push(org);
    all.push(org);
    return org;
  };

  const root = make(null, {
    organName: '中共四川省委员会', shortName: '四川省委', organLevel: 1, organType: ORGAN_TYPE.committee, kind: 'province',
    areaCode: '510000', area6: '510100', secretaryName: '陈志刚', contactPhone: '028-86601234',
    address: '四川省成都市青羊区商业街', latitude: 30.6709, longitude: 104.0603,
  });
  if (opts.rootOnly) return all;

  // 省直机关: where the province administrator and the party-school teachers belong
  const organs = make(root, {
    organName: '中共四川省直属机关工作委员会', shortName: '省直机关工委', organLevel: 2, organType: ORGAN_TYPE.workCommittee, kind: 'organs',
    areaCode: '510000', area6: '510105', city: '成都市', district: '青羊区', secretaryName: '周永华', contactPhone: '028-86602288',
    address: '四川省成都市青羊区东城根街', latitude: 30.6682, longitude: 104.0586,
  });
  const organBranches: [string, string, number, number, string, string[]][] = [
    ['中共四川省委组织部机关委员会', '省委组织部机关党委', 30.6695, 104.0574, '四川省成都市青羊区小南街', ['组织一处', '干部教育处', '信息中心']],
    ['中共四川省委党校机关委员会', '省委党校机关党委', 30.6631, 104.0089, '四川省成都市青羊区光华村街', ['党建教研部', '党史教研部']],
  ];
  for (const [name, short, lat, lng, address, branches] of organBranches) {
    const prefix = short.replace('机关党委', '');
    const committee = make(organs, {
      organName: name, shortName: short, organLevel: 3, organType: ORGAN_TYPE.organCommittee, kind: 'organs',
      areaCode: '510105', secretaryName: null, contactPhone: phone('028'), address, latitude: lat, longitude: lng,
    });
    const general = make(committee, {
      organName: `${prefix}${prefix.endsWith('党校') ? '教研部' : '机关第一'}党总支`, shortName: `${prefix}${prefix.endsWith('党校') ? '教研部' : '机关第一'}党总支`,
      organLevel: 4, organType: ORGAN_TYPE.generalBranch, kind: 'organs', areaCode: '510105', contactPhone: phone('028'), address,
      latitude: lat, longitude: lng,
    });
    for (const b of branches) {
      make(general, {
        organName: `${prefix}${b}党支部`, shortName: `${b}党支部`, organLevel: 5, organType: ORGAN_TYPE.branch, kind: 'organ',
        contactPhone: phone('028'), address, latitude: round6(lat + (rng.next() - 0.5) * 0.002), longitude: round6(lng + (rng.next() - 0.5) * 0.002),
      });
    }
  }

  for (const c of CITIES) {
    const city = make(root, {
      organName: `中共${c.name}委员会`, shortName: `${c.name}委`, organLevel: 2, organType: ORGAN_TYPE.committee, kind: 'city',
      areaCode: c.code, area6: c.code, city: c.name, contactPhone: phone(c.phoneArea), address: c.address, latitude: c.lat, longitude: c.lng,
    });
    for (const d of c.districts) {
      const district = make(city, {
        organName: `中共${c.name}${d.name}委员会`, shortName: `${d.name}委`, organLevel: 3, organType: ORGAN_TYPE.committee, kind: 'district',
        areaCode: d.code, area6: d.code, district: d.name, contactPhone: phone(c.phoneArea),
        address: `四川省${c.name}${d.name}${rng.pick(ROADS)}${rng.int(1, 300)}号`, latitude: d.lat, longitude: d.lng,
      });
      d.streets.forEach((sd, si) => {
        const s: StreetDef = typeof sd === 'string' ? { name: sd } : sd;
        const isTown = s.name.endsWith('镇');
        const sLat = round6(d.lat + (rng.next() - 0.5) * 0.06);
        const sLng = round6(d.lng + (rng.next() - 0.5) * 0.06);
        const street = make(district, {
          organName: isTown ? `中共${d.name}${s.name}委员会` : `中共${d.name}${s.name}工作委员会`,
          shortName: isTown ? `${s.name}党委` : `${s.name}党工委`,
          organLevel: 4, organType: isTown ? ORGAN_TYPE.committee : ORGAN_TYPE.workCommittee, kind: isTown ? 'town' : 'street',
          areaCode: `${d.code}${String(si + 1).padStart(3, '0')}`, contactPhone: phone(c.phoneArea),
          address: `四川省${c.name}${d.name}${s.name}${rng.pick(ROADS)}${rng.int(1, 200)}号`, latitude: sLat, longitude: sLng,
        });
        let units = s.units;
        if (!units) {
          units = isTown
            ? [rng.pick(COMMUNITY_POOL) + '社区', ...rng.sample(VILLAGE_POOL, 2).map((v) => v + '村')]
            : rng.sample(COMMUNITY_POOL, 3).map((v) => v + '社区');
        }
        const branchNames = [...units, '机关'];
        branchNames.forEach((u, ui) => {
          const organ = u === '机关';
          const village = u.endsWith('村');
          make(street, {
            organName: `${s.name}${u}党支部`, shortName: `${u}党支部`, organLevel: 5, organType: ORGAN_TYPE.branch,
            kind: organ ? 'organ' : village ? 'village' : 'community',
            areaCode: organ ? null : `${street.areaCode}${String(ui + 1).padStart(3, '0')}`,
            contactPhone: rng.chance(0.5) ? phone(c.phoneArea) : '',
            address: organ ? street.address : `四川省${c.name}${d.name}${s.name}${u}党群服务中心`,
            latitude: round6(sLat + (rng.next() - 0.5) * 0.02), longitude: round6(sLng + (rng.next() - 0.5) * 0.02),
          });
        });
        // every branch should have a contact phone for the party map; fill the skipped ones with the street's
        for (const b of street.children) if (!b.contactPhone) b.contactPhone = street.contactPhone;
      });
    }
  }
  return all;
}

/** Assigns reserved ids level by level (parents get smaller ids) and computes organ paths. */
export async function assignIds(db: Db, orgs: OrgSeed[]): Promise<void> {
  const ordered = [...orgs].sort((a, b) => a.organLevel - b.organLevel);
  const ids = await reserveIds(db, 'organizations', ordered.length);
  ordered.forEach((o, i) => (o.id = ids[i]));
  const walk = (o: OrgSeed, parent: OrgSeed | null) => {
    o.parentId = parent?.id ?? null;
    o.organPath = `${parent?.organPath ?? '/'}${o.id}/`;
    o.children.forEach((c) => walk(c, o));
  };
  for (const o of orgs) if (o.organLevel === 1 && !o.parentId) walk(o, null);
}

export async function insertOrganisations(db: Db, orgs: OrgSeed[]): Promise<void> {
  const ordered = [...orgs].sort((a, b) => a.organLevel - b.organLevel || a.id - b.id);
  await insertChunked(
    db,
    'organizations',
    ordered.map((o) => ({
      id: o.id,
      parentId: o.parentId,
      organName: o.organName,
      shortName: o.shortName,
      organCode: o.organCode,
      organPath: o.organPath,
      organLevel: o.organLevel,
      organType: o.organType,
      areaCode: o.areaCode,
      secretaryName: o.secretaryName,
      contactPhone: o.contactPhone || null,
      address: o.address,
      longitude: o.longitude,
      latitude: o.latitude,
      sort: o.sort,
      extra: { city: o.city || null, district: o.district || null, kind: o.kind },
    })),
  );
}
