import type { Database } from '../db/database';
import { badRequest } from '../http/errors';
import type { EntityFile, FieldSchema } from './entities';

/**
 * Limits of an entity made stricter than its file after the start (设置 → 界面配置 may tighten
 * maxLength, minLength, maximum, minimum, maxItems, minItems, never loosen them). The record store's
 * input schemas are compiled from the shipped files at start, so the stricter ones are checked here,
 * on the cleaned body, by whoever registered a source (the composition root registers the overlay
 * of services/screen-config); without one nothing changes.
 */
export type StricterSource = (db: Database, entity: string) => Promise<EntityFile | undefined>;
let source: StricterSource | null = null;
export const setStricterSource = (s: StricterSource | null) => {
  source = s;
};

const length = (s: string) => [...s].length;

function refusal(field: FieldSchema, k: string, fallback: string) {
  const message = field['x-message'] ?? fallback;
  return badRequest(message, { validationErrors: [{ message, members: [k] }] });
}

export async function checkStricterLimits(db: Database, entity: EntityFile, body: Record<string, unknown>) {
  if (!source) return;
  const current = await source(db, entity.name);
  if (!current || current === entity) return;
  for (const [k, f] of Object.entries(current.schema.properties)) {
    const v = body[k];
    if (v == null || v === '') continue;
    const t = f.title;
    const n = (key: string) => (typeof f[key] === 'number' ? (f[key] as number) : undefined);
    if (typeof v === 'string') {
      if (n('maxLength') !== undefined && length(v) > n('maxLength')!) throw refusal(f, k, `${t}不能超过${n('maxLength')}个字符`);
      if (n('minLength') !== undefined && length(v) < n('minLength')!) throw refusal(f, k, `${t}不能少于${n('minLength')}个字符`);
    }
    if (typeof v === 'number') {
      if (n('maximum') !== undefined && v > n('maximum')!) throw refusal(f, k, `${t}不能大于${n('maximum')}`);
      if (n('minimum') !== undefined && v < n('minimum')!) throw refusal(f, k, `${t}不能小于${n('minimum')}`);
    }
    if (Array.isArray(v)) {
      if (n('maxItems') !== undefined && v.length > n('maxItems')!) throw refusal(f, k, `${t}最多${n('maxItems')}项`);
      if (n('minItems') !== undefined && v.length < n('minItems')!) throw refusal(f, k, `${t}至少${n('minItems')}项`);
    }
  }
}
