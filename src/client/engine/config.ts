/** The admin's configuration (UiConfigService/GetAll), loaded once per page load and shared. */
import { api } from '../api/request';
import { servicePath } from '../../contract/paths';
import type { UiConfig } from './types';

let pending: Promise<UiConfig> | null = null;
let loaded: UiConfig | null = null;

export function loadUiConfig(): Promise<UiConfig> {
  pending ??= api.get<UiConfig>(servicePath('UiConfigService', 'GetAll')).then(
    (c) => (loaded = c),
    (e) => {
      pending = null;
      throw e;
    },
  );
  return pending;
}

export const loadedUiConfig = () => loaded;

/** Tests (and a future live reload) set the configuration directly. */
export function setUiConfig(config: UiConfig | null) {
  loaded = config;
  pending = config ? Promise.resolve(config) : null;
}
