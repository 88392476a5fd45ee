/**
 * 题库管理 and 试题管理 (ExamLibaryService): banks owned by an organisation, read from
 * below, managed in the subtree; the five question types checked on the server with the rules an
 * administrator would expect; counts per type; access and reach by id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, readTemplate, signInAsAdmin, startTestApp, svc, uploadFile, type TestApp } from './harness';
import { readXlsxRows, readXlsxSheets, xlsxBuffer, type Cell } from '../../src/server/xlsx/xlsx';
import { QUESTION_IMPORT_COLUMNS } from '../../src/server/domains/exam/question-import';
import { EXAM_MSG, countBlanks, normaliseQuestion } from '../../src/server/domains/exam/question-rules';
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
    // its questions come read only (no 编辑 or 删除 in 试题管理), the district's own editable
    const q = ok(await post(province, 'CreateExamQuestion', single(provinceBank, '党的最高理想是什么？')));
    expect(ok(await get(district, 'GetExamQuestionById', { id: q.id })).canEdit).toBe(false);
    expect(ok(await get(district, 'GetPageQuestionByLibaryId', { libaryId: provinceBank })).items.every((i: any) => i.canEdit === false)).toBe(true);
    expect(ok(await get(province, 'GetExamQuestionById', { id: q.id })).canEdit).toBe(true);

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

describe('batch import (CreateBatchQuestion) on the one import path', () => {
  const H = QUESTION_IMPORT_COLUMNS.map((c) => c.title);
  /** a row of the template by column title */
  const row = (v: Record<string, string>) => H.map((t) => v[t] ?? '');
  const workbook = (rows: Cell[][]) => xlsxBuffer([{ sheetName: '试题', header: rows[0].map(String), batches: [rows.slice(1)] }]);
  const importRows = async (libaryId: number, rows: Cell[][], token = district, progressKey?: string) => {
    const file = ok(await uploadFile(app, token, 4, { name: '试题.xlsx', content: await workbook([H, ...rows]) }));
    return post(token, 'CreateBatchQuestion', { libaryId, fileId: file.id, progressKey });
  };
  let bank: number;
  beforeAll(async () => {
    bank = ok(await post(district, 'CreateExamLibary', { libaryName: '导入测试题库' })).id;
  });

  it('the template: 题型 and 难度 as lists, an example row and 说明; for those who may add questions', async () => {
    const r = await get(district, 'GetQuestionImportTemplate');
    expect(r.status).toBe(200);
    const { sheets, lists } = readTemplate(r.raw);
    expect([...sheets.keys()].slice(0, 2)).toEqual(['试题', '说明']);
    const [header, example] = sheets.get('试题')!;
    expect(header).toEqual(H);
    expect(example.slice(0, 4)).toEqual(['单选题', '示例：中国共产党第一次全国代表大会在哪一年召开？', '1919年', '1921年']);
    expect(lists.get('题型')).toEqual(['单选题', '多选题', '判断题', '填空题', '简答题']);
    expect(lists.get('难度')).toEqual(['容易', '中等', '困难']);
    const notes = sheets.get('说明')!.map((l) => l.join(' '));
    expect(notes.some((l) => l.startsWith('正确答案 必填') && l.includes('判断题填“正确”或“错误”'))).toBe(true);
    expect((await get(member, 'GetQuestionImportTemplate')).status).toBe(403);
    expect((await get(null, 'GetQuestionImportTemplate')).status).toBe(401);
  });

  it('adds the good rows of all five types and refuses each bad one with its reasons in Chinese', async () => {
    const key = `question-${Date.now()}`;
    const r = ok(await importRows(bank, [
      row({ 题型: '单选题', 题干: '党的最高理想？', 选项A: '共产主义', 选项B: '小康', 正确答案: 'AB' }),
      row({ 题型: '单选题', 题干: '预备党员的预备期为？', 选项A: '半年', 选项B: '一年', 选项C: '两年', 正确答案: 'Ｂ', 解析: '党章第七条。', 难度: '容易', 知识点: '党章、发展党员' }),
      row({ 题型: '问答题', 题干: '未知题型', 正确答案: '无' }),
      row({ 题型: '多选', 题干: '“三会”指？', 选项A: '支部党员大会', 选项B: '支部委员会', 选项C: '党小组会', 选项D: '职工大会', 正确答案: 'A、B、C' }),
      row({ 题型: '判断题', 题干: '党员应交党费。', 正确答案: '也许' }),
      row({ 题型: '判断题', 题干: '入党誓词由党章规定。', 正确答案: '√' }),
      row({ 题型: '多选题', 题干: '纪律？', 选项A: '政治纪律', 选项B: '组织纪律', 正确答案: 'AC' }),
      row({ 题型: '填空题', 题干: '党成立于____年，一大在____召开。', 正确答案: '1921；上海|上海市' }),
      row({ 题型: '填空题', 题干: '成立于____年，在____召开。', 正确答案: '1921' }),
      row({ 题型: '简答题', 题干: '简述“四个意识”。', 正确答案: '政治意识、大局意识、核心意识、看齐意识', 难度: '困难' }),
      row({ 题型: '判断题', 题干: '正确的题。', 正确答案: '对', 难度: '极难' }),
      row({ 题型: '判断题', 题干: '', 正确答案: '' }),
    ], district, key));
    expect(r).toMatchObject({ progressKey: key, totalCount: 12, importedCount: 5, refusedCount: 7 });
    expect(r.refused).toEqual([
      { line: 2, messages: [`正确答案：${EXAM_MSG.singleOneRight}`] },
      { line: 4, messages: ['题型：请填写单选题、多选题、判断题、填空题或简答题'] },
      { line: 6, messages: ['正确答案：请填写正确或错误'] },
      { line: 8, messages: ['正确答案：选项C为空，不能作为正确答案'] },
      { line: 10, messages: [`正确答案：${EXAM_MSG.blankMismatch}`] },
      { line: 12, messages: ['难度：请填写容易、中等或困难'] },
      { line: 13, messages: ['题干：请填写题干', '正确答案：请填写正确答案'] },
    ]);
    expect(ok(await get(district, 'GetExamLibaryById', { id: bank }))).toMatchObject({ questionCount: 5, singleCount: 1, multipleCount: 1, judgeCount: 1, blankCount: 1, shortCount: 1 });
    const items = ok(await get(district, 'GetPageQuestionByLibaryId', { libaryId: bank })).items;
    expect(items.find((q: any) => q.type === 1)).toMatchObject({ difficulty: 1, tags: ['党章', '发展党员'], analysis: '党章第七条。', examAnswerInputDtos: [{ content: '半年', isRight: false }, { content: '一年', isRight: true }, { content: '两年', isRight: false }] });
    expect(items.find((q: any) => q.type === 2).examAnswerInputDtos.filter((o: any) => o.isRight)).toHaveLength(3);
    expect(items.find((q: any) => q.type === 3).jugeQuestionAnswer).toBe(true);
    expect(items.find((q: any) => q.type === 4).blankAnswers).toEqual([['1921'], ['上海', '上海市']]);
    expect(items.find((q: any) => q.type === 5)).toMatchObject({ difficulty: 3, referenceAnswer: '政治意识、大局意识、核心意识、看齐意识' });

    // the dialog's progress and the refused rows to correct, as the importer's own
    expect(ok(await app.call('GET', svc('ImportService', 'GetImportProgress'), { token: district, query: { progressKey: key } }))).toEqual({ totalCount: 12, doneCount: 12, importedCount: 5, refusedCount: 7, finished: true });
    const refused = await app.call('GET', svc('ImportService', 'GetRefusedRows'), { token: district, query: { progressKey: key } });
    expect(readXlsxRows(refused.raw)[1].slice(0, 4)).toEqual(['2', `正确答案：${EXAM_MSG.singleOneRight}`, '单选题', '党的最高理想？']);
    expect(ok(await app.call('GET', svc('ImportService', 'GetImportProgress'), { token: district2, query: { progressKey: key } }))).toBeNull();
  });

  it('the template filled in below its example row imports the rows, not the example', async () => {
    const own = ok(await post(district, 'CreateExamLibary', { libaryName: '导入模板题库' })).id;
    const [header, example] = readXlsxSheets((await get(district, 'GetQuestionImportTemplate')).raw).get('试题')!;
    const file = ok(await uploadFile(app, district, 4, { name: '试题.xlsx', content: await workbook([header, example, row({ 题型: '判断题', 题干: '模板里的判断题。', 正确答案: '正确' })]) }));
    expect(ok(await post(district, 'CreateBatchQuestion', { libaryId: own, fileId: file.id }))).toMatchObject({ totalCount: 1, importedCount: 1, refusedCount: 0 });
  });

  it('needs the columns, a file of one’s own and a bank one manages (not another district’s, not the province’s)', async () => {
    const file = ok(await uploadFile(app, district, 4, { name: '缺列.xlsx', content: await workbook([['题干'], ['x']]) }));
    const r = await post(district, 'CreateBatchQuestion', { libaryId: bank, fileId: file.id });
    expect(r.status).toBe(400);
    expect(r.body.error.validationErrors[0].message).toBe('缺少“题型”列，请使用导入模板');
    const theirs = ok(await uploadFile(app, province, 4, { name: '试题.xlsx', content: await workbook([H, row({ 题型: '判断题', 题干: 'x', 正确答案: '对' })]) }));
    expect((await post(district, 'CreateBatchQuestion', { libaryId: bank, fileId: theirs.id })).status).toBe(400);
    expect((await importRows(bank, [row({ 题型: '判断题', 题干: 'x', 正确答案: '对' })], district2)).status).toBe(404);
    const provinceBank = ok(await get(district, 'GetPageExamLibaryList', { libaryName: '党章党规与党史知识题库' })).items[0].id;
    const upper = await importRows(provinceBank, [row({ 题型: '判断题', 题干: 'x', 正确答案: '对' })]);
    expect(upper.status).toBe(403);
    expect(upper.body.error.message).toBe(EXAM_MSG.readOnly);
    expect((await post(district, 'CreateBatchQuestion', { libaryId: bank })).status).toBe(400);
    expect((await post(member, 'CreateBatchQuestion', { libaryId: bank, fileId: file.id })).status).toBe(403);
    expect((await post(null, 'CreateBatchQuestion', { libaryId: bank, fileId: file.id })).status).toBe(401);
    expect((await importRows(bank, [])).status).toBe(400);
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
