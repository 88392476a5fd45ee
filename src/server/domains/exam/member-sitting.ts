import type { ExamRecord, MyPaper, SavedAnswers, Sitting } from '../../../contract/exam';
import type { PagedResult } from '../../../contract/types';
import { containsPattern } from '../../services/query-helpers';
import { action, type ActionDef } from '../../http/actions';
import { badRequest, forbidden, invalid, notFound } from '../../http/errors';
import { objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { QUESTION_TYPE_LABEL } from './question-rules';
import { checkAnswer, questionForMember, type Answer } from './scoring';
import { ANSWER_GRACE_MS, CLOSED_BY, RESULT_STATUS, closeAttempt, closeExpired, countAttempts, saveAnswers, sheetFor, sheetTotal } from './sitting';
import { assignedTo, memberResults, paperTotals, trainNames } from './papers';
import { PAPER_MSG, PAPER_TYPE_LABEL } from './paper-rules';
import { memberOf, myPaper, papers, type PaperFull } from './paper-access';
import { resultSummary } from './paper-views';
import { isAuthor } from './paper-authors';
import { paperIdInput } from './inputs';

/**
 * Taking a paper: members (any signed-in party member) see the papers assigned to them inside their
 * window and take them — every answer saved as given, the deadline the server's (sitting.ts). A
 * paper's authors are not assigned it (paper-authors.ts); a random paper is drawn anew each attempt.
 */
export const memberSittingActions = {
  MyPaperPagedList: action<PagingInput & { paperName?: string; trainClassId?: number; upcoming?: boolean }>({
    method: 'POST',
    summary: '我的考试：分配给我、正在考试时间内的试卷，含已用次数、最好成绩和未交卷的记录；upcoming=true 为即将开始（尚未到考试时间）的试卷，按开始时间排列',
    access: 'self',
    returns: '{totalCount, items: [{id, paperName, paperType, beginTitme, endTime, testTime, testCount, usedCount, bestScore, passed, openResultId, canStart, totalScore, passScore, organName, trainName}]}',
    input: pagedInput({ paperName: { type: 'string', maxLength: 100, title: '试卷名称' }, trainClassId: { type: 'integer', minimum: 1, title: '所属专题' }, upcoming: { type: 'boolean', title: '即将开始' } }),
    async handler(call): Promise<PagedResult<MyPaper>> {
      const { ctx, input } = call;
      const m = await memberOf(call);
      await closeExpired(ctx, { userId: m.userId! });
      const now = ctx.now();
      // open now, or (即将开始) not yet open: a member sees an exam coming, with its start time
      let q = input.upcoming
        ? papers(ctx.db).where(assignedTo(m)).where('p.beginTime', '>', now)
        : papers(ctx.db).where(assignedTo(m)).where('p.beginTime', '<=', now).where('p.endTime', '>=', now);
      if (input.paperName?.trim()) q = q.where('p.paperName', 'like', containsPattern(input.paperName));
      if (input.trainClassId) q = q.where('p.trainClassId', '=', input.trainClassId);
      const page = await pageQuery<PaperFull>(q, input, (x) => (input.upcoming ? x.orderBy('p.beginTime') : x.orderBy('p.endTime')).orderBy('p.id'));
      const ids = page.items.map((p) => p.id);
      const [totals, mine, names] = await Promise.all([paperTotals(ctx.db, page.items), memberResults(ctx.db, m.userId!, ids), trainNames(ctx.db, page.items.map((p) => p.trainClassId))]);
      const items = page.items.map((p) => {
        const r = mine.get(p.id) ?? { usedCount: 0, bestScore: null, passed: null, openResultId: null };
        return {
          id: p.id, paperName: p.paperName, paperType: p.paperType, paperTypeName: PAPER_TYPE_LABEL[p.paperType], beginTitme: p.beginTime, endTime: p.endTime, testTime: p.testTime, testCount: p.testCount,
          totalScore: totals.get(p.id)!.total, passScore: Number(p.passScore), organName: p.organName, trainClassId: p.trainClassId, trainName: names.get(p.trainClassId ?? 0) ?? null,
          ...r, canStart: !input.upcoming && (!!r.openResultId || p.testCount === 0 || r.usedCount < p.testCount),
        };
      });
      return { totalCount: page.totalCount, items };
    },
  }),

  GetPaperQuestionByPaperId: action<{ paperId: number }>({
    method: 'GET',
    summary: '开始或继续答题：返回本次考试记录 resultId、服务器截止时间 deadline 与当前时间 serverTime、试题（不含答案与解析；随机试卷每次考试重新抽题，同一次考试不变）及已保存的作答。参与命题或看过本试卷试题答案的管理员不能参加（403）',
    access: 'self',
    returns: '{resultId, paperId, paperName, attemptNo, testCount, testTime, deadline, serverTime, totalScore, passScore, questions: [{id, type, title, score, options: [{key, content}], blankCount, answer, marked}]}',
    input: paperIdInput,
    async handler(call): Promise<Sitting> {
      const { ctx, input } = call;
      const { m, p } = await myPaper(call, input.paperId);
      const userId = m.userId!;
      await closeExpired(ctx, { userId, paperId: p.id });
      const now = ctx.now();
      const openOf = () => ctx.db.selectFrom('examResults').selectAll().where('paperId', '=', p.id).where('userId', '=', userId).where('status', '=', RESULT_STATUS.answering).executeTakeFirst();
      let r = await openOf();
      if (!r) {
        if (now < p.beginTime) throw badRequest(PAPER_MSG.notStarted);
        if (now > p.endTime) throw badRequest(PAPER_MSG.ended);
        const used = await countAttempts(ctx.db, p.id, userId);
        if (p.testCount > 0 && used >= p.testCount) throw badRequest(PAPER_MSG.noAttempts);
        await sheetFor(ctx.db, p, userId, used + 1);
        const deadline = new Date(Math.min(now.getTime() + p.testTime * 60_000, p.endTime.getTime()));
        const fresh = await ctx.db
          .insertInto('examResults')
          .values({ paperId: p.id, userId, memberName: m.name, organId: m.organId, organPath: m.organPath, attemptNo: used + 1, startTime: now, deadline })
          .onConflict((oc) => oc.columns(['paperId', 'userId', 'attemptNo']).doNothing())
          .returningAll()
          .executeTakeFirst();
        // answers read in another tab while this attempt was being written: no attempt (paper-authors.ts)
        if (fresh && (await isAuthor(ctx.db, p.id, userId))) {
          await ctx.db.deleteFrom('examResults').where('id', '=', fresh.id).execute();
          throw forbidden(PAPER_MSG.author);
        }
        r = fresh ?? (await openOf());
        if (!r) throw badRequest(PAPER_MSG.noAttempts);
      }
      const sheet = await sheetFor(ctx.db, p, userId, r.attemptNo);
      const saved = new Map((await ctx.db.selectFrom('examAnswers').select(['questionId', 'answer', 'marked']).where('resultId', '=', r.id).execute()).map((a) => [a.questionId, a]));
      return {
        resultId: r.id, paperId: p.id, paperName: p.paperName, attemptNo: r.attemptNo, testCount: p.testCount, testTime: p.testTime, deadline: r.deadline, serverTime: now,
        totalScore: sheetTotal(sheet), passScore: Number(p.passScore), showAnswer: p.showAnswer,
        questions: sheet.map((q) => ({ ...questionForMember(q), typeName: QUESTION_TYPE_LABEL[q.type], answer: (saved.get(q.id)?.answer ?? null) as Answer, marked: saved.get(q.id)?.marked ?? false })),
      };
    },
  }),

  SubmitPaperAnswer: action<{ resultId: number; answers?: { questionId: number; answer?: unknown; marked?: boolean }[]; isSubmit?: boolean }>({
    method: 'POST',
    summary: '保存作答（每答一题即保存，离线时的作答恢复连接后一并发送）；isSubmit 为 true 时交卷并由服务器评分。截止时间（含30秒宽限）后不再保存',
    access: 'self',
    audit: false,
    repeatSubmit: false,
    returns: '{saved, deadline, serverTime} 或交卷后 {resultId, status, statusName, score, passed, errorQuestionCout, …}',
    input: objectInput(
      {
        resultId: { type: 'integer', minimum: 1, title: '考试记录' },
        answers: { type: ['array', 'null'], maxItems: 300, title: '作答', items: { type: 'object', required: ['questionId'], properties: { questionId: { type: 'integer', minimum: 1, title: '试题' }, answer: {}, marked: { type: ['boolean', 'null'], title: '标记' } } } },
        isSubmit: { type: ['boolean', 'null'], title: '交卷' },
      },
      ['resultId'],
    ),
    async handler(call): Promise<SavedAnswers | ExamRecord> {
      const { ctx, input, user } = call;
      const r = await ctx.db
        .selectFrom('examResults as r')
        .innerJoin('examPapers as p', 'p.id', 'r.paperId')
        .select(['r.id', 'r.paperId', 'r.userId', 'r.attemptNo', 'r.status', 'r.deadline', 'p.paperType', 'p.passScore', 'p.singleChoiceScore', 'p.multipleChoiceScore', 'p.jugeScore', 'p.blankScore', 'p.shortScore'])
        .where('r.id', '=', input.resultId)
        .where('r.userId', '=', user.userId)
        .executeTakeFirst();
      if (!r) throw notFound(PAPER_MSG.resultNotFound);
      const answers = input.answers ?? [];
      const now = ctx.now();
      const summary = async () => resultSummary(await ctx.db.selectFrom('examResults').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow(), r);
      if (r.status !== RESULT_STATUS.answering) {
        if (input.isSubmit && !answers.length) return summary();
        throw badRequest(PAPER_MSG.submitted);
      }
      if (now.getTime() > r.deadline.getTime() + ANSWER_GRACE_MS) {
        await closeAttempt(ctx.db, r.id, CLOSED_BY.deadline, now);
        throw badRequest(PAPER_MSG.late);
      }
      if (answers.length) {
        const sheet = await sheetFor(ctx.db, { ...r, id: r.paperId }, r.userId, r.attemptNo);
        const byId = new Map(sheet.map((q, i) => [q.id, { q, n: i + 1 }]));
        const rows = [];
        for (const a of answers) {
          const hit = byId.get(a.questionId);
          if (!hit) throw invalid([{ message: PAPER_MSG.notOnSheet, members: ['answers'] }]);
          const shaped = checkAnswer(hit.q, a.answer);
          if (shaped === undefined) throw invalid([{ message: PAPER_MSG.answerShape(hit.n), members: ['answers'] }]);
          rows.push({ questionId: a.questionId, answer: shaped === null ? null : JSON.stringify(shaped), marked: !!a.marked });
        }
        // the last of one question in a batch wins (offline answers arrive in the order given)
        const last = [...new Map(rows.map((x) => [x.questionId, x])).values()];
        if (!(await saveAnswers(ctx.db, r.id, last, now))) throw badRequest(PAPER_MSG.submitted);
      }
      if (input.isSubmit) {
        const closed = await closeAttempt(ctx.db, r.id, CLOSED_BY.member, now);
        return closed ? resultSummary(closed, r) : summary();
      }
      return { saved: answers.length, deadline: r.deadline, serverTime: now };
    },
  }),

  CurrentUserExamRecord: action<{ paperId: number }>({
    method: 'GET',
    summary: '我在一张试卷上的考试记录（每次：开始时间、用时、得分、是否通过、错题数）',
    access: 'self',
    returns: '[{resultId, attemptNo, createTime, submitTime, examTime(秒), score, passed, errorQuestionCout, status, statusName}]',
    input: paperIdInput,
    async handler(call): Promise<ExamRecord[]> {
      const { ctx, input } = call;
      const { m, p } = await myPaper(call, input.paperId);
      await closeExpired(ctx, { userId: m.userId!, paperId: p.id });
      const rows = await ctx.db.selectFrom('examResults').selectAll().where('paperId', '=', p.id).where('userId', '=', m.userId!).orderBy('attemptNo', 'desc').execute();
      return rows.map((r) => resultSummary(r, p));
    },
  }),
} satisfies Record<string, ActionDef>;
