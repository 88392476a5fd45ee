import { WENJIANG_DISTRICT as WENJIANG } from './accounts';
import type { OrgSeed } from './organisations';
import { insertChunked, json, type Db } from './util';
import { addToDay } from '../../../contract/platform-time';

/**
 * Demo content of the configured services (records of schemas/*.json): education sites and teachers
 * at several levels (so selecting from below and reporting upward can be tried at once), teaching
 * plans, public information for members and a few forum posts.
 */
type Item = { entity: string; organ: string; owner?: string; data: Record<string, unknown>; isTop?: boolean; issueToChildren?: boolean };

const PROVINCE = '中共四川省委员会';
const CITY = '中共成都市委员会';
const LIUCHENG = '中共温江区柳城街道工作委员会';
const PIDU = '中共成都市郫都区委员会';
const BRANCH = '柳城街道凤凰社区党支部';

const QUARTERS = ['一', '二', '三', '四'];

/**
 * Dated by the day the demo is seeded: a plan names this year, the 党务公开 the last quarter, the dues
 * notice the months so far, and every publish date lies before that day.
 */
export function demoContent(day: string): Item[] {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const before = (days: number) => addToDay(day, { days: -days });
  const q = Math.floor((month - 1) / 3);
  const lastQuarter = q === 0 ? { year: year - 1, name: QUARTERS[3] } : { year, name: QUARTERS[q - 1] };
  const quarterStart = `${year}-${String(q * 3 + 1).padStart(2, '0')}-01`;
  const affairsDay = [addToDay(quarterStart, { days: 7 }), day].sort()[0];
  const dues = month === 1 ? `${year - 1}年1—12月` : `${year}年1—${month - 1}月`;
  return [
  { entity: 'baseLibrary', organ: PROVINCE, data: { baseName: '邓小平故里现场教学基地', category: '2', siteLevel: '1', address: '四川省广安市广安区协兴镇牌坊村', longitude: 106.6897, latitude: 30.5325, contactName: '周明', contactPhone: '0826-2412345', teacherCount: 12, classCount: 36, introduction: '<p>以邓小平同志故居陈列馆为依托，开展理想信念教育。</p>' } },
  { entity: 'baseLibrary', organ: PROVINCE, data: { baseName: '朱德故里党性教育基地', category: '1', siteLevel: '1', address: '四川省南充市仪陇县马鞍镇', longitude: 106.4153, latitude: 31.5428, teacherCount: 8, classCount: 20 } },
  { entity: 'baseLibrary', organ: CITY, data: { baseName: '成都市廉政教育基地', category: '3', siteLevel: '3', address: '四川省成都市郫都区团结街道', longitude: 103.9624, latitude: 30.7668, teacherCount: 5, classCount: 14 } },
  { entity: 'baseLibrary', organ: WENJIANG, data: { baseName: '温江区党群服务中心现场教学点', category: '4', siteLevel: '4', address: '四川省成都市温江区光华大道三段', longitude: 103.8512, latitude: 30.6903, teacherCount: 3, classCount: 8 } },
  { entity: 'baseLibrary', organ: LIUCHENG, data: { baseName: '柳城街道红色记忆馆', category: '2', siteLevel: '4', address: '四川省成都市温江区柳城街道凤溪大道', longitude: 103.8424, latitude: 30.6951, teacherCount: 2, classCount: 5 } },
  { entity: 'baseLibrary', organ: PIDU, data: { baseName: '郫都区战旗村乡村振兴教学点', category: '4', siteLevel: '4', address: '四川省成都市郫都区唐昌街道战旗村', longitude: 103.8231, latitude: 30.8812, teacherCount: 4, classCount: 12 } },

  { entity: 'teacherLibrary', organ: PROVINCE, data: { realName: '张文华', sex: '2', teacherLevel: '1', jobTitle: '省委党校党建教研部教授', workUnit: '中共四川省委党校', researchField: '党的建设', classCount: 42, liveCount: 6 } },
  { entity: 'teacherLibrary', organ: PROVINCE, data: { realName: '何建军', sex: '1', teacherLevel: '1', jobTitle: '省委党校科社教研部副教授', workUnit: '中共四川省委党校', researchField: '马克思主义理论', classCount: 28, liveCount: 3 } },
  { entity: 'teacherLibrary', organ: WENJIANG, data: { realName: '罗晓梅', sex: '2', teacherLevel: '3', jobTitle: '区委党校讲师', workUnit: '中共成都市温江区委党校', researchField: '基层党建', classCount: 16, liveCount: 1 } },
  { entity: 'teacherLibrary', organ: LIUCHENG, data: { realName: '王德明', sex: '1', teacherLevel: '4', jobTitle: '社区党委书记', workUnit: '柳城街道凤凰社区', researchField: '社区治理', classCount: 6, liveCount: 0 } },

  { entity: 'teachingPlan', organ: PROVINCE, issueToChildren: true, data: { title: `${year}年全省党员教育培训工作计划`, year, planType: 'annual', startDate: `${year}-01-01`, endDate: `${year}-12-31`, targetAudience: '全省党员', content: '<p>全年分四个阶段开展党员集中轮训，每名党员年度学习不少于32学时。</p>' } },
  { entity: 'teachingPlan', organ: CITY, data: { title: `成都市${year}年基层党组织书记轮训计划`, year, planType: 'training', startDate: `${year}-03-01`, endDate: `${year}-11-30`, targetAudience: '基层党组织书记', content: '<p>分批次组织基层党组织书记到市委党校集中培训。</p>' } },

  { entity: 'publicInfo', organ: PROVINCE, isTop: true, data: { infoType: 'spirit', title: '深入学习贯彻党的二十届四中全会精神', source: '四川省委组织部', summary: '全省各级党组织要把学习贯彻全会精神作为当前和今后一个时期的重要政治任务。', content: '<p>全省各级党组织要把学习贯彻全会精神作为当前和今后一个时期的重要政治任务，迅速掀起学习热潮。</p>', publishDate: before(29) } },
  { entity: 'publicInfo', organ: PROVINCE, data: { infoType: 'spirit', title: '关于加强新时代党员教育管理工作的意见', source: '四川省委办公厅', content: '<p>坚持把政治标准放在首位，推动党员教育管理工作规范化、常态化。</p>', publishDate: before(77) } },
  { entity: 'publicInfo', organ: WENJIANG, data: { infoType: 'dynamic', title: '温江区举办“两新”组织党组织书记培训班', source: '温江区委组织部', content: '<p>全区120余名“两新”组织党组织书记参加培训。</p>', publishDate: before(18) } },
  { entity: 'publicInfo', organ: WENJIANG, data: { infoType: 'dynamic', title: '柳城街道开展“党员先锋岗”亮身份活动', source: '柳城街道党工委', content: '<p>街道各社区党员在疫情防控、为民服务中亮身份、作表率。</p>', publishDate: before(13) } },
  { entity: 'publicInfo', organ: PIDU, data: { infoType: 'dynamic', title: '郫都区战旗村党支部获评先进基层党组织', source: '郫都区委组织部', content: '<p>战旗村党支部带领群众发展集体经济，获评先进基层党组织。</p>', publishDate: before(150) } },
  { entity: 'publicInfo', organ: BRANCH, data: { infoType: 'public', category: 'affairs', title: `凤凰社区党支部${lastQuarter.year}年第${lastQuarter.name}季度党务公开`, content: '<p>本季度召开支部党员大会3次，发展预备党员1名，收缴党费4860元。</p>', publishDate: affairsDay } },
  { entity: 'publicInfo', organ: BRANCH, data: { infoType: 'public', category: 'finance', title: '凤凰社区党支部党费收缴使用情况公示', content: `<p>${dues}共收缴党费14,520元，全部按规定上缴。</p>`, publishDate: before(5) } },

  { entity: 'forumPost', organ: BRANCH, owner: 'member', data: { title: '学习全会精神的几点体会', content: '<p>结合社区工作，谈谈如何把全会精神落实到为民服务中。</p>' } },
  { entity: 'forumPost', organ: BRANCH, owner: 'branchadmin', isTop: true, data: { title: '本月主题党日活动安排', content: '<p>本月25日上午9点在社区党群服务中心开展主题党日活动，请全体党员准时参加。</p>' } },
  ];
}

/**
 * The province's announcement to every member (通知公告), dated by the day the demo is seeded: the
 * year it names and its publish date agree with when members see it.
 */
export const demoAnnouncementTitle = (day: string) => `关于开展${day.slice(0, 4)}年度党员学时认定工作的通知`;
const announcement = (day: string): Item => ({
  entity: 'publicInfo',
  organ: PROVINCE,
  data: { infoType: 'announce', title: demoAnnouncementTitle(day), source: '四川省委组织部', content: '<p>请各级党组织于12月31日前完成本年度党员线上线下学时的审核认定。</p>', publishDate: day },
});

export async function seedContent(db: Db, byName: Map<string, OrgSeed>, userIdByName: Map<string, number>, orgs: OrgSeed[], day = '2026-11-01'): Promise<number> {
  let n = 0;
  for (const item of [...demoContent(day), announcement(day)]) {
    const organ = byName.get(item.organ);
    if (!organ) throw new Error(`演示数据缺少党组织 ${item.organ}`);
    const owner = item.owner ? userIdByName.get(item.owner) ?? null : null;
    const row = await db
      .insertInto('records')
      .values({
        entity: item.entity, organId: organ.id, organPath: organ.organPath, organLevel: organ.organLevel, ownerUserId: owner,
        auditStatus: null, isTop: !!item.isTop, topTime: item.isTop ? new Date() : null, data: json(item.data), creatorUserId: owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    n++;
    if (item.issueToChildren) {
      const children = orgs.filter((o) => o.parentId === organ.id);
      await insertChunked(db, 'recordIssues', children.map((c) => ({ recordId: row.id, organId: c.id, organPath: c.organPath })));
    }
  }
  return n;
}
