/**
 * The body an entity form sends, known without the form itself: list and decision screens use these
 * before (or without) loading EntityForm and Formily.
 */
import type { EntityDef, FieldSchema } from './types';

const typeOf = (t: unknown) => (Array.isArray(t) ? t.find((x) => x !== 'null') : t);

/** An array of plain values (ids): `type: array` whose items are integers, numbers or strings. */
const isIdList = (fs: FieldSchema | undefined) => !!fs && typeOf(fs.type) === 'array' && !fs.items?.properties && ['integer', 'number', 'string'].includes(String(typeOf(fs.items?.type)));

/**
 * A record's value as the form edits it. An id list the server answers as objects (a class's
 * `scopeList: [{organId, organName}]`) keeps each one's `x-component-props.valueKey` — the same prop
 * by which upload widgets keep one property of their result.
 */
export function formValue(fs: FieldSchema | undefined, v: unknown): unknown {
  const key = fs?.['x-component-props']?.valueKey;
  if (!isIdList(fs) || !Array.isArray(v) || typeof key !== 'string') return v;
  return v.map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[key] : x));
}

/**
 * A form value as the body sends it: an id list edited by a widget answering the ids joined by
 * commas (OrganTreeSelect: "3,5") is sent as the array ([3, 5]; numbers when the items are); any
 * other value (an array, null when cleared) as it is.
 */
export function bodyValue(fs: FieldSchema | undefined, v: unknown): unknown {
  if (!isIdList(fs) || typeof v !== 'string') return v;
  const parts = v.split(/[,，\s]+/).filter(Boolean);
  return typeOf(fs!.items?.type) === 'string' ? parts : parts.map(Number).filter((n) => Number.isFinite(n));
}

/** The form's values as the body sends them (see bodyValue). */
export function toBody(entity: EntityDef, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = bodyValue(entity.schema.properties[k], v);
  return out;
}

/** The entity fields of a record (the flat record also carries id, organName, …); `only`: just these. */
export function pickBody(entity: EntityDef, record: Record<string, unknown> | null | undefined, only?: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of only ?? Object.keys(entity.schema.properties)) if (entity.schema.properties[k] && record && record[k] !== undefined) out[k] = formValue(entity.schema.properties[k], record[k]);
  return out;
}

/**
 * The fields an edit form sends: those of the screen's form (its fields or steps) plus the entity's
 * required ones — an update whose action whitelists fields refuses any other — or, without a form
 * list, every entity field.
 */
export function editedFields(entity: EntityDef, form?: { fields?: string[]; steps?: { fields: string[] }[] }): string[] | undefined {
  const listed = form?.steps?.length ? form.steps.flatMap((s) => s.fields) : form?.fields;
  if (!listed?.length) return undefined;
  return [...new Set([...listed, ...(entity.schema.required ?? [])])];
}
