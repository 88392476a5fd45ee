import Ajv, { type ValidateFunction } from 'ajv';
import { hasPermission, makeCall, type ActionDef, type Call, type ServiceDef } from '../../http/actions';
import { COUNT_ONLY, TOTAL_CAP } from '../../http/paging';

/**
 * The 工作台's pending counts: every 待办 list of the running server (an action that declares
 * `pending`: the configured `actionable` pages, the hand-written audit lists) counted for the caller
 * by running that very list — its access, scope, default filter and own-case rule — with COUNT_ONLY,
 * one capped count query per list. There is no second copy of "who may act".
 */
export interface PendingList {
  /** Service/Action of the list, for the client to find the screen and tab that decides them */
  call: string;
  title: string;
  permission: string[];
  def: ActionDef;
  input: Record<string, unknown>;
}

export interface PendingCount {
  call: string;
  title: string;
  /** counted up to the lists' cap (TOTAL_CAP): `capped` means at least that many */
  count: number;
  capped: boolean;
}

const ajv = new Ajv({ coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: true, strict: false, validateFormats: false });

/** The 待办 lists among the services (only those guarded by a permission: a list for oneself is nobody's decision). */
export function pendingLists(services: ServiceDef[]): PendingList[] {
  const out: PendingList[] = [];
  for (const s of services) {
    for (const [key, def] of Object.entries(s.actions)) {
      if (!def.pending || def.method !== 'GET' || typeof def.access !== 'object') continue;
      out.push({ call: `${s.name}/${key.split('#')[0]}`, title: def.pending.title, permission: [def.access.permission].flat(), def, input: def.pending.input ?? {} });
    }
  }
  return out;
}

/** One paged list by its Service/Action, counted as a 待办 list is (a figure that is a list's own total). */
export function listByCall(services: ServiceDef[], path: string, title: string): PendingList[] {
  for (const s of services)
    for (const [key, def] of Object.entries(s.actions))
      if (`${s.name}/${key.split('#')[0]}` === path && def.method === 'GET' && typeof def.access === 'object')
        return [{ call: path, title, permission: [def.access.permission].flat(), def, input: {} }];
  return [];
}

const validators = new WeakMap<ActionDef, ValidateFunction>();
const validatorOf = (def: ActionDef) => {
  let v = validators.get(def);
  if (!v) validators.set(def, (v = ajv.compile(def.input ?? { type: 'object', properties: {} })));
  return v;
};

/** The caller's counts, one per list he holds the permission of (in the order the services declare them). */
export async function countPending(call: Call<unknown>, lists: PendingList[]): Promise<PendingCount[]> {
  const mine = lists.filter((l) => hasPermission(call.user, l.permission));
  return Promise.all(
    mine.map(async (l) => {
      const input: Record<string | symbol, unknown> = { ...l.input, skipCount: 0, maxResultCount: 1 };
      validatorOf(l.def)(input);
      input[COUNT_ONLY] = true;
      const res = (await l.def.handler(makeCall(call.ctx, call.req, call.reply, input))) as { totalCount?: number };
      const count = Number(res?.totalCount ?? 0);
      return { call: l.call, title: l.title, count, capped: count >= TOTAL_CAP };
    }),
  );
}
