/**
 * An entity schema by name, from UiConfigService/GetAll (engine/config.ts, loaded once per role): the
 * same JSON Schema the server validates with, so a page never copies a limit or a message.
 */
import { useRequest } from 'ahooks';
import { loadUiConfig, loadedUiConfig } from '../../engine/config';
import type { EntityDef } from '../../engine/types';

export function useEntity(name: string | undefined): { entity: EntityDef | undefined; loading: boolean; error: Error | undefined; retry: () => void } {
  const cached = name ? loadedUiConfig()?.entities[name] : undefined;
  const req = useRequest(() => loadUiConfig().then((c) => (name ? c.entities[name] : undefined)), {
    ready: !!name && !cached,
    refreshDeps: [name],
    onError: () => undefined,
  });
  return { entity: cached ?? req.data, loading: !cached && req.loading, error: cached ? undefined : req.error, retry: req.refresh };
}
