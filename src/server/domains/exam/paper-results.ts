import { sql } from 'kysely';
import type { QuestionRate } from '../../../contract/exam';
import type { Database } from '../../db/database';
import { action, type ActionDef } from '../../http/actions';
import { badRequest, invalid, notFound, type ValidationError } from '../../http/errors';
import { objectInput } from '../../http/paging';
import { isInSubtree } from '../../scope';
import { QUESTION_TYPE_LABEL } from './question-rules';
import { round1 } from './scoring';
import { RESULT_STATUS, closeExpired, sheetFor } from './sitting';
import { assignedCount } from './papers';
import { PAPER_MSG, PAPER_PERMISSION } from './paper-rules';
import { paperFor, paperTotal, papers, type PaperFull } from './paper-access';
import { paperIdInput } from './inputs';

/** A paper's statistics, and the marking of short answers (an attempt waits 待阅卷 until every one is marked). */

async function statisticsOf(db: Database, p: PaperFull) {
  const assigned = await assignedCount(db, p.id);
  const pending = Number((await db.selectFrom('examResults').select(sql<number>`count(*)::int`.as('n')).where('paperId', '=', p.id).where('status', '=', RESULT_STATUS.marking).executeTakeFirstOrThrow()).n);
  const { total } = await paperTotal(db, p);
  const bands = [
    { range: '60%以下', from: 0, to: 0.6 },
    { range: '60%–70%', from: 0.6, to: 0.7 },
    { range: '70%–80%', from: 0.7, to: 0.8 },
    { range: '80%–90%', from: 0.8, to: 0.9 },
    { range: '90%及以上', from: 0.9, to: Infinity },
  ];
  // 参考, 通过 and the bests' sum are kept per paper, and how many members' best is each score
  // (migration 051): the highest, lowest and bands read at most a row per tenth of a point
  const ratio = total > 0 ? sql`s.score / ${total}::numeric` : sql`0`;
  const band = (from: number, to: number) => sql<number>`coalesce(sum(s.n) filter (where ${ratio} >= ${from}${to === Infinity ? sql`` : sql` and ${ratio} < ${to}`}), 0)::int`;
  const [figures, spread] = await Promise.all([
    db.selectFrom('examPaperFigures').select(['joinCount', 'passCount', 'bestSum']).where('paperId', '=', p.id).executeTakeFirst(),
    db
      .selectFrom('examPaperScores as s')
      .select([sql<number>`coalesce(max(s.score), 0)`.as('maxScore'), sql<number>`coalesce(min(s.score), 0)`.as('minScore'), ...bands.map((b, i) => band(b.from, b.to).as(`band${i}`))])
      .where('s.paperId', '=', p.id)
      .where('s.n', '>', 0)
      .executeTakeFirstOrThrow(),
  ]);
  const stats = { joinCount: figures?.joinCount ?? 0, passCount: figures?.passCount ?? 0, average: figures?.joinCount ? Number(figures.bestSum) / figures.joinCount : 0, ...spread };
  const perQuestion = await db
    .selectFrom('examAnswers as a')
    .innerJoin('examResults as r', 'r.id', 'a.resultId')
    .select(['a.questionId', sql<number>`count(*)::int`.as('answerCount'), sql<number>`count(*) filter (where a.is_right)::int`.as('rightCount')])
    .where('r.paperId', '=', p.id)
    .where('r.status', '!=', RESULT_STATUS.answering)
    .groupBy('a.questionId')
    .execute();
  const titles = new Map(
    (await db.selectFrom('examQuestions').select(['id', 'title', 'type']).where('id', 'in', perQuestion.length ? perQuestion.map((q) => q.questionId) : [0]).execute()).map((q) => [q.id, q]),
  );
  const { joinCount, passCount } = stats;
  const pct = (a: number, b: number) => (b ? round1((a * 100) / b) : 0);
  return {
    totalScore: total,
    passScore: Number(p.passScore),
    assignedCount: assigned,
    joinCount,
    participationRate: pct(joinCount, assigned),
    passCount,
    passRate: pct(passCount, joinCount),
    pendingMarkCount: pending,
    averageScore: round1(Number(stats.average)),
    maxScore: Number(stats.maxScore),
    minScore: Number(stats.minScore),
    distribution: bands.map((b, i) => ({ range: b.range, count: (stats as unknown as Record<string, number>)[`band${i}`] })),
    questions: perQuestion
      .map((q): QuestionRate => ({ questionId: q.questionId, title: titles.get(q.questionId)?.title ?? '', type: titles.get(q.questionId)?.type ?? 0, typeName: QUESTION_TYPE_LABEL[titles.get(q.questionId)?.type ?? 0] ?? '', answerCount: q.answerCount, rightCount: q.rightCount, rightRate: pct(q.rightCount, q.answerCount) }))
      .sort((a, b) => a.rightRate - b.rightRate || a.questionId - b.questionId),
  };
}

export const paperResultActions = {
  GetExamResultByPaperId: action<{ paperId: number }>({
    method: 'GET',
    summary: '考试统计：应考、参考、参考率、通过、通过率、平均分、最高最低分、成绩分布、每题正确率（按正确率从低到高）、待阅卷数',
    access: { permission: PAPER_PERMISSION.read },
    returns: '{totalScore, passScore, assignedCount, joinCount, participationRate, passCount, passRate, pendingMarkCount, averageScore, maxScore, minScore, distribution: [{range, count}], questions: [{questionId, title, typeName, answerCount, rightCount, rightRate}]}',
    input: paperIdInput,
    async handler(call) {
      const p = await paperFor(call, call.input.paperId);
      await closeExpired(call.ctx, { paperId: p.id });
      return statisticsOf(call.ctx.db, p);
    },
  }),

  MarkShortAnswer: action<{ resultId: number; marks: { questionId: number; score: number }[] }>({
    method: 'POST',
    summary: '阅卷（扩展）：为一次考试的简答题打分；全部简答题打分后计算总分和是否通过（不能批阅本人的试卷）',
    access: { permission: PAPER_PERMISSION.update },
    decides: {
      noun: '试卷', verb: '批阅', caseOf: '答卷的党员',
      async subject({ ctx, input }) {
        const r = await ctx.db.selectFrom('examResults').select('userId').where('id', '=', input.resultId).executeTakeFirst();
        return r?.userId ?? null;
      },
    },
    returns: '{resultId, status, score, passed}',
    input: objectInput(
      {
        resultId: { type: 'integer', minimum: 1, title: '考试记录' },
        marks: { type: 'array', minItems: 1, maxItems: 200, title: '评分', items: { type: 'object', required: ['questionId', 'score'], properties: { questionId: { type: 'integer', minimum: 1, title: '试题' }, score: { type: 'number', minimum: 0, maximum: 100, title: '得分' } } } },
      },
      ['resultId', 'marks'],
    ),
    async handler(call) {
      const { ctx, input } = call;
      const r = await ctx.db.selectFrom('examResults').selectAll().where('id', '=', input.resultId).executeTakeFirst();
      const p = r ? await papers(ctx.db).where('p.id', '=', r.paperId).executeTakeFirst() : undefined;
      if (!r || !p || !isInSubtree(p.organPath, call.user.organPath)) throw notFound(PAPER_MSG.resultNotFound);
      if (r.status !== RESULT_STATUS.marking) throw badRequest(PAPER_MSG.notMarking);
      const sheet = await sheetFor(ctx.db, p, r.userId, r.attemptNo);
      const errors: ValidationError[] = [];
      for (const m of input.marks) {
        const q = sheet.find((x) => x.id === m.questionId);
        if (!q) errors.push({ message: PAPER_MSG.notOnSheet, members: ['marks'] });
        else if (q.type !== 5) errors.push({ message: PAPER_MSG.notShort, members: ['marks'] });
        else if (m.score > q.score) errors.push({ message: PAPER_MSG.markRange(q.score), members: ['marks'] });
      }
      if (errors.length) throw invalid(errors);
      return ctx.db.transaction().execute(async (trx) => {
        for (const m of input.marks) {
          const full = sheet.find((x) => x.id === m.questionId)!.score;
          await trx
            .insertInto('examAnswers')
            .values({ resultId: r.id, questionId: m.questionId, answer: null, score: m.score, isRight: m.score >= full })
            .onConflict((oc) => oc.columns(['resultId', 'questionId']).doUpdateSet({ score: m.score, isRight: m.score >= full }))
            .execute();
        }
        const answers = await trx.selectFrom('examAnswers').select(['questionId', 'score', 'isRight']).where('resultId', '=', r.id).execute();
        const shortIds = sheet.filter((q) => q.type === 5).map((q) => q.id);
        const allMarked = shortIds.every((id) => answers.some((a) => a.questionId === id && a.score != null));
        const score = round1(answers.reduce((s, a) => s + Number(a.score ?? 0), 0));
        const passed = allMarked ? score >= Number(p.passScore) : null;
        const status = allMarked ? RESULT_STATUS.done : RESULT_STATUS.marking;
        await trx.updateTable('examResults').set({ score, passed, status, errorCount: answers.filter((a) => a.isRight === false).length }).where('id', '=', r.id).execute();
        return { resultId: r.id, status, score, passed };
      });
    },
  }),
} satisfies Record<string, ActionDef>;
