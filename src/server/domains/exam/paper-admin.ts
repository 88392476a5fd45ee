import { sql } from 'kysely';
import { containsPattern } from '../../services/query-helpers';
import { action, type ActionDef } from '../../http/actions';
import { badRequest } from '../../http/errors';
import { idInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { isInSubtree, subtreeRange } from '../../scope';
import { QUESTION_TYPE_LABEL } from './question-rules';
import { RESULT_STATUS, closeExpired, countAttempts, typeScore } from './sitting';
import { paperResults, paperTotals, trainNames } from './papers';
import { PAPER_MSG, PAPER_PERMISSION, PAPER_TYPE, SCORE_FIELDS, type PaperInput, type QuestionPick, type RandomSet } from './paper-rules';
import { hasStarted, myPaper, paperFor, paperTotal, papers, type PaperFull } from './paper-access';
import { checkPass, checkedOrgans, checkedQuestions, checkedSets, createPaper, paperValues, targetIds, writeOrgans, writeQuestions, writeSets } from './paper-compose';
import { PAPER, listItem, paperView } from './paper-views';
import { AUTHOR_REASON, recordAuthor, recordReads, refuseWhileSitting } from './paper-authors';
import { coursePaperInput, paperIdInput, paperInput, paperQuestionsInput, paperSetsInput, paperUpdateInput } from './inputs';

/**
 * 考试管理: administrators (permission Pages.ExamLibaryService, its Create/Update/Delete buttons for
 * writes) list, compose, change and delete the papers of their subtree — ordinary papers with chosen
 * questions, random papers drawn per member from banks they may read, course papers of a special topic.
 */
export const paperAdminActions = {
  GetPagedAdminPaperList: action<PagingInput & { paperName?: string; paperType?: number; trainClassId?: number; state?: number }>({
    method: 'GET',
    summary: '试卷分页列表（本组织及下级组织的试卷）；可按名称、类型、所属专题、状态（1 未开始 2 进行中 3 已结束）筛选',
    access: { permission: PAPER_PERMISSION.read },
    returns: `{totalCount, items: ${PAPER}[]}`,
    input: pagedInput({
      paperName: { type: 'string', maxLength: 100, title: '试卷名称' },
      paperType: { type: 'integer', enum: [1, 2], title: '试卷类型' },
      trainClassId: { type: 'integer', minimum: 1, title: '所属专题' },
      state: { type: 'integer', enum: [1, 2, 3], title: '状态' },
    }),
    async handler(call) {
      const { ctx, input } = call;
      const now = ctx.now();
      let q = papers(ctx.db).where(subtreeRange('p.organPath', call.user.organPath));
      if (input.paperName?.trim()) q = q.where('p.paperName', 'like', containsPattern(input.paperName));
      if (input.paperType) q = q.where('p.paperType', '=', input.paperType);
      if (input.trainClassId) q = q.where('p.trainClassId', '=', input.trainClassId);
      if (input.state === 1) q = q.where('p.beginTime', '>', now);
      if (input.state === 2) q = q.where('p.beginTime', '<=', now).where('p.endTime', '>=', now);
      if (input.state === 3) q = q.where('p.endTime', '<', now);
      const page = await pageQuery<PaperFull>(q, input, (x) => x.orderBy('p.id', 'desc'));
      const ids = page.items.map((p) => p.id);
      const [totals, results, names] = await Promise.all([paperTotals(ctx.db, page.items), paperResults(ctx.db, ids), trainNames(ctx.db, page.items.map((p) => p.trainClassId))]);
      const items = page.items.map((p) => ({
        ...listItem(p, now, true),
        trainName: names.get(p.trainClassId ?? 0) ?? null,
        totalScore: totals.get(p.id)!.total,
        questionCount: totals.get(p.id)!.count,
        joinCount: results.get(p.id)?.joinCount ?? 0,
        passCount: results.get(p.id)?.passCount ?? 0,
      }));
      return { totalCount: page.totalCount, items };
    },
  }),

  GetExamPaperInfoById: action<{ id: number }>({
    method: 'GET',
    summary: '试卷详情：管理员看到设置、参考组织和随机抽题规则；参考党员看到考试须知（时间、时长、次数、及格分、总分、已用次数），不含试题',
    access: 'self',
    returns: PAPER,
    input: idInput,
    async handler(call) {
      const { ctx, input, user } = call;
      if (user.permissions.has(PAPER_PERMISSION.read)) {
        const p = await papers(ctx.db).where('p.id', '=', input.id).executeTakeFirst();
        if (p && isInSubtree(p.organPath, user.organPath)) return paperView(call, p);
      }
      const { m, p } = await myPaper(call, input.id);
      await closeExpired(ctx, { userId: m.userId!, paperId: p.id });
      const { total, count } = await paperTotal(ctx.db, p);
      const used = await countAttempts(ctx.db, p.id, m.userId!);
      const open = await ctx.db.selectFrom('examResults').select(['id', 'deadline']).where('paperId', '=', p.id).where('userId', '=', m.userId!).where('status', '=', RESULT_STATUS.answering).executeTakeFirst();
      const { canEdit, ...item } = listItem(p, ctx.now(), false);
      return { ...item, trainName: (await trainNames(ctx.db, [p.trainClassId])).get(p.trainClassId ?? 0) ?? null, totalScore: total, questionCount: count, usedCount: used, openResultId: open?.id ?? null, serverTime: ctx.now() };
    },
  }),

  CreateExamPaper: action<PaperInput>({
    method: 'POST',
    summary: '新建试卷：randomExamPaperSet 为随机试卷（每人从题库按题型、难度抽题），questionList 为普通试卷；teachTarget 参考组织（逗号分隔），userIds 单独添加的党员',
    access: { permission: PAPER_PERMISSION.create },
    returns: '{id}',
    input: paperInput,
    handler: (call) => createPaper(call, 'any'),
  }),

  CreateOrdinaryExamPaper: action<PaperInput>({
    method: 'POST',
    summary: '新建普通试卷（固定试题 questionList：试题编号或 {questionId, score}）',
    access: { permission: PAPER_PERMISSION.create },
    returns: '{id}',
    input: paperInput,
    handler: (call) => createPaper(call, 'ordinary'),
  }),

  CreateCourseExamPaper: action<PaperInput>({
    method: 'POST',
    summary: '新建课程试卷（属于专题 trainClassId；普通或随机同新建试卷）',
    access: { permission: [PAPER_PERMISSION.create, 'Pages.Special.Create', 'Pages.Special.Update'] },
    returns: '{id}',
    input: coursePaperInput,
    handler: (call) => createPaper(call, 'course'),
  }),

  ModifyExamPaper: action<PaperInput & { id: number }>({
    method: 'POST',
    summary: '修改试卷（一次提交，一个事务）：设置（名称、时间、时长、次数、及格分、答案公布），给出时连同试题 questionList（普通试卷）或抽题规则 randomExamPaperSet（随机试卷）与参考组织 teachTarget；及格分按修改后的试卷检查。已有党员答题后试题、规则和分值不能再改（随附的试题与规则此时不予处理）',
    access: { permission: PAPER_PERMISSION.update },
    returns: '{id}',
    input: paperUpdateInput,
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.id);
      const values = paperValues(call, input);
      const locked = await hasStarted(ctx.db, p.id);
      if (locked && SCORE_FIELDS.some((f) => input[f] !== undefined && Number(input[f]) !== Number(p[f]))) throw badRequest(PAPER_MSG.started);
      // the composer sends the whole paper: its questions or sets (read only once locked) and its organisations
      const picks = !locked && p.paperType === PAPER_TYPE.ordinary && input.questionList ? await checkedQuestions(call, input.questionList) : null;
      const sets = !locked && p.paperType === PAPER_TYPE.random && input.randomExamPaperSet ? await checkedSets(call, input.randomExamPaperSet) : null;
      const organs = input.teachTarget !== undefined ? await checkedOrgans(call, targetIds(input.teachTarget)) : null;
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('examPapers').set({ ...values, lastModificationTime: new Date() }).where('id', '=', p.id).execute();
        if (picks) await writeQuestions(trx, p.id, picks);
        if (sets) await writeSets(trx, p.id, sets);
        if (organs) await writeOrgans(trx, p.id, organs);
        await checkPass(trx, p.id);
        if (picks || sets) await recordAuthor(call, p.id, AUTHOR_REASON.composed, trx);
      });
      return { id: p.id };
    },
  }),

  ModifyExamPaperQuestion: action<{ paperId: number; questionList: QuestionPick[] }>({
    method: 'POST',
    summary: '修改普通试卷的试题（整体替换）；已有党员答题后不能修改',
    access: { permission: PAPER_PERMISSION.update },
    returns: '{id}',
    input: paperQuestionsInput,
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.paperId);
      if (p.paperType !== PAPER_TYPE.ordinary) throw badRequest('随机试卷请修改抽题规则');
      if (await hasStarted(ctx.db, p.id)) throw badRequest(PAPER_MSG.started);
      const picks = await checkedQuestions(call, input.questionList);
      await ctx.db.transaction().execute(async (trx) => {
        await writeQuestions(trx, p.id, picks);
        await checkPass(trx, p.id);
        await recordAuthor(call, p.id, AUTHOR_REASON.composed, trx);
      });
      return { id: p.id };
    },
  }),

  ModifyExamPaperRandomSet: action<{ paperId: number; randomExamPaperSet: RandomSet[] }>({
    method: 'POST',
    summary: '修改随机试卷的抽题规则（整体替换）；已有党员答题后不能修改',
    access: { permission: PAPER_PERMISSION.update },
    returns: '{id}',
    input: paperSetsInput,
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.paperId);
      if (p.paperType !== PAPER_TYPE.random) throw badRequest('普通试卷请修改试题');
      if (await hasStarted(ctx.db, p.id)) throw badRequest(PAPER_MSG.started);
      const sets = await checkedSets(call, input.randomExamPaperSet);
      await ctx.db.transaction().execute(async (trx) => {
        await writeSets(trx, p.id, sets);
        await checkPass(trx, p.id);
        await recordAuthor(call, p.id, AUTHOR_REASON.composed, trx);
      });
      return { id: p.id };
    },
  }),

  Delete: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除试卷（党员的考试记录保留）',
    access: { permission: PAPER_PERMISSION.delete },
    returns: 'null',
    input: idInput,
    async handler(call) {
      const p = await paperFor(call, call.input.id);
      await call.ctx.db.updateTable('examPapers').set({ isDeleted: true, lastModificationTime: new Date() }).where('id', '=', p.id).execute();
      return null;
    },
  }),

  GetQuestionByPaperId: action<{ paperId: number }>({
    method: 'GET',
    summary: '试卷的试题（普通试卷，含答案与解析）或抽题规则及各题库可抽题数（随机试卷）。读过普通试卷试题的管理员不能再作为党员参加本试卷；本人有未交卷的考试时不能查看（403）',
    access: { permission: PAPER_PERMISSION.read },
    returns: '{paperType, totalScore, items: 试题[], randomExamPaperSet: [{libaryId, libaryName, difficulty, singleChoiceCount…, available: {1..5: n}}]}',
    input: paperIdInput,
    async handler(call) {
      const { ctx, input } = call;
      const p = await paperFor(call, input.paperId);
      await refuseWhileSitting(call);
      const { total } = await paperTotal(ctx.db, p);
      if (p.paperType === PAPER_TYPE.random) {
        const view = await paperView(call, p);
        const sets = [];
        for (const s of view.randomExamPaperSet) {
          let q = ctx.db.selectFrom('examQuestions').select(['type', sql<number>`count(*)::int`.as('n')]).where('libaryId', '=', s.libaryId).where('isDeleted', '=', false).groupBy('type');
          if (s.difficulty) q = q.where('difficulty', '=', s.difficulty);
          const counts = await q.execute();
          sets.push({ ...s, available: Object.fromEntries([1, 2, 3, 4, 5].map((t) => [t, Number(counts.find((c) => c.type === t)?.n ?? 0)])) });
        }
        return { paperType: p.paperType, totalScore: total, items: [], randomExamPaperSet: sets };
      }
      const rows = await ctx.db
        .selectFrom('examPaperQuestions as pq')
        .innerJoin('examQuestions as q', 'q.id', 'pq.questionId')
        .innerJoin('examLibraries as l', 'l.id', 'q.libaryId')
        .select(['q.id', 'q.libaryId', 'l.libaryName', 'q.type', 'q.title', 'q.analysis', 'q.difficulty', 'q.tags', 'q.options', 'q.judgeAnswer', 'q.blankAnswers', 'q.referenceAnswer', 'pq.sort', 'pq.score'])
        .where('pq.paperId', '=', p.id)
        .orderBy('pq.sort')
        .execute();
      // whoever reads the answers sits this paper no more (paper-authors.ts)
      await recordReads(call, rows.map((r) => r.id));
      await recordAuthor(call, p.id, AUTHOR_REASON.readAnswers);
      return {
        paperType: p.paperType,
        totalScore: total,
        randomExamPaperSet: [],
        items: rows.map((r) => ({
          id: r.id, questionId: r.id, libaryId: r.libaryId, libaryName: r.libaryName, type: r.type, typeName: QUESTION_TYPE_LABEL[r.type], title: r.title, analysis: r.analysis, difficulty: r.difficulty, tags: r.tags,
          examAnswerInputDtos: r.options, jugeQuestionAnswer: r.judgeAnswer, blankAnswers: r.blankAnswers, referenceAnswer: r.referenceAnswer, sort: r.sort,
          score: r.score != null ? Number(r.score) : typeScore(p, r.type), scoreOverride: r.score != null ? Number(r.score) : null,
        })),
      };
    },
  }),
} satisfies Record<string, ActionDef>;
