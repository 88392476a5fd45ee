/**
 * 发展党员 on the database: the five stages and the guards of 《发展党员工作细则》 — no stage skipped,
 * the age of an applicant, the talk within a month, a year of observation before 发展对象, two
 * introducers, review, training and publicity before 预备党员, a year of probation before 转正 —
 * each refused with its Chinese message and accepted once due; the scope of a branch and of the
 * levels above it; the member's profile made at the last step; the list of stages falling due.
 * The server's clock is frozen at 01:30 in Shanghai (17:30 the evening before in UTC), so every date
 * is a day of the platform, not of the machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { addToDay } from '../../src/contract/platform-time';
import { makeIdCard } from '../../src/server/db/seed/idcard';

const D = (action: string) => svc('DevelopmentService', action);
const TODAY = '2026-06-15';
/** 01:30 on TODAY in Asia/Shanghai; still the 14th in UTC */
const FROZEN_AT = '2026-06-14T17:30:00Z';
const day = (by: { years?: number; months?: number; days?: number }) => addToDay(TODAY, by);

const dataDir = mkdtempSync(join(tmpdir(), 'development-test-'));
let app: TestApp;
let branch: { token: string; organId: number; organPath: string };
let wenjiang: { token: string; organId: number; organPath: string };
let pidu: { token: string; organId: number; organPath: string };
let member: string;

let seq = 0;
/** A fresh applicant: identity card and phone unique per call, born forty years ago. */
function applicant(over: Record<string, unknown> = {}) {
  seq++;
  const birth = day({ years: -40 });
  return {
    name: `测试申请人${seq}`, sex: 1, idCard: makeIdCard('510115', birth, 101 + 2 * (seq % 440)), phoneNumber: `1395${String(1000000 + seq).slice(-7)}`,
    applicationDate: day({ years: -3, days: -60 }), ...over,
  };
}
/** Back-dated stage dates that pass every guard: the whole path ends a year before TODAY. */
const path = (app: string) => {
  const talkDate = addToDay(app, { days: 10 });
  const activeDate = addToDay(app, { days: 20 });
  const developMentDate = addToDay(activeDate, { years: 1 });
  const probationaryDate = addToDay(developMentDate, { days: 40 });
  return {
    toActivist: { talkDate, activeDate, contactPersons: '张三、李四' },
    toDevelopmentObject: { developMentDate },
    toProbationary: {
      introducers: '王五、赵六', politicalReviewDate: addToDay(developMentDate, { days: 10 }), trainingDate: addToDay(developMentDate, { days: 15 }),
      publicityDate: addToDay(developMentDate, { days: 20 }), probationaryDate,
    },
    toFullMember: { fullMemberDate: addToDay(probationaryDate, { years: 1 }) },
  };
};

const create = (body: Record<string, unknown>, token = branch.token) => app.call('POST', D('CreateApplicant'), { token, body });
const step = (action: string, id: number, body: Record<string, unknown>, token = branch.token) => app.call('POST', D(action), { token, body: { id, ...body } });
const message = (r: { body: any }) => r.body.error?.message as string;

beforeAll(async () => {
  app = await startTestApp({ config: { dataDir } });
  app.freeze(FROZEN_AT);
  branch = await signInAsAdmin(app, 'branchadmin');
  wenjiang = await signInAsAdmin(app, 'districtadmin');
  pidu = await signInAsAdmin(app, 'district2admin');
  member = await app.login('member');
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('access', () => {
  it('401 without a token, 403 without Pages.Development', async () => {
    expect((await app.call('GET', D('PageList'), { token: null })).status).toBe(401);
    expect((await app.call('GET', D('PageList'), { token: member })).status).toBe(403);
    expect((await create(applicant(), member)).status).toBe(403);
  });
});

describe('registering an applicant', () => {
  it('refuses an applicant under eighteen on the day of his application (细则第五条)', async () => {
    // seventeen years and 364 days old on the day he applies
    const young = applicant({ idCard: makeIdCard('510115', addToDay(day({ days: -10 }), { years: -18, days: 1 }), 1), applicationDate: day({ days: -10 }) });
    const r = await create(young);
    expect(r.status).toBe(400);
    expect(message(r)).toContain('年满十八周岁');
    expect(r.body.error.validationErrors[0].members).toEqual(['applicationDate']);
    // eighteen that very day
    const adult = applicant({ idCard: makeIdCard('510115', addToDay(day({ days: -10 }), { years: -18 }), 3), applicationDate: day({ days: -10 }) });
    expect(ok(await create(adult)).auditStatus).toBe(1);
  });

  it('refuses a talk later than a month after the application (细则第七条), and an application dated after today', async () => {
    const app0 = day({ months: -3 });
    const late = await create(applicant({ applicationDate: app0, talkDate: addToDay(app0, { months: 1, days: 1 }) }));
    expect(late.status).toBe(400);
    expect(message(late)).toBe('谈话须在收到入党申请书后一个月内进行（《发展党员工作细则》第七条）');
    const future = await create(applicant({ applicationDate: day({ days: 1 }) }));
    expect(future.status).toBe(400);
    expect(message(future)).toBe('申请入党日期不能晚于今天');
    // TODAY is the platform's day although the machine's UTC day is still the 14th
    expect(ok(await create(applicant({ applicationDate: TODAY }))).applicationDate).toBe(TODAY);
  });

  it('refuses the same person twice while his development is open', async () => {
    const a = applicant();
    ok(await create(a));
    const again = await create({ ...a, phoneNumber: '13959999999' });
    expect(again.status).toBe(400);
    expect(message(again)).toBe('该申请人已在发展党员流程中');
  });
});

describe('the five stages', () => {
  it('moves an applicant through every stage, each guard refusing first, and makes him a full member', async () => {
    const a = applicant();
    const rec = ok(await create(a));
    const p = path(a.applicationDate as string);
    expect(rec.availableTransitions).toEqual(expect.arrayContaining(['toActivist', 'stop']));

    // no stage skipped: the workflow takes each step from the stage before it only
    const skip = await step('ToFullMember', rec.id, p.toFullMember);
    expect(skip.status).toBe(400);
    expect(message(skip)).toBe('该记录当前状态不能转为正式党员');
    expect((await step('ToDevelopmentObject', rec.id, p.toDevelopmentObject)).status).toBe(400);

    // 入党积极分子: the talk (细则第七条) and one or two contact persons (细则第九条)
    const noTalk = await step('ToActivist', rec.id, { ...p.toActivist, talkDate: null });
    expect(noTalk.status).toBe(400);
    expect(message(noTalk)).toContain('第七条');
    const three = await step('ToActivist', rec.id, { ...p.toActivist, contactPersons: '甲、乙、丙' });
    expect(message(three)).toBe('培养联系人应为一至两名正式党员（《发展党员工作细则》第九条）');
    const activist = ok(await step('ToActivist', rec.id, p.toActivist));
    expect(activist.auditStatus).toBe(2);
    expect(activist.dueDate).toBe(addToDay(p.toActivist.activeDate, { years: 1 }));

    // 发展对象: a year of observation (细则第十三条) — a day short is refused, the day it is up accepted
    const early = await step('ToDevelopmentObject', rec.id, { developMentDate: addToDay(p.toDevelopmentObject.developMentDate, { days: -1 }) });
    expect(early.status).toBe(400);
    expect(message(early)).toBe(`入党积极分子须经过一年以上培养教育和考察才能列为发展对象（《发展党员工作细则》第十三条），最早可于 ${p.toDevelopmentObject.developMentDate} 列为发展对象`);
    expect(early.body.error.validationErrors[0].members).toEqual(['developMentDate']);
    expect(ok(await step('ToDevelopmentObject', rec.id, p.toDevelopmentObject)).auditStatus).toBe(3);

    // 预备党员: two introducers (第十四条), the branch meeting after review, training and publicity
    const oneIntroducer = await step('ToProbationary', rec.id, { ...p.toProbationary, introducers: '王五' });
    expect(message(oneIntroducer)).toContain('两名正式党员作入党介绍人');
    const beforeTraining = await step('ToProbationary', rec.id, { ...p.toProbationary, probationaryDate: p.toProbationary.trainingDate });
    expect(message(beforeTraining)).toContain('政治审查、集中培训和公示之后');
    const missing = await step('ToProbationary', rec.id, { ...p.toProbationary, publicityDate: undefined });
    expect(message(missing)).toBe('请选择公示日期');
    const probationary = ok(await step('ToProbationary', rec.id, p.toProbationary));
    expect(probationary.auditStatus).toBe(4);
    expect(probationary.dueDate).toBe(p.toFullMember.fullMemberDate);

    // 正式党员: a year of probation (党章第七条、细则第二十八条)
    const short = await step('ToFullMember', rec.id, { fullMemberDate: addToDay(p.toFullMember.fullMemberDate, { days: -1 }) });
    expect(short.status).toBe(400);
    expect(message(short)).toContain('预备期为一年');
    expect(message(short)).toContain('第二十八条');
    const before = await app.db.selectFrom('partyMembers').select('id').where('idCard', '=', a.idCard as string).executeTakeFirst();
    expect(before).toBeUndefined();
    const full = ok(await step('ToFullMember', rec.id, p.toFullMember));
    expect(full.auditStatus).toBe(5);
    expect(full.memberId).toBeGreaterThan(0);

    // the member's profile, made through the member service: a full member of the branch with his career
    const profile = ok(await app.call('GET', svc('PartyMemberService', 'Get'), { token: branch.token, query: { id: full.memberId } }));
    expect(profile.name).toBe(a.name);
    expect(profile.organId).toBe(branch.organId);
    expect(profile.partyMember).toMatchObject({
      partyMemeberType: 1, joinPartyDate: p.toProbationary.probationaryDate, formalMemberDate: p.toFullMember.fullMemberDate, activeDate: p.toActivist.activeDate,
      developMentDate: p.toDevelopmentObject.developMentDate, applicationDate: a.applicationDate, joinIntroducers: ['王五', '赵六'],
    });
    const list = ok(await app.call('GET', svc('PartyMemberService', 'PageList'), { token: branch.token, query: { name: a.name, skipCount: 0, maxResultCount: 10 } }));
    expect(list.items.map((m: any) => m.name)).toContain(a.name);
    // his account signs in with the phone number; the initial password went out by SMS
    const password = /初始密码(\S+?)，/.exec(app.sms.sent.get(a.phoneNumber as string) ?? '')?.[1];
    expect(password).toBeTruthy();
    expect(await app.login(a.phoneNumber as string, password)).toBeTruthy();

    // the timeline: submit and the four steps
    const detail = ok(await app.call('GET', D('Get'), { token: branch.token, query: { id: rec.id } }));
    expect(detail.history.map((h: any) => h.transition)).toEqual(['submit', 'toActivist', 'toDevelopmentObject', 'toProbationary', 'toFullMember']);
    // nothing after the last stage
    expect((await step('ToFullMember', rec.id, p.toFullMember)).status).toBe(400);
  });

  it('a full-member date on the platform\'s today is not "in the future" although the machine\'s UTC day is the day before', async () => {
    const a = applicant({ applicationDate: addToDay(TODAY, { years: -2, days: -80 }) });
    const rec = ok(await create(a));
    const p = path(a.applicationDate as string);
    // stretch the probation so that it ends exactly on TODAY
    const probationaryDate = day({ years: -1 });
    ok(await step('ToActivist', rec.id, p.toActivist));
    ok(await step('ToDevelopmentObject', rec.id, p.toDevelopmentObject));
    ok(await step('ToProbationary', rec.id, { ...p.toProbationary, probationaryDate }));
    const tomorrow = await step('ToFullMember', rec.id, { fullMemberDate: day({ days: 1 }) });
    expect(message(tomorrow)).toBe('转正日期不能晚于今天');
    expect(ok(await step('ToFullMember', rec.id, { fullMemberDate: TODAY })).auditStatus).toBe(5);
  });

  it('extends a probation once, by six to twelve months, when the year is up (细则第三十条), and 转正 waits for its end', async () => {
    const a = applicant();
    const rec = ok(await create(a));
    const p = path(a.applicationDate as string);
    ok(await step('ToActivist', rec.id, p.toActivist));
    ok(await step('ToDevelopmentObject', rec.id, p.toDevelopmentObject));
    ok(await step('ToProbationary', rec.id, p.toProbationary));
    const year = p.toFullMember.fullMemberDate;
    const extend = (body: Record<string, unknown>) => step('ExtendProbation', rec.id, { extendDate: year, extendMonths: 6, extendReason: '需要继续考察', ...body });

    const early = await extend({ extendDate: addToDay(year, { days: -1 }) });
    expect(message(early)).toBe(`预备期满时才能决定延长预备期（《发展党员工作细则》第三十条），预备期满日为 ${year}`);
    expect(message(await extend({ extendMonths: 3 }))).toBe('延长预备期不能少于半年，最长不超过一年');
    expect(message(await extend({ extendMonths: 13 }))).toBe('延长预备期不能少于半年，最长不超过一年');
    expect(message(await extend({ extendReason: undefined }))).toBe('请填写延长原因');
    const extended = ok(await extend({}));
    const end = addToDay(year, { months: 6 });
    expect(extended).toMatchObject({ auditStatus: 4, extendMonths: 6, dueDate: end });
    // once only
    expect(message(await extend({ extendDate: addToDay(year, { days: 1 }) }))).toBe('预备期只能延长一次（《发展党员工作细则》第三十条）');

    // 转正 at the end of the first year is now refused; at the end of the extension accepted
    const atYear = await step('ToFullMember', rec.id, { fullMemberDate: year });
    expect(message(atYear)).toBe(`预备期已延长6个月（《发展党员工作细则》第三十条），延长的预备期满才能转为正式党员，预备期满日为 ${end}`);
    expect(ok(await step('ToFullMember', rec.id, { fullMemberDate: end })).auditStatus).toBe(5);
    const detail = ok(await app.call('GET', D('Get'), { token: branch.token, query: { id: rec.id } }));
    expect(detail.history.map((h: any) => h.transition)).toEqual(['submit', 'toActivist', 'toDevelopmentObject', 'toProbationary', 'extendProbation', 'toFullMember']);
  });

  it('stops a development with a reason', async () => {
    const rec = ok(await create(applicant()));
    expect((await step('Stop', rec.id, {})).status).toBe(400);
    expect(ok(await step('Stop', rec.id, { remark: '本人撤回入党申请' })).auditStatus).toBe(6);
    expect((await step('ToActivist', rec.id, path(rec.applicationDate).toActivist)).status).toBe(400);
  });
});

describe('scope', () => {
  it('a sibling district answers 404 by id, the district above sees and acts', async () => {
    const rec = ok(await create(applicant()));
    for (const r of [
      await app.call('GET', D('Get'), { token: pidu.token, query: { id: rec.id } }),
      await step('ToActivist', rec.id, path(rec.applicationDate).toActivist, pidu.token),
      await step('Stop', rec.id, { remark: 'x' }, pidu.token),
    ]) expect(r.status).toBe(404);
    const pl = ok(await app.call('GET', D('PageList'), { token: pidu.token, query: { skipCount: 0, maxResultCount: 100 } }));
    expect(pl.items.some((x: any) => x.id === rec.id)).toBe(false);
    expect(ok(await app.call('GET', D('Get'), { token: wenjiang.token, query: { id: rec.id } })).id).toBe(rec.id);
    const mine = ok(await app.call('GET', D('PageList'), { token: wenjiang.token, query: { auditStatus: 1, skipCount: 0, maxResultCount: 100 } }));
    expect(mine.items.some((x: any) => x.id === rec.id)).toBe(true);
  });

  it('the district files an applicant for one of its branches; nobody names an organisation outside his subtree', async () => {
    const filed = ok(await create({ ...applicant(), organId: branch.organId }, wenjiang.token));
    expect(filed).toMatchObject({ organId: branch.organId });
    // the branch has him and takes his steps
    const theirs = ok(await app.call('GET', D('PageList'), { token: branch.token, query: { name: filed.name, skipCount: 0, maxResultCount: 10 } }));
    expect(theirs.items.map((x: any) => x.id)).toContain(filed.id);
    expect(ok(await step('ToActivist', filed.id, path(filed.applicationDate).toActivist)).auditStatus).toBe(2);
    // without organId: the organisation he manages
    expect(ok(await create(applicant(), wenjiang.token))).toMatchObject({ organId: wenjiang.organId });
    // outside the subtree, upwards, or no such organisation: 403 alike
    for (const [token, organId] of [[pidu.token, branch.organId], [branch.token, wenjiang.organId], [wenjiang.token, 99_999_999]] as const) {
      const r = await create({ ...applicant(), organId }, token);
      expect(r.status).toBe(403);
    }
    const bad = await create({ ...applicant(), organId: 'x' }, wenjiang.token);
    expect(bad.status).toBe(400);
  });
});

describe('stages falling due', () => {
  it('lists activists whose year is up or ends within 30 days and probationers whose year ends within 30 days', async () => {
    const make = async (activeAgo: { years?: number; days?: number }, probation?: { years?: number; days?: number }) => {
      const activeDate = day(activeAgo);
      const applicationDate = addToDay(activeDate, { days: -20 });
      const rec = ok(await create(applicant({ applicationDate })));
      ok(await step('ToActivist', rec.id, { talkDate: addToDay(applicationDate, { days: 5 }), activeDate, contactPersons: '张三' }));
      if (!probation) return rec.id as number;
      const developMentDate = addToDay(activeDate, { years: 1 });
      const probationaryDate = day(probation);
      ok(await step('ToDevelopmentObject', rec.id, { developMentDate }));
      ok(await step('ToProbationary', rec.id, { introducers: '王五、赵六', politicalReviewDate: developMentDate, trainingDate: developMentDate, publicityDate: developMentDate, probationaryDate }));
      return rec.id as number;
    };
    const yearUp = await make({ years: -1, days: -5 });
    const within30 = await make({ years: -1, days: 30 });
    const notYet = await make({ years: -1, days: 31 });
    const probationEnds = await make({ years: -3 }, { years: -1, days: 20 });
    const probationLater = await make({ years: -3 }, { days: -100 });
    const due = ok(await app.call('GET', D('DuePageList'), { token: branch.token, query: { skipCount: 0, maxResultCount: 200 } }));
    const ids = due.items.map((x: any) => x.id);
    expect(ids).toEqual(expect.arrayContaining([yearUp, within30, probationEnds]));
    expect(ids).not.toContain(notYet);
    expect(ids).not.toContain(probationLater);
    expect(due.items.every((x: any) => x.dueDate <= day({ days: 30 }) && [2, 4].includes(x.auditStatus))).toBe(true);
    // the sibling district sees none of them
    const other = ok(await app.call('GET', D('DuePageList'), { token: pidu.token, query: { skipCount: 0, maxResultCount: 200 } }));
    expect(other.items.some((x: any) => ids.includes(x.id))).toBe(false);
  });
});

describe('personal numbers', () => {
  it('are masked in the list and the detail, in full only for the province (audited), and a masked phone sent back is kept', async () => {
    const a = applicant();
    const rec = ok(await create(a));
    expect(rec.idCard).toContain('*');
    expect(rec.phoneNumber).toBe(`${a.phoneNumber.slice(0, 3)}****${a.phoneNumber.slice(7)}`);
    const pl = ok(await app.call('GET', D('PageList'), { token: branch.token, query: { name: a.name, skipCount: 0, maxResultCount: 10 } }));
    expect(pl.items.find((r: any) => r.id === rec.id)).toMatchObject({ idCard: rec.idCard, phoneNumber: rec.phoneNumber });
    const masked = ok(await app.call('GET', D('Get'), { token: branch.token, query: { id: rec.id } }));
    expect(masked.idCard).not.toBe(a.idCard);

    // the province holds Pages.PartyMember.ViewSensitive: the detail in full, and a trace of it
    const province = await signInAsAdmin(app, 'admin');
    const full = ok(await app.call('GET', D('Get'), { token: province.token, query: { id: rec.id } }));
    expect(full).toMatchObject({ idCard: a.idCard, phoneNumber: a.phoneNumber });
    const log = await app.db.selectFrom('auditLogs').selectAll().where('service', '=', 'DevelopmentService').where('action', '=', 'Get').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ targetId: String(rec.id) });
    expect(log.detail).toMatchObject({ kind: 'sensitiveView', entity: 'development' });

    // the edit form sends the masked phone back: the stored number stays; a new one replaces it
    ok(await app.call('PUT', D('Update'), { token: branch.token, body: { id: rec.id, name: a.name, sex: 1, phoneNumber: masked.phoneNumber, workUnit: '某公司' } }));
    const stored = await app.db.selectFrom('records').select('data').where('id', '=', rec.id).executeTakeFirstOrThrow();
    expect(stored.data).toMatchObject({ phoneNumber: a.phoneNumber, idCard: a.idCard, workUnit: '某公司' });
    // the whole record sent back (as the list's edit form does): unchanged locked fields pass, a changed one is refused
    ok(await app.call('PUT', D('Update'), { token: branch.token, body: { id: rec.id, name: a.name, sex: 1, phoneNumber: masked.phoneNumber, idCard: masked.idCard, applicationDate: a.applicationDate } }));
    const moved = await app.call('PUT', D('Update'), { token: branch.token, body: { id: rec.id, name: a.name, sex: 1, phoneNumber: masked.phoneNumber, applicationDate: day({ days: -1 }) } });
    expect(message(moved)).toBe('字段“申请入党日期”不能在此修改');
    const stillStored = await app.db.selectFrom('records').select('data').where('id', '=', rec.id).executeTakeFirstOrThrow();
    expect(stillStored.data).toMatchObject({ idCard: a.idCard, applicationDate: a.applicationDate });
    // a masked number for a new applicant stands for nothing: refused
    const bad = await create({ ...applicant(), phoneNumber: '139****0000' });
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe('手机号格式错误');
  });
});
