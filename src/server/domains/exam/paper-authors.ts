import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { Call } from '../../http/actions';
import { forbidden } from '../../http/errors';
import { RESULT_STATUS, closeExpired } from './sitting';
import { PAPER_MSG } from './paper-rules';

/**
 * Authors and markers: nobody sits a paper whose answers he has seen.
 *
 * An administrator is an author of a paper — and then not assigned it as a member: it is not in his
 * 我的考试 and he cannot start it (403, PAPER_MSG.author) — when he
 * - created it (`exam_papers.creator_user_id`) or changed its questions or random sets
 *   (`exam_paper_authors`, reason 1), or read its questions through GetQuestionByPaperId (reason 2);
 * - saw the answer of a question the paper holds (an ordinary paper) or may draw (a random paper: a
 *   question of a set's bank, difficulty and a type it draws), wherever he saw it: a bank's question
 *   list or one question (ExamLibaryService), a paper's questions, a member's sheet reviewed for
 *   marking (`exam_question_readers`). A bank read therefore makes him an author of every paper,
 *   present or later, that holds or draws one of the questions he saw — and of no other.
 *
 * Reads are recorded when they happen and never forgotten (the answers stay known). While he has an
 * attempt open on any paper, no call shows him answers (403, PAPER_MSG.sitting): the rule cannot be
 * beaten by reading in one tab while answering in another.
 */
export const AUTHOR_REASON = { composed: 1, readAnswers: 2 } as const;

type Side = number | RawBuilder<unknown>;
const v = (x: Side) => (typeof x === 'number' ? sql`${x}` : x);

/** Is the user (`user`: an id or a column reference) an author of the paper (`paper`: likewise)? */
export function authorOf(paper: Side, user: Side) {
  const p = v(paper);
  const u = v(user);
  return sql<boolean>`(
    exists (select 1 from exam_papers ap where ap.id = ${p} and ap.creator_user_id = ${u})
    or exists (select 1 from exam_paper_authors pa where pa.paper_id = ${p} and pa.user_id = ${u})
    or exists (select 1 from exam_paper_questions pq join exam_question_readers qr on qr.question_id = pq.question_id
               where pq.paper_id = ${p} and qr.user_id = ${u})
    or exists (select 1 from exam_question_readers qr
               join exam_questions q on q.id = qr.question_id and not q.is_deleted
               join exam_paper_random_sets rs on rs.libary_id = q.libary_id and (rs.difficulty is null or rs.difficulty = q.difficulty)
               where rs.paper_id = ${p} and qr.user_id = ${u}
                 and ((q.type = 1 and rs.single_choice_count > 0) or (q.type = 2 and rs.multi_choice_count > 0) or (q.type = 3 and rs.juge_count > 0)
                   or (q.type = 4 and rs.blank_count > 0) or (q.type = 5 and rs.short_count > 0)))
  )`;
}

export async function isAuthor(db: Database, paperId: number, userId: number) {
  const r = await sql<{ yes: boolean }>`select ${authorOf(paperId, userId)} as yes`.execute(db);
  return !!r.rows[0]?.yes;
}

/** Records the caller as an author of a paper (the first reason stays). */
export async function recordAuthor(call: Call<unknown>, paperId: number, reason: number, db: Database = call.ctx.db) {
  await db
    .insertInto('examPaperAuthors')
    .values({ paperId, userId: call.user.userId, reason, firstTime: call.ctx.now() })
    .onConflict((oc) => oc.columns(['paperId', 'userId']).doNothing())
    .execute();
}

/**
 * Records that the caller sees these questions' answers — before they leave the server — and then
 * refuses if he started an attempt meanwhile. The start of an attempt checks the authors after
 * writing the attempt (member-sitting.ts), so of a read and a start racing one another at least one
 * sees the other and is refused.
 */
export async function recordReads(call: Call<unknown>, questionIds: number[]) {
  const ids = [...new Set(questionIds)];
  const at = call.ctx.now();
  for (let i = 0; i < ids.length; i += 500) {
    await call.ctx.db
      .insertInto('examQuestionReaders')
      .values(ids.slice(i, i + 500).map((questionId) => ({ userId: call.user.userId, questionId, firstTime: at })))
      .onConflict((oc) => oc.columns(['userId', 'questionId']).doNothing())
      .execute();
  }
  await refuseWhileSitting(call);
}

/** Refuses a call that shows answers while the caller has an attempt open (after closing his expired ones). */
export async function refuseWhileSitting(call: Call<unknown>) {
  const { ctx, user } = call;
  const open = () => ctx.db.selectFrom('examResults').select('id').where('userId', '=', user.userId).where('status', '=', RESULT_STATUS.answering).limit(1).executeTakeFirst();
  if (!(await open())) return;
  await closeExpired(ctx, { userId: user.userId });
  if (await open()) throw forbidden(PAPER_MSG.sitting);
}
