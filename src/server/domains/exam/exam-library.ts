import { sql } from 'kysely';
import { containsPattern } from '../../services/query-helpers';
import { BLANK_MARK, countBlanks } from '../../../contract/exam-answer';
import type { Database } from '../../db/database';
import type { ExamOption } from '../../db/schema';
import { action, defineService, type Call } from '../../http/actions';
import { forbidden, invalid, notFound, type ValidationError } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { isInSubtree, subtreeRange, actingOrgan, pathChain } from '../../scope';
import { IMPORT_MSG, importBody, importErrorsFull, importFailed, readUpload } from '../../records/ops/import';
import { sendImportTemplate } from '../../services/export';
import { QUESTION_IMPORT_COLUMNS, columnOfField, parseQuestionRow, rowError } from './question-import';

/**
 * 题库管理 and 试题管理 (issue 13, ExamLibaryService): question banks owned by an organisation and
 * their questions of five types — 1 单选, 2 多选, 3 判断 (the original server's codes), 4 填空,
 * 5 简答 (marked by an administrator). Field names follow the original client (`libaryName`,
 * `jugeQuestionAnswer`, `examAnswerInputDtos`), spelling included.
 *
 * Reach: an administrator manages the banks of his subtree and may read (compose papers from) the
 * banks of the organisations above him too; anything else answers as missing.
 */
export const EXAM_PERMISSION = {
  any: ['Pages.ExamLibaryService', 'Pages.ExamLibaryService.Library', 'Pages.ExamLibaryService.Questions'],
  library: 'Pages.ExamLibaryService.Library',
  questions: ['Pages.ExamLibaryService.Questions', 'Pages.ExamLibaryService.Library'],
};

export const QUESTION_TYPE = { single: 1, multiple: 2, judge: 3, blank: 4, short: 5 } as const;
export const QUESTION_TYPE_LABEL: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '填空题', 5: '简答题' };
export const DIFFICULTY_LABEL: Record<number, string> = { 1: '容易', 2: '中等', 3: '困难' };

export const EXAM_MSG = {
  libraryNotFound: '题库不存在或已删除',
  questionNotFound: '试题不存在或已删除',
  readOnly: '上级组织的题库只能选用，不能修改',
  singleOneRight: '单选题须有且只有一个正确选项',
  multipleTwoRight: '多选题须至少有两个正确选项',
  optionsCount: '选择题须有2至8个选项',
  optionEmpty: '选项内容不能为空',
  optionDuplicate: '选项内容不能重复',
  judgeAnswer: '请选择判断题的正确答案',
  blankCount: '填空题须有1至10个空，题干中以“____”标出',
  blankMismatch: '题干中“____”的个数与答案个数不一致',
  blankEmpty: '每个空至少要有一个正确答案',
  shortAnswer: '请填写简答题的参考答案',
} as const;

export { BLANK_MARK, countBlanks };

const LIBRARY = '题库 {id, libaryName, coverImageUrl, description, organId, organName, canEdit, questionCount, singleCount, multipleCount, judgeCount, blankCount, shortCount, creationTime}';
const QUESTION =
  '试题 {id, canEdit, libaryId, libaryName, type, typeName, title, analysis, difficulty, tags, examAnswerInputDtos: [{content, isRight}], jugeQuestionAnswer, blankAnswers: string[][], referenceAnswer, resources, creationTime}';

const libraryProps = {
  libaryName: { type: 'string', minLength: 1, maxLength: 100, title: '题库名称', 'x-required-message': '请输入题库名称' },
  coverImageUrl: { type: ['string', 'null'], maxLength: 500, title: '封面' },
  description: { type: ['string', 'null'], maxLength: 500, title: '题库说明' },
};
type LibraryInput = { id?: number; libaryName: string; coverImageUrl?: string | null; description?: string | null };

const questionProps = {
  libaryId: { type: 'integer', minimum: 1, title: '所属题库', 'x-required-message': '请选择题库' },
  type: { type: 'integer', enum: [1, 2, 3, 4, 5], title: '题型', 'x-required-message': '请选择题型' },
  title: { type: 'string', minLength: 1, maxLength: 2000, title: '题干', 'x-required-message': '请输入题干' },
  analysis: { type: ['string', 'null'], maxLength: 5000, title: '解析' },
  difficulty: { type: ['integer', 'null'], enum: [1, 2, 3, null], title: '难度' },
  tags: { type: ['array', 'null'], maxItems: 10, items: { type: 'string', maxLength: 30, title: '知识点' }, title: '知识点' },
  examAnswerInputDtos: {
    type: ['array', 'null'],
    maxItems: 8,
    title: '选项',
    items: { type: 'object', properties: { content: { type: ['string', 'null'], maxLength: 500, title: '选项内容' }, isRight: { type: ['boolean', 'null'], title: '是否正确' } } },
  },
  jugeQuestionAnswer: { type: ['boolean', 'null'], title: '判断题答案' },
  blankAnswers: {
    type: ['array', 'null'],
    maxItems: 10,
    title: '填空答案',
    items: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 200, title: '填空答案' }, title: '填空答案' },
  },
  referenceAnswer: { type: ['string', 'null'], maxLength: 5000, title: '参考答案' },
  resources: { type: ['array', 'null'], maxItems: 5, items: { type: 'string', maxLength: 500, title: '附件' }, title: '附件' },
};
export type QuestionInput = {
  id?: number;
  libaryId: number;
  type: number;
  title: string;
  analysis?: string | null;
  difficulty?: number | null;
  tags?: string[] | null;
  examAnswerInputDtos?: { content?: string | null; isRight?: boolean | null }[] | null;
  jugeQuestionAnswer?: boolean | null;
  blankAnswers?: string[][] | null;
  referenceAnswer?: string | null;
  resources?: string[] | null;
};

/** The stored form of a question, checked per type: every rule broken, by field, in Chinese. */
export function normaliseQuestion(q: QuestionInput): { errors: ValidationError[]; row: { type: number; title: string; analysis: string | null; difficulty: number; tags: string[]; options: ExamOption[]; judgeAnswer: boolean | null; blankAnswers: string[][] | null; referenceAnswer: string | null; resources: string[] | null } } {
  const errors: ValidationError[] = [];
  const err = (message: string, member: string) => errors.push({ message, members: [member] });
  const title = q.title.trim();
  if (!title) err('请输入题干', 'title');
  let options: ExamOption[] = [];
  let judgeAnswer: boolean | null = null;
  let blankAnswers: string[][] | null = null;
  let referenceAnswer: string | null = null;
  if (q.type === QUESTION_TYPE.single || q.type === QUESTION_TYPE.multiple) {
    options = (q.examAnswerInputDtos ?? []).map((o) => ({ content: (o.content ?? '').trim(), isRight: !!o.isRight }));
    if (options.length < 2 || options.length > 8) err(EXAM_MSG.optionsCount, 'examAnswerInputDtos');
    else if (options.some((o) => !o.content)) err(EXAM_MSG.optionEmpty, 'examAnswerInputDtos');
    else if (new Set(options.map((o) => o.content)).size !== options.length) err(EXAM_MSG.optionDuplicate, 'examAnswerInputDtos');
    const right = options.filter((o) => o.isRight).length;
    if (q.type === QUESTION_TYPE.single && right !== 1) err(EXAM_MSG.singleOneRight, 'examAnswerInputDtos');
    if (q.type === QUESTION_TYPE.multiple && right < 2) err(EXAM_MSG.multipleTwoRight, 'examAnswerInputDtos');
  } else if (q.type === QUESTION_TYPE.judge) {
    if (typeof q.jugeQuestionAnswer !== 'boolean') err(EXAM_MSG.judgeAnswer, 'jugeQuestionAnswer');
    else judgeAnswer = q.jugeQuestionAnswer;
  } else if (q.type === QUESTION_TYPE.blank) {
    blankAnswers = (q.blankAnswers ?? []).map((alts) => [...new Set(alts.map((a) => a.trim()).filter(Boolean))]);
    const marks = countBlanks(title);
    if (marks < 1 || marks > 10) err(EXAM_MSG.blankCount, 'title');
    else if (marks !== blankAnswers.length) err(EXAM_MSG.blankMismatch, 'blankAnswers');
    else if (blankAnswers.some((alts) => !alts.length)) err(EXAM_MSG.blankEmpty, 'blankAnswers');
  } else if (q.type === QUESTION_TYPE.short) {
    referenceAnswer = q.referenceAnswer?.trim() || null;
    if (!referenceAnswer) err(EXAM_MSG.shortAnswer, 'referenceAnswer');
  }
  const tags = [...new Set((q.tags ?? []).map((t) => t.trim()).filter(Boolean))];
  return {
    errors,
    row: { type: q.type, title, analysis: q.analysis?.trim() || null, difficulty: q.difficulty ?? 2, tags, options, judgeAnswer, blankAnswers, referenceAnswer, resources: q.resources?.length ? q.resources : null },
  };
}

const libraries = (db: Database) =>
  db
    .selectFrom('examLibraries as l')
    .innerJoin('organizations as o', 'o.id', 'l.organId')
    .select(['l.id', 'l.libaryName', 'l.coverImageUrl', 'l.description', 'l.organId', 'o.organName', 'l.organPath', 'l.creationTime'])
    .where('l.isDeleted', '=', false);

/** The banks a caller reads: his subtree's and those of the organisations above him. */
const readable = (call: Call<unknown>) => (eb: any) => {
  const above = pathChain(call.user.organPath);
  return eb.or([subtreeRange('l.organPath', call.user.organPath), ...(above.length ? [eb('l.organPath', 'in', above)] : [])]);
};

/**
 * The caller's reach over a bank at `path`: his subtree manages it; a bank of an organisation above
 * him is read only (403 with the reason on a write); any other answers exactly as a missing id
 * (404), so ids tell nothing of other subtrees.
 */
function requireReach(call: Call<unknown>, path: string | undefined, mode: 'read' | 'manage', missing: string) {
  if (path && isInSubtree(path, call.user.organPath)) return;
  if (path && pathChain(call.user.organPath).includes(path)) {
    if (mode === 'read') return;
    throw forbidden(EXAM_MSG.readOnly);
  }
  throw notFound(missing);
}

/** A bank by id within the caller's reach (`manage`: his subtree only); beyond it, as missing. */
async function libraryFor(call: Call<unknown>, id: number, mode: 'read' | 'manage') {
  const row = await libraries(call.ctx.db).where('l.id', '=', id).executeTakeFirst();
  requireReach(call, row?.organPath, mode, EXAM_MSG.libraryNotFound);
  return row!;
}

async function typeCounts(db: Database, ids: number[]) {
  if (!ids.length) return new Map<number, Record<string, number>>();
  const rows = await db
    .selectFrom('examQuestions')
    .select(['libaryId', 'type', sql<number>`count(*)::int`.as('n')])
    .where('libaryId', 'in', ids)
    .where('isDeleted', '=', false)
    .groupBy(['libaryId', 'type'])
    .execute();
  const out = new Map<number, Record<string, number>>();
  const key: Record<number, string> = { 1: 'singleCount', 2: 'multipleCount', 3: 'judgeCount', 4: 'blankCount', 5: 'shortCount' };
  for (const id of ids) out.set(id, { questionCount: 0, singleCount: 0, multipleCount: 0, judgeCount: 0, blankCount: 0, shortCount: 0 });
  for (const r of rows) {
    const c = out.get(r.libaryId)!;
    c[key[r.type]] = Number(r.n);
    c.questionCount += Number(r.n);
  }
  return out;
}

const questionRows = (db: Database) =>
  db
    .selectFrom('examQuestions as q')
    .innerJoin('examLibraries as l', 'l.id', 'q.libaryId')
    .select([
      'q.id', 'q.libaryId', 'l.libaryName', 'l.organPath', 'q.type', 'q.title', 'q.analysis', 'q.difficulty', 'q.tags', 'q.options', 'q.judgeAnswer',
      'q.blankAnswers', 'q.referenceAnswer', 'q.resources', 'q.creationTime',
    ])
    .where('q.isDeleted', '=', false)
    .where('l.isDeleted', '=', false);

type QuestionRow = Awaited<ReturnType<ReturnType<typeof questionRows>['executeTakeFirstOrThrow']>>;

/** A question as an administrator sees it (with its answers: this service is administrators' only); `canEdit` when its bank is in his subtree. */
export const toQuestion = (r: QuestionRow, managerPath?: string) => ({
  canEdit: managerPath ? isInSubtree(r.organPath, managerPath) : undefined,
  id: r.id,
  libaryId: r.libaryId,
  libaryName: r.libaryName,
  type: r.type,
  typeName: QUESTION_TYPE_LABEL[r.type],
  title: r.title,
  analysis: r.analysis,
  difficulty: r.difficulty,
  tags: r.tags,
  examAnswerInputDtos: r.options,
  jugeQuestionAnswer: r.judgeAnswer,
  blankAnswers: r.blankAnswers,
  referenceAnswer: r.referenceAnswer,
  resources: r.resources,
  creationTime: r.creationTime,
});

async function questionFor(call: Call<unknown>, id: number, mode: 'read' | 'manage') {
  const row = await questionRows(call.ctx.db).where('q.id', '=', id).executeTakeFirst();
  requireReach(call, row?.organPath, mode, EXAM_MSG.questionNotFound);
  return row!;
}

/** The stored values of a checked question (JSON columns as text). */
const storedValues = (row: ReturnType<typeof normaliseQuestion>['row']) => ({
  ...row,
  options: JSON.stringify(row.options),
  blankAnswers: row.blankAnswers ? JSON.stringify(row.blankAnswers) : null,
  resources: row.resources ? JSON.stringify(row.resources) : null,
});

/** Writes a checked question (insert or update); refuses with every broken rule. */
async function saveQuestion(call: Call<QuestionInput>, id?: number) {
  const { input, ctx } = call;
  await libraryFor(call, input.libaryId, 'manage');
  const { errors, row } = normaliseQuestion(input);
  if (errors.length) throw invalid(errors);
  const values = storedValues(row);
  if (id) {
    await ctx.db.updateTable('examQuestions').set({ ...values, libaryId: input.libaryId, lastModificationTime: new Date() }).where('id', '=', id).execute();
    return { id };
  }
  const made = await ctx.db.insertInto('examQuestions').values({ ...values, libaryId: input.libaryId, creatorUserId: call.user.userId }).returning('id').executeTakeFirstOrThrow();
  return { id: made.id };
}

export const examLibraryService = defineService('ExamLibaryService', {
  GetPageExamLibaryList: action<PagingInput & { libaryName?: string; onlyMine?: boolean }>({
    method: 'GET',
    summary: '题库分页列表（本组织及下级的题库，和上级组织的题库）；每类试题的数量',
    access: { permission: EXAM_PERMISSION.any },
    returns: `{totalCount, items: ${LIBRARY}[]}`,
    input: pagedInput({ libaryName: { type: 'string', maxLength: 100, title: '题库名称' }, onlyMine: { type: 'boolean', title: '只看可编辑的' } }),
    async handler(call) {
      const { ctx, input } = call;
      let q = libraries(ctx.db).where(input.onlyMine ? subtreeRange('l.organPath', call.user.organPath) : readable(call));
      if (input.libaryName?.trim()) q = q.where('l.libaryName', 'like', containsPattern(input.libaryName));
      const page = await pageQuery(q, input, (x) => x.orderBy('l.id', 'desc'));
      const counts = await typeCounts(ctx.db, page.items.map((r: any) => r.id));
      return {
        totalCount: page.totalCount,
        items: page.items.map(({ organPath, ...r }: any) => ({ ...r, canEdit: isInSubtree(organPath, call.user.organPath), ...counts.get(r.id) })),
      };
    },
  }),

  GetExamLibaryById: action<{ id: number }>({
    method: 'GET',
    summary: '题库详情（含每类试题数量）',
    access: { permission: EXAM_PERMISSION.any },
    returns: LIBRARY,
    input: idInput,
    async handler(call) {
      const { organPath, ...row } = await libraryFor(call, call.input.id, 'read');
      const counts = await typeCounts(call.ctx.db, [row.id]);
      return { ...row, canEdit: isInSubtree(organPath, call.user.organPath), ...counts.get(row.id) };
    },
  }),

  CreateExamLibary: action<LibraryInput>({
    method: 'POST',
    summary: '新增题库（属于当前管理组织）',
    access: { permission: EXAM_PERMISSION.library },
    returns: '{id}',
    input: objectInput(libraryProps, ['libaryName']),
    async handler(call) {
      const { ctx, input, user } = call;
      const organ = actingOrgan(user);
      const made = await ctx.db
        .insertInto('examLibraries')
        .values({ libaryName: input.libaryName.trim(), coverImageUrl: input.coverImageUrl || null, description: input.description?.trim() || null, organId: organ.id, organPath: organ.path, creatorUserId: user.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: made.id };
    },
  }),

  ModifyExamLibary: action<LibraryInput & { id: number }>({
    method: 'POST',
    summary: '修改题库',
    access: { permission: EXAM_PERMISSION.library },
    returns: '{id}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '编号' }, ...libraryProps }, ['id', 'libaryName']),
    async handler(call) {
      const { ctx, input } = call;
      await libraryFor(call, input.id, 'manage');
      await ctx.db
        .updateTable('examLibraries')
        .set({ libaryName: input.libaryName.trim(), coverImageUrl: input.coverImageUrl || null, description: input.description?.trim() || null, lastModificationTime: new Date() })
        .where('id', '=', input.id)
        .execute();
      return { id: input.id };
    },
  }),

  DeleteExamLibaryById: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除题库（连同其中的试题；已组卷的试卷保留所用试题）',
    access: { permission: EXAM_PERMISSION.library },
    returns: 'null',
    input: idInput,
    async handler(call) {
      const { ctx, input } = call;
      await libraryFor(call, input.id, 'manage');
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('examQuestions').set({ isDeleted: true, lastModificationTime: new Date() }).where('libaryId', '=', input.id).where('isDeleted', '=', false).execute();
        await trx.updateTable('examLibraries').set({ isDeleted: true, lastModificationTime: new Date() }).where('id', '=', input.id).execute();
      });
      return null;
    },
  }),

  GetPageQuestionByLibaryId: action<PagingInput & { libaryId?: number; title?: string; type?: number; difficulty?: number; tag?: string }>({
    method: 'GET',
    summary: '题库中的试题分页列表（可按题干、题型、难度、知识点筛选）',
    access: { permission: EXAM_PERMISSION.any },
    returns: `{totalCount, items: ${QUESTION}[]}`,
    input: pagedInput({
      libaryId: { type: 'integer', minimum: 1, title: '所属题库' },
      title: { type: 'string', maxLength: 100, title: '题干' },
      type: { type: 'integer', enum: [1, 2, 3, 4, 5], title: '题型' },
      difficulty: { type: 'integer', enum: [1, 2, 3], title: '难度' },
      tag: { type: 'string', maxLength: 30, title: '知识点' },
    }),
    async handler(call) {
      const { ctx, input } = call;
      let q = questionRows(ctx.db);
      if (input.libaryId) {
        await libraryFor(call, input.libaryId, 'read');
        q = q.where('q.libaryId', '=', input.libaryId);
      } else q = q.where(readable(call));
      if (input.title?.trim()) q = q.where('q.title', 'like', containsPattern(input.title));
      if (input.type) q = q.where('q.type', '=', input.type);
      if (input.difficulty) q = q.where('q.difficulty', '=', input.difficulty);
      if (input.tag?.trim()) q = q.where(sql<boolean>`${input.tag.trim()} = any(q.tags)`);
      const page = await pageQuery<QuestionRow>(q, input, (x) => x.orderBy('q.id', 'desc'));
      return { totalCount: page.totalCount, items: page.items.map((r) => toQuestion(r, call.user.organPath)) };
    },
  }),

  GetExamQuestionById: action<{ id: number }>({
    method: 'GET',
    summary: '试题详情（含答案与解析）',
    access: { permission: EXAM_PERMISSION.any },
    returns: QUESTION,
    input: idInput,
    async handler(call) {
      return toQuestion(await questionFor(call, call.input.id, 'read'), call.user.organPath);
    },
  }),

  CreateExamQuestion: action<QuestionInput>({
    method: 'POST',
    summary: '新增试题：单选（一个正确选项）、多选（至少两个）、判断、填空（题干中以“____”标出每个空）、简答（参考答案，人工阅卷）',
    access: { permission: EXAM_PERMISSION.questions },
    returns: '{id}',
    input: objectInput(questionProps, ['libaryId', 'type', 'title']),
    handler: (call) => saveQuestion(call),
  }),

  ModifyExamQuestion: action<QuestionInput & { id: number }>({
    method: 'POST',
    summary: '修改试题（规则同新增）',
    access: { permission: EXAM_PERMISSION.questions },
    returns: '{id}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '编号' }, ...questionProps }, ['id', 'libaryId', 'type', 'title']),
    async handler(call) {
      await questionFor(call, call.input.id, 'manage');
      return saveQuestion(call, call.input.id);
    },
  }),

  CreateBatchQuestion: action<{ libaryId: number; fileId: string }>({
    method: 'POST',
    summary: '从 Excel 批量导入试题（模板见 GetQuestionImportTemplate）：逐行按新增试题的规则检查，有任何一处错误则全部不导入并列出 第N行 列名：原因',
    access: { permission: EXAM_PERMISSION.questions },
    returns: '{importedCount}',
    input: objectInput({ libaryId: { type: 'integer', minimum: 1, title: '所属题库', 'x-required-message': '请选择题库' }, fileId: { type: 'string', minLength: 1, maxLength: 40, title: '导入文件', 'x-required-message': '请上传导入文件' } }, ['libaryId', 'fileId']),
    async handler(call) {
      const { ctx, input } = call;
      await libraryFor(call, input.libaryId, 'manage');
      const rows = await readUpload(call, input.fileId);
      const header = (rows[0] ?? []).map((h) => h.trim());
      const index = new Map(QUESTION_IMPORT_COLUMNS.map((t) => [t, header.indexOf(t)]));
      for (const t of ['题型', '题干', '正确答案']) if (index.get(t)! < 0) throw invalid([{ message: IMPORT_MSG.missingColumn(t), members: ['fileId'] }]);
      const body = importBody(call, rows);
      const errors: ValidationError[] = [];
      const values: ReturnType<typeof storedValues>[] = [];
      for (const { line, cells } of body) {
        const cell = (t: string) => cells[index.get(t) ?? -1] ?? '';
        const parsed = parseQuestionRow(cell, input.libaryId);
        for (const e of parsed.errors) errors.push(rowError(line, e.column, e.message));
        if (!parsed.input) continue;
        const checked = normaliseQuestion(parsed.input);
        for (const e of checked.errors) errors.push(rowError(line, columnOfField(e.members[0], e.message), e.message));
        if (!checked.errors.length) values.push(storedValues(checked.row));
        if (importErrorsFull(errors)) break;
      }
      if (errors.length) throw importFailed(errors);
      await ctx.db.transaction().execute(async (trx) => {
        for (let i = 0; i < values.length; i += 500) {
          await trx.insertInto('examQuestions').values(values.slice(i, i + 500).map((v) => ({ ...v, libaryId: input.libaryId, creatorUserId: call.user.userId }))).execute();
        }
      });
      return { importedCount: values.length };
    },
  }),

  GetQuestionImportTemplate: action({
    method: 'GET',
    summary: '试题导入模板（Excel）：题型填 单选题/多选题/判断题/填空题/简答题；正确答案 单选多选填字母（如 ABD），判断填 正确/错误，填空每空以“；”分隔、同一空的多个答案以“|”分隔，简答填参考答案；难度填 容易/中等/困难；知识点以顿号分隔',
    access: { permission: EXAM_PERMISSION.questions },
    raw: true,
    input: objectInput({}),
    returns: 'XLSX 导入模板',
    handler: (call) =>
      sendImportTemplate(call, '试题导入模板', QUESTION_IMPORT_COLUMNS, QUESTION_IMPORT_COLUMNS.map((t) => (t === '题干' || t === '解析' ? 40 : t === '题型' || t === '难度' ? 10 : 16))),
  }),

  DeleteLibaryQuestion: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除试题（已组卷的试卷保留该题）',
    access: { permission: EXAM_PERMISSION.questions },
    returns: 'null',
    input: idInput,
    async handler(call) {
      await questionFor(call, call.input.id, 'manage');
      await call.ctx.db.updateTable('examQuestions').set({ isDeleted: true, lastModificationTime: new Date() }).where('id', '=', call.input.id).execute();
      return null;
    },
  }),
});
