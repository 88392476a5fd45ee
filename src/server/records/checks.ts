import type { Call } from '../http/actions';
import type { EntityFile } from './entities';
import type { RecordRow } from './store';

/**
 * Named checks of a create (`"check": "organChangeTarget"` on the action), registered by name like
 * effects: rules that need the database — the target organisation is a branch and not the
 * member's own — which a JSON Schema cannot say. A check refuses with a Chinese 400 or answers
 * fields to store besides the body (names of the organisations chosen, for lists and letters).
 */
export interface CheckContext {
  call: Call<unknown>;
  entity: EntityFile;
  /** the cleaned body */
  data: Record<string, unknown>;
  /** whose record it will be: the caller, or the member an administrator files it for (a step: the record's owner and organisation) */
  owner: { userId: number; organ: { id: number; path: string; level: number } };
  /** a workflow step's check (`"check"` on a transition): the step and the record before it; `data` is the body with the step's input */
  step?: { name: string; record: RecordRow };
  /** a child record's check (`"check"` on a createChild): the parent it is added under */
  parent?: RecordRow;
}
export type Check = (c: CheckContext) => Promise<Record<string, unknown> | void>;

/** Filled by the composition root from each domain's `checks` before the configured services are built. */
const CHECKS = new Map<string, Check>();

/** Registers named checks; a name registered twice is a programming error (two domains claiming one name). */
export function registerChecks(checks: Record<string, Check>) {
  for (const [name, check] of Object.entries(checks)) {
    if (CHECKS.has(name) && CHECKS.get(name) !== check) throw new Error(`check ${name} registered twice`);
    CHECKS.set(name, check);
  }
}

export const isCheck = (name: string) => CHECKS.has(name);

export async function runCheck(name: string, c: CheckContext): Promise<Record<string, unknown>> {
  const check = CHECKS.get(name);
  if (!check) throw new Error(`unknown create check ${name}`);
  return (await check(c)) ?? {};
}
