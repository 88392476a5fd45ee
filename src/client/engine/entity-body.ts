/**
 * The body an entity form sends, known without the form itself: list and decision screens use these
 * before (or without) loading EntityForm and Formily (issue 19).
 */
import type { EntityDef } from './types';

/** The entity fields of a record (the flat record also carries id, organName, …); `only`: just these. */
export function pickBody(entity: EntityDef, record: Record<string, unknown> | null | undefined, only?: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of only ?? Object.keys(entity.schema.properties)) if (entity.schema.properties[k] && record && record[k] !== undefined) out[k] = record[k];
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
