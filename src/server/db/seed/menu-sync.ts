/**
 * A database seeded by an earlier version keeps its menus and roles (they are data an administrator
 * may have edited), so menus the product gained since — 审计日志, 在线用户, a new button — would
 * never appear. At every start after the first, each built-in menu missing from the tree is added
 * under its parent, offered to the tenant, and granted to the built-in roles that the seed would
 * give it to. Nothing that exists is changed, and nothing is granted again that an administrator
 * took away from a role: only the menus added now are granted.
 *
 * A menu is matched by its path of (permission name, url) from the top, so an administrator's new
 * display name does not make it look missing; the three resource pages share one permission and
 * differ by url. The built-in paths offered so far are kept in `settings` (menus:builtIn): a menu
 * an administrator deleted is not offered again, only those the product has gained since.
 */
import { ADMIN_MENUS, MEMBER_MENUS, type MenuDef, type SeededMenu } from './menus';
import { menusOfRole, ROLE_DEFS } from './roles';
import { reserveIds, type Db } from './util';

type Row = { id: number; parentId: number | null; permissionName: string | null; url: string };
const keyOf = (m: { permissionName?: string | null; url?: string | null }) => `${m.permissionName ?? ''}#${m.url ?? ''}`;

const KNOWN = 'menus:builtIn';

export async function syncBuiltInMenus(db: Db): Promise<{ added: string[] }> {
  const stored = await db.selectFrom('settings').select('value').where('key', '=', KNOWN).executeTakeFirst();
  // a database from before this record: every missing built-in menu is one the product gained
  const known = stored ? new Set<string>(JSON.parse(stored.value)) : null;
  const paths: string[] = [];
  const rows: Row[] = await db.selectFrom('menus').select(['id', 'parentId', 'permissionName', 'url']).execute();
  const children = new Map<number | null, Map<string, number>>();
  for (const r of rows) {
    const siblings = children.get(r.parentId) ?? new Map<string, number>();
    if (!siblings.has(keyOf(r))) siblings.set(keyOf(r), r.id);
    children.set(r.parentId, siblings);
  }

  // every built-in menu with its database id (an existing one's, or a reserved one) — the role rules need the whole tree
  const all: SeededMenu[] = [];
  const missing: { menu: SeededMenu; sort: number }[] = [];
  const walk = (defs: MenuDef[], parent: SeededMenu | null, member: boolean, parentPath: string) => {
    defs.forEach((def, i) => {
      const path = `${parentPath}/${keyOf({ permissionName: def.permissionName, url: def.url ?? '' })}`;
      paths.push(path);
      const id = children.get(parent?.id ?? null)?.get(keyOf({ permissionName: def.permissionName, url: def.url ?? '' }));
      // deleted by an administrator after it was offered: it stays deleted, with what was under it
      if (id === undefined && known?.has(path)) return;
      const menu: SeededMenu = {
        id: id ?? -(missing.length + 1),
        parentId: parent?.id ?? null,
        def,
        type: def.type ?? (parent ? 6 : 1),
        permissionName: def.permissionName ?? null,
        member,
        lineage: [...(parent?.lineage ?? []), ...(def.permissionName ? [def.permissionName] : [])],
      };
      if (id === undefined) missing.push({ menu, sort: (i + 1) * 10 });
      all.push(menu);
      walk(def.children ?? [], menu, member, path);
    });
  };
  walk(ADMIN_MENUS, null, false, '');
  walk(MEMBER_MENUS, null, true, '');
  await db.insertInto('settings').values({ key: KNOWN, value: JSON.stringify(paths) }).onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(paths) })).execute();
  if (!missing.length) return { added: [] };

  // placeholders (negative) become real ids, parents before children (the walk's order)
  const ids = await reserveIds(db, 'menus', missing.length);
  const real = new Map<number, number>();
  missing.forEach((m, i) => real.set(m.menu.id, ids[i]));
  for (const m of all) {
    if (real.has(m.id)) m.id = real.get(m.id)!;
    if (m.parentId !== null && real.has(m.parentId)) m.parentId = real.get(m.parentId)!;
  }
  await db
    .insertInto('menus')
    .values(missing.map(({ menu, sort }) => ({ id: menu.id, parentId: menu.parentId, displayName: menu.def.displayName, url: menu.def.url ?? '', iconPath: menu.def.icon ?? null, type: menu.type, tags: menu.def.tags ?? null, permissionName: menu.permissionName, sort })))
    .execute();
  await db.insertInto('tenantMenus').values(missing.map(({ menu }) => ({ menuId: menu.id }))).onConflict((oc) => oc.doNothing()).execute();

  // the built-in roles still in the database get the new menus the seed would have given them
  const added = new Set(missing.map(({ menu }) => menu.id));
  const roles = await db.selectFrom('roles').select(['id', 'name']).where('isStatic', '=', true).execute();
  const grants = roles.flatMap((role) => {
    const def = ROLE_DEFS.find((d) => d.name === role.name);
    return def ? menusOfRole(def, all).filter((id) => added.has(id)).map((menuId) => ({ roleId: role.id, menuId })) : [];
  });
  if (grants.length) await db.insertInto('roleMenus').values(grants).onConflict((oc) => oc.doNothing()).execute();
  return { added: missing.map(({ menu }) => menu.def.displayName) };
}
