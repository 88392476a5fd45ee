/** Which screen a menu tag and permission child route render, and as which kind (pure, shared with the tests). */
import type { ScreenDef, ScreenKind } from './types';

export type Resolved = { screen: ScreenDef; as: ScreenKind } | null;

const LISTS: ScreenKind[] = ['list', 'audit'];

export function screenFor(screens: Record<string, ScreenDef>, tag: string | null, sub?: string): Resolved {
  if (!tag) return null;
  const own = screens[sub ? `${tag}/${sub}` : tag];
  if (own) return { screen: own, as: own.kind };
  // a child route ending in info (info, video/info) is the detail of the menu's own screen (query
  // id); one ending in list (video/list) is the menu's own list
  const parent = screens[tag];
  const last = sub?.split('/').pop();
  if (last === 'info' && parent?.calls?.get) return { screen: parent, as: 'detail' };
  if (last === 'list' && sub !== last && parent && LISTS.includes(parent.kind)) return { screen: parent, as: 'list' };
  return null;
}
