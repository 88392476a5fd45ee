/**
 * The workflow foundation on a real service (DifficultyService, hardship help): a two-step audit
 * (the branch, then an organisation above), its named effect, child help records evaluated by the
 * member, privacy by id, and every rule of the one decision helper — wrong step, wrong actor,
 * twice, at once, missing remark, fields outside the whitelist.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, uploadFile, type TestApp } from './harness';

const D = (action: string) => svc('DifficultyService', action);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300)]);

const dataDir = mkdtempSync(join(tmpdir(), 'party-workflow-test-'));
let app: TestApp;
let member: string;
let other: string;
let branch: { token: string; organId: number; organPath: string };
let district: { token: string; organId: number; organPath: string };
let district2: { token: string };

beforeAll(async () => {
  app = await startTestApp({ config: { dataDir } });
  member = await app.login('member');
  other = await app.login('teacher');
  branch = await signInAsAdmin(app, 'branchadmin');
  district = await signInAsAdmin(app, 'districtadmin');
  district2 = await signInAsAdmin(app, 'district2admin');
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const application = (extra: Record<string, unknown> = {}) => ({
  difficultType: ['2', '4'],
  isLowAllowance: true,
  healthSituation: '4',
  yearIncome: 18000,
  helpType: 'medical',
  difficulInstruction: '本人患慢性病多年，长期服药，家庭收入微薄，生活较为困难。',
  ...extra,
});

async function apply(token = member, extra: Record<string, unknown> = {}) {
  return app.call('POST', D('CreateDifficultyApply'), { token, body: application(extra) });
}

describe('hardship help: apply, two-step audit, effect, help records, evaluation', () => {
  let id: number;
  let evidence: string;

  it('a member applies with evidence; the application starts 待支部审核 with a history', async () => {
    evidence = ok(await uploadFile(app, member, 2, { name: '诊断证明.pdf', content: PDF })).id;
    const r = ok(await apply(member, { attachs: [{ id: evidence, name: '诊断证明.pdf' }], difficultType: '2,4' }));
    id = r.id;
    expect(r).toMatchObject({ auditStatus: 0, difficultType: ['2', '4'], helpType: 'medical', availableTransitions: ['withdraw'] });
    const mine = ok(await app.call('GET', D('GetMyDifficultyApply'), { token: member }));
    expect(mine.id).toBe(id);
    const detail = ok(await app.call('GET', D('GetDifficultyApplyById'), { token: member, query: { id } }));
    expect(detail.history.map((h: any) => [h.title, h.toState])).toEqual([['提交', 0]]);
    expect(ok(await app.call('POST', D('CurrentUserIsDifficult'), { token: member }))).toBe(false);
  });

  it('a second application while one is under audit is refused', async () => {
    const r = await apply();
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('您已有一条正在审核的帮扶申请');
  });

  it('someone else’s evidence cannot be attached', async () => {
    const theirs = ok(await uploadFile(app, other, 2, { name: 'x.pdf', content: PDF })).id;
    const r = await apply(await app.login('cityadmin'), { attachs: [{ id: theirs, name: 'x.pdf' }] });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('证明材料须为本人上传的文件');
  });

  it('an application is read only by the applicant and the auditing organisations, by id too', async () => {
    expect((await app.call('GET', D('GetDifficultyApplyById'), { token: other, query: { id } })).status).toBe(404);
    expect((await app.call('GET', D('GetDifficultyMemberById'), { token: district2.token, query: { id } })).status).toBe(404);
    expect((await app.call('GET', D('GetDifficultyMemberById'), { token: member, query: { id } })).status).toBe(403);
    expect(ok(await app.call('GET', D('GetDifficultyMemberById'), { token: branch.token, query: { id } })).id).toBe(id);
    // the evidence file: the auditors over the applicant may download it, nobody else
    const auth = (t: string) => app.call('GET', svc('ResourceLibaryService', 'GetUpLoadAuth'), { token: t, query: { id: evidence } });
    expect((await auth(branch.token)).status).toBe(200);
    expect((await auth(district.token)).status).toBe(200);
    expect((await auth(district2.token)).status).toBe(404);
    expect((await auth(other)).status).toBe(404);
  });

  it('the district cannot take the branch’s step; the branch administrator sees it in 待我审核', async () => {
    const r = await app.call('POST', D('AuditApply'), { token: district.token, body: { id, approved: true } });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe('该记录当前不在您的办理环节');
    const todo = ok(await app.call('GET', D('GetAuditDifficultyApplyList'), { token: branch.token }));
    expect(todo.items.map((x: any) => x.id)).toContain(id);
    expect(todo.items.find((x: any) => x.id === id).availableTransitions).toEqual(['branchAudit']);
    expect(ok(await app.call('GET', D('GetAuditDifficultyApplyList'), { token: district.token })).items.map((x: any) => x.id)).not.toContain(id);
  });

  it('a rejection needs a remark (请输入备注); a step may not change fields outside its whitelist', async () => {
    const r = await app.call('POST', D('AuditApply'), { token: branch.token, body: { id, approved: false } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('请输入备注');
    expect(r.body.error.validationErrors[0].members).toEqual(['remark']);
    const f = await app.call('POST', D('AuditApply'), { token: branch.token, body: { id, approved: true, helpType: 'living' } });
    expect(f.status).toBe(400);
    expect(f.body.error.message).toBe('字段“帮扶需求”不能在此环节修改');
    expect(ok(await app.call('GET', D('GetDifficultyMemberById'), { token: branch.token, query: { id } })).auditStatus).toBe(0);
  });

  it('the branch approves; the same decision twice at once succeeds once', async () => {
    // the client names the step it means: a repeated click is "already decided", not an attempt at the next step
    const both = await Promise.all([1, 2].map(() => app.call('POST', D('AuditApply'), { token: branch.token, body: { id, transition: 'branchAudit', approved: true, remark: '情况属实' } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body.error.message).toBe('该记录已审核');
    const after = ok(await app.call('GET', D('GetDifficultyMemberById'), { token: branch.token, query: { id } }));
    expect(after.auditStatus).toBe(1);
    expect(after.history.map((h: any) => h.title)).toEqual(['提交', '支部审核']);
  });

  it('the branch cannot take the step above; the owner can no longer withdraw', async () => {
    const r = await app.call('POST', D('AuditApply'), { token: branch.token, body: { id, approved: true } });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe('该记录当前不在您的办理环节');
    const w = await app.call('POST', D('WithdrawDifficultyApply'), { token: member, body: { id } });
    expect(w.status).toBe(400);
    expect(w.body.error.message).toBe('该记录当前状态不能撤回');
  });

  it('the district approves: the member becomes a 困难党员 in the same transaction; a third decision is refused', async () => {
    expect(ok(await app.call('POST', D('AuditApply'), { token: district.token, body: { id, approved: true, remark: '同意帮扶' } })).auditStatus).toBe(2);
    const profile = await app.db.selectFrom('partyMembers as m').innerJoin('users as u', 'u.id', 'm.userId').select('m.partyMember').where('u.userName', '=', 'member').executeTakeFirstOrThrow();
    expect(profile.partyMember).toMatchObject({ isDifficult: true, difficultType: ['2', '4'], isLowAllowance: true, healthSituation: '4' });
    expect(ok(await app.call('POST', D('CurrentUserIsDifficult'), { token: member }))).toBe(true);
    const again = await app.call('POST', D('AuditApply'), { token: district.token, body: { id, approved: false, remark: '再审' } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('该记录已审核');
    const detail = ok(await app.call('GET', D('GetDifficultyApplyById'), { token: member, query: { id } }));
    expect(detail.history.map((h: any) => [h.title, h.fromState, h.toState, h.remark])).toEqual([
      ['提交', null, 0, null],
      ['支部审核', 0, 1, '情况属实'],
      ['上级审核', 1, 2, '同意帮扶'],
    ]);
    expect(detail.history[2].actorName).toBe('陈晓燕');
  });

  let helpId: number;
  it('help records are added under an approved application only, with a whitelist of fields', async () => {
    const pending = ok(await apply(await app.login('admin')));
    const refused = await app.call('POST', D('CreateDifficultyHelp'), { token: district.token, body: { parentId: pending.id, title: '慰问', helpType: 'visit', helpDate: '2026-11-01', helpDetail: '上门慰问' } });
    expect(refused.status).toBe(404); // admin's own application lies outside 温江区
    const wrong = await app.call('POST', D('CreateDifficultyHelp'), { token: district.token, body: { parentId: id, title: '慰问', helpType: 'visit', helpDate: '2026-11-01', helpDetail: '上门慰问', evaluateLevel: 5 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('字段“满意度”不能在此修改');
    const help = ok(await app.call('POST', D('CreateDifficultyHelp'), { token: district.token, body: { parentId: id, title: '春节慰问', helpType: 'money', helpDate: '2026-11-01', helpAmount: 800, helpDetail: '发放慰问金800元' } }));
    helpId = help.id;
    expect(help).toMatchObject({ parentId: id, auditStatus: 0, organPath: branch.organPath });
    const list = ok(await app.call('GET', D('GetDifficultyHelpList'), { token: branch.token, query: { parentId: id } }));
    expect(list.items.map((x: any) => x.id)).toEqual([helpId]);
    const upd = await app.call('PUT', D('UpdateDifficultyHelp'), { token: district.token, body: { id: helpId, evaluateLevel: 1 } });
    expect(upd.status).toBe(400);
  });

  it('the member sees his help records and evaluates each once; nobody else can', async () => {
    const mine = ok(await app.call('GET', D('GetUserPagedDifficultyHelpList'), { token: member }));
    expect(mine.items.map((x: any) => [x.id, x.title, x.availableTransitions])).toEqual([[helpId, '春节慰问', ['evaluate']]]);
    expect(ok(await app.call('GET', D('GetUserPagedDifficultyHelpList'), { token: other })).items).toEqual([]);
    expect((await app.call('GET', D('GetDifficultyHelpById'), { token: other, query: { id: helpId } })).status).toBe(404);
    const noLevel = await app.call('POST', D('SubmitUserDiffEvaluate'), { token: member, body: { id: helpId, evaluateContent: '很好' } });
    expect(noLevel.status).toBe(400);
    expect(noLevel.body.error.message).toBe('请选择满意度');
    expect((await app.call('POST', D('SubmitUserDiffEvaluate'), { token: other, body: { id: helpId, evaluateLevel: 1 } })).status).toBe(404);
    const done = ok(await app.call('POST', D('SubmitUserDiffEvaluate'), { token: member, body: { id: helpId, evaluateLevel: 5, evaluateContent: '感谢组织关怀' } }));
    expect(done).toMatchObject({ auditStatus: 1, evaluateLevel: 5, evaluateContent: '感谢组织关怀', availableTransitions: [] });
    const twice = await app.call('POST', D('SubmitUserDiffEvaluate'), { token: member, body: { id: helpId, evaluateLevel: 1 } });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('该记录当前状态不能评价');
  });

  it('the owner withdraws a pending application; statistics count 困难党员 per child organisation', async () => {
    const cityMember = await app.login('cityadmin');
    const mine = ok(await app.call('GET', D('GetMyPagedDifficultyApplyList'), { token: cityMember }));
    const pending = mine.items.find((x: any) => x.auditStatus === 0) ?? ok(await apply(cityMember));
    expect(ok(await app.call('POST', D('WithdrawDifficultyApply'), { token: cityMember, body: { id: pending.id } })).auditStatus).toBe(4);
    expect((await app.call('POST', D('WithdrawDifficultyApply'), { token: member, body: { id: pending.id } })).status).toBe(404);
    // the member's approval counts under the child organisation of 温江区 that holds his branch (the demo seed may add others)
    const stats = ok(await app.call('GET', D('DifficultyStatistics'), { token: district.token }));
    const row = stats.rows.find((r: any) => branch.organPath.startsWith(r.organPath));
    expect(row.count).toBeGreaterThanOrEqual(1);
    expect(stats.totals.count).toBe(stats.rows.reduce((n: number, r: any) => n + r.count, 0));
    expect((await app.call('GET', D('DifficultyStatistics'), { token: district.token, query: { organPath: '/999999/' } })).status).toBe(403);
  });
});

describe('own-organisation scope', () => {
  it('a superior reads a subordinate’s teaching plan but cannot update it; his own he can', async () => {
    const T = (a: string) => svc('TeachingPlanService', a);
    const city = await signInAsAdmin(app, 'cityadmin');
    const plan = ok(await app.call('POST', T('Create'), { token: district.token, body: { title: '区学习计划', year: 2026 } }));
    expect(ok(await app.call('GET', T('Get'), { token: city.token, query: { id: plan.id } })).title).toBe('区学习计划');
    const r = await app.call('PUT', T('Update'), { token: city.token, body: { id: plan.id, title: '改了', year: 2026 } });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe('只能操作本组织的数据');
    expect((await app.call('PUT', T('Update'), { token: district2.token, body: { id: plan.id, title: '改了', year: 2026 } })).status).toBe(404);
    expect(ok(await app.call('PUT', T('Update'), { token: district.token, body: { id: plan.id, title: '区学习计划（修订）', year: 2026 } })).title).toBe('区学习计划（修订）');
  });
});

describe('the earlier audits run through the same decision helper and history', () => {
  it('an offline declaration’s audit is in its history; deciding it twice is refused', async () => {
    const O = (a: string) => svc('OfflinePeriodService', a);
    app.freeze('2026-06-15T04:00:00Z');
    const decl = ok(await app.call('POST', O('CreateOfflineReport'), { token: member, body: { title: '集中学习', studyDate: '2026-06-14', hours: 2 } }));
    ok(await app.call('POST', O('AuditOffinePeriod'), { token: district.token, body: { id: decl.id, approved: false, remark: '材料不全' } }));
    const again = await app.call('POST', O('AuditOffinePeriod'), { token: district.token, body: { id: decl.id, approved: true } });
    expect(again.body.error.message).toBe('该申报已审核');
    const got = ok(await app.call('GET', O('GetOfflineReport'), { token: member, query: { id: decl.id } }));
    expect(got.history.map((h: any) => [h.title, h.fromState, h.toState, h.remark])).toEqual([['审核', 0, 2, '材料不全']]);
  });
});
