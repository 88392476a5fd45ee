import type { Database } from '../../db/database';
import type { Call } from '../../http/actions';
import { forbidden, notFound } from '../../http/errors';
import { assignedTo, paperTotals, partyMemberOf, withinAssignment } from './papers';
import { isAuthor } from './paper-authors';
import { PAPER_MSG } from './paper-rules';
import type { RowOf } from './row-type';

/** Papers as read: by an administrator of their subtree, or by a member they are assigned to. */
export const papers = (db: Database) =>
  db
    .selectFrom('examPapers as p')
    .innerJoin('organizations as o', 'o.id', 'p.organId')
    .selectAll('p')
    .select('o.organName')
    .where('p.isDeleted', '=', false);
export type PaperFull = RowOf<ReturnType<typeof papers>>;

/** A paper of the caller's subtree by id; any other answers as missing. */
export async function paperFor(call: Call<unknown>, id: number) {
  const row = await papers(call.ctx.db).where('p.id', '=', id).executeTakeFirst();
  call.requireVisible(row?.organPath, PAPER_MSG.paperNotFound);
  return row!;
}

/** Has anyone started the paper (its sheet written, its questions fixed)? Then questions, sets and scores are locked. */
export const hasStarted = async (db: Database, paperId: number) =>
  !!(await db.selectFrom('examSheets').select('paperId').where('paperId', '=', paperId).limit(1).executeTakeFirst()) ||
  !!(await db.selectFrom('examResults').select('id').where('paperId', '=', paperId).limit(1).executeTakeFirst());

/** One paper's total score and question count (paperTotals for a page of them). */
export const paperTotal = async (db: Database, p: PaperFull) => (await paperTotals(db, [p])).get(p.id)!;

/** The signed-in member's party record, for the papers he sits. */
export async function memberOf(call: Call<unknown>) {
  const m = await partyMemberOf(call.ctx.db, call.user.userId);
  if (!m) throw forbidden(PAPER_MSG.notMember);
  return m;
}

/**
 * A paper the member sits, by id; one of whose authors he is (paper-authors.ts), 403 with the
 * reason; any other answers as missing.
 */
export async function myPaper(call: Call<unknown>, id: number) {
  const m = await memberOf(call);
  const p = await papers(call.ctx.db).where('p.id', '=', id).where(assignedTo(m)).executeTakeFirst();
  if (!p) {
    const within = await papers(call.ctx.db).where('p.id', '=', id).where(withinAssignment(m)).select('p.id').executeTakeFirst();
    if (within && (await isAuthor(call.ctx.db, within.id, m.userId!))) throw forbidden(PAPER_MSG.author);
    throw notFound(PAPER_MSG.paperNotFound);
  }
  return { m, p };
}
