import type { ExamRecord, Review, WrongItem } from '../../../contract/exam';
import type { PagedResult } from '../../../contract/types';
import { action, type ActionDef } from '../../http/actions';
import { badRequest, notFound } from '../../http/errors';
import { objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { isInSubtree } from '../../scope';
import { QUESTION_TYPE_LABEL } from './question-rules';
import { LETTERS, questionForMember, rightAnswer, type Answer, type SheetQuestion } from './scoring';
import { RESULT_STATUS, closeExpired, sheetKey } from './sitting';
import { memberResults, trainNames } from './papers';
import { recordReads, refuseWhileSitting } from './paper-authors';
import { PAPER_MSG, PAPER_PERMISSION } from './paper-rules';
import type { RowOf } from './row-type';
import { answersShown, resultSummary, reviewOf } from './paper-views';

/**
 * A member's handed-in attempts: the answer sheet, 错题集 and 我的考试记录 — the right answers and
 * 解析 only as far as the paper's `showAnswer` allows (answersShown: never while he has an attempt
 * left and the paper is open); until then his own answers and right or wrong only. An administrator
 * of the paper sees another member's sheet whole to mark it — and is then one who has read those
 * answers (paper-authors.ts).
 */
export const memberReviewActions = {
  GetPaperTestErrorQuestionById: action<{ id: number; onlyError?: boolean }>({
    method: 'GET',
    summary: '一次考试的答卷：每题我的作答、对错与得分；试卷允许时（交卷后：用完全部考试次数或考试结束后；考试结束后：结束时间过后）含正确答案与解析，还有考试机会时不含。管理员可看管理范围内他人的答卷（阅卷，含答案，记为看过这些试题的答案）',
    access: 'self',
    returns: '{resultId, paperName, score, passed, status, answersShown, questions: [{id, type, title, options, myAnswer, isRight, myScore, rightAnswer?, analysis?}]}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '考试记录' }, onlyError: { type: 'boolean', title: '只看错题' } }, ['id']),
    async handler(call): Promise<Review> {
      const { ctx, input, user } = call;
      await closeExpired(ctx, { userId: user.userId });
      const r = await ctx.db.selectFrom('examResults').selectAll().where('id', '=', input.id).executeTakeFirst();
      const p = r ? await ctx.db.selectFrom('examPapers as p').innerJoin('organizations as o', 'o.id', 'p.organId').selectAll('p').select('o.organName').where('p.id', '=', r.paperId).executeTakeFirst() : undefined;
      const own = r?.userId === user.userId;
      const admin = !!p && user.permissions.has(PAPER_PERMISSION.read) && isInSubtree(p.organPath, user.organPath);
      if (!r || !p || (!own && !admin)) throw notFound(PAPER_MSG.resultNotFound);
      if (own && r.status === RESULT_STATUS.answering) throw badRequest('本次考试尚未交卷');
      // his own sheet by the member's rule, administrator or not; another's whole, to mark it
      let reveal = true;
      if (own) reveal = answersShown(p, r, (await memberResults(ctx.db, user.userId, [p.id])).get(p.id) ?? { usedCount: 0, openResultId: null }, ctx.now());
      else await refuseWhileSitting(call);
      const questions = await reviewOf(ctx.db, r, p, reveal, !!input.onlyError);
      if (!own) await recordReads(call, questions.map((q) => q.id));
      return {
        ...resultSummary(r, p),
        paperName: p.paperName,
        memberName: r.memberName,
        answersShown: reveal,
        showAnswer: p.showAnswer,
        questions,
      };
    },
  }),

  MyErrorQuestionPageList: action<PagingInput & { paperId?: number }>({
    method: 'GET',
    summary: '错题集：我交卷后答错的题（同一试卷同一题只列最近一次），试卷允许时含正确答案与解析（规则同答卷：还有考试机会且考试未结束时不含）',
    access: 'self',
    returns: '{totalCount, items: [{resultId, paperId, paperName, submitTime, question: {id, type, title, options, myAnswer, rightAnswer?, analysis?}, answersShown, showAnswer}]}',
    input: pagedInput({ paperId: { type: 'integer', minimum: 1, title: '试卷' } }),
    async handler(call): Promise<PagedResult<WrongItem>> {
      const { ctx, input, user } = call;
      await closeExpired(ctx, { userId: user.userId });
      let q = ctx.db
        .selectFrom('examAnswers as a')
        .innerJoin('examResults as r', 'r.id', 'a.resultId')
        .innerJoin('examPapers as p', 'p.id', 'r.paperId')
        .select(['a.resultId', 'a.questionId', 'a.answer', 'r.paperId', 'r.attemptNo', 'r.submitTime', 'r.status', 'p.paperName', 'p.paperType', 'p.showAnswer', 'p.endTime', 'p.testCount'])
        .where('r.userId', '=', user.userId)
        .where('r.status', '!=', RESULT_STATUS.answering)
        .where('a.isRight', '=', false)
        .where('p.isDeleted', '=', false)
        // the latest wrong answer of a question on a paper
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('examAnswers as a2')
                .innerJoin('examResults as r2', 'r2.id', 'a2.resultId')
                .select('a2.resultId')
                .whereRef('a2.questionId', '=', 'a.questionId')
                .whereRef('r2.paperId', '=', 'r.paperId')
                .whereRef('r2.userId', '=', 'r.userId')
                .where('r2.status', '!=', RESULT_STATUS.answering)
                .whereRef('r2.id', '>', 'r.id'),
            ),
          ),
        );
      if (input.paperId) q = q.where('r.paperId', '=', input.paperId);
      const page = await pageQuery<RowOf<typeof q>>(q, input, (x) => x.orderBy('r.submitTime', 'desc').orderBy('a.questionId'));
      const now = ctx.now();
      const sheets = new Map<string, SheetQuestion[]>();
      const mine = await memberResults(ctx.db, user.userId, [...new Set(page.items.map((w) => w.paperId))]);
      const items = [];
      for (const w of page.items) {
        const at = sheetKey(w, user.userId, w.attemptNo);
        const key = `${w.paperId}:${at.attemptNo}`;
        if (!sheets.has(key)) {
          const s = await ctx.db.selectFrom('examSheets').select('questions').where('paperId', '=', w.paperId).where('userId', '=', at.userId).where('attemptNo', '=', at.attemptNo).executeTakeFirst();
          sheets.set(key, (s?.questions as SheetQuestion[]) ?? []);
        }
        const q = sheets.get(key)!.find((x) => x.id === w.questionId);
        if (!q) continue;
        const reveal = answersShown(w, w, mine.get(w.paperId) ?? { usedCount: 0, openResultId: null }, now);
        items.push({
          resultId: w.resultId, paperId: w.paperId, paperName: w.paperName, submitTime: w.submitTime, answersShown: reveal, showAnswer: w.showAnswer,
          question: { ...questionForMember(q), typeName: QUESTION_TYPE_LABEL[q.type], myAnswer: w.answer as Answer, ...(reveal ? { rightAnswer: rightAnswer(q), analysis: q.analysis, options: q.options.map((o, j) => ({ key: LETTERS[j], content: o.content, isRight: o.isRight })) } : {}) },
        });
      }
      return { totalCount: page.totalCount, items };
    },
  }),

  UserOrdinaryPaperPagedList: action<PagingInput>({
    method: 'POST',
    summary: '我的考试记录：交过卷的每次考试（试卷、交卷时间、得分、是否通过），最近的在前',
    access: 'self',
    returns: '{totalCount, items: [{resultId, paperId, paperName, trainName, submitTime, score, passed, statusName, errorQuestionCout}]}',
    input: pagedInput(),
    async handler(call): Promise<PagedResult<ExamRecord>> {
      const { ctx, input, user } = call;
      await closeExpired(ctx, { userId: user.userId });
      const q = ctx.db
        .selectFrom('examResults as r')
        .innerJoin('examPapers as p', 'p.id', 'r.paperId')
        .selectAll('r')
        .select(['p.paperName', 'p.passScore', 'p.trainClassId'])
        .where('r.userId', '=', user.userId)
        .where('r.status', '!=', RESULT_STATUS.answering);
      const page = await pageQuery<RowOf<typeof q>>(q, input, (x) => x.orderBy('r.submitTime', 'desc').orderBy('r.id', 'desc'));
      const names = await trainNames(ctx.db, page.items.map((r) => r.trainClassId));
      return { totalCount: page.totalCount, items: page.items.map((r) => ({ ...resultSummary(r, r), paperName: r.paperName, trainName: names.get(r.trainClassId ?? 0) ?? null })) };
    },
  }),
} satisfies Record<string, ActionDef>;
