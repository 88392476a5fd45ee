/** The label of a village official's post from the entity schema (the server's own options). */
import type { EntityDef } from '../../engine/types';

export function postLabel(entity: EntityDef | undefined, value: unknown): string {
  const options = entity?.schema.properties.post?.['x-component-props']?.options as { label: string; value: unknown }[] | undefined;
  return options?.find((o) => String(o.value) === String(value))?.label ?? (value == null ? '' : String(value));
}
