import type { Call } from '../http/actions';
import type { EntityFile } from './entities';
import { checkOrganChangeTarget, checkFlowTarget } from '../effects/organ-change';

/**
 * Named checks of a create (`"check": "organChangeTarget"` on the action), registered by name like
 * effects: rules that need the database — the target organisation is a branch and not the
 * member's own — which a JSON Schema cannot say. A check refuses with a Chinese 400 or answers
 * fields to store besides the body (names of the organisations chosen, for lists and letters).
 */
export interface CheckContext {
  call: Call<any>;
  entity: EntityFile;
  /** the cleaned body */
  data: Record<string, unknown>;
  /** whose record it will be: the caller, or the member an administrator files it for */
  owner: { userId: number; organ: { id: number; path: string; level: number } };
}
export type Check = (c: CheckContext) => Promise<Record<string, unknown> | void>;

const CHECKS: Record<string, Check> = {
  organChangeTarget: checkOrganChangeTarget,
  flowTarget: checkFlowTarget,
};

export const isCheck = (name: string) => Object.prototype.hasOwnProperty.call(CHECKS, name);

export async function runCheck(name: string, c: CheckContext): Promise<Record<string, unknown>> {
  const check = CHECKS[name];
  if (!check) throw new Error(`unknown create check ${name}`);
  return (await check(c)) ?? {};
}
