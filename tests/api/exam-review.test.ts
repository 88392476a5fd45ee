/**
 * Exam reviews that do not hand out the next attempt's answers, and authors who do not sit their
 * own papers (issue 32): the right answers and 解析 only once the member has no attempt left or the
 * paper has closed (交卷后) or its end has passed (考试结束后); a random paper drawn anew each attempt;
 * an administrator who composed a paper or saw its answers (the paper, the bank, a sheet he marked)
 * is not assigned it, and no call shows answers to someone sitting a paper.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { PAPER_MSG } from '../../src/server/domains/exam/paper-rules';
import { composeSheet } from '../../src/server/domains/exam/sitting';
import { WENJIANG_BRANCH, WENJIANG_DISTRICT } from '../../src/server/db/seed/accounts';

let app: TestApp;
let province: string;
let district: string; // 陈晓燕: 温江区 administrator and a member of a branch inside it
let member: string; // 李明, 凤凰社区党支部
let bankId: number;
let branchId: number;
let districtId: number;
let memberUserId: number;
let districtUserId: number;
type BankQuestion = { id: number; type: number; options: { content: string; isRight: boolean }[]; judgeAnswer: boolean | null; blankAnswers: string[][] | null; referenceAnswer: string | null; analysis: string | null };
let byType: Record<number, BankQuestion[]>;

const P = (a: string) => svc('ExamPaperService', a);
const L = (a: string) => svc('ExamLibaryService', a);
const post = (token: string, url: string, body: unknown) => app.call('POST', url, { token, body });
const get = (token: string, url: string, query: Record<string, unknown> = {}) => app.call('GET', url, { token, query });

const NOW = new Date('2026-06-15T02:00:00Z'); // 10:00 in Asia/Shanghai
const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

let made = 0;
async function paper(token: string, over: Record<string, unknown>) {
  return ok<{ id: number }>(
    await post(token, P('CreateExamPaper'), {
      paperType: 1, paperName: '复习测验', description: `第${++made}份`, beginTitme: at(-HOUR), endTime: at(24 * HOUR), testTime: 30, testCount: 2, passScore: 1, showAnswer: 1,
      teachTarget: String(branchId), ...over,
    }),
  ).id;
}
const start = (token: string, paperId: number) => get(token, P('GetPaperQuestionByPaperId'), { paperId });
const handIn = async (token: string, resultId: number) => ok(await post(token, P('SubmitPaperAnswer'), { resultId, isSubmit: true }));
const review = async (token: string, id: number) => ok(await get(token, P('GetPaperTestErrorQuestionById'), { id }));
const myList = async (token: string) => ok(await post(token, P('MyPaperPagedList'), { maxResultCount: 100 })).items.map((p: any) => p.id);
/** Nothing of the answers: no right answer, no 解析 or reference answer, no option marked right, none of their texts. */
function expectNoAnswers(body: unknown, questions: BankQuestion[]) {
  const text = JSON.stringify(body);
  for (const leak of ['rightAnswer', 'analysis', 'referenceAnswer', 'blankAnswers', 'judgeAnswer']) expect(text).not.toContain(leak);
  for (const q of questions) {
    if (q.analysis) expect(text).not.toContain(q.analysis);
    if (q.referenceAnswer) expect(text).not.toContain(q.referenceAnswer);
    for (const alt of q.blankAnswers?.flat() ?? []) expect(text).not.toContain(`"${alt}"`);
  }
  const options = [...text.matchAll(/"options":(\[[^\]]*\])/g)].flatMap((m) => JSON.parse(m[1]));
  expect(options.every((o: any) => !('isRight' in o))).toBe(true);
}

beforeAll(async () => {
  app = await startTestApp();
  app.freeze(NOW);
  province = (await signInAsAdmin(app, 'admin')).token;
  district = (await signInAsAdmin(app, 'districtadmin')).token;
  member = await app.login('member');
  bankId = (await app.db.selectFrom('examLibraries').select('id').where('libaryName', '=', '党章党规与党史知识题库').executeTakeFirstOrThrow()).id;
  branchId = (await app.db.selectFrom('organizations').select('id').where('organName', '=', WENJIANG_BRANCH).executeTakeFirstOrThrow()).id;
  districtId = (await app.db.selectFrom('organizations').select('id').where('organName', '=', WENJIANG_DISTRICT).executeTakeFirstOrThrow()).id;
  memberUserId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
  districtUserId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'districtadmin').executeTakeFirstOrThrow()).id;
  byType = {};
  for (const q of await app.db.selectFrom('examQuestions').selectAll().where('libaryId', '=', bankId).orderBy('id').execute()) (byType[q.type] ??= []).push(q as any);
});
afterAll(async () => app?.close());

describe('交卷后 on an ordinary paper of two attempts', () => {
  let paperId: number;
  let first: any;
  let questions: BankQuestion[];

  it('attempt 1 handed in empty: its review lists his answers and right or wrong only — nothing to answer attempt 2 with', async () => {
    questions = [byType[1][0], byType[2][0], byType[3][0], byType[4][0], byType[5][0]];
    paperId = await paper(province, { questionList: questions.map((q) => q.id) });
    first = ok(await start(member, paperId));
    await handIn(member, first.resultId);
    const r = await review(member, first.resultId);
    expect(r).toMatchObject({ answersShown: false, showAnswer: 1 });
    expect(r.questions.map((q: any) => q.isRight)).toEqual([false, false, false, false, null]);
    expectNoAnswers(r, questions);
    // 错题集 by the same rule
    const wrong = ok(await get(member, P('MyErrorQuestionPageList'), { paperId }));
    expect(wrong.totalCount).toBe(4);
    expect(wrong.items.every((w: any) => w.answersShown === false)).toBe(true);
    expectNoAnswers(wrong, questions);
  });

  it('attempt 2 has the same questions (an ordinary paper is fixed); while it is open the review still shows no answers', async () => {
    const second = ok(await start(member, paperId));
    expect(second.attemptNo).toBe(2);
    expect(second.questions.map((q: any) => q.id)).toEqual(first.questions.map((q: any) => q.id));
    expectNoAnswers(await review(member, first.resultId), questions);
    await handIn(member, second.resultId);
  });

  it('after his last attempt the answers, reference answers and 解析 are shown, for every attempt and in 错题集', async () => {
    const r = await review(member, first.resultId);
    expect(r.answersShown).toBe(true);
    const judge = r.questions.find((q: any) => q.type === 3);
    expect(judge).toMatchObject({ rightAnswer: byType[3][0].judgeAnswer, analysis: byType[3][0].analysis });
    expect(r.questions.find((q: any) => q.type === 5).rightAnswer).toBe(byType[5][0].referenceAnswer);
    expect(r.questions.find((q: any) => q.type === 1).options.some((o: any) => o.isRight)).toBe(true);
    const wrong = ok(await get(member, P('MyErrorQuestionPageList'), { paperId }));
    expect(wrong.items.every((w: any) => w.answersShown === true && w.question.rightAnswer !== undefined)).toBe(true);
  });
});

describe('when the paper closes', () => {
  it('交卷后 with unlimited attempts: hidden while the paper is open, shown once its end has passed', async () => {
    const paperId = await paper(province, { testCount: 0, endTime: at(2 * HOUR), questionList: [byType[1][1].id, byType[3][1].id] });
    const s = ok(await start(member, paperId));
    await handIn(member, s.resultId);
    expect((await review(member, s.resultId)).answersShown).toBe(false);
    app.advance(2 * HOUR + 1000);
    try {
      const r = await review(member, s.resultId);
      expect(r.answersShown).toBe(true);
      expect(r.questions.find((q: any) => q.type === 3).rightAnswer).toBe(byType[3][1].judgeAnswer);
    } finally {
      app.advance(-(2 * HOUR + 1000));
    }
  });

  it('考试结束后: hidden after his only attempt, shown only after the end (the platform clock)', async () => {
    const paperId = await paper(province, { testCount: 1, showAnswer: 2, endTime: at(3 * HOUR), questionList: [byType[1][2].id, byType[3][2].id] });
    const s = ok(await start(member, paperId));
    await handIn(member, s.resultId);
    expect((await review(member, s.resultId)).answersShown).toBe(false);
    app.advance(3 * HOUR - 60_000);
    try {
      expect((await review(member, s.resultId)).answersShown).toBe(false);
      app.advance(2 * 60_000);
      expect((await review(member, s.resultId)).answersShown).toBe(true);
    } finally {
      app.advance(-(3 * HOUR + 60_000));
    }
  });
});

describe('a random paper', () => {
  it('is drawn anew for each attempt, the same draw for one attempt; attempt 1’s review gives no answer', async () => {
    const paperId = await paper(province, { paperType: 2, testCount: 3, randomExamPaperSet: [{ libaryId: bankId, singleChoiceCount: 3, jugeCount: 2 }] });
    const row = await app.db.selectFrom('examPapers').selectAll().where('id', '=', paperId).executeTakeFirstOrThrow();
    const ids = (s: any) => s.questions.map((q: any) => q.id);
    const a = ok(await start(member, paperId));
    // a reload is the same attempt with the same questions
    const again = ok(await start(member, paperId));
    expect(again.resultId).toBe(a.resultId);
    expect(ids(again)).toEqual(ids(a));
    await handIn(member, a.resultId);
    const r1 = await review(member, a.resultId);
    expect(r1.answersShown).toBe(false);
    expectNoAnswers(r1, [...byType[1], ...byType[3]]);
    const b = ok(await start(member, paperId));
    expect(b.attemptNo).toBe(2);
    expect(ids(b)).not.toEqual(ids(a));
    expect(b.questions.map((q: any) => q.type)).toEqual([1, 1, 1, 3, 3]);
    // seeded per attempt: drawing attempt 1 and 2 again gives the same questions
    expect((await composeSheet(app.db, row, memberUserId, 1)).map((q) => q.id)).toEqual(ids(a));
    expect((await composeSheet(app.db, row, memberUserId, 2)).map((q) => q.id)).toEqual(ids(b));
    // attempt 1 is still reviewed on its own questions
    expect((await review(member, a.resultId)).questions.map((q: any) => q.id)).toEqual(ids(a));
    await handIn(member, b.resultId);
    expect((await review(member, b.resultId)).answersShown).toBe(false);
  });
});

describe('authors and markers', () => {
  it('the creator is not assigned his paper: not in his 我的考试, refused with the reason, not among its participants; a non-author sits it', async () => {
    const paperId = await paper(district, { teachTarget: String(districtId), questionList: [byType[1][3].id, byType[1][4].id] });
    expect(await myList(district)).not.toContain(paperId);
    const r = await start(district, paperId);
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(PAPER_MSG.author);
    expect(await myList(member)).toContain(paperId);
    ok(await start(member, paperId));
    const users = ok(await get(district, P('GetExamPaperUsers'), { paperId, maxResultCount: 1000 })).items.map((u: any) => u.userId);
    expect(users).toContain(memberUserId);
    expect(users).not.toContain(districtUserId);
  });

  // a paper of his district someone else made (its creator cleared, as one made by a colleague)
  const colleagues = async (questionList: number[]) => {
    const id = await paper(district, { teachTarget: String(districtId), questionList });
    await app.db.updateTable('examPapers').set({ creatorUserId: null }).where('id', '=', id).execute();
    expect(await myList(district)).toContain(id);
    return id;
  };

  it('who reads a paper’s questions with GetQuestionByPaperId, or changes them, sits it no more', async () => {
    const read = await colleagues([byType[1][5].id, byType[2][1].id]);
    ok(await get(district, P('GetQuestionByPaperId'), { paperId: read }));
    expect(await myList(district)).not.toContain(read);
    expect((await start(district, read)).body.error.message).toBe(PAPER_MSG.author);
    expect(await app.db.selectFrom('examPaperAuthors').select(['userId', 'reason']).where('paperId', '=', read).execute()).toEqual([{ userId: districtUserId, reason: 2 }]);
    const edited = await colleagues([byType[2][2].id]);
    ok(await post(district, P('ModifyExamPaperQuestion'), { paperId: edited, questionList: [byType[2][3].id] }));
    expect(await myList(district)).not.toContain(edited);
    expect((await start(district, edited)).status).toBe(403);
    // the composer's one-call save (ModifyExamPaper with its questions) likewise
    const saved = await colleagues([byType[2][7].id]);
    ok(await post(district, P('ModifyExamPaper'), { id: saved, paperName: '复习测验（改）', beginTitme: at(-HOUR), endTime: at(24 * HOUR), questionList: [byType[2][7].id] }));
    expect(await myList(district)).not.toContain(saved);
    // the member is no author of any
    expect(await myList(member)).toEqual(expect.arrayContaining([read, edited, saved]));
  });

  it('a bank read makes him an author of the papers holding (or drawing) a question he saw, and of no other', async () => {
    const held = await paper(province, { teachTarget: String(districtId), questionList: [byType[4][1].id, byType[1][6].id] });
    const free = await paper(province, { teachTarget: String(districtId), questionList: [byType[4][2].id, byType[2][4].id] });
    const drawsBlanks = await paper(province, { paperType: 2, teachTarget: String(districtId), randomExamPaperSet: [{ libaryId: bankId, blankCount: 1 }] });
    const drawsJudges = await paper(province, { paperType: 2, teachTarget: String(districtId), randomExamPaperSet: [{ libaryId: bankId, jugeCount: 1 }] });
    expect(await myList(district)).toEqual(expect.arrayContaining([held, free, drawsBlanks, drawsJudges]));
    expect(ok(await get(district, L('GetExamQuestionById'), { id: byType[4][1].id })).id).toBe(byType[4][1].id);
    const mine = await myList(district);
    expect(mine).not.toContain(held);
    expect(mine).not.toContain(drawsBlanks);
    expect(mine).toEqual(expect.arrayContaining([free, drawsJudges]));
    for (const id of [held, drawsBlanks]) expect((await start(district, id)).body.error.message).toBe(PAPER_MSG.author);
    // the judge pool he never saw: he sits it
    const s = ok(await start(district, drawsJudges));
    await handIn(district, s.resultId);
  });

  it('marking another’s sheet counts as reading its answers', async () => {
    const marked = await paper(district, { questionList: [byType[5][1].id] });
    const s = ok(await start(member, marked));
    await handIn(member, s.resultId);
    const sheet = await review(district, s.resultId);
    expect(sheet.answersShown).toBe(true);
    const later = await paper(province, { teachTarget: String(districtId), questionList: [byType[5][1].id, byType[4][5].id] });
    expect(await myList(district)).not.toContain(later);
    expect((await start(district, later)).body.error.message).toBe(PAPER_MSG.author);
  });

  it('while he sits a paper, no call shows him answers; once handed in, they do again (and he is then its author)', async () => {
    const sitting = await paper(province, { teachTarget: String(districtId), questionList: [byType[2][5].id, byType[4][4].id] });
    const other = await paper(district, { questionList: [byType[2][6].id] });
    const s = ok(await start(district, sitting));
    for (const r of [
      await get(district, P('GetQuestionByPaperId'), { paperId: other }),
      await get(district, L('GetPageQuestionByLibaryId'), { libaryId: bankId }),
      await get(district, L('GetExamQuestionById'), { id: byType[2][5].id }),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe(PAPER_MSG.sitting);
    }
    await handIn(district, s.resultId);
    const qs = ok(await get(district, P('GetQuestionByPaperId'), { paperId: other }));
    expect(qs.items[0].examAnswerInputDtos.some((o: any) => o.isRight)).toBe(true);
    ok(await get(district, L('GetExamQuestionById'), { id: byType[2][5].id }));
    // having seen one of its answers, his second attempt is refused
    expect((await start(district, sitting)).body.error.message).toBe(PAPER_MSG.author);
  });
});
