import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { checkAllocation, freeFor, type Places } from './places';
import { STUDENT_STATUS } from './classes';
import { pathChain } from '../../scope';

/**
 * Enrolment under the class row's lock: every write that takes or gives out places —
 * an application, an administrator adding students, an allocation — first locks the class row,
 * then reads the places as they are and checks the change with places.ts. Two simultaneous writes
 * queue on the lock, so the second sees the first: no total is ever exceeded.
 */
export const ENROL_MSG = {
  full: '名额已满',
  notStarted: '报名未开始',
  closed: '报名已截止',
  already: '您已报名，请勿重复报名',
  outOfScope: '您不在该培训班的培训范围内',
  removed: '您已被移出该培训班，不能再次报名',
  over: (free: number) => `分配名额超出可分配名额（剩余${free}）`,
  below: (used: number) => `分配名额不能少于已报名人数和下级已分配名额（${used}）`,
  totalBelow: (used: number) => `培训名额不能少于已报名人数和已分配名额（${used}）`,
} as const;

/** Pending and approved students hold places. */
export const HOLDS_PLACE = [STUDENT_STATUS.pending, STUDENT_STATUS.approved];

type Trx = Transaction<DB>;

/** Locks the class row; answers its total. */
export async function lockClass(trx: Trx, classId: number) {
  return trx.selectFrom('trainClasses').select(['id', 'trainNumbers']).where('id', '=', classId).forUpdate().executeTakeFirstOrThrow();
}

/** The places of a class as they are (read under the lock). */
export async function readPlaces(trx: Trx | Database, classId: number, total: number): Promise<Places> {
  return (await readPlacesOf(trx, [{ id: classId, trainNumbers: total }])).get(classId)!;
}

/** The places of several classes (a page of a member's list): two queries whatever their number. */
export async function readPlacesOf(db: Trx | Database, list: { id: number; trainNumbers: number }[]): Promise<Map<number, Places>> {
  const out = new Map<number, Places>(list.map((c) => [c.id, { total: c.trainNumbers, allocations: [], takenPaths: [] }]));
  if (!list.length) return out;
  const ids = list.map((c) => c.id);
  for (const a of await db.selectFrom('trainClassAllocations').select(['id', 'trainClassId', 'organPath', 'numbers']).where('trainClassId', 'in', ids).execute()) {
    out.get(a.trainClassId)!.allocations.push({ id: a.id, organPath: a.organPath, numbers: a.numbers });
  }
  for (const t of await db.selectFrom('trainClassStudents').select(['trainClassId', 'organPath']).where('trainClassId', 'in', ids).where('status', 'in', HOLDS_PLACE).execute()) {
    out.get(t.trainClassId)!.takenPaths.push(t.organPath);
  }
  return out;
}

/** Refuses unless every one of these paths finds a free place (taken one after another). */
export function requirePlaces(places: Places, paths: string[]) {
  const p = { ...places, takenPaths: [...places.takenPaths] };
  for (const path of paths) {
    if (freeFor(path, p) < 1) throw badRequest(ENROL_MSG.full);
    p.takenPaths.push(path);
  }
}

/** Refuses an allocation the places cannot hold (on the field `numbers`). */
export function requireAllocation(places: Places, organPath: string, numbers: number) {
  const c = checkAllocation(places, organPath, numbers);
  if (!c.ok) throw badRequest(c.reason === 'below' ? ENROL_MSG.below(c.used) : ENROL_MSG.over(c.free));
}

/** Places the root gives out: its direct students and its top allocations. */
export function rootUse(places: Places) {
  const top = places.allocations.filter((a) => !places.allocations.some((b) => b !== a && b.organPath !== a.organPath && a.organPath.startsWith(b.organPath)));
  const direct = places.takenPaths.filter((p) => !places.allocations.some((a) => p.startsWith(a.organPath))).length;
  return top.reduce((s, a) => s + a.numbers, 0) + direct;
}

/**
 * Whether a member's organisation lies in a class's teaching scope: under an included organisation
 * and under none taken out (ShrinkTeachingScope). Reads the scope rows of his path's chain only.
 */
export async function inScope(db: Trx | Database, classId: number, organPath: string) {
  return (await inScopeOf(db, [classId], organPath)).has(classId);
}

/** A class's scope rows, for checking many paths against it at once (AddStudent, allocations). */
export const readScope = (db: Trx | Database, classId: number) => db.selectFrom('trainClassScopes').select(['organPath', 'excluded']).where('trainClassId', '=', classId).execute();

/** Whether scope rows hold a path: under an included organisation and under none taken out. */
export const scopeHoldsPath = (rows: { organPath: string; excluded: boolean }[], path: string) =>
  rows.some((r) => !r.excluded && path.startsWith(r.organPath)) && !rows.some((r) => r.excluded && path.startsWith(r.organPath));

/** Of these classes, those whose scope holds the path (one query). */
export async function inScopeOf(db: Trx | Database, classIds: number[], organPath: string): Promise<Set<number>> {
  const chain = pathChain(organPath);
  if (!chain.length || !classIds.length) return new Set();
  const rows = await db.selectFrom('trainClassScopes').select(['trainClassId', 'organPath', 'excluded']).where('trainClassId', 'in', classIds).where('organPath', 'in', chain).execute();
  return new Set(classIds.filter((id) => scopeHoldsPath(rows.filter((r) => r.trainClassId === id), organPath)));
}

/** SQL: the class `t` has the path in its scope (for member lists). */
export const scopeHolds = (organPath: string) => {
  const chain = pathChain(organPath);
  if (!chain.length) return sql<boolean>`false`;
  const list = sql.join(chain);
  return sql<boolean>`(exists (select 1 from train_class_scopes s where s.train_class_id = t.id and not s.excluded and s.organ_path in (${list}))
    and not exists (select 1 from train_class_scopes s where s.train_class_id = t.id and s.excluded and s.organ_path in (${list})))`;
};
