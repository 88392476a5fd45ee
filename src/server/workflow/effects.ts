import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Call } from '../http/actions';
import type { EntityFile } from '../records/entities';
import type { RecordRow } from '../records/store';
import { markMemberDifficult } from '../effects/difficulty';
import { completeOrganChange, setFlowMember } from '../effects/organ-change';
import { enrolFullMember } from '../effects/development';

/**
 * Named effects of workflow steps, registered by name like widgets: an entity file says
 * `"effect": "markMemberDifficult"` and the step runs it in the same transaction as the state
 * change — so the state and what it means for the rest of the platform change together or not at all.
 */
export interface EffectContext {
  trx: Transaction<DB>;
  call: Call<any>;
  entity: EntityFile;
  /** every configured entity, by name (an effect that moves a member's open applications needs their workflows) */
  entities: Map<string, EntityFile>;
  /** the record before the step */
  record: RecordRow;
  /** its body after the step's field changes */
  data: Record<string, unknown>;
  from: number;
  to: number;
}
export type Effect = (e: EffectContext) => Promise<void>;

const EFFECTS: Record<string, Effect> = {
  markMemberDifficult,
  completeOrganChange,
  setFlowMember,
  enrolFullMember,
};

export const isEffect = (name: string) => Object.prototype.hasOwnProperty.call(EFFECTS, name);

export async function runEffect(name: string, e: EffectContext) {
  const effect = EFFECTS[name];
  if (!effect) throw new Error(`unknown workflow effect ${name}`);
  await effect(e);
}
