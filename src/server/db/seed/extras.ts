import { makeCreditCode } from './idcard';
import type { OrgSeed } from './organisations';
import type { Rng } from './prng';
import { insertChunked, json, type Db } from './util';

/** Projects of the file server; LyProduct is the spec's default upload project. */
export const PROJECTS = [
  { code: 'LyProduct', name: '党建学习平台', description: '默认上传项目：图片、文件、音视频资源' },
  { code: 'BigScreen', name: '大屏信息展示', description: '大屏版本、宣传视频与新闻资讯' },
  { code: 'Education', name: '教育培训资源', description: '教学计划、培训班与专题学习资料' },
];

export async function seedProjects(db: Db): Promise<number> {
  await db.insertInto('projects').values(PROJECTS).execute();
  return PROJECTS.length;
}

export async function seedUnits(db: Db, rng: Rng, byName: Map<string, OrgSeed>): Promise<number> {
  const units: [organName: string, unitName: string, unitType: string, kind: string, address: string, extra: Record<string, unknown>][] = [
    ['中共四川省委组织部机关委员会', '中共四川省委组织部', '11', '11', '四川省成都市青羊区小南街', { legalPerson: '周永华', staffCount: 260 }],
    ['中共温江区柳城街道工作委员会', '成都市温江区人民政府柳城街道办事处', '41', '11', '四川省成都市温江区柳城街道光华大道88号', { legalPerson: '何春梅', staffCount: 85 }],
    ['柳城街道凤凰社区党支部', '成都市温江区柳城街道凤凰社区居民委员会', '51', '51', '四川省成都市温江区柳城街道凤凰社区党群服务中心', { households: 4260, population: 11800 }],
    ['中共成都市温江区委员会', '成都市温江区人民医院', '12', '12', '四川省成都市温江区康泰路86号', { legalPerson: '罗志勇', staffCount: 1350 }],
    ['犀浦街道兴业社区党支部', '成都郫都区兴业智能制造有限公司', '22', '91', '四川省成都市郫都区犀浦街道兴业路16号', { legalPerson: '邓建华', staffCount: 210 }],
    ['寿安镇岷江村党支部', '成都市温江区寿安镇岷江村村民委员会', '52', '54', '四川省成都市温江区寿安镇岷江村', { households: 920, population: 3100 }],
  ];
  const rows = units
    .filter(([o]) => byName.has(o))
    .map(([organName, unitName, unitType, kind, address, extra]) => {
      const o = byName.get(organName)!;
      return {
        organId: o.id,
        organPath: o.organPath,
        unitName,
        unitType,
        creditCode: makeCreditCode(kind, o.area6, rng.digits(9)),
        address,
        extra: json(extra),
      };
    });
  if (rows.length) await db.insertInto('units').values(rows).execute();
  return rows.length;
}

export interface TeamMemberSeed {
  organ: OrgSeed;
  name: string;
  dutyCode: string;
  dutyName: string;
  startDate: string;
  memberIndex?: number;
}

export async function insertTeamMembers(db: Db, team: TeamMemberSeed[], memberIds: number[], userIds: number[]): Promise<number> {
  const sortIn = new Map<number, number>();
  await insertChunked(
    db,
    'organTeamMembers',
    team.map((t) => {
      const sort = (sortIn.get(t.organ.id) ?? 0) + 1;
      sortIn.set(t.organ.id, sort);
      return {
        organId: t.organ.id,
        memberId: t.memberIndex != null ? memberIds[t.memberIndex] : null,
        userId: t.memberIndex != null ? userIds[t.memberIndex] : null,
        name: t.name,
        dutyCode: t.dutyCode,
        dutyName: t.dutyName,
        startDate: t.startDate,
        endDate: null,
        sort,
      };
    }),
    500,
  );
  return team.length;
}
