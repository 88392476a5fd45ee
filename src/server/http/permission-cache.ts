import type { AppContext } from '../context';

/**
 * A role's permission names are the permission names of the menus assigned to it (types 1, 2 and 6):
 * one source of truth for both what the client shows and what the server allows.
 * Cached per role for a few seconds; changes made through this process invalidate at once.
 */
export class PermissionCache {
  private byRole = new Map<number, { names: Set<string>; at: number }>();
  private readonly ttlMs = 5000;
  constructor(private ctx: AppContext) {}

  async forRole(roleId: number | null): Promise<Set<string>> {
    if (roleId == null) return new Set();
    const hit = this.byRole.get(roleId);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return hit.names;
    const rows = await this.ctx.db
      .selectFrom('roleMenus')
      .innerJoin('menus', 'menus.id', 'roleMenus.menuId')
      .select('menus.permissionName')
      .where('roleMenus.roleId', '=', roleId)
      .where('menus.isEnabled', '=', true)
      .where('menus.permissionName', 'is not', null)
      .execute();
    const names = new Set(rows.map((r) => r.permissionName!).filter(Boolean));
    this.byRole.set(roleId, { names, at: now });
    return names;
  }

  /** After a change to roles or menus: resolved sessions carry permission sets, so they go too. */
  invalidate() {
    this.byRole.clear();
    this.ctx.sessions?.clear();
  }
}
