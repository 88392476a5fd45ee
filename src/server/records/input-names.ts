import type { ActionDef } from '../http/actions';
import { AppError } from '../http/errors';
import type { ActionConfig } from './entities';

/**
 * The contract's own input names on a generic operation (`inputNames` of an action): the original
 * client posts AddPartyMeetingUser `{meetingId, userLists: [{userId, name}]}` where addParticipants
 * takes `{id, userIds}`. The input schema is the operation's under the contract's names (so OpenAPI
 * and validation messages use them); the handler receives the operation's names; validation errors
 * the handler raises name the contract's fields again. `{name, itemKey}` also accepts a list of
 * objects and sends each one's `itemKey` (plain values pass as they are).
 */
type Mapping = NonNullable<ActionConfig['inputNames']>;

const targetOf = (m: Mapping[string]) => (typeof m === 'string' ? m : m.name);

export function renameInput(def: ActionDef, names: Mapping): ActionDef {
  const input = (def.input ?? { type: 'object', properties: {} }) as { properties: Record<string, { items?: unknown; [k: string]: unknown }>; required?: string[] };
  const properties = { ...input.properties };
  const back = new Map<string, string>();
  for (const [from, m] of Object.entries(names)) {
    const to = targetOf(m);
    const prop = properties[to];
    if (!prop) throw new Error(`inputNames: the operation has no input ${to}`);
    delete properties[to];
    properties[from] =
      typeof m === 'string' || !prop.items
        ? prop
        : { ...prop, items: { anyOf: [prop.items, { type: 'object', required: [m.itemKey], properties: { [m.itemKey]: prop.items } }] } };
    back.set(to, from);
  }
  const required = input.required?.map((k) => back.get(k) ?? k);
  return {
    ...def,
    input: { ...input, properties, ...(required ? { required } : {}) },
    async handler(call) {
      const given = { ...(call.input as Record<string, unknown>) };
      for (const [from, m] of Object.entries(names)) {
        if (!(from in given)) continue;
        let v = given[from];
        delete given[from];
        if (typeof m !== 'string' && Array.isArray(v)) v = v.map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[m.itemKey] : x));
        given[targetOf(m)] = v;
      }
      try {
        return await def.handler({ ...call, input: given });
      } catch (err) {
        if (err instanceof AppError && err.opts.validationErrors) {
          for (const e of err.opts.validationErrors) e.members = e.members.map((k) => back.get(k) ?? k);
        }
        throw err;
      }
    },
  };
}
