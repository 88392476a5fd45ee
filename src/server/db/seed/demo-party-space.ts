import { sql } from 'kysely';
import { DEFAULT_PLATFORM_TZ, calendarDay } from '../../../contract/platform-time';
import { DEMO_ACCOUNTS, WENJIANG_BRANCH, WENJIANG_DISTRICT as WENJIANG } from './accounts';
import type { MemberSeed } from './members';
import type { OrgSeed } from './organisations';
import { insertChunked, type Db } from './util';

/**
 * Demo 组织关系转接 and 流动党员 (schemas/organ-change.json, moving-record.json): bulk members of
 * 温江区 with a transfer to 郫都区 waiting for 凤凰社区党支部 (branchadmin's 待我审核), one waiting
 * for 郫都区 (district2admin's), a member flowing to a 郫都 branch, and a flow out of the province
 * waiting for approval — plain rows with the history each step would have written. The named
 * accounts and the first members of each branch get none (the tests file their own).
 */
const PIDU = '中共成都市郫都区委员会';
const DAY = 86_400_000;

export async function seedPartySpace(db: Db, { orgs, members, userIds, userIdByName, now }: { orgs: OrgSeed[]; members: MemberSeed[]; userIds: number[]; userIdByName: Map<string, number>; now: Date }) {
  const wenjiang = orgs.find((o) => o.organName === WENJIANG);
  const pidu = orgs.find((o) => o.organName === PIDU);
  if (!wenjiang || !pidu) return 0;
  const piduBranches = orgs.filter((o) => o.organLevel === 5 && o.organPath.startsWith(pidu.organPath)).sort((a, b) => a.id - b.id);
  // the last ordinary members of 温江 branches (phoenix first): far from what tests pick
  const named = DEMO_ACCOUNTS.length;
  const people = members
    .map((m, i) => ({ m, userId: userIds[i], i }))
    .filter((x) => x.i >= named && x.m.org.organPath.startsWith(wenjiang.organPath) && x.m.partyDutyCode !== '1')
    .sort((a, b) => (a.m.org.organName === WENJIANG_BRANCH ? 0 : 1) - (b.m.org.organName === WENJIANG_BRANCH ? 0 : 1) || b.i - a.i);
  const phoenix = people.filter((x) => x.m.org.organName === WENJIANG_BRANCH);
  const elsewhere = people.filter((x) => x.m.org.organName !== WENJIANG_BRANCH);
  if (!phoenix.length || elsewhere.length < 3 || piduBranches.length < 2) return 0;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const day = (daysAgo: number) => calendarDay(at(daysAgo), DEFAULT_PLATFORM_TZ);
  const branchAdmin = userIdByName.get('branchadmin') ?? null;
  const districtAdmin = userIdByName.get('districtadmin') ?? null;
  const history: Record<string, unknown>[] = [];

  const write = async (entity: string, who: { userId: number; m: MemberSeed }, state: number, data: Record<string, unknown>, steps: [string, number | null, number, number, number | null][]) => {
    const o = who.m.org;
    const row = await db
      .insertInto('records')
      .values({ entity, organId: o.id, organPath: o.organPath, organLevel: o.organLevel, ownerUserId: who.userId, auditStatus: state, data: JSON.stringify(data), creatorUserId: who.userId, creationTime: at(steps[0][3]) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [transition, fromState, toState, daysAgo, actor] of steps) {
      history.push({ subjectType: entity, subjectId: row.id, transition, fromState, toState, actorUserId: actor ?? who.userId, actorOrganId: o.id, remark: null, creationTime: at(daysAgo) });
    }
  };
  const transfer = (who: { m: MemberSeed }, to: OrgSeed, reason: string, explain: string) => ({
    changeType: 1, toOrganId: to.id, toOrganName: to.organName, fromOrganId: who.m.org.id, fromOrganName: who.m.org.organName, reason, contactPhone: who.m.phone, explain,
  });

  await write('organChange', phoenix[0], 1, transfer(phoenix[0], piduBranches[0], 'work', '工作单位迁至郫都区，申请将组织关系转入工作地社区党支部。'), [['submit', null, 1, 1, null]]);
  await write('organChange', elsewhere[0], 2, transfer(elsewhere[0], piduBranches[1], 'residence', '全家搬迁至郫都区居住。'), [
    ['submit', null, 1, 5, null],
    ['sendAudit', 1, 2, 3, districtAdmin],
  ]);
  const flowing = elsewhere[1];
  await write('movingRecord', flowing, 1, {
    flowType: 1, flowInOrganId: piduBranches[0].id, flowInOrganName: piduBranches[0].organName, outOrganId: flowing.m.org.id, outOrganName: flowing.m.org.organName,
    flowPlace: '成都市郫都区', flowReason: 'work', startDate: day(40), endDate: day(-140), contactPhone: flowing.m.phone, explain: '在郫都区电子信息产业园务工。',
  }, [['submit', null, 0, 45, null], ['audit', 0, 1, 42, districtAdmin]]);
  await db
    .updateTable('partyMembers')
    .set({ partyMember: sql`coalesce(party_member, '{}'::jsonb) || '{"isFlowMember": true}'::jsonb` })
    .where('userId', '=', flowing.userId)
    .execute();
  await write('movingRecord', elsewhere[2], 0, {
    flowType: 2, flowInOrganId: null, flowInOrganName: null, outOrganId: elsewhere[2].m.org.id, outOrganName: elsewhere[2].m.org.organName,
    flowPlace: '广东省深圳市南山区', flowReason: 'business', startDate: day(-10), endDate: day(-200), contactPhone: elsewhere[2].m.phone, explain: '赴深圳经营个体门店。',
  }, [['submit', null, 0, 2, null]]);
  void branchAdmin;
  await insertChunked(db, 'workflowHistory', history);
  return 4;
}
