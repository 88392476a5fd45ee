import type { ErrorObject } from 'ajv';
import type { FastifySchemaValidationError } from 'fastify';
import type { ValidationError } from './errors';

/**
 * Turns Ajv errors into ABP validationErrors with Chinese messages. Input schemas name each field
 * with a Chinese `title`, and may carry the spec's own words in `x-message` (any failure) and
 * `x-required-message` (missing value).
 */
type PropSchema = { title?: string; 'x-message'?: string; 'x-required-message'?: string; [k: string]: unknown };

export function translateValidation(errors: readonly (FastifySchemaValidationError | ErrorObject)[]): ValidationError[] {
  const out: ValidationError[] = [];
  // ajv's errors (verbose: with the failing value and its schema), whether Fastify's validator or ours reported them
  for (const e of errors as ErrorObject[]) {
    const segments = String(e.instancePath ?? '').split('/').filter(Boolean);
    if (e.keyword === 'required') {
      const field = e.params.missingProperty as string;
      const prop: PropSchema = e.parentSchema?.properties?.[field] ?? {};
      out.push({ message: prop['x-required-message'] ?? `请填写${prop.title ?? field}`, members: [field] });
      continue;
    }
    const field = segments.filter((s) => !/^\d+$/.test(s)).at(-1) ?? '';
    const prop: PropSchema = e.parentSchema ?? {};
    const name = prop.title ?? (field || '请求参数');
    // an empty or null value is a missing one: say what the field needs, not that its format is wrong
    const empty = e.data === '' || e.data === null;
    let message = empty && prop['x-required-message'] ? prop['x-required-message'] : prop['x-message'];
    if (!message) {
      switch (e.keyword) {
        case 'maxLength': message = `${name}不能超过${e.params.limit}个字符`; break;
        case 'minLength': message = e.params.limit === 1 ? `请填写${name}` : `${name}不能少于${e.params.limit}个字符`; break;
        case 'maximum': message = `${name}不能大于${e.params.limit}`; break;
        case 'minimum': message = `${name}不能小于${e.params.limit}`; break;
        case 'maxItems': message = `${name}最多${e.params.limit}项`; break;
        case 'enum': message = `${name}取值无效`; break;
        case 'additionalProperties': message = `不支持的参数：${e.params.additionalProperty}`; break;
        default: message = `${name}格式不正确`;
      }
    }
    if (!out.some((o) => o.message === message && o.members[0] === field)) out.push({ message, members: field ? [field] : [] });
  }
  return out;
}
