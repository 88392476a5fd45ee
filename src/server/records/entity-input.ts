import { ConfigError, loadEntityFiles, type EntityFile } from './entities';
import { bodySchema, idProp } from './op-kit';

/**
 * Hand-written actions take their input from the entity file in schemas/ — the same JSON Schema the
 * record store validates configured services with and the browser builds its form from — so a limit
 * (a length, a range, a required field and its Chinese message) is written once.
 */

let byName: Map<string, EntityFile> | null = null;

/** The entity file of that name among the product's own schemas/ (read once, from the working directory like every start). */
export function entityFile(name: string): EntityFile {
  byName ??= new Map(loadEntityFiles().map((e) => [e.name, e]));
  const entity = byName.get(name);
  if (!entity) throw new ConfigError(`未知的实体 ${name}（schemas/ 中没有该实体）`);
  return entity;
}

export interface EntityInputOptions {
  /** the body fields the action takes (default: every field that is not readOnly) */
  fields?: string[];
  /** `required`: an update's id; `optional`: one action that creates or, given an id, updates */
  id?: 'required' | 'optional';
  /** inputs that are not fields of the entity (a flag, a list of ids…) */
  extra?: Record<string, unknown>;
  /** required beyond what the entity requires among `fields` */
  required?: string[];
  /**
   * Fields the entity's form requires that this action leaves out-able: `all` for an update that
   * changes only the fields given, or the fields listed (their own actions fill them).
   */
  optional?: 'all' | string[];
  /**
   * Which of the entity's `default`s the server fills in for a field left out (the validator runs
   * with useDefaults): `all` on a create by default (the form's prefill), `none` on an update by
   * default (a field left out keeps its stored value), or only the fields listed.
   */
  defaults?: 'all' | 'none' | string[];
}

/** The property without its `default`, unless the server is to fill it. */
function withDefault(prop: unknown, keep: boolean) {
  if (keep || !prop || typeof prop !== 'object' || !('default' in prop)) return prop;
  const { default: _formOnly, ...rest } = prop as Record<string, unknown>;
  return rest;
}

/** The JSON Schema of an action's body (or query) over an entity's fields. */
export function entityInput(name: string, opts: EntityInputOptions = {}) {
  const entity = entityFile(name);
  const props = entity.schema.properties as Record<string, { readOnly?: boolean }>;
  const fields = opts.fields ?? Object.keys(props).filter((k) => !props[k].readOnly);
  for (const f of fields) if (!props[f]) throw new ConfigError(`实体 ${name} 没有字段 ${f}`);
  const body = bodySchema(entity, opts.id === 'required', fields);
  const defaults = opts.defaults ?? (opts.id === 'required' ? 'none' : 'all');
  const keepDefault = (f: string) => defaults === 'all' || (Array.isArray(defaults) && defaults.includes(f));
  const properties: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f, withDefault(body.properties[f], keepDefault(f))]));
  if (opts.id) properties.id = opts.id === 'required' ? idProp : { ...idProp, type: ['integer', 'null'] };
  Object.assign(properties, opts.extra);
  // the action's own required inputs first: they name what the call is about (its paper, its class), and the first error is the message shown
  const optional = (f: string) => opts.optional === 'all' || (opts.optional ?? []).includes(f);
  const required = [...new Set([...(opts.required ?? []), ...body.required.filter((f) => !optional(f))])];
  return { type: 'object', additionalProperties: false, properties, required };
}
