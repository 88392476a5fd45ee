/**
 * The configuration (UiConfigService/GetAll), loaded once per role and shared: administrators get
 * every screen and entity, a member only the entity schemas of member services (no screens), so a
 * role change loads it again.
 */
import { api } from '../api/request';
import { servicePath } from '../../contract/paths';
import { getState } from '../state/store';
import type { UiConfig } from './types';

let pending: Promise<UiConfig> | null = null;
let loaded: UiConfig | null = null;
let loadedFor: number | null | undefined;

function forCurrentRole() {
  const role = getState().roleId;
  if (role !== loadedFor) {
    loadedFor = role;
    pending = null;
    loaded = null;
  }
}

export function loadUiConfig(): Promise<UiConfig> {
  forCurrentRole();
  if (pending) return pending;
  const role = loadedFor;
  const p: Promise<UiConfig> = api.get<UiConfig>(servicePath('UiConfigService', 'GetAll')).then(
    (c) => {
      // an answer for a role left meanwhile is not kept
      if (loadedFor === role) loaded = c;
      return c;
    },
    (e) => {
      if (pending === p) pending = null;
      throw e;
    },
  );
  pending = p;
  return p;
}

export const loadedUiConfig = () => {
  forCurrentRole();
  return loaded;
};

/** Tests (and a future live reload) set the configuration directly. */
export function setUiConfig(config: UiConfig | null) {
  loadedFor = getState().roleId;
  loaded = config;
  pending = config ? Promise.resolve(config) : null;
}
