/**
 * 组织关系转接 and 流动党员 on the database: every step and every illegal step of a two-sided
 * transfer, the move itself (the member's organisation, role, open applications and study
 * statistics follow him in one transaction), a transfer out of the province with its letter,
 * filing on a member's behalf, both sides' lists, flows, and the site message of each state change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

const C = (action: string) => svc('OrganizationChangeService', action);
const M = (action: string) => svc('MovingRecordService', action);
const P = (action: string) => svc('PartyMemberService', action);

const dataDir = mkdtempSync(join(tmpdir(), 'party-space-test-'));
let app: TestApp;
let member: string;
let memberUserId: number;
let teacher: string;
let branch: { token: string; organId: number; organPath: string };
let wenjiang: { token: string; organId: number; organPath: string };
let pidu: { token: string; organId: number; organPath: string };
/** a 党支部 of 郫都区 (the receiving side) */
let target: { id: number; organName: string; organPath: string };

beforeAll(async () => {
  app = await startTestApp({ config: { dataDir } });
  member = await app.login('member');
  teacher = await app.login('teacher');
  branch = await signInAsAdmin(app, 'branchadmin');
  wenjiang = await signInAsAdmin(app, 'districtadmin');
  pidu = await signInAsAdmin(app, 'district2admin');
  memberUserId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
  target = await app.db.selectFrom('organizations').select(['id', 'organName', 'organPath']).where('organPath', 'like', `${pidu.organPath}%`).where('organType', '=', '5').orderBy('id').executeTakeFirstOrThrow();
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const transfer = (extra: Record<string, unknown> = {}) => ({ changeType: 1, toOrganId: target.id, reason: 'work', contactPhone: '13800000002', explain: '工作调动到郫都区', ...extra });
const memberRow = () => app.db.selectFrom('partyMembers').selectAll().where('userId', '=', memberUserId).executeTakeFirstOrThrow();
const messages = async () =>
  (await app.db.selectFrom('siteMessageReceivers as r').innerJoin('siteMessages as m', 'm.id', 'r.messageId').select(['m.title', 'm.linkUrl', 'r.source']).where('r.userId', '=', memberUserId).orderBy('m.id').execute());
const studySeconds = async () =>
  Number((await app.db.selectFrom('studyTotals').select(sql<number>`coalesce(sum(seconds), 0)`.as('s')).where('userId', '=', memberUserId).executeTakeFirstOrThrow()).s);

describe('organisation-relationship transfer inside the province', () => {
  let id: number;
  let pendingHelpId: number;
  let before: Awaited<ReturnType<typeof memberRow>>;
  let seconds: number;

  it('refuses a transfer to his own branch, to a non-branch, and without a target', async () => {
    before = await memberRow();
    const own = await app.call('POST', C('Apply'), { token: member, body: transfer({ toOrganId: before.organId }) });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe('您已在该党组织，无需转接');
    const committee = await app.call('POST', C('Apply'), { token: member, body: transfer({ toOrganId: pidu.organId }) });
    expect(committee.status).toBe(400);
    expect(committee.body.error.message).toBe('转入党组织须为党支部，请选择具体的党支部');
    const none = await app.call('POST', C('Apply'), { token: member, body: transfer({ toOrganId: null }) });
    expect(none.status).toBe(400);
    expect(none.body.error.validationErrors[0].members).toEqual(['toOrganId']);
    const missing = await app.call('POST', C('Apply'), { token: member, body: transfer({ toOrganId: 99999999 }) });
    expect(missing.status).toBe(400);
    const forged = await app.call('POST', C('Apply'), { token: member, body: transfer({ letterNo: '伪造' }) });
    expect(forged.status).toBe(400);
  });

  it('a member applies; it waits for the sending side, and he gets a message', async () => {
    // an application of his still waiting for his branch: it must follow him
    const help = await app.call('POST', svc('DifficultyService', 'CreateDifficultyApply'), {
      token: member, body: { difficultType: ['2'], helpType: 'medical', difficulInstruction: '本人患慢性病多年，长期服药，生活较为困难。' },
    });
    pendingHelpId = ok(help).id;
    seconds = await studySeconds();
    const r = ok(await app.call('POST', C('Apply'), { token: member, body: transfer() }));
    id = r.id;
    expect(r).toMatchObject({ auditStatus: 1, toOrganId: target.id, toOrganName: target.organName, fromOrganId: before.organId, availableTransitions: ['withdraw'] });
    const again = await app.call('POST', C('Apply'), { token: member, body: transfer({ explain: '再申请一次' }) });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('您已有一条正在办理的组织关系转接申请');
    const last = (await messages()).pop()!;
    expect(last).toMatchObject({ title: '您的组织关系转接申请：待转出党组织审核', linkUrl: `/partyMember/partySpace/organswitchInfo?id=${id}`, source: 2 });
    const mine = ok(await app.call('GET', C('MyApply'), { token: member }));
    expect(mine.id).toBe(id);
    const status = ok(await app.call('GET', P('GetPartyMemberMovingFloatStatus'), { token: member }));
    expect(status).toMatchObject({ hasMovingApply: true, organChangeId: id, organChangeStatus: 1 });
  });

  it('each side sees it in its own list; nobody else reaches it', async () => {
    const out = ok(await app.call('GET', C('OutPageList'), { token: wenjiang.token, query: { maxResultCount: 100 } }));
    expect(out.items.map((r: any) => r.id)).toContain(id);
    const inbound = ok(await app.call('GET', C('InPageList'), { token: pidu.token, query: { maxResultCount: 100 } }));
    expect(inbound.items.map((r: any) => r.id)).toContain(id);
    expect(ok(await app.call('GET', C('InPageList'), { token: wenjiang.token, query: { maxResultCount: 100 } })).items.map((r: any) => r.id)).not.toContain(id);
    expect(ok(await app.call('GET', C('OutPageList'), { token: pidu.token, query: { maxResultCount: 100 } })).items.map((r: any) => r.id)).not.toContain(id);
    // both sides read it by id; the receiving side cannot act yet
    expect(ok(await app.call('GET', C('Get'), { token: pidu.token, query: { id } })).availableTransitions).toEqual([]);
    expect(ok(await app.call('GET', C('Get'), { token: wenjiang.token, query: { id } })).availableTransitions).toEqual(['sendAudit']);
    // only the receiving side's pending list holds it once the sending side has approved
    expect(ok(await app.call('GET', C('AuditPageList'), { token: pidu.token, query: { maxResultCount: 100 } })).items.map((r: any) => r.id)).not.toContain(id);
    // no permission: 403; another member: as missing
    expect((await app.call('GET', C('PageList'), { token: teacher })).status).toBe(403);
    expect((await app.call('GET', C('Get'), { token: teacher, query: { id } })).status).toBe(404);
    expect((await app.call('GET', C('Get'), { token: null, query: { id } })).status).toBe(401);
  });

  it('the receiving side cannot approve first; the sending side approves once', async () => {
    const early = await app.call('POST', C('Audit'), { token: pidu.token, body: { id, approved: true } });
    expect(early.status).toBe(403);
    expect(early.body.error.message).toBe('该记录当前不在您的办理环节');
    const noRemark = await app.call('POST', C('Audit'), { token: wenjiang.token, body: { id, approved: false } });
    expect(noRemark.status).toBe(400);
    const r = ok(await app.call('POST', C('Audit'), { token: wenjiang.token, body: { id, approved: true, remark: '同意转出' } }));
    expect(r.auditStatus).toBe(2);
    const twice = await app.call('POST', C('Audit'), { token: wenjiang.token, body: { id, approved: true, transition: 'sendAudit' } });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('该记录已审核');
    // the sending side is not the receiving side
    const wrongSide = await app.call('POST', C('Audit'), { token: wenjiang.token, body: { id, approved: true } });
    expect(wrongSide.status).toBe(403);
    expect((await memberRow()).organId).toBe(before.organId);
    expect(ok(await app.call('GET', C('AuditPageList'), { token: pidu.token, query: { maxResultCount: 100 } })).items.map((r: any) => r.id)).toContain(id);
  });

  it('after the receiving side approves, the member belongs to the new branch in every respect', async () => {
    const r = ok(await app.call('POST', C('Audit'), { token: pidu.token, body: { id, approved: true, remark: '欢迎' } }));
    expect(r).toMatchObject({ auditStatus: 3 });
    const after = await memberRow();
    expect(after).toMatchObject({ organId: target.id, organPath: target.organPath });
    expect((await app.db.selectFrom('users').select('organId').where('id', '=', memberUserId).executeTakeFirstOrThrow()).organId).toBe(target.id);
    // his member role and his current session follow: he keeps working, now in the new branch
    const session = ok(await app.call('GET', P('GetCurrentUserSessionData'), { token: member }));
    expect(JSON.stringify(session)).toContain(target.organName);
    const status = ok(await app.call('GET', P('GetPartyMemberMovingFloatStatus'), { token: member }));
    expect(status).toMatchObject({ organId: target.id, hasMovingApply: false, organChangeStatus: 3 });
    // the receiving district lists him, the sending one no longer
    const inPidu = ok(await app.call('GET', P('PageList'), { token: pidu.token, query: { MaxResultCount: 1000, Name: after.name } }));
    expect(inPidu.items.map((m: any) => m.id)).toContain(after.id);
    const inWenjiang = ok(await app.call('GET', P('PageList'), { token: wenjiang.token, query: { MaxResultCount: 1000, Name: after.name } }));
    expect(inWenjiang.items.map((m: any) => m.id)).not.toContain(after.id);
    // his open application waits for the new branch; his 学时 are his still, counted in the new branch
    const help = await app.db.selectFrom('records').select(['organId', 'organPath']).where('id', '=', pendingHelpId).executeTakeFirstOrThrow();
    expect(help.organId).toBe(target.id);
    expect(await studySeconds()).toBe(seconds);
    const elsewhere = await app.db.selectFrom('studyTotals').select('organPath').where('userId', '=', memberUserId).where('organPath', '<>', target.organPath).execute();
    expect(elsewhere).toEqual([]);
    // the transfer itself stays with the sending side's history, readable by both
    expect(ok(await app.call('GET', C('HistoryPageList'), { token: wenjiang.token, query: { maxResultCount: 100 } })).items.map((x: any) => x.id)).toContain(id);
    expect(ok(await app.call('GET', C('HistoryPageList'), { token: pidu.token, query: { maxResultCount: 100 } })).items.map((x: any) => x.id)).toContain(id);
    // his old branch's administrator no longer reaches his pending application
    expect((await app.call('GET', svc('DifficultyService', 'GetDifficultyMemberById'), { token: branch.token, query: { id: pendingHelpId } })).status).toBe(404);
  });

  it('every state change wrote him a message; he evaluates once; his history lists it', async () => {
    const titles = (await messages()).map((m) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['您的组织关系转接申请：待转出党组织审核', '您的组织关系转接申请：待转入党组织审核', '您的组织关系转接申请：已转接']));
    const noLevel = await app.call('POST', C('SubmitUserEvaluate'), { token: member, body: { id, evaluateContent: '很好' } });
    expect(noLevel.status).toBe(400);
    const r = ok(await app.call('POST', C('SubmitUserEvaluate'), { token: member, body: { id, evaluateLevel: 5, evaluateContent: '办理很快' } }));
    expect(r).toMatchObject({ auditStatus: 6, evaluateLevel: 5 });
    expect((await app.call('POST', C('SubmitUserEvaluate'), { token: member, body: { id, evaluateLevel: 1 } })).status).toBe(400);
    const history = ok(await app.call('GET', C('GetUserChangeOranList'), { token: member, query: { maxResultCount: 10 } }));
    expect(history.items.map((x: any) => x.id)).toEqual([id]);
    const detail = ok(await app.call('GET', C('Get'), { token: member, query: { id } }));
    expect(detail.history.map((h: any) => h.toState)).toEqual([1, 2, 3, 6]);
  });
});

describe('rejected, withdrawn, out of the province, on behalf', () => {
  let movedBack = false;
  const otherMember = async () => {
    // a member of the 温江 branch that branchadmin manages
    const m = await app.db.selectFrom('partyMembers as m').innerJoin('users as u', 'u.id', 'm.userId').select(['m.userId', 'm.organId', 'u.userName'])
      .where('m.organId', '=', branch.organId).where('m.status', '=', 1).where('m.userId', '<>', memberUserId).where('u.userName', '<>', 'branchadmin').orderBy('m.id').executeTakeFirstOrThrow();
    return m;
  };

  it('a rejected and a withdrawn application change nothing', async () => {
    void movedBack;
    const m = await otherMember();
    const a = ok(await app.call('POST', C('ApplyForMember'), { token: branch.token, body: transfer({ userId: m.userId }) }));
    expect(a).toMatchObject({ ownerUserId: m.userId, organId: m.organId, auditStatus: 1 });
    const rejected = ok(await app.call('POST', C('Audit'), { token: branch.token, body: { id: a.id, approved: false, remark: '材料不全' } }));
    expect(rejected.auditStatus).toBe(4);
    expect((await app.db.selectFrom('partyMembers').select('organId').where('userId', '=', m.userId).executeTakeFirstOrThrow()).organId).toBe(m.organId);
    const b = ok(await app.call('POST', C('ApplyForMember'), { token: branch.token, body: transfer({ userId: m.userId, explain: '补齐材料后再次申请' }) }));
    const twice = await app.call('POST', C('ApplyForMember'), { token: branch.token, body: transfer({ userId: m.userId, explain: '重复' }) });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('该党员已有一条正在办理的组织关系转接申请');
    // the member himself withdraws what the branch filed for him
    const own = await app.login(m.userName);
    expect(ok(await app.call('POST', C('Withdraw'), { token: own, body: { id: b.id } })).auditStatus).toBe(5);
    expect((await app.call('POST', C('Withdraw'), { token: own, body: { id: b.id } })).status).toBe(400);
    expect((await app.db.selectFrom('partyMembers').select('organId').where('userId', '=', m.userId).executeTakeFirstOrThrow()).organId).toBe(m.organId);
  });

  it('an administrator files only for members of his subtree', async () => {
    const stranger = await app.db.selectFrom('partyMembers').select('userId').where('organPath', 'like', `${pidu.organPath}%`).where('status', '=', 1).where('userId', 'is not', null).executeTakeFirstOrThrow();
    const r = await app.call('POST', C('ApplyForMember'), { token: branch.token, body: transfer({ userId: stranger.userId }) });
    expect(r.status).toBe(404);
    const none = await app.call('POST', C('ApplyForMember'), { token: branch.token, body: transfer() });
    expect(none.status).toBe(400);
  });

  it('a transfer out of the province ends with the numbered letter and leaves the roster', async () => {
    const m = await otherMember();
    const bad = await app.call('POST', C('ApplyForMember'), { token: branch.token, body: { changeType: 2, reason: 'work', contactPhone: '02888888888', userId: m.userId } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('请填写转入党组织名称');
    const a = ok(await app.call('POST', C('ApplyForMember'), { token: branch.token, body: { changeType: 2, toOrganName: '中共北京市海淀区中关村街道科技园社区党支部', reason: 'work', contactPhone: '02888888888', userId: m.userId } }));
    expect(a.toOrganId ?? null).toBeNull();
    expect(a.availableTransitions).toEqual(['sendAuditOut']);
    const done = ok(await app.call('POST', C('Audit'), { token: branch.token, body: { id: a.id, approved: true } }));
    expect(done.auditStatus).toBe(3);
    expect(done.letterNo).toMatch(/^川组转〔\d{4}〕\d{6}号$/);
    expect(done.letterDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const row = await app.db.selectFrom('partyMembers').select(['status', 'organId']).where('userId', '=', m.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 3, organId: m.organId });
    const roster = ok(await app.call('GET', P('PageList'), { token: branch.token, query: { MaxResultCount: 1000 } }));
    expect(roster.items.map((x: any) => x.userId)).not.toContain(m.userId);
    movedBack = true;
  });
});

describe('flowing party members', () => {
  let id: number;

  it('a member registers a flow anchored to a branch of another district', async () => {
    const bad = await app.call('POST', M('Apply'), { token: member, body: { flowType: 1, flowInOrganId: target.id, flowPlace: '成都市郫都区', flowReason: 'work', startDate: '2026-03-01', endDate: '2026-01-01', contactPhone: '13800000002' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('预计返回日期不能早于流出日期');
    const same = await app.call('POST', M('Apply'), { token: member, body: { flowType: 1, flowInOrganId: target.id, flowPlace: '郫都区', flowReason: 'work', startDate: '2026-03-01', contactPhone: '13800000002' } });
    // after the transfer above he belongs to that branch himself
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe('流入党组织不能是您所在的党组织');
    const wenjiangBranch = await app.db.selectFrom('organizations').select(['id', 'organName']).where('organPath', 'like', `${wenjiang.organPath}%`).where('organType', '=', '5').orderBy('id').executeTakeFirstOrThrow();
    const r = ok(await app.call('POST', M('Apply'), { token: member, body: { flowType: 1, flowInOrganId: wenjiangBranch.id, flowPlace: '成都市温江区', flowReason: 'work', startDate: '2026-03-01', endDate: '2026-12-31', contactPhone: '13800000002' } }));
    id = r.id;
    expect(r).toMatchObject({ auditStatus: 0, flowInOrganName: wenjiangBranch.organName, outOrganId: target.id });
    const again = await app.call('POST', M('Apply'), { token: member, body: { flowType: 2, flowPlace: '广东省深圳市', flowReason: 'work', startDate: '2026-04-01', contactPhone: '13800000002' } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('您已有正在办理或进行中的流动登记，请先结束当前流动');
  });

  it('the flow-out side approves; he is a flowing member, seen by both sides', async () => {
    expect((await app.call('POST', M('Audit'), { token: wenjiang.token, body: { id, approved: true } })).status).toBe(403);
    expect(ok(await app.call('POST', M('Audit'), { token: pidu.token, body: { id, approved: true } })).auditStatus).toBe(1);
    expect(((await memberRow()).partyMember as any).isFlowMember).toBe(true);
    expect(ok(await app.call('GET', M('FlowInPageList'), { token: wenjiang.token, query: { maxResultCount: 100 } })).items.map((r: any) => r.id)).toContain(id);
    expect(ok(await app.call('GET', M('PageList'), { token: pidu.token, query: { maxResultCount: 100 } })).items.map((r: any) => r.id)).toContain(id);
    expect(ok(await app.call('GET', M('Get'), { token: wenjiang.token, query: { id } })).id).toBe(id);
    const status = ok(await app.call('GET', P('GetPartyMemberMovingFloatStatus'), { token: member }));
    expect(status).toMatchObject({ isFlowMember: true, movingRecordId: id, flowStatus: 1, flowPlace: '成都市温江区' });
  });

  it('he ends the flow; it is in his moving history; he evaluates once', async () => {
    const r = ok(await app.call('POST', M('ApplyIsEnd'), { token: member, body: { id, endReason: '已返回' } }));
    expect(r).toMatchObject({ auditStatus: 3, endReason: '已返回' });
    expect(r.actualEndDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(((await memberRow()).partyMember as any).isFlowMember).toBe(false);
    expect((await app.call('POST', M('ApplyIsEnd'), { token: member, body: { id } })).status).toBe(400);
    const moves = ok(await app.call('GET', M('GetUserMoveList'), { token: member, query: { maxResultCount: 10 } }));
    expect(moves.items.map((x: any) => x.id)).toEqual([id]);
    expect(ok(await app.call('POST', M('SubmitUserEvaluate'), { token: member, body: { id, evaluateLevel: 4 } })).auditStatus).toBe(5);
    const titles = (await messages()).map((m) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['您的流动党员登记：待审核', '您的流动党员登记：流动中', '您的流动党员登记：已结束', '您的流动党员登记：已评价']));
  });

  it('a registration out of the province is withdrawn while pending; the organisation can end a flow', async () => {
    const r = ok(await app.call('POST', M('Apply'), { token: member, body: { flowType: 2, flowPlace: '广东省深圳市南山区', flowReason: 'business', startDate: '2026-05-01', contactPhone: '13800000002' } }));
    expect(r.flowInOrganId).toBeNull();
    expect(ok(await app.call('POST', M('Withdraw'), { token: member, body: { id: r.id } })).auditStatus).toBe(4);
    const s = ok(await app.call('POST', M('Apply'), { token: member, body: { flowType: 2, flowPlace: '广东省深圳市南山区', flowReason: 'business', startDate: '2026-05-02', contactPhone: '13800000002' } }));
    ok(await app.call('POST', M('Audit'), { token: pidu.token, body: { id: s.id, approved: true } }));
    expect((await app.call('POST', M('EndMoving'), { token: wenjiang.token, body: { id: s.id } })).status).toBe(404);
    expect((await app.call('POST', M('EndMoving'), { token: teacher, body: { id: s.id } })).status).toBe(403);
    expect(ok(await app.call('POST', M('EndMoving'), { token: pidu.token, body: { id: s.id, endReason: '组织核实已返回' } })).auditStatus).toBe(3);
    expect(((await memberRow()).partyMember as any).isFlowMember).toBe(false);
  });
});
