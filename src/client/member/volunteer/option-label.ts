/** The label of a Select field's value from the entity schema (the server's own options): 环境保护 for `environment`. */
import type { EntityDef } from '../../engine/types';

export function optionLabel(entity: EntityDef | undefined, field: string, value: unknown): string {
  const options = entity?.schema.properties[field]?.['x-component-props']?.options as { label: string; value: unknown }[] | undefined;
  return options?.find((o) => String(o.value) === String(value))?.label ?? (value == null ? '' : String(value));
}
