import { expressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Call } from '../../http/actions';
import type { ExamLibrary } from '../../../contract/exam';
import { forbidden, invalid, notFound } from '../../http/errors';
import { isInSubtree, pathChain, subtreeRange } from '../../scope';
import { EXAM_MSG, QUESTION_TYPE_LABEL, normaliseQuestion, storedValues, type QuestionInput } from './question-rules';

/**
 * Reach over question banks: an administrator manages the banks of his subtree and may read
 * (compose papers from) the banks of the organisations above him too; anything else answers as
 * missing. The bank and question rows as read, and the writing of a checked question.
 */

export const libraries = (db: Database) =>
  db
    .selectFrom('examLibraries as l')
    .innerJoin('organizations as o', 'o.id', 'l.organId')
    .select(['l.id', 'l.libaryName', 'l.coverImageUrl', 'l.description', 'l.organId', 'o.organName', 'l.organPath'])
    // the column is Generated<Timestamp> in db/schema.ts, which Kysely reads as the ColumnType itself: a Date it is
    .select((eb) => eb.ref('l.creationTime').$castTo<Date>().as('creationTime'))
    .where('l.isDeleted', '=', false);

/**
 * Banks (alias `l`) whose organisation path `l.organPath` a caller at `organPath` reads: his
 * subtree's and those of the organisations above him (composing a paper reads them too).
 */
export function readableBanks(organPath: string) {
  const eb = expressionBuilder<DB & { l: DB['examLibraries'] }, 'l'>();
  const above = pathChain(organPath);
  return eb.or([subtreeRange('l.organPath', organPath), ...(above.length ? [eb('l.organPath', 'in', above)] : [])]);
}

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
export async function libraryFor(call: Call<unknown>, id: number, mode: 'read' | 'manage') {
  const row = await libraries(call.ctx.db).where('l.id', '=', id).executeTakeFirst();
  requireReach(call, row?.organPath, mode, EXAM_MSG.libraryNotFound);
  return row!;
}

type TypeCounts = Pick<ExamLibrary, 'questionCount' | 'singleCount' | 'multipleCount' | 'judgeCount' | 'blankCount' | 'shortCount'>;

/** Each bank's questions by type (one query for a page of banks). */
export async function typeCounts(db: Database, ids: number[]) {
  if (!ids.length) return new Map<number, TypeCounts>();
  const rows = await db
    .selectFrom('examQuestions')
    .select(['libaryId', 'type', sql<number>`count(*)::int`.as('n')])
    .where('libaryId', 'in', ids)
    .where('isDeleted', '=', false)
    .groupBy(['libaryId', 'type'])
    .execute();
  const out = new Map<number, TypeCounts>();
  const key: Record<number, keyof TypeCounts> = { 1: 'singleCount', 2: 'multipleCount', 3: 'judgeCount', 4: 'blankCount', 5: 'shortCount' };
  for (const id of ids) out.set(id, { questionCount: 0, singleCount: 0, multipleCount: 0, judgeCount: 0, blankCount: 0, shortCount: 0 });
  for (const r of rows) {
    const c = out.get(r.libaryId)!;
    c[key[r.type]] = Number(r.n);
    c.questionCount += Number(r.n);
  }
  return out;
}

export const questionRows = (db: Database) =>
  db
    .selectFrom('examQuestions as q')
    .innerJoin('examLibraries as l', 'l.id', 'q.libaryId')
    .select([
      'q.id', 'q.libaryId', 'l.libaryName', 'l.organPath', 'q.type', 'q.title', 'q.analysis', 'q.difficulty', 'q.tags', 'q.options', 'q.judgeAnswer',
      'q.blankAnswers', 'q.referenceAnswer', 'q.resources', 'q.creationTime',
    ])
    .where('q.isDeleted', '=', false)
    .where('l.isDeleted', '=', false);

export type QuestionRow = Awaited<ReturnType<ReturnType<typeof questionRows>['executeTakeFirstOrThrow']>>;

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

export async function questionFor(call: Call<unknown>, id: number, mode: 'read' | 'manage') {
  const row = await questionRows(call.ctx.db).where('q.id', '=', id).executeTakeFirst();
  requireReach(call, row?.organPath, mode, EXAM_MSG.questionNotFound);
  return row!;
}

/** Writes a checked question (insert or update); refuses with every broken rule. */
export async function saveQuestion(call: Call<QuestionInput>, id?: number) {
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
