import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Call } from '../http/actions';
import type { EntityFile } from '../records/entities';
import type { RecordRow } from '../records/store';

/**
 * Named effects of workflow steps, registered by name like widgets: an entity file says
 * `"effect": "markMemberDifficult"` and the step runs it in the same transaction as the state
 * change — so the state and what it means for the rest of the platform change together or not at all.
 */
export interface EffectContext {
  trx: Transaction<DB>;
  call: Call<unknown>;
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

/** Filled by the composition root from each domain's `effects` before the configured services are built. */
const EFFECTS = new Map<string, Effect>();

/** Registers named effects; a name registered twice is a programming error (two domains claiming one name). */
export function registerEffects(effects: Record<string, Effect>) {
  for (const [name, effect] of Object.entries(effects)) {
    if (EFFECTS.has(name) && EFFECTS.get(name) !== effect) throw new Error(`effect ${name} registered twice`);
    EFFECTS.set(name, effect);
  }
}

export const isEffect = (name: string) => EFFECTS.has(name);

export async function runEffect(name: string, e: EffectContext) {
  const effect = EFFECTS.get(name);
  if (!effect) throw new Error(`unknown workflow effect ${name}`);
  await effect(e);
}
