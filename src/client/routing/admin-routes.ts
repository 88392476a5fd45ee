/**
 * Admin routes are built at run time from the current role's menus (core §2). Menus of type 1 and
 * 6 are navigable; a submenu url is the parent url plus the child url. A menu's child routes come
 * from screens/: each screen `<tag>/<sub>` of the menu's tag (but one embedded in another screen) is
 * the child route `<sub>`, titled by the screen, and the `routes` of the menu's own screen are
 * children showing that screen's detail (`…info`) or list (`…/list`). A child route is guarded by
 * its menu's permission name (contract/admin-permission-routes.tsv).
 */
import type { MenuDto } from '../../contract/types';
import type { ScreenDef } from '../engine/types';
import { isNavigable, joinUrl, sortedMenus } from '../state/permissions';

/** What the routes read of the screens (UiConfigService/GetAll): title, `routes`, `embedded`. */
export type RouteScreens = Record<string, Pick<ScreenDef, 'title' | 'routes' | 'embedded'>>;

/** The child routes of each menu tag, with their titles: `<tag>/<sub>` screens and the tag's own `routes`. */
export function childRoutes(screens: RouteScreens): Map<string, { sub: string; title: string }[]> {
  const out = new Map<string, { sub: string; title: string }[]>();
  const add = (tag: string, sub: string, title: string) => out.set(tag, [...(out.get(tag) ?? []), { sub, title }]);
  for (const [key, s] of Object.entries(screens)) {
    const slash = key.indexOf('/');
    // the menu's own screen itself, as its detail or its list (engine/resolve.ts)
    if (slash < 0) for (const sub of s.routes ?? []) add(key, sub, /(^|\/)info$/.test(sub) ? '详情' : '列表');
    else if (!s.embedded) add(key.slice(0, slash), key.slice(slash + 1), s.title);
  }
  return out;
}

export interface AdminRoute {
  path: string;
  title: string;
  tag: string | null;
  /** set for a child route: the path under the menu's url (its screen is `<tag>/<sub>`) */
  sub?: string;
  permissionName?: string | null;
}

export interface AdminMenuItem {
  key: string;
  path: string;
  name: string;
  icon?: string | null;
  /** hangfire dashboards open in the same window with the token appended */
  external?: boolean;
  children?: AdminMenuItem[];
}

/** Member-space menus of the default role are served by the member routes, not here. */
const isMemberUrl = (url: string) => url.startsWith('/partyMember') || url === '/branchSpace';
export const isHangfire = (url: string) => /hangfire/i.test(url);

/**
 * The role's admin routes: one per navigable menu, and the child routes its tag has in `screens`
 * (none while the screens are not loaded: `null`).
 */
export function buildAdminRoutes(menus: MenuDto[], screens: RouteScreens | null = null): AdminRoute[] {
  const children = screens ? childRoutes(screens) : new Map<string, { sub: string; title: string }[]>();
  const routes: AdminRoute[] = [];
  const seen = new Set<string>();
  const add = (r: AdminRoute) => {
    const key = r.path.toLowerCase();
    if (seen.has(key) || isMemberUrl(r.path) || isHangfire(r.path) || /^https?:/.test(r.path)) return;
    seen.add(key);
    routes.push(r);
  };
  const walk = (list: MenuDto[], parentUrl: string, nearestTitle: string) => {
    for (const m of sortedMenus(list)) {
      const full = isNavigable(m) && m.url ? joinUrl(parentUrl, m.url) : parentUrl;
      if (isNavigable(m) && m.url) add({ path: full, title: m.displayName, tag: m.tags, permissionName: m.permissionName });
      // real submenus first: a menu's own child wins over a child route of the same path
      walk(m.children ?? [], full, isNavigable(m) ? m.displayName : nearestTitle);
      const subs = m.tags ? children.get(m.tags) : undefined;
      if (subs && full) {
        for (const { sub, title } of subs)
          add({ path: `${full}/${sub}`, title: `${isNavigable(m) ? m.displayName : nearestTitle} - ${title}`, tag: m.tags, sub, permissionName: m.permissionName });
      }
    }
  };
  walk(menus, '', '');
  return routes;
}

/** Side menu: top menus with nested submenus; only navigable menus appear. */
export function buildMenuData(menus: MenuDto[], parentUrl = ''): AdminMenuItem[] {
  return sortedMenus(menus)
    .filter((m) => isNavigable(m) && m.url)
    .map((m) => {
      const path = joinUrl(parentUrl, m.url);
      const kids = buildMenuData(m.children ?? [], path);
      return {
        key: String(m.id),
        path,
        name: m.displayName,
        icon: m.iconPath,
        external: isHangfire(path),
        children: kids.length ? kids : undefined,
      };
    });
}

/** The top menu selected for a path: the first whose url prefixes it. */
export function selectedTopMenu(items: AdminMenuItem[], pathname: string): AdminMenuItem | undefined {
  const p = pathname.toLowerCase();
  const hit = (item: AdminMenuItem): boolean =>
    p === item.path.toLowerCase() || p.startsWith(item.path.toLowerCase() + '/') || (item.children ?? []).some(hit);
  return items.find(hit);
}

export const hangfireUrl = (url: string, token: string) =>
  `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
