/**
 * The single seam between admin routes and screens: a menu tag (plus, for a permission child route,
 * its sub-path) resolves to the component that renders it. Until the schema engine lands this
 * returns a placeholder naming the tag; the engine issue replaces only this file's body.
 */
import type { ComponentType } from 'react';
import { lazyPage } from '../routing/lazy';

export interface ScreenProps {
  tag: string | null;
  sub?: string;
  title: string;
}

const Placeholder = lazyPage<ScreenProps>(() => import('./screen-placeholder'));

export function resolveScreen(_tag: string | null, _sub?: string): ComponentType<ScreenProps> {
  return Placeholder;
}
