/** Pure helpers over permission entries and menus (core §2 and §4). */
import type { MenuDto, PermissionEntry } from '../../contract/types';

export const isNavigable = (m: MenuDto) => m.type === 1 || m.type === 6;

/** Default role selection: stored roleId, else the default-flagged role, else the first. */
export function selectRole(perms: PermissionEntry[], storedRoleId: number | null | undefined): PermissionEntry | null {
  if (!perms.length) return null;
  return (
    (storedRoleId != null ? perms.find((p) => p.roleId === storedRoleId) : undefined) ??
    perms.find((p) => p.isDefault) ??
    perms[0]
  );
}

const bySort = (a: MenuDto, b: MenuDto) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;
export const sortedMenus = (menus: MenuDto[] | null | undefined) => [...(menus ?? [])].sort(bySort);

/** A submenu url is the parent url plus the child url; absolute child urls stand alone. */
export function joinUrl(parent: string, child: string): string {
  if (!child) return parent;
  if (/^https?:/.test(child)) return child;
  if (parent && child.startsWith(parent + '/')) return child;
  const p = parent.replace(/\/+$/, '');
  const c = child.startsWith('/') ? child : `/${child}`;
  return `${p}${c}` || '/';
}

/** Button flags from type-2 menus with a permission name (anywhere in the tree). */
export function buttonFlags(menus: MenuDto[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  const walk = (list: MenuDto[]) =>
    list.forEach((m) => {
      if (m.type === 2 && m.permissionName) out[m.permissionName] = true;
      walk(m.children ?? []);
    });
  walk(menus);
  return out;
}

/** Every permission name carried by a menu of the role. */
export function permissionNames(menus: MenuDto[]): string[] {
  const out = new Set<string>();
  const walk = (list: MenuDto[]) =>
    list.forEach((m) => {
      if (m.permissionName) out.add(m.permissionName);
      walk(m.children ?? []);
    });
  walk(menus);
  return [...out];
}

/** The first navigable url of the menus in sort order (the landing of a non-default role). */
export function firstMenuUrl(menus: MenuDto[]): string | null {
  for (const m of sortedMenus(menus)) {
    if (!isNavigable(m) || !m.url) continue;
    const kids = sortedMenus(m.children).filter((c) => isNavigable(c) && c.url);
    if (kids.length) {
      const deeper = firstMenuUrl(kids.map((k) => ({ ...k, url: joinUrl(m.url, k.url) })));
      if (deeper) return deeper;
    }
    return m.url;
  }
  return null;
}

export const MEMBER_HOME = '/partyMember/partySpace';

/** Landing (core §2 "/"): the default role goes to the member space, others to their first menu. */
export function landingPath(perms: PermissionEntry[], roleId: number | null): string {
  const role = selectRole(perms, roleId);
  if (!role || role.isDefault) return MEMBER_HOME;
  return firstMenuUrl(role.menus) ?? MEMBER_HOME;
}
