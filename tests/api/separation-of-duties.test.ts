/**
 * Nobody decides his own case (docs/SECURITY.md "separation of duties"): every decision the kernel
 * knows — listed by its registry, so that a decision added later fails here until it has a fixture —
 * is tried by the case person acting as his own administrator (403, 不能…本人的…), then taken by
 * another administrator (200).
 */
import { hashKeyOf, searchHash } from '../../src/server/security/data-cipher';
import { keyRingOf } from '../../src/server/db/database';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { listDecisions, ownCaseMessage } from '../../src/server/workflow/own-case';

let app: TestApp;
type Admin = Awaited<ReturnType<typeof signInAsAdmin>>;
let branch: Admin; // 赵丽华: 支部管理员 and a member of that branch
let district: Admin; // 陈晓燕: 区县管理员 and a member of a branch of the district
let city: Admin;
let province: Admin;
const ids: Record<string, number> = {};
const organ = async (organName: string) => app.db.selectFrom('organizations').select(['id', 'organPath', 'organLevel']).where('organName', '=', organName).executeTakeFirstOrThrow();
let branchOrgan: { id: number; organPath: string; organLevel: number };

beforeAll(async () => {
  app = await startTestApp();
  app.freeze('2026-06-15T02:00:00Z');
  [branch, district, city, province] = [await signInAsAdmin(app, 'branchadmin'), await signInAsAdmin(app, 'districtadmin'), await signInAsAdmin(app, 'cityadmin'), await signInAsAdmin(app, 'admin')];
  for (const u of await app.db.selectFrom('users').select(['id', 'userName']).execute()) ids[u.userName] = u.id;
  branchOrgan = await organ('柳城街道凤凰社区党支部');
});
afterAll(() => app?.close());

/** A configured record of the branch, inserted in the state the step starts from. */
async function record(entity: string, o: { owner: number; state: number; data: Record<string, unknown>; at?: typeof branchOrgan }) {
  const at = o.at ?? branchOrgan;
  const row = await app.db
    .insertInto('records')
    .values({ entity, parentId: null, organId: at.id, organPath: at.organPath, organLevel: at.organLevel, ownerUserId: o.owner, auditStatus: o.state, auditRemark: null, auditorUserId: null, auditTime: null, sourceRecordId: null, selectRemark: null, data: JSON.stringify(o.data), creatorUserId: o.owner, creationTime: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const memberIdOf = async (userId: number) => (await app.db.selectFrom('partyMembers').select(['id', 'idCard']).where('userId', '=', userId).where('isDeleted', '=', false).orderBy('id').executeTakeFirstOrThrow());

interface Fixture {
  /** the case person, in his administrator role */
  self: () => Admin;
  /** another administrator, who may decide it */
  other: () => Admin;
  method?: 'POST' | 'DELETE';
  /** makes the case; answers the decision's body */
  body(): Promise<Record<string, unknown>>;
}

const day = '2026-06-10';
const transfer = { changeType: 1, reason: '工作调动', contactPhone: '13800000007' };
const viaBranch = (entity: string, state: number, data: Record<string, unknown>, extra: Record<string, unknown> = { approved: true }): Fixture => ({
  self: () => branch,
  other: () => district,
  body: async () => ({ id: await record(entity, { owner: ids.branchadmin, state, data }), ...extra }),
});
const stages: Record<number, Record<string, unknown>> = {
  1: { applicationDate: '2026-05-20' },
  2: { applicationDate: '2025-01-05', talkDate: '2025-01-20', activeDate: '2025-03-01', contactPersons: '李明、王建国' },
  3: { applicationDate: '2024-01-05', talkDate: '2024-01-20', activeDate: '2024-03-01', contactPersons: '李明、王建国', developMentDate: '2025-04-01' },
  4: { applicationDate: '2023-01-05', talkDate: '2023-01-20', activeDate: '2023-03-01', contactPersons: '李明、王建国', developMentDate: '2024-04-01', introducers: '李明、王建国', politicalReviewDate: '2024-05-01', trainingDate: '2024-05-10', publicityDate: '2024-05-20', probationaryDate: '2025-06-01' },
};
/** A candidate in development whose ID card is the branch administrator's (the case person), at a stage. */
const development = (state: number, extra: Record<string, unknown>): Fixture => ({
  self: () => branch,
  other: () => district,
  async body() {
    const m = await memberIdOf(ids.branchadmin);
    return { id: await record('development', { owner: ids.member, state, data: { name: '赵丽华', sex: 2, idCard: m.idCard, [hashKeyOf('idCard')]: searchHash(keyRingOf(app.db), 'idCard', m.idCard!), phoneNumber: '13800000007', ...stages[state] } }), ...extra };
  },
});
/** An upward report of the branch's item, made by the district administrator (the case person), to the street above the branch. */
const report = (subjectType: string, subject: () => Promise<number>): Fixture => ({
  self: () => district,
  other: () => city,
  async body() {
    const parent = await app.db.selectFrom('organizations as o').innerJoin('organizations as p', 'p.id', 'o.parentId').select('p.organPath').where('o.id', '=', branchOrgan.id).executeTakeFirstOrThrow();
    const rp = await app.db
      .insertInto('upwardReports')
      .values({ subjectType, subjectId: await subject(), fromOrganId: branchOrgan.id, toOrganPath: parent.organPath, remark: null, reporterUserId: ids.districtadmin, creationTime: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: rp.id, approved: true };
  },
});
async function payment(month: number) {
  const status = 0;
  const m = await memberIdOf(ids.branchadmin);
  const p = await app.db
    .insertInto('partyDuesPayments')
    .values({ idempotencyKey: `sod-${Math.random()}`, memberId: m.id, userId: ids.branchadmin, memberName: '赵丽华', organId: branchOrgan.id, organPath: branchOrgan.organPath, year: 2026, months: String(month), amount: 100, channel: 'offline', status, remark: null, creationTime: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db.insertInto('partyDuesPaymentMonths').values({ paymentId: p.id, memberId: m.id, year: 2026, month, amount: 100, status }).execute();
  return p.id;
}
async function participant(entity: string, data: Record<string, unknown>, leave: boolean) {
  const id = await record(entity, { owner: ids.branchadmin, state: null as unknown as number, data });
  await app.db.insertInto('recordParticipants').values({ recordId: id, userId: ids.branchadmin, organId: branchOrgan.id, organPath: branchOrgan.organPath, status: 1, creationTime: new Date(), ...(leave ? { leaveStatus: 0, leaveReason: '出差', leaveTime: new Date() } : {}) }).execute();
  return id;
}
/** The demo district's classes: the open one (AddStudent), the running one (an application waiting). */
const openClass = async (order: 'asc' | 'desc' = 'desc') => (await app.db.selectFrom('trainClasses').select('id').where('needAudit', '=', true).where('organId', '=', district.organId).orderBy('id', order).executeTakeFirstOrThrow()).id;
/** An organisation or unit created by the district, recorded as the city administrator's (the case person's) creation. */
async function pendingOrgan() {
  const r = ok(await app.call('POST', svc('OrganizationService', 'CreateAsync'), { token: district.token, body: { organName: `自审测试党支部${Math.random().toString().slice(2, 8)}`, parentId: district.organId, organType: 3 } }));
  const id = Number(r.id ?? r);
  await app.db.updateTable('organizations').set({ creatorUserId: ids.cityadmin }).where('id', '=', id).execute();
  return id;
}

const FIXTURES: Record<string, Fixture> = {
  'DifficultyService/AuditApply': viaBranch('difficultyApply', 0, { difficultType: '1', difficulInstruction: '因病', helpType: '1' }),
  'PublicOpinionService/Answer': viaBranch('publicOpinion', 0, { title: '诉求', category: '1', content: '内容' }, { replyContent: '已答复' }),
  'LiveRoomService/AuditeLive': {
    self: () => district,
    other: () => city,
    body: async () => ({ id: await record('liveRoom', { owner: ids.districtadmin, state: 0, data: { title: '直播', startTime: '2026-06-20 09:00:00', endTime: '2026-06-20 10:00:00', uname: '主播' } }), approved: true }),
  },
  'MovingRecordService/Audit': viaBranch('movingRecord', 0, { flowType: 1, flowPlace: '重庆', flowReason: '务工', startDate: day, contactPhone: '13800000007' }),
  'MovingRecordService/EndMoving': viaBranch('movingRecord', 1, { flowType: 1, flowPlace: '重庆', flowReason: '务工', startDate: day, contactPhone: '13800000007' }, { endReason: '返乡' }),
  'VillageOfficalService/Audit': viaBranch('villageOfficial', 0, { villageName: '凤凰村', post: '村主任', startDate: day, introduction: '简介' }),
  'OrganizationChangeService/Audit': {
    self: () => branch,
    other: () => district,
    // applied by someone else on her behalf: the case is the member the transfer is about (userId)
    body: async () => ({ id: await record('organChange', { owner: ids.member, state: 1, data: { ...transfer, userId: ids.branchadmin, toOrganId: (await organ('柳城街道机关党支部')).id } }), approved: true }),
  },
  'DevelopmentService/Stop': development(1, { remark: '本人申请终止' }),
  'DevelopmentService/ToActivist': development(1, { activeDate: day, talkDate: '2026-06-01', contactPersons: '李明、王建国' }),
  'DevelopmentService/ToDevelopmentObject': development(2, { developMentDate: day }),
  'DevelopmentService/ToProbationary': development(3, { introducers: '李明、王建国', politicalReviewDate: '2026-05-01', trainingDate: '2026-05-10', publicityDate: '2026-05-20', probationaryDate: day }),
  'DevelopmentService/ToFullMember': development(4, { fullMemberDate: day }),
  'DevelopmentService/ExtendProbation': development(4, { extendDate: day, extendMonths: 6, extendReason: '表现需进一步考察' }),
  'BaseLibraryService/AuditReport': report('baseLibrary', () => record('baseLibrary', { owner: ids.branchadmin, state: null as unknown as number, data: { baseName: '凤凰社区教育基地', category: '1' } })),
  'TeacherLibaryService/AuditReport': report('teacherLibrary', () => record('teacherLibrary', { owner: ids.branchadmin, state: null as unknown as number, data: { realName: '赵老师' } })),
  'ResourceReportService/AuditResourceReport': report('resource', async () => (await app.db.selectFrom('resources').select('id').orderBy('id').executeTakeFirstOrThrow()).id),
  'PartyDuesService/ConfirmPay': { self: () => branch, other: () => district, body: async () => ({ id: await payment(11) }) },
  'PartyDuesService/RejectPay': { self: () => branch, other: () => district, body: async () => ({ id: await payment(12), remark: '金额不符' }) },
  'PartyDuesService/SetPayBase': { self: () => branch, other: () => district, body: async () => ({ memberId: (await memberIdOf(ids.branchadmin)).id, category: 'job', baseIncome: 500_000 }) },
  'PartyMeetingService/AuditMeetingOffWork': {
    self: () => branch,
    other: () => district,
    body: async () => ({ meetingId: await participant('partyMeeting', { title: '支部党员大会', meetingType: '1', beginTime: '2026-06-20 09:00:00', endTime: '2026-06-20 11:00:00', meetingAddress: '活动室' }, true), userId: ids.branchadmin, approved: true }),
  },
  'PartyMeetingService/PartyMeetingSupplementSign': {
    self: () => branch,
    other: () => district,
    body: async () => ({ meetingId: await participant('partyMeeting', { title: '支部党员大会', meetingType: '1', beginTime: '2026-06-10 09:00:00', endTime: '2026-06-10 11:00:00', meetingAddress: '活动室' }, false), userId: ids.branchadmin }),
  },
  'VolActivityService/SignInSup': {
    self: () => branch,
    other: () => district,
    body: async () => ({ id: await participant('volActivity', { title: '社区清洁' }, false), userId: ids.branchadmin }),
  },
  'OfflinePeriodService/AuditOffinePeriod': {
    self: () => district,
    other: () => city,
    async body() {
      const m = await app.db.selectFrom('partyMembers').select(['organId', 'organPath']).where('userId', '=', ids.districtadmin).executeTakeFirstOrThrow();
      const r = await app.db.insertInto('offlineReports').values({ userId: ids.districtadmin, organId: m.organId, organPath: m.organPath, title: '集中学习', studyDate: day, hours: 2, content: null, evidence: JSON.stringify([]), auditRemark: null, auditorUserId: null, creationTime: new Date() }).returning('id').executeTakeFirstOrThrow();
      return { id: r.id, approved: true };
    },
  },
  'PartyMemberService/AuditRegister': {
    self: () => branch,
    other: () => district,
    async body() {
      // a registration waiting for the branch, by the branch administrator herself
      const m = await app.db.selectFrom('partyMembers').selectAll().where('userId', '=', ids.branchadmin).executeTakeFirstOrThrow();
      const { id: _id, ...rest } = m;
      const r = await app.db.insertInto('partyMembers').values({ ...rest, idCard: null, status: 0, creatorUserId: null } as never).returning('id').executeTakeFirstOrThrow();
      return { id: r.id, approved: true };
    },
  },
  'OrganizationService/AuditOrganAsync': { self: () => city, other: () => province, body: async () => ({ id: await pendingOrgan(), approved: true }) },
  'UnitService/AuditUnitAsync': {
    self: () => city,
    other: () => province,
    async body() {
      const r = ok(await app.call('POST', svc('UnitService', 'CreateUnitAsync'), { token: district.token, body: { organId: district.organId, unitName: `自审测试单位${Math.random().toString().slice(2, 8)}` } }));
      const id = Number(r.id ?? r);
      await app.db.updateTable('units').set({ creatorUserId: ids.cityadmin }).where('id', '=', id).execute();
      return { id, approved: true };
    },
  },
  'TrainClassService/AddStudent': { self: () => district, other: () => city, body: async () => ({ trainClassId: await openClass(), userList: [ids.districtadmin] }) },
  'TrainClassService/Audit': {
    self: () => district,
    other: () => city,
    async body() {
      const m = await app.db.selectFrom('partyMembers').select(['organId', 'organPath']).where('userId', '=', ids.districtadmin).executeTakeFirstOrThrow();
      const s = await app.db.insertInto('trainClassStudents').values({ trainClassId: await openClass('asc'), userId: ids.districtadmin, memberName: '陈晓燕', organId: m.organId, organPath: m.organPath, status: 0, source: 1, auditRemark: null, auditorUserId: null, auditTime: null, addedByUserId: null, creationTime: new Date() }).returning('id').executeTakeFirstOrThrow();
      return { id: s.id, approved: true };
    },
  },
  'ExamPaperService/MarkShortAnswer': {
    // 陈晓燕 (district) sits a paper the city set for her branch; she could mark sheets, never her own
    self: () => district,
    other: () => city,
    async body() {
      // the city composes it (its author is not assigned it as a member); 陈晓燕 sits it and answers its short question
      const m = await app.db.selectFrom('partyMembers').select('organId').where('userId', '=', ids.districtadmin).executeTakeFirstOrThrow();
      const bank = await app.db.selectFrom('examLibraries').select('id').where('libaryName', '=', '党章党规与党史知识题库').executeTakeFirstOrThrow();
      const t = (h: number) => new Date(Date.parse('2026-06-15T02:00:00Z') + h * 3_600_000).toISOString();
      const paper = ok(await app.call('POST', svc('ExamPaperService', 'CreateExamPaper'), { token: city.token, body: { paperName: '自阅测试', beginTitme: t(-1), endTime: t(24), testCount: 0, passScore: 1, shortScore: 10, teachTarget: String(m.organId), randomExamPaperSet: [{ libaryId: bank.id, singleChoiceCount: 1, shortCount: 1 }] } }));
      const member = await app.login('districtadmin');
      const sheet = ok(await app.call('GET', svc('ExamPaperService', 'GetPaperQuestionByPaperId'), { token: member, query: { paperId: paper.id } }));
      const shorts = sheet.questions.filter((q: any) => q.type === 5);
      ok(await app.call('POST', svc('ExamPaperService', 'SubmitPaperAnswer'), { token: member, body: { resultId: sheet.resultId, answers: shorts.map((q: any) => ({ questionId: q.id, answer: '我的回答' })), isSubmit: true } }));
      return { resultId: sheet.resultId, marks: shorts.map((q: any) => ({ questionId: q.id, score: 10 })) };
    },
  },
};

describe('nobody decides his own case', () => {
  it('the registry lists the decisions of every kind named by the issue', () => {
    const routes = listDecisions().map((d) => d.route);
    for (const r of ['OrganizationChangeService/Audit', 'DifficultyService/AuditApply', 'PartyDuesService/ConfirmPay', 'PartyDuesService/SetPayBase', 'ExamPaperService/MarkShortAnswer', 'OfflinePeriodService/AuditOffinePeriod', 'TrainClassService/Audit'])
      expect(routes).toContain(r);
  });

  it('every decision of the registry has a fixture here', () => {
    expect(listDecisions().map((d) => d.route).filter((r) => !FIXTURES[r])).toEqual([]);
  });

  for (const route of Object.keys(FIXTURES)) {
    it(`${route}: refused to the case person, taken by another administrator`, async () => {
      const d = listDecisions().find((x) => x.route === route);
      expect(d, `${route} is not a registered decision`).toBeTruthy();
      const f = FIXTURES[route];
      const url = `/api/services/app/${route}`;
      const body = await f.body();
      const mine = await app.call(f.method ?? 'POST', url, { token: f.self().token, body });
      expect(mine.status, JSON.stringify(mine.body)).toBe(403);
      expect(mine.body.error.message).toBe(ownCaseMessage(d!.verb, d!.noun));
      const theirs = await app.call(f.method ?? 'POST', url, { token: f.other().token, body });
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    });
  }
});

describe('escalation', () => {
  it('the branch secretary’s own 困难帮扶 application goes up: the district takes the 支部审核 step, and lists it as waiting for it', async () => {
    const id = await record('difficultyApply', { owner: ids.branchadmin, state: 0, data: { difficultType: '1', difficulInstruction: '因病', helpType: '1' } });
    const waiting = async (a: Admin) => ok(await app.call('GET', svc('DifficultyService', 'GetAuditDifficultyApplyList'), { token: a.token, query: { maxResultCount: 1000 } })).items.map((x: any) => x.id);
    expect(await waiting(district)).toContain(id);
    expect(await waiting(branch)).not.toContain(id);
    expect(ok(await app.call('GET', svc('DifficultyService', 'GetDifficultyMemberById'), { token: district.token, query: { id } })).availableTransitions).toEqual(['branchAudit']);
    const mine = await app.call('POST', svc('DifficultyService', 'AuditApply'), { token: branch.token, body: { id, approved: true } });
    expect(mine.body.error.message).toBe('不能审核本人的申请');
    const r = ok(await app.call('POST', svc('DifficultyService', 'AuditApply'), { token: district.token, body: { id, approved: true } }));
    expect(r.auditStatus).toBe(1);
    // an ordinary member's application stays with the branch: the district does not take its branch step
    const other = await record('difficultyApply', { owner: ids.member, state: 0, data: { difficultType: '1', difficulInstruction: '因病', helpType: '1' } });
    expect((await app.call('POST', svc('DifficultyService', 'AuditApply'), { token: district.token, body: { id: other, approved: true } })).status).toBe(403);
    expect(await waiting(district)).not.toContain(other);
    expect(await waiting(branch)).toContain(other);
  });
});

describe('the demo data follows the rule', () => {
  it('no payment confirmed, no base set, no record decided, no registration or declaration audited by the person it is about', async () => {
    const q = async (text: string) => Number(((await sql<{ n: number }>`${sql.raw(text)}`.execute(app.db)).rows[0] as { n: number }).n);
    expect(await q('select count(*)::int as n from party_dues_payments where confirm_user_id = user_id')).toBe(0);
    expect(await q('select count(*)::int as n from party_dues_bases where set_by_user_id = user_id')).toBe(0);
    expect(await q('select count(*)::int as n from records where auditor_user_id = owner_user_id')).toBe(0);
    expect(await q('select count(*)::int as n from offline_reports where auditor_user_id = user_id')).toBe(0);
    expect(await q('select count(*)::int as n from train_class_students where auditor_user_id = user_id')).toBe(0);
    expect(await q('select count(*)::int as n from record_participants where leave_audit_user_id = user_id or sign_in_by_user_id = user_id')).toBe(0);
    expect(await q('select count(*)::int as n from party_members where auditor_user_id = user_id')).toBe(0);
    // nor any administrator step in the history of a record that is its owner's case (the owner's own steps — submit,
    // withdraw, end, evaluate — aside; a development record's case is the candidate, not the administrator who registered him)
    expect(await q(`select count(*)::int as n from workflow_history h join records r on r.id = h.subject_id and r.entity = h.subject_type
      where h.actor_user_id = r.owner_user_id and h.transition not in ('submit', 'withdraw', 'end', 'evaluate') and r.entity <> 'development'`)).toBe(0);
    expect(await q(`select count(*)::int as n from workflow_history h join records r on r.id = h.subject_id and r.entity = h.subject_type
      where r.entity = 'organChange' and h.transition not in ('submit', 'withdraw', 'evaluate') and h.actor_user_id::text = r.data->>'userId'`)).toBe(0);
  });
});
