import { sql } from 'kysely';
import { DEFAULT_PLATFORM_TZ, calendarDay } from '../../../contract/platform-time';
import { DEMO_ACCOUNTS, WENJIANG_BRANCH, WENJIANG_DISTRICT as WENJIANG } from './accounts';
import type { MemberSeed } from './members';
import type { OrgSeed } from './organisations';
import { insertChunked, type Db } from './util';

/**
 * Demo hardship help (schemas/difficulty-apply.json, difficulty-help.json): applications of bulk
 * members of 温江区 at every stage — waiting for their branch, waiting for the district, approved
 * with help records (one evaluated), rejected with a remark, withdrawn — written as plain rows with
 * the workflow_history each step would have written, so 待我审核, the timelines, the statistics and
 * the member pages have something to show. The named accounts get none (the API tests start
 * `member` with no application). Deterministic: fixed picks in id order, times relative to `now`.
 */

interface Step {
  transition: 'submit' | 'branchAudit' | 'upperAudit' | 'withdraw';
  to: number;
  remark?: string;
  /** days before now */
  daysAgo: number;
}

interface HelpDef {
  title: string;
  helpType: string;
  helpAmount?: number;
  helpDetail: string;
  daysAgo: number;
  evaluation?: { level: number; content: string; daysAgo: number };
}

interface CaseDef {
  /** the applicant's branch: 凤凰社区 (branchadmin's) or the n-th other branch of 温江区 */
  branch: 'phoenix' | number;
  data: Record<string, unknown>;
  steps: Step[];
  helps?: HelpDef[];
}

const CASES: CaseDef[] = [
  {
    branch: 'phoenix',
    data: {
      difficultType: ['2'], healthSituation: '4', isLowAllowance: false, yearIncome: 26000, familySize: 3, helpType: 'medical',
      difficulInstruction: '本人今年确诊慢性肾病，需长期透析治疗，医疗费用自付部分较高，家庭收入难以负担。',
    },
    steps: [{ transition: 'submit', to: 0, daysAgo: 2 }],
  },
  {
    branch: 0,
    data: {
      difficultType: ['1'], healthSituation: '2', isNoWorkOldMember: true, isPensionBenefits: false, yearIncome: 9600, familySize: 1, helpType: 'living',
      difficulInstruction: '年逾七十，独居无固定收入，房屋老旧，冬季取暖和日常生活开支困难。',
    },
    steps: [
      { transition: 'submit', to: 0, daysAgo: 9 },
      { transition: 'branchAudit', to: 1, remark: '经支部走访核实，情况属实，同意上报。', daysAgo: 7 },
    ],
  },
  {
    branch: 1,
    data: {
      difficultType: ['3', '1'], healthSituation: '1', isLowAllowance: true, yearIncome: 15000, familySize: 4, helpType: 'housing',
      difficulInstruction: '今年汛期房屋受损严重，一家四口暂住亲戚家，修缮资金缺口较大。',
    },
    steps: [
      { transition: 'submit', to: 0, daysAgo: 60 },
      { transition: 'branchAudit', to: 1, remark: '情况属实。', daysAgo: 58 },
      { transition: 'upperAudit', to: 2, remark: '同意纳入困难党员帮扶。', daysAgo: 55 },
    ],
    helps: [
      {
        title: '汛后房屋修缮补助', helpType: 'money', helpAmount: 3000, helpDetail: '发放房屋修缮补助金3000元，协调施工队上门维修屋面。', daysAgo: 50,
        evaluation: { level: 5, content: '感谢组织及时帮助，房子已经修好了。', daysAgo: 45 },
      },
      { title: '春节走访慰问', helpType: 'visit', helpAmount: 500, helpDetail: '街道和支部负责同志上门慰问，送去慰问金和米面油。', daysAgo: 6 },
    ],
  },
  {
    branch: 2,
    data: {
      difficultType: ['5'], healthSituation: '1', isLowAllowance: false, yearIncome: 32000, familySize: 4, helpType: 'education',
      difficulInstruction: '两个孩子同时上大学，学费和生活费负担较重，家中仅本人一人务工。',
    },
    steps: [
      { transition: 'submit', to: 0, daysAgo: 40 },
      { transition: 'branchAudit', to: 1, remark: '同意。', daysAgo: 39 },
      { transition: 'upperAudit', to: 2, remark: '同意帮扶，建议联系助学项目。', daysAgo: 36 },
    ],
    helps: [{ title: '助学金申领协助', helpType: 'other', helpDetail: '协助两名子女申报国家助学金并对接社区助学项目。', daysAgo: 30 }],
  },
  {
    branch: 3,
    data: {
      difficultType: ['1'], healthSituation: '1', yearIncome: 68000, familySize: 3, helpType: 'employment',
      difficulInstruction: '所在企业停产，暂时失业，希望组织帮助推荐就业岗位。',
    },
    steps: [
      { transition: 'submit', to: 0, daysAgo: 20 },
      { transition: 'branchAudit', to: 3, remark: '家庭年收入高于帮扶标准，建议通过社区就业服务站求职。', daysAgo: 18 },
    ],
  },
  {
    branch: 4,
    data: {
      difficultType: ['4'], healthSituation: '5', isPensionBenefits: true, yearIncome: 21000, familySize: 2, helpType: 'medical',
      difficulInstruction: '因意外致残，需购置康复器具，申请医疗救助。',
    },
    steps: [
      { transition: 'submit', to: 0, daysAgo: 15 },
      { transition: 'withdraw', to: 4, daysAgo: 14 },
    ],
  },
];

const DAY = 86_400_000;

export interface DifficultySeedInput {
  orgs: OrgSeed[];
  /** every seeded member, the named accounts first, with their user ids in the same order */
  members: MemberSeed[];
  userIds: number[];
  userIdByName: Map<string, number>;
  now: Date;
}

export async function seedDifficulty(db: Db, { orgs, members, userIds, userIdByName, now }: DifficultySeedInput): Promise<number> {
  const district = orgs.find((o) => o.organName === WENJIANG);
  if (!district) throw new Error(`演示数据缺少党组织 ${WENJIANG}`);
  const named = DEMO_ACCOUNTS.length;
  // bulk members only, by branch; the ordinary ones apply, a secretary takes his branch's step
  const byBranch = new Map<number, { userId: number; m: MemberSeed }[]>();
  members.forEach((m, i) => {
    if (i < named || !m.org.organPath.startsWith(district.organPath)) return;
    const list = byBranch.get(m.org.id) ?? [];
    list.push({ userId: userIds[i], m });
    byBranch.set(m.org.id, list);
  });
  const branches = orgs.filter((o) => o.organLevel === 5 && byBranch.has(o.id)).sort((a, b) => a.id - b.id);
  const phoenix = branches.find((o) => o.organName === WENJIANG_BRANCH);
  // the other cases spread over the streets and towns of the district (round robin), so the statistics have rows to compare
  const candidates = branches.filter((o) => o !== phoenix && byBranch.get(o.id)!.some((x) => x.m.partyDutyCode !== '1'));
  const streets = new Map<number | null, OrgSeed[]>();
  for (const o of candidates) streets.set(o.parentId, [...(streets.get(o.parentId) ?? []), o]);
  const byStreet = [...streets.values()];
  const others: OrgSeed[] = [];
  for (let i = 0; others.length < candidates.length; i++) for (const street of byStreet) if (street[i]) others.push(street[i]);
  const districtAdmin = userIdByName.get('districtadmin') ?? null;
  const branchAdmin = userIdByName.get('branchadmin') ?? null;
  const at = (daysAgo: number, hour = 2) => new Date(now.getTime() - daysAgo * DAY - hour * 3_600_000);

  const history: Record<string, unknown>[] = [];
  let n = 0;
  for (const c of CASES) {
    const branch = c.branch === 'phoenix' ? phoenix : others[c.branch % Math.max(others.length, 1)];
    if (!branch) continue;
    const people = byBranch.get(branch.id)!;
    const applicant = people.find((x) => x.m.partyDutyCode !== '1') ?? people[people.length - 1];
    const secretary = people.find((x) => x.m.partyDutyCode === '1') ?? applicant;
    const last = c.steps[c.steps.length - 1];
    const rejected = c.steps.find((s) => s.to === 3);
    const row = await db
      .insertInto('records')
      .values({
        entity: 'difficultyApply', organId: branch.id, organPath: branch.organPath, organLevel: branch.organLevel, ownerUserId: applicant.userId,
        auditStatus: last.to, auditRemark: rejected?.remark ?? null, data: JSON.stringify(c.data), creatorUserId: applicant.userId,
        creationTime: at(c.steps[0].daysAgo), lastModificationTime: at(last.daysAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    n++;
    let from: number | null = null;
    for (const s of c.steps) {
      const actor =
        s.transition === 'upperAudit'
          ? { userId: districtAdmin, organId: district.id }
          : s.transition === 'branchAudit'
            ? { userId: branch === phoenix ? branchAdmin : secretary.userId, organId: branch.id }
            : { userId: applicant.userId, organId: branch.id };
      history.push({
        subjectType: 'difficultyApply', subjectId: row.id, transition: s.transition, fromState: from, toState: s.to,
        actorUserId: actor.userId, actorOrganId: actor.organId, remark: s.remark ?? null, creationTime: at(s.daysAgo),
      });
      from = s.to;
    }
    if (last.to === 2) {
      // what the approval's effect (markMemberDifficult) writes into the profile
      const patch: Record<string, unknown> = { isDifficult: true };
      for (const f of ['difficultType', 'isLowAllowance', 'isNoWorkOldMember', 'isPensionBenefits', 'difficulInstruction', 'healthSituation']) if (c.data[f] !== undefined) patch[f] = c.data[f];
      await db
        .updateTable('partyMembers')
        .set({ partyMember: sql`coalesce(party_member, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb` })
        .where('userId', '=', applicant.userId)
        .execute();
    }
    for (const h of c.helps ?? []) {
      const data: Record<string, unknown> = { title: h.title, helpType: h.helpType, helpDate: calendarDay(at(h.daysAgo), DEFAULT_PLATFORM_TZ), helpDetail: h.helpDetail };
      if (h.helpAmount !== undefined) data.helpAmount = h.helpAmount;
      if (h.evaluation) Object.assign(data, { evaluateLevel: h.evaluation.level, evaluateContent: h.evaluation.content });
      const help = await db
        .insertInto('records')
        .values({
          entity: 'difficultyHelp', parentId: row.id, organId: branch.id, organPath: branch.organPath, organLevel: branch.organLevel, ownerUserId: districtAdmin,
          auditStatus: h.evaluation ? 1 : 0, data: JSON.stringify(data), creatorUserId: districtAdmin, creationTime: at(h.daysAgo, 1),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      n++;
      history.push({ subjectType: 'difficultyHelp', subjectId: help.id, transition: 'submit', fromState: null, toState: 0, actorUserId: districtAdmin, actorOrganId: district.id, remark: null, creationTime: at(h.daysAgo, 1) });
      if (h.evaluation)
        history.push({ subjectType: 'difficultyHelp', subjectId: help.id, transition: 'evaluate', fromState: 0, toState: 1, actorUserId: applicant.userId, actorOrganId: branch.id, remark: null, creationTime: at(h.evaluation.daysAgo) });
    }
  }
  await insertChunked(db, 'workflowHistory', history);
  return n;
}
