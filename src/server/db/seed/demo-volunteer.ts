import { calendarDay, instantOf } from '../../../contract/platform-time';
import { DEMO_ACCOUNTS, WENJIANG_BRANCH } from './accounts';
import type { MemberSeed } from './members';
import type { OrgSeed } from './organisations';
import { insertChunked, type Db } from './util';

/**
 * Demo volunteer activities (schemas/vol-activity.json) of 温江区, its 柳城街道 and the 凤凰社区 branch —
 * the organisations `member` and the district's members see — so 志愿活动 and 志愿服务 are not empty on
 * `npm start`: coming ones (one already full, one without a limit), two past ones with participants
 * signed in and a summary, and a draft. Times are wall-clock times of the platform zone relative to
 * the seed's day; participants are bulk members of the organiser's subtree, never the named
 * accounts (the API tests start `member` with nothing joined). Deterministic: fixed picks in id order.
 */
const WENJIANG = '中共成都市温江区委员会';
const LIUCHENG = '中共温江区柳城街道工作委员会';

export interface DemoSeedInput {
  orgs: OrgSeed[];
  /** every seeded member, the named accounts first, with their user ids in the same order */
  members: MemberSeed[];
  userIds: number[];
  now: Date;
  /** the platform zone (PLATFORM_TZ) whose wall clock the activities' times are written in */
  timeZone: string;
}

/** The bulk members (not the named accounts) whose organisation lies in a subtree, in seed order. */
export function bulkMembersUnder({ members, userIds }: Pick<DemoSeedInput, 'members' | 'userIds'>, organPath: string) {
  return members
    .map((m, i) => ({ m, userId: userIds[i], i }))
    .filter(({ m, i }) => i >= DEMO_ACCOUNTS.length && m.org.organPath.startsWith(organPath));
}

interface ActivityDef {
  organ: 'district' | 'street' | 'branch';
  title: string;
  type: string;
  /** days from the seed's platform day, and wall-clock hours */
  day: number;
  from: string;
  to: string;
  /** the deadline: days from the seed's day and a wall-clock time */
  applyDay: number;
  applyAt: string;
  need: number | null;
  address: string;
  contacts: string;
  contactsPhone: string;
  description: string;
  attention?: string;
  summary?: string;
  publish?: boolean;
  /** participants, and how many of them signed in (past activities) */
  joined: number;
  signed?: number;
}

const ACTIVITIES: ActivityDef[] = [
  // in the order of creation: the lists show the latest first, so the nearest coming activity leads
  {
    organ: 'district', title: '“学雷锋”义务植树活动', type: 'environment', day: -24, from: '09:00', to: '12:00', applyDay: -26, applyAt: '18:00', need: 40,
    address: '温江区鲁家滩湿地公园', contacts: '罗晓梅', contactsPhone: '028-82712345', joined: 15, signed: 13,
    description: '<p>在鲁家滩湿地公园补植银杏、桂花等乡土树种，为城市增添绿色。</p>',
    summary: '本次活动共有15名党员报名参加，实到13人，补植银杏、桂花等苗木120余株，清理林下垃圾6袋。活动中党员同志分工协作、干劲十足，展现了良好的精神风貌。下一步将组织党员认领树木，定期开展养护。',
  },
  {
    organ: 'street', title: '爱心助学物资募集与分拣', type: 'poverty', day: -9, from: '14:00', to: '17:00', applyDay: -10, applyAt: '20:00', need: 20,
    address: '柳城街道党群服务中心二楼', contacts: '王德明', contactsPhone: '13880001234', joined: 9, signed: 9,
    description: '<p>募集文具、书籍和冬衣，分拣打包后送往结对帮扶学校。</p>',
    summary: '共募集文具320件、图书460册、冬衣85件，已全部分拣打包，由街道统一送往结对帮扶的两所乡村小学。',
  },
  {
    organ: 'district', title: '志愿服务骨干培训（草稿）', type: 'other', day: 20, from: '09:00', to: '12:00', applyDay: 18, applyAt: '18:00', need: 60,
    address: '温江区委党校报告厅', contacts: '罗晓梅', contactsPhone: '028-82712345', joined: 0, publish: false,
    description: '<p>面向各街道志愿服务队骨干的专题培训，方案待定。</p>',
  },
  {
    organ: 'district', title: '应急救护知识培训与演练', type: 'emergency', day: 12, from: '09:30', to: '16:30', applyDay: 10, applyAt: '17:00', need: 50,
    address: '温江区红十字会培训中心（凤溪大道南段）', contacts: '罗晓梅', contactsPhone: '028-82712345', joined: 5,
    description: '<p>邀请区红十字会专业教员讲授心肺复苏、AED使用、创伤包扎等应急救护知识，并进行分组实操演练，考核合格者颁发救护员证。</p>',
    attention: '全天活动，中午统一安排工作餐；请携带身份证。',
  },
  {
    organ: 'street', title: '关爱空巢老人上门探访', type: 'community', day: 5, from: '14:30', to: '17:30', applyDay: 4, applyAt: '20:00', need: 8,
    address: '柳城街道党群服务中心（集合后分组入户）', contacts: '王德明', contactsPhone: '13880001234', joined: 8,
    description: '<p>两人一组走访辖区空巢、独居老人，帮助打扫卫生、检查水电气安全，陪老人聊天，登记老人的实际需求。</p>',
    attention: '入户前请佩戴党员徽章，尊重老人生活习惯，不收受任何财物。',
  },
  {
    organ: 'district', title: '“美丽温江”江安河岸环境整治志愿服务', type: 'environment', day: 3, from: '09:00', to: '11:30', applyDay: 2, applyAt: '18:00', need: 30,
    address: '温江区江安河绿道（光华大道三段入口）', contacts: '罗晓梅', contactsPhone: '028-82712345', joined: 12,
    description: '<p>组织党员志愿者沿江安河绿道开展垃圾清捡、宣传劝导和绿道设施巡查，共建美丽河岸。</p><p>活动分三组：清捡组、宣传组、巡查组，现场统一分组。</p>',
    attention: '请穿着便于行动的服装和运动鞋，自带水杯；手套、垃圾夹、志愿者马甲由组织方提供。',
  },
  {
    organ: 'branch', title: '凤凰社区垃圾分类宣传站值守', type: 'civilization', day: 1, from: '18:30', to: '20:30', applyDay: 1, applyAt: '12:00', need: null,
    address: '凤凰社区中心广场垃圾分类宣传站', contacts: '周芳', contactsPhone: '13880005678', joined: 3,
    description: '<p>在社区垃圾分类宣传站值守，指导居民正确投放，发放垃圾分类宣传资料。</p>',
  },
];

const DAY = 86_400_000;

/** The calendar day `offset` days from `day` ('YYYY-MM-DD'). */
export function addDays(day: string, offset: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return calendarDay(new Date(Date.UTC(y, m - 1, d + offset, 12)), 'UTC');
}

export async function seedVolunteer(db: Db, input: DemoSeedInput): Promise<number> {
  const { orgs, now, timeZone } = input;
  const byName = (name: string) => {
    const o = orgs.find((x) => x.organName === name);
    if (!o) throw new Error(`演示数据缺少党组织 ${name}`);
    return o;
  };
  const organs = { district: byName(WENJIANG), street: byName(LIUCHENG), branch: byName(WENJIANG_BRANCH) };
  const today = calendarDay(now, timeZone);
  const wall = (offset: number, hm: string) => `${addDays(today, offset)} ${hm}`;
  const participants: Record<string, unknown>[] = [];
  let n = 0;
  for (const [k, a] of ACTIVITIES.entries()) {
    const organ = organs[a.organ];
    const startTime = wall(a.day, a.from);
    const data: Record<string, unknown> = {
      title: a.title, type: a.type, startTime, endTime: wall(a.day, a.to), lastApplyTime: wall(a.applyDay, a.applyAt),
      needUserCount: a.need, address: a.address, contacts: a.contacts, contactsPhone: a.contactsPhone, description: a.description,
      publishMark: a.publish ?? true,
    };
    if (a.attention) data.attention = a.attention;
    if (a.summary) data.summary = a.summary;
    // published at 10:00 a week before the deadline's day (or an hour ago, if that is still to come)
    const created = new Date(Math.min(now.getTime() - 3_600_000, instantOf(wall(a.applyDay - 7, '10:00'), timeZone)!.getTime()));
    const people = bulkMembersUnder(input, organ.organPath);
    // each activity takes its own slice of the people, so the lists differ
    const chosen = people.length ? Array.from({ length: Math.min(a.joined, people.length) }, (_, i) => people[(k * 7 + i) % people.length]) : [];
    const unique = [...new Map(chosen.map((p) => [p.userId, p])).values()];
    const row = await db
      .insertInto('records')
      .values({
        entity: 'volActivity', organId: organ.id, organPath: organ.organPath, organLevel: organ.organLevel, ownerUserId: null, auditStatus: null,
        participantCount: unique.length, data: JSON.stringify(data), creatorUserId: null, creationTime: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    n++;
    const start = instantOf(startTime, timeZone)!.getTime();
    unique.forEach((p, i) => {
      const signedIn = i < (a.signed ?? 0);
      participants.push({
        recordId: row.id, userId: p.userId, organId: p.m.org.id, organPath: p.m.org.organPath, status: 1,
        signInTime: signedIn ? new Date(start - 20 * 60_000 + i * 90_000) : null, signInByUserId: null, addedByUserId: null,
        creationTime: new Date(Math.min(created.getTime() + DAY + i * 47 * 60_000, now.getTime() - (unique.length - i) * 60_000)), cancelTime: null,
      });
    });
  }
  await insertChunked(db, 'recordParticipants', participants);
  return n;
}
