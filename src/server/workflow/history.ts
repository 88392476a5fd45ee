import type { Executor } from './types';

/** One line of a subject's history, as details show it in a timeline. */
export interface HistoryItem {
  id: number;
  transition: string;
  title: string;
  fromState: number | null;
  toState: number;
  actorName: string | null;
  actorOrganName: string | null;
  remark: string | null;
  creationTime: Date;
}

/** The transitions of one subject, oldest first; `titles` names them (transition → title). */
export async function historyOf(db: Executor, type: string, id: number, titles: Record<string, string> = {}): Promise<HistoryItem[]> {
  const rows = await db
    .selectFrom('workflowHistory as h')
    .leftJoin('users as u', 'u.id', 'h.actorUserId')
    .leftJoin('organizations as o', 'o.id', 'h.actorOrganId')
    .select(['h.id', 'h.transition', 'h.fromState', 'h.toState', 'u.name as actorName', 'o.organName as actorOrganName', 'h.remark', 'h.creationTime'])
    .where('h.subjectType', '=', type)
    .where('h.subjectId', '=', id)
    .orderBy('h.id')
    .execute();
  return rows.map((r) => ({ ...r, title: titles[r.transition] ?? (r.transition === 'audit' ? '审核' : r.transition) }));
}
