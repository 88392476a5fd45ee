import type { ServiceDef } from '../../http/actions';

/**
 * The app services' actions by `Service/Action`, with the permission each requires: a screen's
 * calls must name one of them (no other address), and the preview says which a role cannot make.
 */
export interface CallInfo {
  service: string;
  action: string;
  /** the permissions any one of which opens it; [] for 'self' / 'public' */
  permissions: string[];
}
export type CallIndex = Map<string, CallInfo>;

export const callKey = (call: string) => call.replace(/^(GET|POST|PUT|DELETE) /, '').toLowerCase();

export function indexCalls(services: ServiceDef[]): CallIndex {
  const index: CallIndex = new Map();
  for (const s of services) {
    for (const [name, def] of Object.entries(s.actions)) {
      const action = name.split('#')[0];
      const access = def.access;
      const permissions = typeof access === 'object' ? (Array.isArray(access.permission) ? access.permission : [access.permission]) : [];
      index.set(`${s.name}/${action}`.toLowerCase(), { service: s.name, action, permissions });
    }
  }
  return index;
}

/** Keys whose string value is a call `[METHOD ]Service/Action` in a screen file (screen.schema.json `$defs/call`). */
const CALL = /^((GET|POST|PUT|DELETE) )?[A-Z][A-Za-z0-9]*\/[A-Z][A-Za-z0-9]*$/;

/** Every call a screen names, with its JSON pointer. */
export function callsOf(json: unknown, at = ''): { pointer: string; call: string }[] {
  const out: { pointer: string; call: string }[] = [];
  const walk = (v: unknown, p: string, key: string) => {
    if (typeof v === 'string') {
      if (CALL.test(v) && (key === 'call' || p.startsWith('/calls/') || key.endsWith('Call'))) out.push({ pointer: p, call: v });
      return;
    }
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${p}/${i}`, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${p}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, k);
  };
  walk(json, at, '');
  return out;
}
