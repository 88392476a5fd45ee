import { addToDay, calendarDay } from '../../../contract/platform-time';
import { hashKeyOf, seal, searchHash } from '../../security/data-cipher';
import { keyRingOf } from '../database';
import { WENJIANG_BRANCH } from './accounts';
import type { OrgSeed } from './organisations';
import { insertChunked, type Db } from './util';
import { makeIdCard } from './idcard';

/**
 * Demo 发展党员 (schemas/development.json) of the 凤凰社区 branch, so 发展党员 shows every stage on
 * `npm start`: applicants (one still waiting for his talk), activists (one whose year of observation
 * is up within the month: 即将到期), a development object, probationers (one whose probation ends
 * within the month) and a stopped one. Dates are platform days relative to the seed's day and obey
 * the rules the steps check (src/server/effects/development.ts); each row has the workflow_history
 * its steps would have written. Phones 138000090xx are outside the random members' (1380000 is
 * kept for the demo), so an applicant's account can be opened at 转正.
 */
interface Case {
  name: string;
  sex: 1 | 2;
  birth: string;
  workUnit: string;
  /** days before the seed's day */
  appliedDaysAgo: number;
  talkAfter?: number;
  /** days after the application */
  activeAfter?: number;
  /** days after the year of observation is up */
  developAfterYear?: number;
  /** days before the seed's day the branch meeting accepted him as 预备党员 */
  probationaryDaysAgo?: number;
  stopped?: string;
}

const CASES: Case[] = [
  { name: '刘思远', sex: 1, birth: '19980412', workUnit: '温江区柳城街道凤凰社区 网格员', appliedDaysAgo: 20, talkAfter: 8 },
  { name: '陈雨桐', sex: 2, birth: '20010923', workUnit: '成都某科技有限公司 工程师', appliedDaysAgo: 4 },
  { name: '王浩然', sex: 1, birth: '19950107', workUnit: '温江区人民医院 医师', appliedDaysAgo: 365 + 30, talkAfter: 10, activeAfter: 12 },
  { name: '张欣怡', sex: 2, birth: '19970615', workUnit: '温江区凤凰小学 教师', appliedDaysAgo: 170, talkAfter: 15, activeAfter: 20 },
  { name: '李俊杰', sex: 1, birth: '19930830', workUnit: '凤凰社区居委会 主任助理', appliedDaysAgo: 365 + 200, talkAfter: 9, activeAfter: 15, developAfterYear: 60 },
  { name: '赵梦琪', sex: 2, birth: '19960228', workUnit: '温江区柳城街道办事处 科员', appliedDaysAgo: 365 * 3, talkAfter: 10, activeAfter: 20, developAfterYear: 30, probationaryDaysAgo: 365 - 15 },
  { name: '黄志鹏', sex: 1, birth: '19920319', workUnit: '成都某物流公司 车队队长', appliedDaysAgo: 365 * 2 + 120, talkAfter: 12, activeAfter: 25, developAfterYear: 40, probationaryDaysAgo: 120 },
  { name: '孙嘉怡', sex: 2, birth: '20000105', workUnit: '温江区某超市 店员', appliedDaysAgo: 90, talkAfter: 20, stopped: '本人书面申请撤回入党申请' },
];

const DAY = 86_400_000;

export async function seedDevelopment(db: Db, { orgs, branchAdmin, now, timeZone }: { orgs: OrgSeed[]; branchAdmin: number | null; now: Date; timeZone: string }): Promise<number> {
  const branch = orgs.find((o) => o.organName === WENJIANG_BRANCH);
  if (!branch) throw new Error(`演示数据缺少党组织 ${WENJIANG_BRANCH}`);
  const today = calendarDay(now, timeZone);
  const at = (d: string) => new Date(`${d}T10:00:00+08:00`);
  const history: Record<string, unknown>[] = [];
  let i = 0;
  for (const c of CASES) {
    i++;
    const applicationDate = addToDay(today, { days: -c.appliedDaysAgo });
    // the numbers sealed with their search hashes, as the record store writes them (records/store.ts storedData)
    const ring = keyRingOf(db);
    const idCard = makeIdCard('510115', c.birth, 900 + i);
    const phone = `138000090${String(i).padStart(2, '0')}`;
    const data: Record<string, unknown> = {
      name: c.name, sex: c.sex, idCard: seal(ring, idCard), phoneNumber: seal(ring, phone),
      [hashKeyOf('idCard')]: searchHash(ring, 'idCard', idCard), [hashKeyOf('phoneNumber')]: searchHash(ring, 'phone', phone),
      workUnit: c.workUnit, birthday: `${c.birth.slice(0, 4)}-${c.birth.slice(4, 6)}-${c.birth.slice(6)}`, applicationDate, dueDate: null,
    };
    const steps: { transition: string; from: number | null; to: number; on: string; remark?: string }[] = [{ transition: 'submit', from: null, to: 1, on: applicationDate }];
    if (c.talkAfter !== undefined) data.talkDate = addToDay(applicationDate, { days: c.talkAfter });
    if (c.activeAfter !== undefined) {
      data.activeDate = addToDay(applicationDate, { days: c.activeAfter });
      data.contactPersons = '赵丽华、李明';
      data.dueDate = addToDay(data.activeDate as string, { years: 1 });
      steps.push({ transition: 'toActivist', from: 1, to: 2, on: data.activeDate as string });
    }
    if (c.developAfterYear !== undefined) {
      data.developMentDate = addToDay(data.dueDate as string, { days: c.developAfterYear });
      data.dueDate = null;
      steps.push({ transition: 'toDevelopmentObject', from: 2, to: 3, on: data.developMentDate as string });
    }
    if (c.probationaryDaysAgo !== undefined) {
      const dev = data.developMentDate as string;
      Object.assign(data, {
        introducers: '赵丽华、李明', politicalReviewDate: addToDay(dev, { days: 10 }), trainingDate: addToDay(dev, { days: 14 }), publicityDate: addToDay(dev, { days: 20 }),
        probationaryDate: addToDay(today, { days: -c.probationaryDaysAgo }),
      });
      data.dueDate = addToDay(data.probationaryDate as string, { years: 1 });
      steps.push({ transition: 'toProbationary', from: 3, to: 4, on: data.probationaryDate as string });
    }
    if (c.stopped) steps.push({ transition: 'stop', from: steps[steps.length - 1].to, to: 6, on: addToDay(data.talkDate as string, { days: 30 }), remark: c.stopped });
    const last = steps[steps.length - 1];
    const row = await db
      .insertInto('records')
      .values({
        entity: 'development', organId: branch.id, organPath: branch.organPath, organLevel: branch.organLevel, ownerUserId: branchAdmin,
        auditStatus: last.to, auditRemark: last.remark ?? null, data: JSON.stringify(data), creatorUserId: branchAdmin,
        creationTime: at(applicationDate), lastModificationTime: new Date(Math.min(at(last.on).getTime(), now.getTime() - DAY)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const s of steps)
      history.push({
        subjectType: 'development', subjectId: row.id, transition: s.transition, fromState: s.from, toState: s.to,
        actorUserId: branchAdmin, actorOrganId: branch.id, remark: s.remark ?? null, creationTime: at(s.on),
      });
  }
  await insertChunked(db, 'workflowHistory', history);
  return CASES.length;
}
