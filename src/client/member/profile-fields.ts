/**
 * Field descriptors of the member profile (core §3), grouped as the server returns them — read from
 * the one profile definition, schemas/party-member.json (the administrators' 党员管理 form), so the
 * member's own page and the administrator's form list the same fields with the same titles, code
 * tables and order. A unit test keeps that schema and the server's input schema naming the same fields.
 */
import memberEntity from '../../../schemas/party-member.json';

export type FieldKind = 'text' | 'date' | 'flag' | 'code' | 'sex' | 'memberType' | 'tags' | 'organ' | 'textarea';
export interface ProfileField {
  name: string;
  label: string;
  kind: FieldKind;
  /** base code table name for kind 'code' */
  table?: string;
}

interface SchemaProp {
  type?: string | string[];
  title?: string;
  format?: string;
  'x-code-table'?: string;
  'x-component'?: string;
}

const types = (p: SchemaProp) => [p.type ?? []].flat();

/** The member page's input for a schema property (its own widgets, not the engine's). */
function kindOf(name: string, p: SchemaProp): FieldKind {
  if (name === 'sex') return 'sex';
  if (p['x-code-table'] === 'partyMemberType') return 'memberType';
  if (p['x-code-table']) return 'code';
  if (p['x-component'] === 'OrganCascader') return 'organ';
  if (types(p).includes('array')) return 'tags';
  if (types(p).includes('boolean')) return 'flag';
  if (p.format === 'date' || p['x-component'] === 'DatePicker') return 'date';
  if (p['x-component'] === 'Input.TextArea') return 'textarea';
  return 'text';
}

const groupProps = (group: 'addition' | 'partyMember') =>
  (memberEntity.schema.properties[group] as unknown as { properties: Record<string, SchemaProp> }).properties;

const fieldsOf = (group: 'addition' | 'partyMember'): ProfileField[] =>
  Object.entries(groupProps(group)).map(([name, p]) => {
    const kind = kindOf(name, p);
    return { name, label: p.title ?? name, kind, ...(kind === 'code' ? { table: p['x-code-table'] } : {}) };
  });

export const ADDITION_FIELDS: ProfileField[] = fieldsOf('addition');
export const PARTY_FIELDS: ProfileField[] = fieldsOf('partyMember');

/** Flags arrive as 0/1, strings or null; the form works with booleans. */
export const toBool = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

export function coerceFlags(group: Record<string, any> | null | undefined, fields: ProfileField[]) {
  const out: Record<string, any> = { ...(group ?? {}) };
  for (const fd of fields) if (fd.kind === 'flag') out[fd.name] = toBool(out[fd.name]);
  return out;
}
