/**
 * What an audit row keeps of a write's input: the request body (or query of a DELETE) without
 * secrets and cut to a size a log can hold. Secrets are matched by key, at any depth: passwords,
 * tokens, captchas and every "code" that proves something (SMS codes, sign-in codes, register
 * codes) — except the business codes below, which name things (an organisation's code, a duty from
 * a code table) and are what an auditor needs to read.
 */
const SECRET_KEY = /password|pwd|token|secret|captcha|code/i;
const BUSINESS_CODES = new Set(['organcode', 'creditcode', 'partydutycode', 'partydutycodes', 'dutycode', 'admindutycode', 'codetable', 'codetype']);
/** BaseCodeService's `code` is a code table's value, not a proof */
const SERVICES_WITH_PLAIN_CODE = new Set(['BaseCodeService']);

export const REDACTED = '***';
const MAX_STRING = 300;
const MAX_ITEMS = 50;
const MAX_KEYS = 60;
const MAX_DEPTH = 5;
/** the stored input's JSON at most this long; beyond, a cut text is kept instead */
export const MAX_INPUT_CHARS = 4000;

export function isSecretKey(key: string, service?: string): boolean {
  const k = key.toLowerCase();
  if (BUSINESS_CODES.has(k)) return false;
  if (k === 'code' && service && SERVICES_WITH_PLAIN_CODE.has(service)) return false;
  return SECRET_KEY.test(key);
}

function clean(v: unknown, service: string | undefined, depth: number): unknown {
  if (v == null || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return v.length > MAX_STRING ? `${v.slice(0, MAX_STRING)}…（共${v.length}字）` : v;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(v)) {
    const items = v.slice(0, MAX_ITEMS).map((x) => clean(x, service, depth + 1));
    if (v.length > MAX_ITEMS) items.push(`…（共${v.length}项）`);
    return items;
  }
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    const entries = Object.entries(v as Record<string, unknown>);
    for (const [k, x] of entries.slice(0, MAX_KEYS)) out[k] = isSecretKey(k, service) ? REDACTED : clean(x, service, depth + 1);
    if (entries.length > MAX_KEYS) out['…'] = `共${entries.length}项`;
    return out;
  }
  return String(v);
}

/** The input as an audit row keeps it: secrets replaced by ***, long values cut, at most MAX_INPUT_CHARS of JSON. */
export function auditInput(input: unknown, service?: string): unknown {
  if (input == null || (typeof input === 'object' && !Array.isArray(input) && !Object.keys(input as object).length)) return null;
  const cleaned = clean(input, service, 0);
  const text = JSON.stringify(cleaned);
  return text.length > MAX_INPUT_CHARS ? { '…': `${text.slice(0, MAX_INPUT_CHARS)}…` } : cleaned;
}
