/** Which screen a menu tag and permission child route render (pure, shared with the tests). */
import type { ScreenDef } from './types';

export type Resolved = { screen: ScreenDef; as: 'list' | 'detail' | 'form' } | null;

export function screenFor(screens: Record<string, ScreenDef>, tag: string | null, sub?: string): Resolved {
  if (!tag) return null;
  const own = screens[sub ? `${tag}/${sub}` : tag];
  if (own) return { screen: own, as: own.kind === 'detail' ? 'detail' : own.kind === 'form' ? 'form' : 'list' };
  // a child route ending in info (info, video/info) is the detail of the menu's own screen (query
  // id); one ending in list (video/list) is the menu's own list
  const parent = screens[tag];
  const last = sub?.split('/').pop();
  if (last === 'info' && parent?.calls?.get) return { screen: parent, as: 'detail' };
  if (last === 'list' && sub !== last && parent && parent.kind !== 'detail' && parent.kind !== 'form') return { screen: parent, as: 'list' };
  return null;
}
