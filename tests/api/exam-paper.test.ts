/**
 * 考试管理 and taking a paper (ExamPaperService): papers composed from readable banks,
 * assigned by organisation or by name, taken inside their window with the server's deadline,
 * scored on the server from stored answers; no answer reaches a member before he has submitted;
 * attempts, random draws, marking, statistics and 错题集.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { readXlsxRows } from '../../src/server/xlsx/xlsx';
import { ANSWER_GRACE_MS } from '../../src/server/domains/exam/sitting';
import { PAPER_MSG } from '../../src/server/domains/exam/paper-rules';
import { WENJIANG_BRANCH } from '../../src/server/db/seed/accounts';

let app: TestApp;
let province: string;
let district: string; // 温江区
let district2: string; // 郫都区
let branchAdmin: string; // no exam menus; a member of the demo branch too
let member: string; // 李明, 凤凰社区党支部
let outsider: string; // the teacher: a member of another branch
let bankId: number;
let branchId: number;
let memberUserId: number;
let byType: Record<number, { id: number; title: string; options: any[]; judgeAnswer: boolean | null; blankAnswers: string[][] | null }[]>;

const S = (a: string) => svc('ExamPaperService', a);
const post = (token: string | null, action: string, body: unknown) => app.call('POST', S(action), { token, body });
const get = (token: string | null, action: string, query: Record<string, unknown> = {}) => app.call('GET', S(action), { token, query });

const NOW = new Date('2026-06-15T02:00:00Z'); // 10:00 in Asia/Shanghai
const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

let made = 0;
/** An ordinary paper of the given questions, assigned to the demo branch, open around NOW (each one differs: the repeat-submit guard). */
async function ordinaryPaper(token: string, over: Record<string, unknown> = {}) {
  const questionList = [byType[1][0].id, byType[1][1].id, byType[2][0].id, byType[3][0].id, byType[4][0].id];
  return ok<{ id: number }>(
    await post(token, 'CreateOrdinaryExamPaper', {
      paperName: '党章测试',
      description: `第${++made}份`,
      beginTitme: at(-HOUR),
      endTime: at(24 * HOUR),
      testTime: 30,
      testCount: 2,
      passScore: 6,
      singleChoiceScore: 2,
      multipleChoiceScore: 3,
      jugeScore: 1,
      blankScore: 2,
      teachTarget: String(branchId),
      questionList,
      ...over,
    }),
  ).id;
}

/** The right answer of a bank question, in the member's shape. */
function rightOf(q: { type: number; options: any[]; judgeAnswer: boolean | null; blankAnswers: string[][] | null }) {
  if (q.type === 1) return 'ABCDEFGH'[q.options.findIndex((o) => o.isRight)];
  if (q.type === 2) return q.options.flatMap((o, i) => (o.isRight ? ['ABCDEFGH'[i]] : []));
  if (q.type === 3) return q.judgeAnswer;
  if (q.type === 4) return q.blankAnswers!.map((alts) => alts[0]);
  return '我的回答';
}
const bankQuestion = (id: number) => Object.values(byType).flat().find((q) => q.id === id)! as any;

beforeAll(async () => {
  app = await startTestApp();
  app.freeze(NOW);
  province = (await signInAsAdmin(app, 'admin')).token;
  district = (await signInAsAdmin(app, 'districtadmin')).token;
  district2 = (await signInAsAdmin(app, 'district2admin')).token;
  branchAdmin = (await signInAsAdmin(app, 'branchadmin')).token;
  member = await app.login('member');
  outsider = await app.login('teacher');
  bankId = (await app.db.selectFrom('examLibraries').select('id').where('libaryName', '=', '党章党规与党史知识题库').executeTakeFirstOrThrow()).id;
  branchId = (await app.db.selectFrom('organizations').select('id').where('organName', '=', WENJIANG_BRANCH).executeTakeFirstOrThrow()).id;
  memberUserId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
  const qs = await app.db.selectFrom('examQuestions').selectAll().where('libaryId', '=', bankId).orderBy('id').execute();
  byType = {};
  for (const q of qs) (byType[q.type] ??= []).push(q as any);
});
afterAll(async () => app?.close());

describe('access', () => {
  it('401 without a token; 403 without the permission for administrators’ calls', async () => {
    expect((await get(null, 'GetPagedAdminPaperList')).status).toBe(401);
    expect((await post(null, 'MyPaperPagedList', {})).status).toBe(401);
    expect((await post(null, 'SubmitPaperAnswer', { resultId: 1 })).status).toBe(401);
    for (const t of [member, branchAdmin]) {
      expect((await get(t, 'GetPagedAdminPaperList')).status).toBe(403);
      expect((await post(t, 'CreateOrdinaryExamPaper', { paperName: 'x', beginTitme: at(0), endTime: at(HOUR) })).status).toBe(403);
      expect((await get(t, 'GetExamResultByPaperId', { paperId: 1 })).status).toBe(403);
      expect((await post(t, 'MarkShortAnswer', { resultId: 1, marks: [{ questionId: 1, score: 1 }] })).status).toBe(403);
    }
  });

  it('a paper of one district is missing for the other, by id too', async () => {
    const id = await ordinaryPaper(district);
    expect((await get(district2, 'GetExamPaperInfoById', { id })).status).toBe(404);
    expect((await get(district2, 'GetQuestionByPaperId', { paperId: id })).status).toBe(404);
    expect((await post(district2, 'ModifyExamPaper', { id, paperName: 'x', beginTitme: at(0), endTime: at(HOUR) })).status).toBe(404);
    expect((await app.call('DELETE', S('Delete'), { token: district2, query: { id } })).status).toBe(404);
    const list = ok(await get(district2, 'GetPagedAdminPaperList', { maxResultCount: 100 }));
    expect(list.items.map((p: any) => p.id)).not.toContain(id);
    expect(ok(await get(province, 'GetPagedAdminPaperList', { maxResultCount: 100 })).items.map((p: any) => p.id)).toContain(id);
  });
});

describe('composing', () => {
  it('refuses with clear messages: end before begin, no questions, unknown question, pass mark over the total, short pool', async () => {
    const base = { paperName: '测试', beginTitme: at(HOUR), endTime: at(0), questionList: [byType[1][0].id], teachTarget: String(branchId) };
    let r = await post(district, 'CreateOrdinaryExamPaper', base);
    expect(r.status).toBe(400);
    expect(r.body.error.validationErrors[0].message).toBe(PAPER_MSG.endBeforeBegin);
    r = await post(district, 'CreateOrdinaryExamPaper', { ...base, endTime: at(2 * HOUR), questionList: [] });
    expect(r.body.error.validationErrors[0].message).toBe(PAPER_MSG.noQuestions);
    r = await post(district, 'CreateOrdinaryExamPaper', { ...base, endTime: at(2 * HOUR), questionList: [999999] });
    expect(r.body.error.validationErrors[0].message).toBe(PAPER_MSG.questionMissing);
    r = await post(district, 'CreateOrdinaryExamPaper', { ...base, endTime: at(2 * HOUR), passScore: 60, singleChoiceScore: 2 });
    expect(r.body.error.validationErrors[0].message).toBe(PAPER_MSG.passOverTotal(2));
    r = await post(district, 'CreateExamPaper', { ...base, questionList: null, endTime: at(2 * HOUR), passScore: 1, randomExamPaperSet: [{ libaryId: bankId, singleChoiceCount: 99 }] });
    expect(r.status).toBe(400);
    expect(r.body.error.validationErrors[0].message).toMatch(/题库“党章党规与党史知识题库”中符合条件的单选题只有\d+道，不足99道/);
    r = await post(district, 'CreateOrdinaryExamPaper', { ...base, endTime: at(2 * HOUR), beginTitme: '明天' });
    expect(r.status).toBe(400);
    // an organisation beyond the subtree
    const pidu = (await app.db.selectFrom('organizations').select('id').where('organName', '=', '郫都区委').executeTakeFirst())?.id ?? 999999;
    r = await post(district, 'CreateOrdinaryExamPaper', { ...base, endTime: at(2 * HOUR), passScore: 1, teachTarget: String(pidu) });
    expect(r.body.error.validationErrors[0].message).toBe(PAPER_MSG.organNotFound);
  });

  it('a paper’s questions and totals read back; the list counts them', async () => {
    const id = await ordinaryPaper(district);
    const info = ok(await get(district, 'GetExamPaperInfoById', { id }));
    expect(info).toMatchObject({ paperName: '党章测试', paperType: 1, questionCount: 5, totalScore: 2 + 2 + 3 + 1 + 2, teachTarget: String(branchId), locked: false, stateName: '进行中' });
    const qs = ok(await get(district, 'GetQuestionByPaperId', { paperId: id }));
    expect(qs.items).toHaveLength(5);
    expect(qs.items[0].examAnswerInputDtos.some((o: any) => o.isRight)).toBe(true);
  });
});

describe('editing a paper in one call', () => {
  it('settings, questions and organisations together, the pass mark checked against the new questions; overrides and names read back', async () => {
    const id = await ordinaryPaper(district, { passScore: 6 });
    // 及格分 12 is over the old total (10) but not the new one (5 questions + one of 4 points)
    const questionList = [...ok(await get(district, 'GetQuestionByPaperId', { paperId: id })).items.map((q: any) => ({ questionId: q.id })), { questionId: byType[1][2].id, score: 4 }];
    ok(await post(district, 'ModifyExamPaper', { id, paperName: '党章测试（扩充）', beginTitme: at(-HOUR), endTime: at(24 * HOUR), passScore: 12, questionList, teachTarget: '' }));
    const info = ok(await get(district, 'GetExamPaperInfoById', { id }));
    expect(info).toMatchObject({ paperName: '党章测试（扩充）', passScore: 12, questionCount: 6, totalScore: 14, teachTarget: '' });
    const items = ok(await get(district, 'GetQuestionByPaperId', { paperId: id })).items;
    expect(items.at(-1)).toMatchObject({ questionId: byType[1][2].id, score: 4, scoreOverride: 4 });
    expect(items[0].scoreOverride).toBeNull();
    // refused as a whole: nothing of it is kept
    const r = await post(district, 'ModifyExamPaper', { id, paperName: '不应保存', beginTitme: at(-HOUR), endTime: at(24 * HOUR), passScore: 99, questionList });
    expect(r.body.error.validationErrors[0].message).toBe(PAPER_MSG.passOverTotal(14));
    expect(ok(await get(district, 'GetExamPaperInfoById', { id })).paperName).toBe('党章测试（扩充）');
    // members added by name come back with their names
    ok(await post(district, 'AddExamPaperUsers', { paperId: id, userIds: [memberUserId] }));
    expect(ok(await get(district, 'GetExamPaperInfoById', { id }))).toMatchObject({ userIds: [memberUserId], users: [{ userId: memberUserId, name: '李明' }] });
  });
});

describe('taking an ordinary paper', () => {
  let paperId: number;
  let resultId: number;
  let first: any;

  it('a member sees it inside its window; someone not assigned does not', async () => {
    paperId = await ordinaryPaper(district, { showAnswer: 1 });
    const mine = ok(await post(member, 'MyPaperPagedList', { maxResultCount: 50 }));
    expect(mine.items.find((p: any) => p.id === paperId)).toMatchObject({ usedCount: 0, canStart: true, testCount: 2, totalScore: 10 });
    const theirs = ok(await post(outsider, 'MyPaperPagedList', { maxResultCount: 50 }));
    expect(theirs.items.map((p: any) => p.id)).not.toContain(paperId);
    expect((await get(outsider, 'GetPaperQuestionByPaperId', { paperId })).status).toBe(404);
    expect((await get(outsider, 'GetExamPaperInfoById', { id: paperId })).status).toBe(404);
  });

  it('starting gives the server’s deadline and questions without any answer or 解析', async () => {
    first = ok(await get(member, 'GetPaperQuestionByPaperId', { paperId }));
    resultId = first.resultId;
    expect(new Date(first.deadline).getTime()).toBe(NOW.getTime() + 30 * 60_000);
    expect(new Date(first.serverTime).getTime()).toBe(NOW.getTime());
    const text = JSON.stringify(first);
    for (const leak of ['isRight', 'analysis', 'judgeAnswer', 'jugeQuestionAnswer', 'blankAnswers', 'referenceAnswer', 'rightAnswer']) expect(text).not.toContain(leak);
    const blank = byType[4][0];
    const sent = JSON.stringify(first.questions.find((q: any) => q.id === blank.id));
    for (const alt of blank.blankAnswers!.flat()) expect(sent).not.toContain(alt);
    // the member's info view carries no answers either
    const info = JSON.stringify(ok(await get(member, 'GetExamPaperInfoById', { id: paperId })));
    expect(info).not.toContain('isRight');
    expect(info).not.toContain('examAnswerInputDtos');
  });

  it('answers are saved as given and come back on reload; a bad shape is refused with the question’s number', async () => {
    const [q1, q2] = first.questions;
    ok(await post(member, 'SubmitPaperAnswer', { resultId, answers: [{ questionId: q1.id, answer: rightOf(bankQuestion(q1.id)), marked: true }] }));
    // two answers given offline arrive together; the later of one question wins
    ok(await post(member, 'SubmitPaperAnswer', { resultId, answers: [{ questionId: q2.id, answer: 'A' }, { questionId: q2.id, answer: rightOf(bankQuestion(q2.id)) }] }));
    const bad = await post(member, 'SubmitPaperAnswer', { resultId, answers: [{ questionId: q1.id, answer: ['A', 'Z'] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.validationErrors[0].message).toBe(PAPER_MSG.answerShape(1));
    expect((await post(member, 'SubmitPaperAnswer', { resultId, answers: [{ questionId: 999999, answer: 'A' }] })).body.error.validationErrors[0].message).toBe(PAPER_MSG.notOnSheet);
    expect((await post(member, 'SubmitPaperAnswer', { resultId: 'x' })).status).toBe(400);
    // another member cannot write into this attempt
    expect((await post(branchAdmin, 'SubmitPaperAnswer', { resultId, answers: [] })).status).toBe(404);
    const again = ok(await get(member, 'GetPaperQuestionByPaperId', { paperId }));
    expect(again.resultId).toBe(resultId);
    expect(again.questions[0]).toMatchObject({ answer: rightOf(bankQuestion(q1.id)), marked: true });
    expect(again.questions[1].answer).toEqual(rightOf(bankQuestion(q2.id)));
  });

  it('submitting scores on the server from the stored answers, whatever the client claims', async () => {
    const rest = first.questions.slice(2);
    // the true/false wrong, the rest right
    const answers = rest.map((q: any) => ({ questionId: q.id, answer: q.type === 3 ? !bankQuestion(q.id).judgeAnswer : rightOf(bankQuestion(q.id)) }));
    const r = ok(await post(member, 'SubmitPaperAnswer', { resultId, answers, isSubmit: true, score: 100 }));
    expect(r).toMatchObject({ resultId, status: 3, statusName: '已完成', score: 9, passed: true, errorQuestionCout: 1 });
    // saving after submitting is refused; submitting again answers the result
    expect((await post(member, 'SubmitPaperAnswer', { resultId, answers: [{ questionId: rest[0].id, answer: null }] })).body.error.message).toBe(PAPER_MSG.submitted);
    expect(ok(await post(member, 'SubmitPaperAnswer', { resultId, isSubmit: true })).score).toBe(9);
  });

  it('the review after attempt 1 of 2 lists his answers and right or wrong only (showAnswer 1); 错题集 lists the wrong one', async () => {
    const review = ok(await get(member, 'GetPaperTestErrorQuestionById', { id: resultId }));
    expect(review.answersShown).toBe(false);
    const wrong = review.questions.filter((q: any) => q.isRight === false);
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatchObject({ type: 3, myAnswer: !bankQuestion(wrong[0].id).judgeAnswer });
    expect(wrong[0].rightAnswer).toBeUndefined();
    expect(JSON.stringify(review)).not.toContain('analysis');
    const errors = ok(await get(member, 'MyErrorQuestionPageList', { paperId }));
    expect(errors.totalCount).toBe(1);
    expect(errors.items[0]).toMatchObject({ answersShown: false, question: { id: wrong[0].id, typeName: '判断题' } });
    expect(errors.items[0].question.analysis).toBeUndefined();
    // another member cannot read it
    expect((await get(branchAdmin, 'GetPaperTestErrorQuestionById', { id: resultId })).status).toBe(404);
    const records = ok(await get(member, 'CurrentUserExamRecord', { paperId }));
    expect(records[0]).toMatchObject({ resultId, score: 9, passed: true, errorQuestionCout: 1 });
  });

  it('attempts are counted: the second is the last; after it the right answers and 解析 are shown', async () => {
    const second = ok(await get(member, 'GetPaperQuestionByPaperId', { paperId }));
    expect(second.resultId).not.toBe(resultId);
    expect(second.attemptNo).toBe(2);
    ok(await post(member, 'SubmitPaperAnswer', { resultId: second.resultId, isSubmit: true }));
    const r = await get(member, 'GetPaperQuestionByPaperId', { paperId });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(PAPER_MSG.noAttempts);
    const item = ok(await post(member, 'MyPaperPagedList', { maxResultCount: 50 })).items.find((p: any) => p.id === paperId);
    expect(item).toMatchObject({ usedCount: 2, bestScore: 9, passed: true, canStart: false });
    const review = ok(await get(member, 'GetPaperTestErrorQuestionById', { id: resultId }));
    expect(review.answersShown).toBe(true);
    const wrong = review.questions.find((q: any) => q.isRight === false);
    expect(wrong).toMatchObject({ type: 3, rightAnswer: bankQuestion(wrong.id).judgeAnswer });
    expect(wrong.analysis).toBeTruthy();
    // 错题集: the latest wrong answer of each question (attempt 2 was handed in empty)
    const errors = ok(await get(member, 'MyErrorQuestionPageList', { paperId }));
    expect(errors.totalCount).toBe(5);
    expect(errors.items.every((w: any) => w.answersShown && w.question.analysis)).toBe(true);
  });

  it('statistics: participation, pass rate, distribution and correct rate per question; results export', async () => {
    const s = ok(await get(district, 'GetExamResultByPaperId', { paperId }));
    expect(s.joinCount).toBe(1);
    expect(s.assignedCount).toBeGreaterThanOrEqual(2);
    expect(s.passCount).toBe(1);
    expect(s.passRate).toBe(100);
    expect(s.distribution.reduce((a: number, b: any) => a + b.count, 0)).toBe(1);
    expect(s.distribution.find((b: any) => b.range === '90%及以上').count).toBe(1);
    const judge = s.questions.find((q: any) => q.typeName === '判断题');
    expect(judge).toMatchObject({ answerCount: 2, rightCount: 0, rightRate: 0 });
    const users = ok(await get(district, 'GetExamPaperUsers', { paperId, maxResultCount: 100 }));
    expect(users.items.find((u: any) => u.userId === memberUserId)).toMatchObject({ attemptCount: 2, bestScore: 9, passed: true, stateName: '通过' });
    expect(ok(await get(district, 'GetExamPaperUsers', { paperId, state: 1, maxResultCount: 100 })).items.every((u: any) => u.stateName === '未参加')).toBe(true);
    const columns = JSON.stringify([{ field: 'name', title: '姓名' }, { field: 'organName', title: '所在组织' }, { field: 'bestScore', title: '最好成绩' }, { field: 'stateName', title: '状态' }]);
    const x = await app.call('GET', svc('ExportService', 'Export'), { token: district, query: { call: 'ExamPaperService/GetExamPaperUsers', columns, paperId } });
    expect(x.status).toBe(200);
    const rows = readXlsxRows(x.raw);
    expect(rows[0]).toEqual(['姓名', '所在组织', '最好成绩', '状态']);
    expect(rows.some((r) => r[0] === '李明' && r[3] === '通过')).toBe(true);
  });

  it('questions and scores are locked once someone has started', async () => {
    const r = await post(district, 'ModifyExamPaperQuestion', { paperId, questionList: [byType[1][0].id] });
    expect(r.body.error.message).toBe(PAPER_MSG.started);
    const m = await post(district, 'ModifyExamPaper', { id: paperId, paperName: '党章测试（改）', beginTitme: at(-HOUR), endTime: at(48 * HOUR), singleChoiceScore: 5 });
    expect(m.body.error.message).toBe(PAPER_MSG.started);
    ok(await post(district, 'ModifyExamPaper', { id: paperId, paperName: '党章测试（改）', beginTitme: at(-HOUR), endTime: at(48 * HOUR) }));
  });
});

describe('saves racing the hand-in', () => {
  it('an answer is either scored with the attempt or refused — never stored after the score (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const id = await ordinaryPaper(district, { testCount: 0 });
      const s = ok(await get(member, 'GetPaperQuestionByPaperId', { paperId: id }));
      const saves = s.questions.map((q: any) => post(member, 'SubmitPaperAnswer', { resultId: s.resultId, answers: [{ questionId: q.id, answer: rightOf(bankQuestion(q.id)) }] }));
      const [submitted] = await Promise.all([post(member, 'SubmitPaperAnswer', { resultId: s.resultId, isSubmit: true }), ...saves]);
      expect(submitted.status).toBe(200);
      const result = await app.db.selectFrom('examResults').selectAll().where('id', '=', s.resultId).executeTakeFirstOrThrow();
      const rows = await app.db.selectFrom('examAnswers').selectAll().where('resultId', '=', s.resultId).execute();
      // every question has its row, scored; what is stored is what was scored
      expect(rows).toHaveLength(s.questions.length);
      for (const r of rows) {
        expect(r.isRight, `round ${round}: question ${r.questionId}`).not.toBeNull();
        expect(r.isRight).toBe(r.answer !== null);
      }
      expect(Number(result.score)).toBe(rows.reduce((a, r) => a + Number(r.score), 0));
    }
  });
});

describe('window, deadline and assignment', () => {
  it('before the window: not listed, refused to start; after it: refused', async () => {
    const id = await ordinaryPaper(district, { beginTitme: at(2 * HOUR), endTime: at(4 * HOUR) });
    expect(ok(await post(member, 'MyPaperPagedList', { maxResultCount: 50 })).items.map((p: any) => p.id)).not.toContain(id);
    // 即将开始: listed with its start time, not startable; an open paper is not among them
    const coming = ok(await post(member, 'MyPaperPagedList', { maxResultCount: 50, upcoming: true })).items;
    expect(coming.find((p: any) => p.id === id)).toMatchObject({ canStart: false, beginTitme: expect.any(String) });
    const open = ok(await post(member, 'MyPaperPagedList', { maxResultCount: 50 })).items.map((p: any) => p.id);
    for (const p of coming) expect(open).not.toContain(p.id);
    expect(coming.map((p: any) => new Date(p.beginTitme).getTime())).toEqual([...coming.map((p: any) => new Date(p.beginTitme).getTime())].sort((a, b) => a - b));
    expect(ok(await post(outsider, 'MyPaperPagedList', { maxResultCount: 50, upcoming: true })).items.map((p: any) => p.id)).not.toContain(id);
    expect((await get(member, 'GetPaperQuestionByPaperId', { paperId: id })).body.error.message).toBe(PAPER_MSG.notStarted);
    app.advance(5 * HOUR);
    try {
      expect((await get(member, 'GetPaperQuestionByPaperId', { paperId: id })).body.error.message).toBe(PAPER_MSG.ended);
    } finally {
      app.advance(-5 * HOUR);
    }
  });

  it('the deadline is the earlier of the time limit and the window’s end; late answers are refused and the server closes the attempt', async () => {
    const id = await ordinaryPaper(district, { endTime: at(10 * 60_000), testTime: 30 });
    const s = ok(await get(member, 'GetPaperQuestionByPaperId', { paperId: id }));
    expect(new Date(s.deadline).getTime()).toBe(NOW.getTime() + 10 * 60_000);
    const q = s.questions[0];
    ok(await post(member, 'SubmitPaperAnswer', { resultId: s.resultId, answers: [{ questionId: q.id, answer: rightOf(bankQuestion(q.id)) }] }));
    // inside the grace an answer is still taken
    app.advance(10 * 60_000 + ANSWER_GRACE_MS - 1000);
    try {
      ok(await post(member, 'SubmitPaperAnswer', { resultId: s.resultId, answers: [{ questionId: s.questions[1].id, answer: 'A' }] }));
      app.advance(2000);
      const late = await post(member, 'SubmitPaperAnswer', { resultId: s.resultId, answers: [{ questionId: s.questions[2].id, answer: ['A', 'B'] }] });
      expect(late.status).toBe(400);
      expect(late.body.error.message).toBe(PAPER_MSG.late);
      const rec = ok(await get(member, 'CurrentUserExamRecord', { paperId: id }))[0];
      expect(rec).toMatchObject({ status: 3, closedByDeadline: true, score: 2 + (rightOf(bankQuestion(s.questions[1].id)) === 'A' ? 2 : 0) });
      expect(new Date(rec.submitTime).getTime()).toBe(NOW.getTime() + 10 * 60_000);
    } finally {
      app.advance(-(10 * 60_000 + ANSWER_GRACE_MS + 1000));
    }
  });

  it('an attempt left open is closed by the server when nobody comes back (an administrator’s look, or the sweep)', async () => {
    const id = await ordinaryPaper(district, { testTime: 5 });
    const s = ok(await get(branchAdmin, 'GetPaperQuestionByPaperId', { paperId: id }));
    app.advance(6 * 60_000);
    try {
      const stats = ok(await get(district, 'GetExamResultByPaperId', { paperId: id }));
      expect(stats.joinCount).toBe(1);
      const row = await app.db.selectFrom('examResults').selectAll().where('id', '=', s.resultId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 3, closedBy: 2, errorCount: 5 });
    } finally {
      app.advance(-6 * 60_000);
    }
  });

  it('members added by name see it; one taken off does not, even inside an assigned organisation', async () => {
    const id = await ordinaryPaper(province, { teachTarget: String(branchId) });
    const teacherUserId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'teacher').executeTakeFirstOrThrow()).id;
    expect((await get(outsider, 'GetExamPaperInfoById', { id })).status).toBe(404);
    // a district administrator cannot add a member beyond his subtree
    expect((await post(district, 'AddExamPaperUsers', { paperId: id, userIds: [teacherUserId] })).status).toBe(404);
    ok(await post(province, 'AddExamPaperUsers', { paperId: id, userIds: [teacherUserId] }));
    expect(ok(await get(outsider, 'GetExamPaperInfoById', { id })).paperName).toBe('党章测试');
    ok(await app.call('DELETE', S('DeleteExamPaperUsers'), { token: province, query: { paperId: id, userIds: [memberUserId] } }));
    expect((await get(member, 'GetPaperQuestionByPaperId', { paperId: id })).status).toBe(404);
    const users = ok(await get(province, 'GetExamPaperUsers', { paperId: id, maxResultCount: 100 }));
    expect(users.items.map((u: any) => u.userId)).toContain(teacherUserId);
    expect(users.items.map((u: any) => u.userId)).not.toContain(memberUserId);
    // ModifyExamPaperUsers replaces the organisations and, when given, the names
    ok(await post(province, 'ModifyExamPaperUsers', { paperId: id, teachTarget: '', userIds: [] }));
    expect(ok(await get(province, 'GetExamPaperUsers', { paperId: id })).totalCount).toBe(0);
  });
});

describe('answers hidden by the paper’s rule', () => {
  it('showAnswer 3 (never): the review after submitting carries no right answers nor 解析', async () => {
    const id = await ordinaryPaper(district, { showAnswer: 3 });
    const s = ok(await get(member, 'GetPaperQuestionByPaperId', { paperId: id }));
    ok(await post(member, 'SubmitPaperAnswer', { resultId: s.resultId, isSubmit: true }));
    const review = ok(await get(member, 'GetPaperTestErrorQuestionById', { id: s.resultId }));
    expect(review.answersShown).toBe(false);
    const text = JSON.stringify(review);
    expect(text).not.toContain('rightAnswer');
    expect(text).not.toContain('analysis');
    expect(text).not.toContain('isRight":true');
    const errors = ok(await get(member, 'MyErrorQuestionPageList', { paperId: id }));
    expect(errors.totalCount).toBe(5);
    expect(JSON.stringify(errors)).not.toContain('analysis');
    // the administrator sees them (marking)
    expect(ok(await get(district, 'GetPaperTestErrorQuestionById', { id: s.resultId })).answersShown).toBe(true);
  });

  it('showAnswer 2 (after the window): hidden until the end, shown after', async () => {
    const id = await ordinaryPaper(district, { showAnswer: 2, endTime: at(2 * HOUR) });
    const s = ok(await get(member, 'GetPaperQuestionByPaperId', { paperId: id }));
    ok(await post(member, 'SubmitPaperAnswer', { resultId: s.resultId, isSubmit: true }));
    expect(ok(await get(member, 'GetPaperTestErrorQuestionById', { id: s.resultId })).answersShown).toBe(false);
    app.advance(3 * HOUR);
    try {
      expect(ok(await get(member, 'GetPaperTestErrorQuestionById', { id: s.resultId })).answersShown).toBe(true);
    } finally {
      app.advance(-3 * HOUR);
    }
  });
});

describe('random papers and marking', () => {
  let paperId: number;

  it('the draw is the member’s own, the same when he comes back, and anew for his next attempt', async () => {
    paperId = ok<{ id: number }>(
      await post(district, 'CreateExamPaper', {
        paperName: '随机测验',
        beginTitme: at(-HOUR),
        endTime: at(24 * HOUR),
        testCount: 0,
        passScore: 10,
        shortScore: 10,
        teachTarget: String(branchId),
        randomExamPaperSet: [{ libaryId: bankId, singleChoiceCount: 3, jugeCount: 2, shortCount: 1 }],
      }),
    ).id;
    const info = ok(await get(district, 'GetExamPaperInfoById', { id: paperId }));
    expect(info).toMatchObject({ paperType: 2, questionCount: 6, totalScore: 3 * 2 + 2 * 1 + 10 });
    const a = ok(await get(member, 'GetPaperQuestionByPaperId', { paperId }));
    expect(a.questions.map((q: any) => q.type)).toEqual([1, 1, 1, 3, 3, 5]);
    const answers = a.questions.map((q: any) => ({ questionId: q.id, answer: rightOf(bankQuestion(q.id)) }));
    const done = ok(await post(member, 'SubmitPaperAnswer', { resultId: a.resultId, answers, isSubmit: true }));
    expect(done).toMatchObject({ status: 2, statusName: '待阅卷', score: 8, passed: null });
    const b = ok(await get(member, 'GetPaperQuestionByPaperId', { paperId }));
    expect(b.attemptNo).toBe(2);
    expect(b.questions.map((q: any) => q.id)).not.toEqual(a.questions.map((q: any) => q.id));
    expect(ok(await get(member, 'GetPaperQuestionByPaperId', { paperId })).questions).toEqual(b.questions);
    ok(await post(member, 'SubmitPaperAnswer', { resultId: b.resultId, isSubmit: true }));
    // the draw is fixed once made: a question added to the bank later changes nobody's sheet
    expect(ok(await get(district, 'GetQuestionByPaperId', { paperId })).randomExamPaperSet[0].available[1]).toBeGreaterThanOrEqual(3);
    // its sets cannot change any more
    expect((await post(district, 'ModifyExamPaperRandomSet', { paperId, randomExamPaperSet: [{ libaryId: bankId, singleChoiceCount: 1 }] })).body.error.message).toBe(PAPER_MSG.started);
  });

  it('short answers are marked by an administrator; then the score and pass are final', async () => {
    const pending = ok(await get(district, 'GetExamPaperUsers', { paperId, state: 5 }));
    const row = pending.items.find((u: any) => u.userId === memberUserId);
    const resultId = (await app.db.selectFrom('examResults').select('id').where('paperId', '=', paperId).where('userId', '=', memberUserId).where('attemptNo', '=', 1).executeTakeFirstOrThrow()).id;
    // the attempt to mark is the earliest waiting one, not the latest attempt
    expect(row).toMatchObject({ markingResultId: resultId });
    expect(row.resultId).not.toBe(resultId);
    const review = ok(await get(district, 'GetPaperTestErrorQuestionById', { id: resultId }));
    const short = review.questions.find((q: any) => q.type === 5);
    expect(short.myAnswer).toBe('我的回答');
    const over = await post(district, 'MarkShortAnswer', { resultId, marks: [{ questionId: short.id, score: 11 }] });
    expect(over.body.error.validationErrors[0].message).toBe(PAPER_MSG.markRange(10));
    const notShort = await post(district, 'MarkShortAnswer', { resultId, marks: [{ questionId: review.questions[0].id, score: 1 }] });
    expect(notShort.body.error.validationErrors[0].message).toBe(PAPER_MSG.notShort);
    expect((await post(district2, 'MarkShortAnswer', { resultId, marks: [{ questionId: short.id, score: 5 }] })).status).toBe(404);
    const marked = ok(await post(district, 'MarkShortAnswer', { resultId, marks: [{ questionId: short.id, score: 6 }] }));
    expect(marked).toMatchObject({ status: 3, score: 14, passed: true });
    expect((await post(district, 'MarkShortAnswer', { resultId, marks: [{ questionId: short.id, score: 6 }] })).body.error.message).toBe(PAPER_MSG.notMarking);
  });
});

describe('the demo', () => {
  it('seeds an ordinary and a random paper for the demo branch', async () => {
    const list = ok(await get(province, 'GetPagedAdminPaperList', { maxResultCount: 100 }));
    const ordinary = list.items.find((p: any) => p.paperName === '党章党规基础知识测试');
    const random = list.items.find((p: any) => p.paperName === '党史知识随机测验');
    expect(ordinary).toMatchObject({ paperType: 1, totalScore: 100, questionCount: 16 });
    expect(random).toMatchObject({ paperType: 2, totalScore: 100 });
    // assigned to the demo branch: its member reads them, a member elsewhere does not
    expect(ok(await get(member, 'GetExamPaperInfoById', { id: ordinary.id })).totalScore).toBe(100);
    expect((await get(outsider, 'GetExamPaperInfoById', { id: random.id })).status).toBe(404);
  });
});
