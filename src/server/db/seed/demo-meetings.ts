import { instantOf, zoneMinute } from '../../../contract/platform-time';
import { WENJIANG_BRANCH } from './accounts';
import { addDays, bulkMembersUnder } from './demo-volunteer';
import type { MemberSeed } from './members';
import type { OrgSeed } from './organisations';
import { insertChunked, type Db } from './util';

/**
 * Demo organisational life (schemas/party-meeting.json) of the 凤凰社区 branch, relative to the seed's
 * moment so that 组织生活 and the member's 我与支部 are not empty on `npm start`: a 党课 running now with
 * the demo `member` among its attendees (he can sign in with the code the branch shows), a coming
 * 支部委员会 he attends too, a 主题党日 of this quarter and a 支部党员大会 of the last, both ended,
 * with sign-ins, a leave and minutes. Attendees are the member and the branch's bulk members, in
 * id order: deterministic.
 */
export interface MeetingSeedInput {
  orgs: OrgSeed[];
  members: MemberSeed[];
  userIds: number[];
  memberUserId: number | null;
  branchAdminUserId: number | null;
  now: Date;
  timeZone: string;
}

interface MeetingDef {
  title: string;
  meetingType: number;
  meetingClass: number;
  /** start relative to the seed's moment, in minutes, and the length */
  startIn?: number;
  /** or a fixed wall-clock time: days from the seed's day */
  day?: number;
  at?: string;
  minutes: number;
  agenda: string;
  record?: string;
  withMember: boolean;
  attendees: number;
  /** ended meetings: how many of the bulk attendees signed in, and one on approved leave */
  signed?: number;
  leave?: string;
}

const MEETINGS: MeetingDef[] = [
  {
    title: '支部党员大会：讨论接收预备党员', meetingType: 1, meetingClass: 1, day: -100, at: '15:00', minutes: 120, withMember: false, attendees: 8, signed: 6, leave: '在外地出差，已向支部书记报告',
    agenda: '一、学习《中国共产党发展党员工作细则》\n二、讨论接收王某某为预备党员\n三、无记名投票表决',
    record: '会议由支部书记赵丽华主持，1名党员因出差请假。会议学习了发展党员工作细则，介绍人介绍了发展对象情况，经无记名投票，同意接收王某某为中共预备党员，报上级党组织审批。',
  },
  {
    title: '主题党日：走进红色记忆馆', meetingType: 5, meetingClass: 2, day: -6, at: '09:00', minutes: 150, withMember: true, attendees: 6, signed: 5,
    agenda: '一、参观柳城街道红色记忆馆\n二、重温入党誓词\n三、交流学习体会',
    record: '参会党员参观了红色记忆馆，在党旗下重温入党誓词，并结合各自岗位作了交流发言。',
  },
  {
    title: '党课：学习贯彻党的二十届三中全会精神', meetingType: 4, meetingClass: 1, startIn: -20, minutes: 120, withMember: true, attendees: 5,
    agenda: '一、专题党课（支部书记讲授）\n二、党员交流讨论',
  },
  {
    title: '支部委员会：研究下季度工作', meetingType: 2, meetingClass: 1, day: 7, at: '19:00', minutes: 90, withMember: true, attendees: 3,
    agenda: '一、研究下季度组织生活安排\n二、研究困难党员走访慰问',
  },
];

export async function seedMeetings(db: Db, input: MeetingSeedInput): Promise<number> {
  const { orgs, now, timeZone } = input;
  const branch = orgs.find((o) => o.organName === WENJIANG_BRANCH);
  if (!branch) return 0;
  const today = zoneMinute(now, timeZone).slice(0, 10);
  const people = bulkMembersUnder(input, branch.organPath);
  const participants: Record<string, unknown>[] = [];
  for (const [k, m] of MEETINGS.entries()) {
    // a running meeting starts on the minute some time before now; the others at a fixed hour of a day
    const begin = m.startIn !== undefined ? zoneMinute(new Date(now.getTime() + m.startIn * 60_000), timeZone) : `${addDays(today, m.day!)} ${m.at}`;
    const beginAt = instantOf(begin, timeZone)!;
    const end = zoneMinute(new Date(beginAt.getTime() + m.minutes * 60_000), timeZone);
    const ended = beginAt.getTime() + m.minutes * 60_000 <= now.getTime();
    const chosen = people.length ? Array.from({ length: Math.min(m.attendees, people.length) }, (_, i) => people[(k * 3 + i) % people.length]) : [];
    const attendees = [...new Map(chosen.map((p) => [p.userId, { userId: p.userId, organ: p.m.org }])).values()];
    if (m.withMember && input.memberUserId) attendees.unshift({ userId: input.memberUserId, organ: branch });
    const data: Record<string, unknown> = {
      title: m.title, meetingType: m.meetingType, meetingClass: m.meetingClass, beginTime: begin, endTime: end, meetingAddress: '凤凰社区党群服务中心二楼会议室',
      hostName: '赵丽华', recorderName: '周芳', linkPhone: '13880005678', meetingSignType: 1, agendaContents: m.agenda, isFixedDay: m.meetingType === 5,
    };
    if (m.record && ended) data.meetingRecord = m.record;
    const created = new Date(Math.min(now.getTime() - 3_600_000, beginAt.getTime() - 5 * 86_400_000));
    const row = await db
      .insertInto('records')
      .values({
        entity: 'partyMeeting', organId: branch.id, organPath: branch.organPath, organLevel: branch.organLevel, ownerUserId: input.branchAdminUserId, auditStatus: null,
        participantCount: attendees.length, data: JSON.stringify(data), creatorUserId: input.branchAdminUserId, creationTime: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    attendees.forEach((a, i) => {
      const onLeave = ended && !!m.leave && i === attendees.length - 1;
      const signedIn = ended && !onLeave && i < (m.signed ?? 0);
      participants.push({
        recordId: row.id, userId: a.userId, organId: a.organ.id, organPath: a.organ.organPath, status: 1,
        signInTime: signedIn ? new Date(beginAt.getTime() - 15 * 60_000 + i * 60_000) : null, signInByUserId: null, addedByUserId: input.branchAdminUserId,
        creationTime: created, cancelTime: null,
        leaveReason: onLeave ? m.leave : null, leaveStatus: onLeave ? 1 : null, leaveTime: onLeave ? new Date(beginAt.getTime() - 86_400_000) : null,
        leaveAuditUserId: onLeave ? input.branchAdminUserId : null, leaveAuditTime: onLeave ? new Date(beginAt.getTime() - 80_000_000) : null,
      });
    });
  }
  await insertChunked(db, 'recordParticipants', participants);
  return MEETINGS.length;
}
