import type { AppContext } from '../context';

/**
 * A role's permission names are the permission names of the menus assigned to it (types 1, 2 and 6):
 * one source of truth for both what the client shows and what the server allows.
 * Cached per role for a few seconds and only within the auth generation it was read in
 * (auth-changes.ts): a change in any API process voids it at once.
 */
export class PermissionCache {
  private byRole = new Map<number, { names: Set<string>; at: number; generation: number }>();
  private readonly ttlMs = 5000;
  constructor(private ctx: AppContext) {}

  async forRole(roleId: number | null): Promise<Set<string>> {
    if (roleId == null) return new Set();
    const gen = await this.ctx.sessions.generation();
    const hit = this.byRole.get(roleId);
    const now = Date.now();
    if (hit && gen != null && hit.generation === gen && now - hit.at < this.ttlMs) return hit.names;
    const rows = await this.ctx.db
      .selectFrom('roleMenus')
      .innerJoin('menus', 'menus.id', 'roleMenus.menuId')
      .select('menus.permissionName')
      .where('roleMenus.roleId', '=', roleId)
      .where('menus.isEnabled', '=', true)
      .where('menus.permissionName', 'is not', null)
      .execute();
    const names = new Set(rows.map((r) => r.permissionName!).filter(Boolean));
    if (gen != null) this.byRole.set(roleId, { names, at: now, generation: gen });
    return names;
  }

  /** After a change to roles or menus: resolved sessions carry permission sets, so they go too. */
  async invalidate() {
    this.byRole.clear();
    await this.ctx.sessions.clear();
  }
}
