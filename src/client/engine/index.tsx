/**
 * The single seam between admin routes and screens: a menu tag (plus, for a permission child route,
 * its sub-path) resolves to the component that renders it. One lazily loaded host renders every
 * tag from the screen configuration (UiConfigService/GetAll) or a bespoke page (engine/bespoke.ts);
 * the returned component is stable, since the route tree calls this on every render.
 */
import type { ComponentType } from 'react';
import { lazyPage } from '../routing/lazy';

export interface ScreenProps {
  tag: string | null;
  sub?: string;
  title: string;
}

const ScreenHost = lazyPage<ScreenProps>(() => import('./screen-host'));

export function resolveScreen(_tag: string | null, _sub?: string): ComponentType<ScreenProps> {
  return ScreenHost;
}
