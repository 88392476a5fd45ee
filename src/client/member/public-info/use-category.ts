import { useMemo } from 'react';
import { useEntity } from '../kit';

/** The labels of publicInfo's 公开类别, from the entity schema (never copied into a page). */
export function useCategoryLabels(): Record<string, string> {
  const { entity } = useEntity('publicInfo');
  return useMemo(() => {
    const options = (entity?.schema.properties.category?.['x-component-props'] as { options?: { label: string; value: string }[] } | undefined)?.options ?? [];
    return Object.fromEntries(options.map((o) => [o.value, o.label]));
  }, [entity]);
}
