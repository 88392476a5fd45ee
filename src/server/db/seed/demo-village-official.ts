import { calendarDay, instantOf } from '../../../contract/platform-time';
import { addDays, bulkMembersUnder, type DemoSeedInput } from './demo-volunteer';
import { insertChunked, type Db } from './util';

/**
 * Demo village officials (schemas/village-official.json) of 温江区: approved ones on the district's
 * wall with likes, one waiting in the district administrator's 待我审核 and one rejected with its
 * remark — plain rows with the workflow_history each step would have written. Applicants and likers
 * are bulk members of 温江区, never the named accounts (the API tests start `member` with no
 * application and no like). Deterministic: fixed picks in id order, times relative to `now`.
 */
const WENJIANG = '中共成都市温江区委员会';

interface OfficialDef {
  post: string;
  startDate: string;
  introduction: string;
  achievements?: string;
  /** 1 approved, 0 pending, 2 rejected */
  status: 0 | 1 | 2;
  remark?: string;
  daysAgo: number;
  likes: number;
}

const OFFICIALS: OfficialDef[] = [
  {
    post: 'secretary', startDate: '2016-03-01', status: 1, daysAgo: 120, likes: 14,
    introduction: '扎根社区工作十余年，带领社区“两委”推行“网格+党员”服务模式，把矛盾化解在家门口。',
    achievements: '牵头完成老旧小区改造3个，新增停车位200余个；社区获评市级“五好”社区。',
  },
  {
    post: 'director', startDate: '2019-01-15', status: 1, daysAgo: 90, likes: 9,
    introduction: '从社区网格员成长为居委会主任，熟悉每一户居民的情况，推动成立社区志愿服务队和老年食堂。',
    achievements: '社区老年食堂日均服务老人120人次，获评区级优秀社区工作者。',
  },
  {
    post: 'graduate', startDate: '2022-08-01', status: 1, daysAgo: 60, likes: 6,
    introduction: '大学毕业后回到家乡，负责社区党建宣传和数字化服务，开通社区线上服务平台，让居民办事“最多跑一次”。',
  },
  {
    post: 'firstSecretary', startDate: '2021-06-18', status: 1, daysAgo: 45, likes: 11,
    introduction: '区级机关选派的驻社区第一书记，聚焦基层治理和为民服务，协调解决了一批群众急难愁盼问题。',
    achievements: '协调资金修缮社区道路1.2公里，引进就业帮扶项目2个。',
  },
  {
    post: 'member', startDate: '2020-11-10', status: 1, daysAgo: 30, likes: 3,
    introduction: '分管社区综治和安全生产工作，带领党员志愿者常态化开展夜间巡逻和安全隐患排查。',
  },
  {
    post: 'member', startDate: '2023-05-20', status: 0, daysAgo: 2, likes: 0,
    introduction: '负责社区文化活动和青少年服务，组织“四点半课堂”，为双职工家庭孩子提供课后托管服务。',
  },
  {
    post: 'other', startDate: '2024-02-01', status: 2, daysAgo: 12, likes: 0, remark: '任职时间不满一年且担任职务不在风采墙展示范围内，请任职满一年后再申请。',
    introduction: '在社区协助开展党员教育和群众工作，参与社区各类志愿服务活动。',
  },
];

export async function seedVillageOfficials(db: Db, input: DemoSeedInput & { userIdByName: Map<string, number> }): Promise<number> {
  const { orgs, now, userIdByName } = input;
  const district = orgs.find((o) => o.organName === WENJIANG);
  if (!district) throw new Error(`演示数据缺少党组织 ${WENJIANG}`);
  const people = bulkMembersUnder(input, district.organPath);
  // one applicant per community or village branch, in id order; the rest of the district like them
  const seen = new Set<number>();
  const applicants = people.filter(({ m }) => (m.org.kind === 'community' || m.org.kind === 'village') && !seen.has(m.org.id) && seen.add(m.org.id));
  const auditor = userIdByName.get('districtadmin') ?? null;
  // office hours of the platform's wall clock, `daysAgo` days before the seed's day
  const today = calendarDay(now, input.timeZone);
  const at = (daysAgo: number, hm: string, plusMinutes = 0) => new Date(instantOf(`${addDays(today, -daysAgo)} ${hm}`, input.timeZone)!.getTime() + plusMinutes * 60_000);
  const history: Record<string, unknown>[] = [];
  const likes: Record<string, unknown>[] = [];
  let n = 0;
  for (const [k, def] of OFFICIALS.entries()) {
    const applicant = applicants[k];
    if (!applicant) break;
    const organ = applicant.m.org;
    const data: Record<string, unknown> = {
      villageName: organ.shortName.replace(/党支部$/, ''), post: def.post, startDate: def.startDate, introduction: def.introduction,
    };
    if (def.achievements) data.achievements = def.achievements;
    const likers = def.status === 1 ? people.filter((p) => p.userId !== applicant.userId).filter((_, i) => (i + k) % 3 === 0).slice(0, def.likes) : [];
    const decided = def.status !== 0;
    const row = await db
      .insertInto('records')
      .values({
        entity: 'villageOfficial', organId: organ.id, organPath: organ.organPath, organLevel: organ.organLevel, ownerUserId: applicant.userId,
        auditStatus: def.status, auditRemark: def.remark ?? null, auditorUserId: decided ? auditor : null, auditTime: decided ? at(def.daysAgo - 1, '15:20') : null,
        likeCount: likers.length, data: JSON.stringify(data), creatorUserId: applicant.userId, creationTime: at(def.daysAgo, '10:05'), lastModificationTime: decided ? at(def.daysAgo - 1, '15:20') : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    n++;
    history.push({ subjectType: 'villageOfficial', subjectId: row.id, transition: 'submit', fromState: null, toState: 0, actorUserId: applicant.userId, actorOrganId: organ.id, remark: null, creationTime: at(def.daysAgo, '10:05') });
    if (decided)
      history.push({ subjectType: 'villageOfficial', subjectId: row.id, transition: 'audit', fromState: 0, toState: def.status, actorUserId: auditor, actorOrganId: district.id, remark: def.remark ?? null, creationTime: at(def.daysAgo - 1, '15:20') });
    likers.forEach((p, i) => likes.push({ recordId: row.id, userId: p.userId, creationTime: at(def.daysAgo - 1, '16:00', i * 37) }));
  }
  await insertChunked(db, 'workflowHistory', history);
  await insertChunked(db, 'recordLikes', likes);
  return n;
}
