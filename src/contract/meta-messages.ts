/**
 * ajv's errors in Chinese, one message per JSON pointer: the server (an override refused) and the
 * browser's editor (errors marked as one types) say the same thing about the same file, both from
 * the same meta-schema (src/contract/meta/*.schema.json).
 */
export interface MetaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}
export interface PointedError {
  pointer: string;
  message: string;
}

const list = (v: unknown) => (Array.isArray(v) ? v.map((x) => JSON.stringify(x)).join('、') : JSON.stringify(v));
const TYPES: Record<string, string> = { string: '字符串', number: '数字', integer: '整数', boolean: '布尔值', object: '对象', array: '数组', null: 'null' };

export function metaMessage(e: MetaError): string {
  const p = e.params ?? {};
  switch (e.keyword) {
    case 'required': return `缺少必填的键 ${String(p.missingProperty)}`;
    case 'additionalProperties': return `不允许的键 ${String(p.additionalProperty)}`;
    case 'type': return `应为${String(p.type).split(',').map((t) => TYPES[t] ?? t).join('或')}`;
    case 'enum': return `应为以下值之一：${list(p.allowedValues)}`;
    case 'const': return `应为 ${JSON.stringify(p.allowedValue)}`;
    case 'pattern': return `格式不正确（应符合 ${String(p.pattern)}）`;
    case 'minLength': return `不能少于${String(p.limit)}个字符`;
    case 'maxLength': return `不能超过${String(p.limit)}个字符`;
    case 'minItems': return `至少${String(p.limit)}项`;
    case 'maxItems': return `最多${String(p.limit)}项`;
    case 'minimum': return `不能小于${String(p.limit)}`;
    case 'maximum': return `不能大于${String(p.limit)}`;
    case 'uniqueItems': return '不能有重复项';
    case 'propertyNames': return `键名 ${String(p.propertyName)} 不合法`;
    case 'oneOf': case 'anyOf': return '不符合任何一种允许的写法';
    case 'if': return '不满足条件要求';
    case 'not': return '不允许这样写';
    default: return `不合法（${e.keyword}）`;
  }
}

/** The errors worth showing: one per pointer, the combinators' summaries dropped when a precise error exists. */
export function pointedErrors(errors: MetaError[] | null | undefined): PointedError[] {
  const out = new Map<string, string>();
  const precise = (errors ?? []).filter((e) => !['oneOf', 'anyOf', 'if'].includes(e.keyword));
  for (const e of precise.length ? precise : errors ?? []) {
    const pointer = e.instancePath || '';
    const at = e.keyword === 'additionalProperties' ? `${pointer}/${String(e.params.additionalProperty)}` : pointer;
    if (!out.has(at)) out.set(at, metaMessage(e));
  }
  return [...out].map(([pointer, message]) => ({ pointer, message }));
}

/** `/columns/0/title 不能超过200个字符` — how one error reads in a message. */
export const pointedText = (e: PointedError) => `${e.pointer || '/'} ${e.message}`;
