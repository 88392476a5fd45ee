/**
 * 题库管理 and 试题管理 (issue 13, ExamLibaryService): banks owned by an organisation, read from
 * below, managed in the subtree; the five question types checked on the server with the rules an
 * administrator would expect; counts per type; access and reach by id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { EXAM_MSG, countBlanks, normaliseQuestion } from '../../src/server/services/exam-library';
import { DEMO_QUESTIONS } from '../../src/server/db/seed/demo-exam';

let app: TestApp;
let province: string;
let district: string; // 温江区
let district2: string; // 郫都区
let branch: string; // a branch administrator: no exam menus
let member: string;

const S = (a: string) => svc('ExamLibaryService', a);
const post = (token: string | null, action: string, body: unknown) => app.call('POST', S(action), { token, body });
const get = (token: string | null, action: string, query: Record<string, unknown> = {}) => app.call('GET', S(action), { token, query });
const del = (token: string | null, action: string, id: number) => app.call('DELETE', S(action), { token, query: { id } });

const single = (libaryId: number, title = '中国共产党的最高理想和最终目标是什么？') => ({
  libaryId,
  type: 1,
  title,
  analysis: '党章总纲：党的最高理想和最终目标是实现共产主义。',
  difficulty: 1,
  tags: ['党章', '党章'],
  examAnswerInputDtos: [
    { content: '实现共产主义', isRight: true },
    { content: '全面建成小康社会', isRight: false },
    { content: '实现社会主义现代化', isRight: false },
  ],
});

beforeAll(async () => {
  app = await startTestApp();
  province = (await signInAsAdmin(app, 'admin')).token;
  district = (await signInAsAdmin(app, 'districtadmin')).token;
  district2 = (await signInAsAdmin(app, 'district2admin')).token;
  branch = (await signInAsAdmin(app, 'branchadmin')).token;
  member = await app.login('member');
});
afterAll(async () => app?.close());

describe('banks', () => {
  it('401 without a token, 403 without the permission', async () => {
    expect((await get(null, 'GetPageExamLibaryList')).status).toBe(401);
    expect((await post(null, 'CreateExamLibary', { libaryName: 'x' })).status).toBe(401);
    for (const t of [member, branch]) {
      expect((await get(t, 'GetPageExamLibaryList')).status).toBe(403);
      expect((await post(t, 'CreateExamLibary', { libaryName: 'x' })).status).toBe(403);
      expect((await post(t, 'CreateExamQuestion', single(1))).status).toBe(403);
    }
  });

  it('a district reads the province’s bank but cannot change it; another district does not see it at all', async () => {
    const { id: provinceBank } = ok(await post(province, 'CreateExamLibary', { libaryName: '  党章党规题库  ', description: '全省通用' }));
    const { id: wenjiangBank } = ok(await post(district, 'CreateExamLibary', { libaryName: '温江区党史题库' }));

    const listed = ok(await get(district, 'GetPageExamLibaryList', { MaxResultCount: 50 }));
    const mine = listed.items.find((i: any) => i.id === wenjiangBank);
    const above = listed.items.find((i: any) => i.id === provinceBank);
    expect(mine).toMatchObject({ libaryName: '温江区党史题库', canEdit: true, questionCount: 0 });
    expect(above).toMatchObject({ libaryName: '党章党规题库', canEdit: false, description: '全省通用' });
    expect(ok(await get(district, 'GetPageExamLibaryList', { onlyMine: true, MaxResultCount: 50 })).items.map((i: any) => i.id)).not.toContain(provinceBank);
    // the province does not see a district's bank as its own reading list? it manages it (its subtree)
    expect(ok(await get(province, 'GetExamLibaryById', { id: wenjiangBank }))).toMatchObject({ canEdit: true });

    const refused = await post(district, 'ModifyExamLibary', { id: provinceBank, libaryName: '改名' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(EXAM_MSG.readOnly);
    expect((await del(district, 'DeleteExamLibaryById', provinceBank)).status).toBe(403);
    expect((await post(district, 'CreateExamQuestion', single(provinceBank))).status).toBe(403);

    // 郫都区: 温江区's bank answers as a missing one, by id too
    for (const r of [await get(district2, 'GetExamLibaryById', { id: wenjiangBank }), await post(district2, 'ModifyExamLibary', { id: wenjiangBank, libaryName: 'x' }), await del(district2, 'DeleteExamLibaryById', wenjiangBank), await get(district2, 'GetPageQuestionByLibaryId', { libaryId: wenjiangBank })]) {
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe(EXAM_MSG.libraryNotFound);
    }
    expect(ok(await get(district2, 'GetPageExamLibaryList', { MaxResultCount: 50 })).items.map((i: any) => i.id)).not.toContain(wenjiangBank);
    expect((await get(district2, 'GetExamLibaryById', { id: 999999 })).status).toBe(404);
  });

  it('bad input is a Chinese 400, never a 500', async () => {
    const r = await post(district, 'CreateExamLibary', { libaryName: '' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/题库名称/);
    expect((await post(district, 'CreateExamLibary', { libaryName: 'x'.repeat(101) })).status).toBe(400);
    expect((await get(district, 'GetExamLibaryById', { id: 'abc' })).status).toBe(400);
    expect((await del(district, 'DeleteExamLibaryById', -1)).status).toBe(400);
  });
});

describe('questions', () => {
  let bank: number;
  beforeAll(async () => {
    bank = ok(await post(district, 'CreateExamLibary', { libaryName: '题型测试题库' })).id;
  });

  it('takes each of the five types and counts them per type', async () => {
    const made = [
      ok(await post(district, 'CreateExamQuestion', single(bank))),
      ok(
        await post(district, 'CreateExamQuestion', {
          libaryId: bank,
          type: 2,
          title: '党的纪律包括哪些？',
          examAnswerInputDtos: [
            { content: '政治纪律', isRight: true },
            { content: '组织纪律', isRight: true },
            { content: '娱乐纪律', isRight: false },
          ],
        }),
      ),
      ok(await post(district, 'CreateExamQuestion', { libaryId: bank, type: 3, title: '党员应当按期交纳党费。', jugeQuestionAnswer: true })),
      ok(await post(district, 'CreateExamQuestion', { libaryId: bank, type: 4, title: '中国共产党成立于____年，党的一大在____召开。', blankAnswers: [['1921'], [' 上海 ', '上海市', '上海']] })),
      ok(await post(district, 'CreateExamQuestion', { libaryId: bank, type: 5, title: '简述“四个意识”的内容。', referenceAnswer: '政治意识、大局意识、核心意识、看齐意识。' })),
    ];
    expect(made.every((m) => m.id > 0)).toBe(true);

    const q = ok(await get(district, 'GetExamQuestionById', { id: made[0].id }));
    expect(q).toMatchObject({ type: 1, typeName: '单选题', difficulty: 1, tags: ['党章'], libaryName: '题型测试题库' });
    expect(q.examAnswerInputDtos).toEqual([
      { content: '实现共产主义', isRight: true },
      { content: '全面建成小康社会', isRight: false },
      { content: '实现社会主义现代化', isRight: false },
    ]);
    // blanks: trimmed, duplicates folded, every blank keeps its alternatives
    expect(ok(await get(district, 'GetExamQuestionById', { id: made[3].id })).blankAnswers).toEqual([['1921'], ['上海', '上海市']]);

    const info = ok(await get(district, 'GetExamLibaryById', { id: bank }));
    expect(info).toMatchObject({ questionCount: 5, singleCount: 1, multipleCount: 1, judgeCount: 1, blankCount: 1, shortCount: 1 });

    // the list filters by type, difficulty, title and knowledge point
    expect(ok(await get(district, 'GetPageQuestionByLibaryId', { libaryId: bank })).totalCount).toBe(5);
    expect(ok(await get(district, 'GetPageQuestionByLibaryId', { libaryId: bank, type: 3 })).items.map((i: any) => i.id)).toEqual([made[2].id]);
    expect(ok(await get(district, 'GetPageQuestionByLibaryId', { libaryId: bank, tag: '党章' })).items.map((i: any) => i.id)).toEqual([made[0].id]);
    expect(ok(await get(district, 'GetPageQuestionByLibaryId', { libaryId: bank, title: '党费' })).items.map((i: any) => i.id)).toEqual([made[2].id]);
    expect(ok(await get(district, 'GetPageQuestionByLibaryId', { libaryId: bank, title: '%' })).totalCount).toBe(0);
  });

  it('refuses what an examiner would never accept, with every reason by field', async () => {
    const refuse = async (body: Record<string, unknown>, message: string) => {
      const r = await post(district, 'CreateExamQuestion', { libaryId: bank, ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.validationErrors.map((e: any) => e.message)).toContain(message);
    };
    const opts = (...right: boolean[]) => right.map((isRight, i) => ({ content: `选项${i}`, isRight }));
    await refuse({ type: 1, title: '单选', examAnswerInputDtos: opts(true, true) }, EXAM_MSG.singleOneRight);
    await refuse({ type: 1, title: '单选', examAnswerInputDtos: opts(false, false) }, EXAM_MSG.singleOneRight);
    await refuse({ type: 2, title: '多选', examAnswerInputDtos: opts(true, false, false) }, EXAM_MSG.multipleTwoRight);
    await refuse({ type: 1, title: '单选', examAnswerInputDtos: opts(true) }, EXAM_MSG.optionsCount);
    await refuse({ type: 1, title: '单选', examAnswerInputDtos: [{ content: '甲', isRight: true }, { content: ' ', isRight: false }] }, EXAM_MSG.optionEmpty);
    await refuse({ type: 1, title: '单选', examAnswerInputDtos: [{ content: '甲', isRight: true }, { content: '甲 ', isRight: false }] }, EXAM_MSG.optionDuplicate);
    await refuse({ type: 3, title: '判断' }, EXAM_MSG.judgeAnswer);
    await refuse({ type: 4, title: '没有空的填空题', blankAnswers: [['甲']] }, EXAM_MSG.blankCount);
    await refuse({ type: 4, title: '两个空____和____', blankAnswers: [['甲']] }, EXAM_MSG.blankMismatch);
    await refuse({ type: 4, title: '一个空____', blankAnswers: [[' ']] }, EXAM_MSG.blankEmpty);
    await refuse({ type: 5, title: '简答', referenceAnswer: '  ' }, EXAM_MSG.shortAnswer);
    await refuse({ type: 1, title: '   ', examAnswerInputDtos: opts(true, false) }, '请输入题干');
    // schema-level: a type outside 1–5, a title too long
    expect((await post(district, 'CreateExamQuestion', { libaryId: bank, type: 6, title: 'x' })).status).toBe(400);
    expect((await post(district, 'CreateExamQuestion', { libaryId: bank, type: 3, title: 'x'.repeat(2001), jugeQuestionAnswer: true })).status).toBe(400);
  });

  it('an edit follows the same rules; a deleted question or bank is gone, and another district reaches nothing by id', async () => {
    const { id } = ok(await post(district, 'CreateExamQuestion', { libaryId: bank, type: 3, title: '入党誓词由党章规定。', jugeQuestionAnswer: true }));
    const bad = await post(district, 'ModifyExamQuestion', { id, libaryId: bank, type: 1, title: '改成单选', examAnswerInputDtos: [{ content: '甲', isRight: false }, { content: '乙', isRight: false }] });
    expect(bad.status).toBe(400);
    ok(await post(district, 'ModifyExamQuestion', { id, libaryId: bank, type: 3, title: '入党誓词由党章规定。', jugeQuestionAnswer: false, analysis: '党章第六条规定了入党誓词。' }));
    expect(ok(await get(district, 'GetExamQuestionById', { id }))).toMatchObject({ jugeQuestionAnswer: false, analysis: '党章第六条规定了入党誓词。' });

    for (const r of [await get(district2, 'GetExamQuestionById', { id }), await post(district2, 'ModifyExamQuestion', { id, libaryId: bank, type: 3, title: 'x', jugeQuestionAnswer: true }), await del(district2, 'DeleteLibaryQuestion', id)]) {
      expect(r.status).toBe(404);
    }
    // the province reads and manages its subtree's question
    expect(ok(await get(province, 'GetExamQuestionById', { id })).id).toBe(id);

    ok(await del(district, 'DeleteLibaryQuestion', id));
    expect((await get(district, 'GetExamQuestionById', { id })).status).toBe(404);

    const doomed = ok(await post(district, 'CreateExamLibary', { libaryName: '待删题库' })).id;
    const q = ok(await post(district, 'CreateExamQuestion', single(doomed))).id;
    ok(await del(district, 'DeleteExamLibaryById', doomed));
    expect((await get(district, 'GetExamLibaryById', { id: doomed })).status).toBe(404);
    expect((await get(district, 'GetExamQuestionById', { id: q })).status).toBe(404);
    expect(ok(await get(district, 'GetPageQuestionByLibaryId', { title: '最高理想', MaxResultCount: 50 })).items.map((i: any) => i.id)).not.toContain(q);
  });
});

describe('the demo bank', () => {
  it('holds 30 or more questions of all five types, each one a question the editor would accept', async () => {
    const listed = ok(await get(district, 'GetPageExamLibaryList', { libaryName: '党章党规与党史知识题库' }));
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ canEdit: false, organName: '中共四川省委员会' });
    expect(listed.items[0].questionCount).toBeGreaterThanOrEqual(30);
    for (const k of ['singleCount', 'multipleCount', 'judgeCount', 'blankCount', 'shortCount']) expect(listed.items[0][k], k).toBeGreaterThan(0);
    for (const q of DEMO_QUESTIONS) {
      const input =
        q.t === 1 || q.t === 2
          ? { libaryId: 1, type: q.t, title: q.title, examAnswerInputDtos: q.options.map(([content, isRight]) => ({ content, isRight })) }
          : q.t === 3
            ? { libaryId: 1, type: 3, title: q.title, jugeQuestionAnswer: q.answer }
            : q.t === 4
              ? { libaryId: 1, type: 4, title: q.title, blankAnswers: q.blanks }
              : { libaryId: 1, type: 5, title: q.title, referenceAnswer: (q as { reference: string }).reference };
      expect(normaliseQuestion(input).errors, q.title).toEqual([]);
    }
  });
});

describe('blank marks', () => {
  it('counts ____ (four or more), ＿＿ and empty brackets as blanks', () => {
    expect(countBlanks('党的一大在____召开')).toBe(1);
    expect(countBlanks('甲______乙___丙')).toBe(1);
    expect(countBlanks('（ ）和()与＿＿')).toBe(3);
    expect(countBlanks('没有空')).toBe(0);
  });
});
