import { buildAdminRoutes } from '../../routing/admin-routes';
import type { MenuDto } from '../../../contract/types';
import type { ScreenDef } from '../types';

/**
 * Where a pending count leads: the screen whose list (or one of whose tabs) is the counted call,
 * at the role's route of that screen — a menu's own screen, or a `<tag>/<sub>` child route — with
 * `?tab=` for a tab. A tab filtered to decided records (params status ≠ 0) is not the 待办 one.
 * Null when the role has no route to such a screen (the count is then shown without a link).
 */
export function pendingTarget(call: string, screens: Record<string, ScreenDef>, menus: MenuDto[]): string | null {
  const routes = buildAdminRoutes(menus, screens);
  const pathOf = (key: string) => {
    const slash = key.indexOf('/');
    const hit = slash < 0 ? routes.find((r) => r.tag === key && !r.sub) : routes.find((r) => r.tag === key.slice(0, slash) && r.sub === key.slice(slash + 1));
    return hit?.path ?? null;
  };
  const pendingTab = (s: ScreenDef) => (s.tabs ?? []).find((t) => t.call === call && !t.permission && [undefined, 0, '0'].includes((t.params as Record<string, unknown> | undefined)?.status as never));
  const candidates: { key: string; tab?: string; rank: number }[] = [];
  for (const [key, s] of Object.entries(screens)) {
    if (s.embedded) continue;
    const status = (s.params as Record<string, unknown> | undefined)?.status;
    if (s.calls?.list === call && [undefined, 0, '0'].includes(status as never)) candidates.push({ key, rank: key.includes('/') ? 1 : 0 });
    const tab = pendingTab(s);
    if (tab) candidates.push({ key, tab: tab.key, rank: 2 });
  }
  candidates.sort((a, b) => a.rank - b.rank);
  for (const c of candidates) {
    const path = pathOf(c.key);
    if (!path) continue;
    const first = screens[c.key].tabs?.[0]?.key;
    return c.tab && c.tab !== first ? `${path}?tab=${encodeURIComponent(c.tab)}` : path;
  }
  return null;
}

/** A value of an answer by a dotted path (figures.memberCount). */
export const valueAt = (answer: unknown, path: string | undefined): unknown =>
  path ? path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), answer) : undefined;
