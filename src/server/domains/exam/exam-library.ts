import { sql } from 'kysely';
import type { ExamLibrary } from '../../../contract/exam';
import { containsPattern } from '../../services/query-helpers';
import { action, defineService } from '../../http/actions';
import { idInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { isInSubtree, subtreeRange, actingOrgan } from '../../scope';
import { IMPORT_RETURNS, importInput, runImport, type ImportInput } from '../../records/import-kit';
import { templateAction } from '../../records/import-template';
import { questionImportSpec } from './question-import';
import { EXAM_PERMISSION, type QuestionInput } from './question-rules';
import { libraries, libraryFor, questionFor, questionRows, readableBanks, saveQuestion, toQuestion, typeCounts, type QuestionRow } from './bank-access';
import type { RowOf } from './row-type';
import { recordReads, refuseWhileSitting } from './paper-authors';
import { libraryInput, libraryUpdateInput, questionInput, questionUpdateInput } from './inputs';

/**
 * 题库管理 and 试题管理 (ExamLibaryService): the banks of an organisation and their questions
 * (rules in question-rules.ts, reach in bank-access.ts, the Excel rows in question-import.ts).
 * The calls that show questions with their answers record who read them (not assigned a paper
 * holding them afterwards) and refuse while the caller sits a paper (paper-authors.ts).
 */

const LIBRARY = '题库 {id, libaryName, coverImageUrl, description, organId, organName, canEdit, questionCount, singleCount, multipleCount, judgeCount, blankCount, shortCount, creationTime}';
const QUESTION =
  '试题 {id, canEdit, libaryId, libaryName, type, typeName, title, analysis, difficulty, tags, examAnswerInputDtos: [{content, isRight}], jugeQuestionAnswer, blankAnswers: string[][], referenceAnswer, resources, creationTime}';
type LibraryInput = { id?: number; libaryName: string; coverImageUrl?: string | null; description?: string | null };

export const examLibraryService = defineService('ExamLibaryService', {
  GetPageExamLibaryList: action<PagingInput & { libaryName?: string; onlyMine?: boolean }>({
    method: 'GET',
    summary: '题库分页列表（本组织及下级的题库，和上级组织的题库）；每类试题的数量',
    access: { permission: EXAM_PERMISSION.any },
    returns: `{totalCount, items: ${LIBRARY}[]}`,
    input: pagedInput({ libaryName: { type: 'string', maxLength: 100, title: '题库名称' }, onlyMine: { type: 'boolean', title: '只看可编辑的' } }),
    async handler(call) {
      const { ctx, input } = call;
      let q = libraries(ctx.db).where(input.onlyMine ? subtreeRange('l.organPath', call.user.organPath) : readableBanks(call.user.organPath));
      if (input.libaryName?.trim()) q = q.where('l.libaryName', 'like', containsPattern(input.libaryName));
      const page = await pageQuery<RowOf<typeof q>>(q, input, (x) => x.orderBy('l.id', 'desc'));
      const counts = await typeCounts(ctx.db, page.items.map((r) => r.id));
      return {
        totalCount: page.totalCount,
        items: page.items.map(({ organPath, ...r }): ExamLibrary => ({ ...r, canEdit: isInSubtree(organPath, call.user.organPath), ...counts.get(r.id)! })),
      };
    },
  }),

  GetExamLibaryById: action<{ id: number }>({
    method: 'GET',
    summary: '题库详情（含每类试题数量）',
    access: { permission: EXAM_PERMISSION.any },
    returns: LIBRARY,
    input: idInput,
    async handler(call): Promise<ExamLibrary> {
      const { organPath, ...row } = await libraryFor(call, call.input.id, 'read');
      const counts = await typeCounts(call.ctx.db, [row.id]);
      return { ...row, canEdit: isInSubtree(organPath, call.user.organPath), ...counts.get(row.id)! };
    },
  }),

  CreateExamLibary: action<LibraryInput>({
    method: 'POST',
    summary: '新增题库（属于当前管理组织）',
    access: { permission: EXAM_PERMISSION.library },
    returns: '{id}',
    input: libraryInput,
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
    input: libraryUpdateInput,
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
    summary: '题库中的试题分页列表（含答案，可按题干、题型、难度、知识点筛选）。看过的试题记为看过其答案：含这些试题的试卷不能再作为党员参加；本人有未交卷的考试时不能查看（403）',
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
      await refuseWhileSitting(call);
      let q = questionRows(ctx.db);
      if (input.libaryId) {
        await libraryFor(call, input.libaryId, 'read');
        q = q.where('q.libaryId', '=', input.libaryId);
      } else q = q.where(readableBanks(call.user.organPath));
      if (input.title?.trim()) q = q.where('q.title', 'like', containsPattern(input.title));
      if (input.type) q = q.where('q.type', '=', input.type);
      if (input.difficulty) q = q.where('q.difficulty', '=', input.difficulty);
      if (input.tag?.trim()) q = q.where(sql<boolean>`${input.tag.trim()} = any(q.tags)`);
      const page = await pageQuery<QuestionRow>(q, input, (x) => x.orderBy('q.id', 'desc'));
      await recordReads(call, page.items.map((r) => r.id));
      return { totalCount: page.totalCount, items: page.items.map((r) => toQuestion(r, call.user.organPath)) };
    },
  }),

  GetExamQuestionById: action<{ id: number }>({
    method: 'GET',
    summary: '试题详情（含答案与解析）。记为看过其答案（同上）；本人有未交卷的考试时不能查看（403）',
    access: { permission: EXAM_PERMISSION.any },
    returns: QUESTION,
    input: idInput,
    async handler(call) {
      const row = await questionFor(call, call.input.id, 'read');
      await refuseWhileSitting(call);
      await recordReads(call, [row.id]);
      return toQuestion(row, call.user.organPath);
    },
  }),

  CreateExamQuestion: action<QuestionInput>({
    method: 'POST',
    summary: '新增试题：单选（一个正确选项）、多选（至少两个）、判断、填空（题干中以“____”标出每个空）、简答（参考答案，人工阅卷）',
    access: { permission: EXAM_PERMISSION.questions },
    returns: '{id}',
    input: questionInput,
    handler: (call) => saveQuestion(call),
  }),

  ModifyExamQuestion: action<QuestionInput & { id: number }>({
    method: 'POST',
    summary: '修改试题（规则同新增）',
    access: { permission: EXAM_PERMISSION.questions },
    returns: '{id}',
    input: questionUpdateInput,
    async handler(call) {
      await questionFor(call, call.input.id, 'manage');
      return saveQuestion(call, call.input.id);
    },
  }),

  CreateBatchQuestion: action<ImportInput & { libaryId: number }>({
    method: 'POST',
    summary: '从 Excel 批量导入试题（模板见 GetQuestionImportTemplate）：逐行按新增试题的规则检查，有错误的行不导入并列出原因（列名：原因），其余行导入',
    access: { permission: EXAM_PERMISSION.questions },
    returns: IMPORT_RETURNS,
    input: importInput({ libaryId: { type: 'integer', minimum: 1, title: '所属题库', 'x-required-message': '请选择题库' } }, ['libaryId']),
    async handler(call) {
      await libraryFor(call, call.input.libaryId, 'manage');
      return runImport(call, questionImportSpec);
    },
  }),

  GetQuestionImportTemplate: templateAction(questionImportSpec, { summary: '试题导入模板（Excel，扩展接口）：数据表（题型、难度下拉选择，示例行）与“说明”表（正确答案的写法等）', access: { permission: EXAM_PERMISSION.questions } }),

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
