import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { ExamResultTable } from '../../db/schema';
import type { ExamRecord, ReviewQuestion } from '../../../contract/exam';
import type { Call } from '../../http/actions';
import { isInSubtree } from '../../scope';
import { QUESTION_TYPE_LABEL } from './question-rules';
import { LETTERS, questionForMember, rightAnswer, type Answer } from './scoring';
import { CLOSED_BY, RESULT_STATUS, RESULT_STATUS_LABEL, sheetFor } from './sitting';
import { PAPER_STATE_LABEL, paperState, trainNames } from './papers';
import { PAPER_TYPE, PAPER_TYPE_LABEL, SHOW_ANSWER } from './paper-rules';
import { hasStarted, paperTotal, type PaperFull } from './paper-access';

/** A paper as its administrator reads it, an attempt's summary, and a handed-in attempt as reviewed. */

export const PAPER = '试卷 {id, paperName, paperType, paperTypeName, trainClassId, trainName, description, beginTitme, endTime, testTime(分钟), testCount(0 不限), passScore, singleChoiceScore, multipleChoiceScore, jugeScore, blankScore, shortScore, showAnswer(1 交卷后：用完全部考试次数或考试结束后 2 考试结束后 3 不公布), totalScore, questionCount, organId, organName, teachTarget(组织编号，逗号分隔), teachTargetNames, userCount(单独添加的人数), userIds, users: [{userId, name}], joinCount, passCount, stateName(未开始/进行中/已结束), canEdit, locked(已有人答题), creationTime}';

export async function paperView(call: Call<unknown>, p: PaperFull) {
  const db = call.ctx.db;
  const organs = await db.selectFrom('examPaperOrgans as po').innerJoin('organizations as o', 'o.id', 'po.organId').select(['po.organId', 'o.organName']).where('po.paperId', '=', p.id).orderBy('po.organId').execute();
  const users = await db
    .selectFrom('examPaperUsers as u')
    .leftJoin('partyMembers as m', (j) => j.onRef('m.userId', '=', 'u.userId').on('m.isDeleted', '=', false))
    .select(['u.userId', 'm.name'])
    .where('u.paperId', '=', p.id)
    .where('u.excluded', '=', false)
    .orderBy('u.creationTime')
    .limit(5000)
    .execute();
  const userCount = users.length;
  const { total, count } = await paperTotal(db, p);
  const sets = p.paperType === PAPER_TYPE.random ? await db.selectFrom('examPaperRandomSets as s').innerJoin('examLibraries as l', 'l.id', 's.libaryId').selectAll('s').select('l.libaryName').where('s.paperId', '=', p.id).orderBy('s.id').execute() : [];
  return {
    ...listItem(p, call.ctx.now(), isInSubtree(p.organPath, call.user.organPath)),
    trainName: (await trainNames(db, [p.trainClassId])).get(p.trainClassId ?? 0) ?? null,
    totalScore: total,
    questionCount: count,
    teachTarget: organs.map((o) => o.organId).join(','),
    teachTargetNames: organs.map((o) => o.organName),
    userCount,
    userIds: users.map((u) => u.userId),
    users,
    locked: await hasStarted(db, p.id),
    randomExamPaperSet: sets.map((s) => ({ id: s.id, libaryId: s.libaryId, libaryName: s.libaryName, difficulty: s.difficulty, singleChoiceCount: s.singleChoiceCount, multiChoiceCount: s.multiChoiceCount, jugeCount: s.jugeCount, blankCount: s.blankCount, shortCount: s.shortCount })),
  };
}

export const listItem = (p: PaperFull, now: Date, canEdit: boolean) => ({
  id: p.id,
  paperName: p.paperName,
  paperType: p.paperType,
  paperTypeName: PAPER_TYPE_LABEL[p.paperType],
  trainClassId: p.trainClassId,
  description: p.description,
  beginTitme: p.beginTime,
  endTime: p.endTime,
  testTime: p.testTime,
  testCount: p.testCount,
  passScore: Number(p.passScore),
  singleChoiceScore: Number(p.singleChoiceScore),
  multipleChoiceScore: Number(p.multipleChoiceScore),
  jugeScore: Number(p.jugeScore),
  blankScore: Number(p.blankScore),
  shortScore: Number(p.shortScore),
  showAnswer: p.showAnswer,
  organId: p.organId,
  organName: p.organName,
  stateName: PAPER_STATE_LABEL[paperState(p, now)],
  canEdit,
  creationTime: p.creationTime,
});

/**
 * May the member see the right answers and 解析 of a handed-in attempt now? Never while he still has
 * an attempt left (or one open) and the paper is open — the review must not hand out the next
 * attempt's answers. 交卷后: once his last attempt is handed in, or the paper has closed (its end
 * passed, or it was deleted); 考试结束后: once the end has passed; 不公布: never. `mine`: his attempts
 * of the paper (memberResults).
 */
export function answersShown(
  p: { showAnswer: number; endTime: Date; testCount: number; isDeleted?: boolean },
  r: { status: number },
  mine: { usedCount: number; openResultId: number | null },
  now: Date,
) {
  if (r.status === RESULT_STATUS.answering || p.showAnswer === SHOW_ANSWER.never) return false;
  const closed = now > p.endTime || !!p.isDeleted;
  if (p.showAnswer === SHOW_ANSWER.afterEnd) return closed;
  const noneLeft = p.testCount > 0 && mine.usedCount >= p.testCount && mine.openResultId == null;
  return closed || noneLeft;
}

type AttemptRow = Pick<Selectable<ExamResultTable>, 'id' | 'paperId' | 'attemptNo' | 'status' | 'startTime' | 'submitTime' | 'score' | 'passed' | 'errorCount' | 'closedBy'>;

export const resultSummary = (r: AttemptRow, p: { passScore: unknown }): ExamRecord => ({
  resultId: r.id,
  paperId: r.paperId,
  attemptNo: r.attemptNo,
  status: r.status,
  statusName: RESULT_STATUS_LABEL[r.status],
  createTime: r.startTime,
  submitTime: r.submitTime,
  examTime: r.submitTime ? Math.max(0, Math.round((new Date(r.submitTime).getTime() - new Date(r.startTime).getTime()) / 1000)) : null,
  score: r.score != null ? Number(r.score) : null,
  passScore: Number(p.passScore),
  passed: r.passed,
  errorQuestionCout: r.errorCount,
  closedByDeadline: r.closedBy === CLOSED_BY.deadline,
});

/** One attempt's questions with the member's answers; the right ones and 解析 only when `reveal`. */
export async function reviewOf(db: Database, r: { id: number; paperId: number; userId: number; attemptNo: number }, p: PaperFull, reveal: boolean, onlyError: boolean): Promise<ReviewQuestion[]> {
  const sheet = await sheetFor(db, p, r.userId, r.attemptNo);
  const answers = new Map((await db.selectFrom('examAnswers').selectAll().where('resultId', '=', r.id).execute()).map((a) => [a.questionId, a]));
  return sheet
    .map((q, i) => {
      const a = answers.get(q.id);
      return {
        ...questionForMember(q),
        sort: i + 1,
        typeName: QUESTION_TYPE_LABEL[q.type],
        myAnswer: (a?.answer ?? null) as Answer,
        isRight: a ? a.isRight : null,
        myScore: a?.score != null ? Number(a.score) : null,
        ...(reveal ? { rightAnswer: rightAnswer(q), analysis: q.analysis, options: q.options.map((o, j) => ({ key: LETTERS[j], content: o.content, isRight: o.isRight })) } : {}),
      };
    })
    .filter((x) => !onlyError || x.isRight === false || (x.type === 5 && x.myScore != null && x.myScore < x.score));
}
