/** Which screen a menu tag and permission child route render (pure, shared with the tests). */
import type { ScreenDef } from './types';

export type Resolved = { screen: ScreenDef; as: 'list' | 'detail' | 'form' } | null;

export function screenFor(screens: Record<string, ScreenDef>, tag: string | null, sub?: string): Resolved {
  if (!tag) return null;
  const own = screens[sub ? `${tag}/${sub}` : tag];
  if (own) return { screen: own, as: own.kind === 'detail' ? 'detail' : own.kind === 'form' ? 'form' : 'list' };
  // info of a menu: the detail of the menu's own screen (query id)
  const parent = screens[tag];
  if (sub === 'info' && parent?.calls?.get) return { screen: parent, as: 'detail' };
  return null;
}
