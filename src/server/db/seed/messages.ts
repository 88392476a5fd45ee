import { calendarDay } from '../../../contract/platform-time';
import type { Db } from './util';

/**
 * Site messages for the header preview and the message lists. source 2: member space; 1: admin.
 * messageType values come from the EnumMessageType code table.
 */
interface MessageDef {
  title: string;
  content: string;
  type: string;
  /** organName of the sender */
  from: string;
  /** [userName, source, isRead] */
  to: [string, 1 | 2, boolean][];
  link?: string;
}

const QUARTERS = ['一', '二', '三', '四'];

/**
 * The demo's messages, dated by the day the demo is seeded (the platform day): a message names the
 * year, month or quarter it is sent in, never a fixed one that would contradict its date.
 */
export function demoMessages(day: string): MessageDef[] {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const quarter = QUARTERS[Math.floor((month - 1) / 3)];
  const summary = month <= 6 ? { title: `${year}年上半年`, until: '7月10日' } : { title: `${year}年度`, until: '12月31日' };
  return [
  {
    title: `关于开展${year}年度民主评议党员工作的通知`, type: '1', from: '中共温江区柳城街道工作委员会',
    content: '各党支部：按照区委组织部统一部署，请于本月底前完成年度民主评议党员工作，并将评议结果报街道党工委。',
    to: [['member', 2, false], ['branchadmin', 2, false], ['admin', 2, true]],
  },
  {
    title: `请及时缴纳${month}月份党费`, type: '6', from: '柳城街道凤凰社区党支部',
    content: `请各位党员于${month}月25日前通过“我与支部—党费缴纳”完成本月党费缴纳。`, link: '/partyMember/iBranch/partyDues',
    to: [['member', 2, false], ['branchadmin', 2, true]],
  },
  {
    title: '“学习贯彻党的二十届三中全会精神”专题学习已上线', type: '4', from: '中共四川省委员会',
    content: '专题学习包含视频课程、辅导文章和在线测试，请各位党员按时完成学习任务。', link: '/partyMember/iStudy/subject',
    to: [['member', 2, true], ['admin', 2, false], ['teacher', 2, false]],
  },
  {
    title: '您提交的线下学时申报已审核通过', type: '3', from: '中共温江区柳城街道工作委员会',
    content: '您申报的“社区志愿服务集中学习”线下学时2.5学时已审核通过。', to: [['member', 2, true]],
  },
  {
    title: `${month}月主题党日活动安排`, type: '5', from: '柳城街道凤凰社区党支部',
    content: '本周五上午9:00在社区党群服务中心开展重温入党誓词主题党日活动，请准时参加。', to: [['member', 2, false], ['branchadmin', 2, false]],
  },
  {
    title: '您有一门课程即将到期，请尽快完成学习', type: '4', from: '中共四川省委员会',
    content: '课程《新时代基层党组织建设》将于本月底截止，目前学习进度为45%。', to: [['member', 2, false]],
  },
  {
    title: '党员信息采集完善提醒', type: '2', from: '中共成都市温江区委员会',
    content: '请核对个人信息中的学历、工作岗位和联系方式，如有变化请及时更新。', link: '/partyMember/personal',
    to: [['member', 2, true], ['admin', 2, true]],
  },
  {
    title: `${year}年第${quarter}季度理论学习测试通知`, type: '7', from: '中共四川省委员会',
    content: `第${quarter}季度理论学习测试将于下周一开放，测试时长60分钟，满分100分。`, to: [['member', 2, false], ['admin', 2, false]],
  },
  {
    title: '温江区上报的教育基地待审核', type: '3', from: '中共成都市温江区委员会',
    content: '温江区上报“鱼凫文化党性教育现场教学点”，请及时审核。', to: [['admin', 1, false], ['cityadmin', 1, false]],
  },
  {
    title: '新党员注册申请待审核', type: '3', from: '中共四川省委员会',
    content: '您管理的党组织有3条党员注册申请待审核，请进入“管理—注册审核”处理。', to: [['admin', 1, false], ['districtadmin', 1, false], ['branchadmin', 1, false]],
  },
  {
    title: `关于报送${summary.title}党建工作总结的通知`, type: '2', from: '中共四川省委员会',
    content: `请各市（州）委组织部于${summary.until}前报送${summary.title}党建工作总结。`, to: [['admin', 1, true], ['cityadmin', 1, false]],
  },
  {
    title: `关于做好${year}年党内统计工作的通知`, type: '1', from: '中共四川省委员会',
    content: '请各级党组织按照党内统计制度要求，核实党员和党组织基本信息，确保数据准确。', to: [['admin', 1, true], ['districtadmin', 1, true]],
  },
  {
    title: '“基层党务工作者能力提升班”报名即将截止', type: '2', from: '中共四川省委党校机关委员会',
    content: '培训班报名将于本周五截止，请各地及时组织报名并分配名额。', to: [['admin', 1, false], ['teacher', 1, false]],
  },
  {
    title: '系统将于本周六凌晨进行维护升级', type: '1', from: '中共四川省委员会',
    content: '本周六00:00至04:00系统维护升级，期间暂停服务，请合理安排学习时间。', to: [['admin', 1, true], ['admin', 2, true], ['member', 2, true]],
  },
  {
    title: '直播课程《新时代党的建设总要求》申请待审核', type: '3', from: '中共四川省委党校机关委员会',
    content: '教师张文华提交的直播课程申请待审核，计划直播时间为下周三14:30。', to: [['admin', 1, false]],
  },
];
}

export async function seedMessages(
  db: Db,
  now: Date,
  userIdByName: Map<string, number>,
  organIdByName: Map<string, number>,
  timeZone = 'Asia/Shanghai',
): Promise<{ messages: number; receivers: number }> {
  let receivers = 0;
  const MESSAGES = demoMessages(calendarDay(now, timeZone));
  // one message at a time keeps the ids straight; fifteen statements are cheap
  const msgRows = MESSAGES.map((m, i) => ({
    title: m.title,
    content: m.content,
    messageType: m.type,
    senderOrganId: organIdByName.get(m.from) ?? null,
    organName: m.from,
    linkUrl: m.link ?? null,
    creationTime: new Date(now.getTime() - (MESSAGES.length - i) * 5 * 3600_000),
  }));
  const inserted = await db.insertInto('siteMessages').values(msgRows).returning(['id', 'title']).execute();
  const idByTitle = new Map(inserted.map((r) => [r.title, r.id]));
  const rows = MESSAGES.flatMap((m, i) =>
    m.to
      .filter(([u]) => userIdByName.has(u))
      .map(([u, source, isRead]) => ({
        messageId: idByTitle.get(m.title)!,
        userId: userIdByName.get(u)!,
        source,
        isRead,
        readTime: isRead ? new Date(msgRows[i].creationTime.getTime() + 3600_000) : null,
      })),
  );
  receivers = rows.length;
  if (rows.length) await db.insertInto('siteMessageReceivers').values(rows).execute();
  return { messages: MESSAGES.length, receivers };
}
