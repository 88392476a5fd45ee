import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { MenuDto, MenuType } from '../../contract/types';
import { AppError } from '../http/errors';

/** Menu types the client knows: 1 menu, 2 button permission, 6 navigable menu (core §3). */
export const MENU_TYPES = [1, 2, 6] as const;

export interface MenuRow {
  id: number;
  parentId: number | null;
  displayName: string;
  url: string;
  iconPath: string | null;
  type: number;
  tags: string | null;
  permissionName: string | null;
  sort: number;
  isEnabled: boolean;
}

export type AdminMenuDto = MenuDto & { isEnabled: boolean; children: AdminMenuDto[] };

/** Every menu, in display order. Menus number in the hundreds, so trees are built in memory. */
export const loadMenus = (db: Kysely<DB>): Promise<MenuRow[]> =>
  db
    .selectFrom('menus')
    .select(['id', 'parentId', 'displayName', 'url', 'iconPath', 'type', 'tags', 'permissionName', 'sort', 'isEnabled'])
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const roleMenuIds = async (db: Kysely<DB>, roleId: number): Promise<number[]> =>
  (await db.selectFrom('roleMenus').select('menuId').where('roleId', '=', roleId).orderBy('menuId').execute()).map((r) => r.menuId);

/**
 * Ids of menus that are shown: enabled, of a known type, and with every ancestor shown too
 * (disabling a menu hides its whole section).
 */
export function shownMenuIds(rows: MenuRow[]): Set<number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const memo = new Map<number, boolean>();
  const shown = (id: number, depth = 0): boolean => {
    if (memo.has(id)) return memo.get(id)!;
    const r = byId.get(id);
    // depth guards against a parent cycle in hand-edited data
    const ok = !!r && r.isEnabled && (MENU_TYPES as readonly number[]).includes(r.type) && depth < 50 && (r.parentId == null || shown(r.parentId, depth + 1));
    memo.set(id, ok);
    return ok;
  };
  return new Set(rows.filter((r) => shown(r.id)).map((r) => r.id));
}

/** Ids of the given menus plus all their ancestors (assigning a menu assigns the path to it). */
export function withAncestors(rows: MenuRow[], ids: Iterable<number>): Set<number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Set<number>();
  for (const id of ids) {
    let cur = byId.get(id);
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = cur.parentId != null ? byId.get(cur.parentId) : undefined;
    }
  }
  return out;
}

/** Ids of a menu and everything under it. */
export function subtreeIds(rows: MenuRow[], rootId: number): Set<number> {
  const out = new Set<number>([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentId != null && out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

const toDto = (r: MenuRow): MenuDto => ({
  id: r.id,
  url: r.url,
  displayName: r.displayName,
  iconPath: r.iconPath,
  type: r.type as MenuType,
  parentId: r.parentId,
  tags: r.tags,
  permissionName: r.permissionName,
  sort: r.sort,
  children: [],
});

/**
 * Nests the rows kept by `keep` under their parents, in sort-then-id order. A kept menu whose parent
 * is not kept becomes a root, so nothing assigned silently disappears.
 */
export function buildMenuTree(rows: MenuRow[], keep: (r: MenuRow) => boolean = () => true, admin = false): MenuDto[] {
  const kept = rows.filter(keep).sort((a, b) => a.sort - b.sort || a.id - b.id);
  const nodes = new Map<number, MenuDto>(kept.map((r) => [r.id, admin ? { ...toDto(r), isEnabled: r.isEnabled } : toDto(r)]));
  const roots: MenuDto[] = [];
  for (const r of kept) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId != null ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The menu tree a role sees: its assigned menus that are shown. */
export async function roleMenuTree(db: Kysely<DB>, roleId: number, rows?: MenuRow[]): Promise<MenuDto[]> {
  const all = rows ?? (await loadMenus(db));
  const shown = shownMenuIds(all);
  const assigned = new Set(await roleMenuIds(db, roleId));
  return buildMenuTree(all, (r) => shown.has(r.id) && assigned.has(r.id));
}

/** Menus enabled for the tenant. An empty tenant list means every menu (nothing has been restricted yet). */
export async function tenantMenuIds(db: Kysely<DB>, rows: MenuRow[]): Promise<Set<number>> {
  const ids = (await db.selectFrom('tenantMenus').select('menuId').execute()).map((r) => r.menuId);
  return ids.length ? new Set(ids) : new Set(rows.map((r) => r.id));
}

const NOT_FOR_TENANT = '所选菜单未对本平台开放';
const MENU_MISSING = '所选菜单不存在';

/**
 * Replaces a role's menus with `menuIds` plus their ancestors. Every menu must exist and be enabled
 * for the tenant. Run inside the caller's transaction; the caller invalidates the permission cache.
 */
export async function assignRoleMenus(trx: Kysely<DB>, roleId: number, menuIds: number[]): Promise<number[]> {
  const rows = await loadMenus(trx);
  const known = new Set(rows.map((r) => r.id));
  if (menuIds.some((id) => !known.has(id))) throw new AppError(400, MENU_MISSING);
  const tenant = await tenantMenuIds(trx, rows);
  if (menuIds.some((id) => !tenant.has(id))) throw new AppError(400, NOT_FOR_TENANT);
  const ids = [...withAncestors(rows, menuIds)].filter((id) => tenant.has(id)).sort((a, b) => a - b);
  await trx.deleteFrom('roleMenus').where('roleId', '=', roleId).execute();
  if (ids.length) await trx.insertInto('roleMenus').values(ids.map((menuId) => ({ roleId, menuId }))).execute();
  return ids;
}
