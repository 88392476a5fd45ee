/**
 * 三员分立 (等保 2.0 访问控制: separation of privileged users; docs/SECURITY.md §15). Three families of
 * privileged permissions — system administration, security administration, audit — never meet on one
 * role nor on one account, whatever route grants them (a role's menus, a menu's permission name, a
 * role granted to an account), and nobody changes his own grants. The rule is checked against the
 * database inside the granting transaction, after the change: what a route changed is judged by what
 * it leads to, so a new route that grants cannot slip past it as long as it calls `assertSeparated`.
 */
import type { Kysely } from 'kysely';
import { P } from '../../contract/permissions';
import type { DB } from '../db/schema';
import { badRequest, forbidden } from '../http/errors';

/** The security policy's permission (two factors, timeouts, password age), the 安全管理员's; its screen and menu come with that policy. */
export const SECURITY_POLICY_PERMISSION = 'Pages.Administration.SecurityPolicy';

export type AdminFamily = 'system' | 'security' | 'audit';

/** The permissions that make a role privileged, by family. Other permissions (business) combine freely. */
export const ADMIN_FAMILIES: Record<AdminFamily, string[]> = {
  // 系统管理员: menus, code tables, projects, resource classes, 界面配置 (organisations and users are also business administration of every level)
  system: [P.Menus, P.BaseCodes, P.Projects, 'Pages.Administration.ResourceClasses', P.ScreenConfig],
  // 安全管理员: roles and their permissions, the security policy
  security: [P.Roles, SECURITY_POLICY_PERMISSION],
  // 审计管理员: the security log
  audit: [P.SecurityLogs],
};

export const FAMILY_NAMES: Record<AdminFamily, string> = { system: '系统管理', security: '安全管理', audit: '审计管理' };
const ADMIN_NAMES: Record<AdminFamily, string> = { system: '系统管理员', security: '安全管理员', audit: '审计管理员' };

const familyOf = (permission: string): AdminFamily | null => {
  for (const f of Object.keys(ADMIN_FAMILIES) as AdminFamily[]) if (ADMIN_FAMILIES[f].includes(permission)) return f;
  return null;
};

export const familiesOf = (permissions: Iterable<string>): Set<AdminFamily> => {
  const out = new Set<AdminFamily>();
  for (const p of permissions) {
    const f = familyOf(p);
    if (f) out.add(f);
  }
  return out;
};

const ALL = Object.values(ADMIN_FAMILIES).flat();
const names = (fs: Iterable<AdminFamily>) => [...fs].map((f) => FAMILY_NAMES[f]).join('与');

export const SEPARATION_MSG = {
  selfGrant: '三员分立：不能变更本人的角色授权',
  selfRole: '三员分立：不能修改本人所持角色的权限',
  privilegedGrant: '三员分立：系统管理员、安全管理员、审计管理员等特权角色只能由安全管理员授予',
};

/** The privileged families of each role that holds any, from the database as it is now (in `db`'s transaction). */
export async function roleFamilies(db: Kysely<DB>): Promise<Map<number, { name: string; families: Set<AdminFamily> }>> {
  const rows = await db
    .selectFrom('roleMenus as rm')
    .innerJoin('menus as m', 'm.id', 'rm.menuId')
    .innerJoin('roles as r', 'r.id', 'rm.roleId')
    .select(['r.id', 'r.displayName', 'm.permissionName'])
    .where('m.permissionName', 'in', ALL)
    .execute();
  const out = new Map<number, { name: string; families: Set<AdminFamily> }>();
  for (const r of rows) {
    const entry = out.get(r.id) ?? { name: r.displayName, families: new Set<AdminFamily>() };
    const f = familyOf(r.permissionName!);
    if (f) entry.families.add(f);
    out.set(r.id, entry);
  }
  return out;
}

/**
 * Refuses (400, in Chinese) when any role holds permissions of two families, or any account holds
 * roles of two families. Run inside the granting transaction, after its change, so the change rolls
 * back with the refusal.
 */
export async function assertSeparated(db: Kysely<DB>): Promise<void> {
  const roles = await roleFamilies(db);
  for (const r of roles.values()) {
    if (r.families.size > 1) throw badRequest(`三员分立：${names(r.families)}的权限不能授予同一角色（角色“${r.name}”）`);
  }
  const privileged = [...roles.keys()];
  if (!privileged.length) return;
  const holders = await db
    .selectFrom('userRoles as ur')
    .innerJoin('users as u', 'u.id', 'ur.userId')
    .select(['ur.userId', 'ur.roleId', 'u.userName'])
    .where('ur.roleId', 'in', privileged)
    .where('u.isDeleted', '=', false)
    .execute();
  const byUser = new Map<number, { userName: string; families: Set<AdminFamily> }>();
  for (const h of holders) {
    const entry = byUser.get(h.userId) ?? { userName: h.userName, families: new Set<AdminFamily>() };
    for (const f of roles.get(h.roleId)!.families) entry.families.add(f);
    byUser.set(h.userId, entry);
  }
  for (const u of byUser.values()) {
    if (u.families.size > 1) {
      const who = [...u.families].map((f) => ADMIN_NAMES[f]).join('与');
      throw badRequest(`三员分立：${who}不能由同一账号兼任（账号“${u.userName}”）`);
    }
  }
}

/** Whether a role carries privileged permissions (granting it is the security administrator's). */
export async function isPrivilegedRole(db: Kysely<DB>, roleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('roleMenus as rm')
    .innerJoin('menus as m', 'm.id', 'rm.menuId')
    .select('rm.menuId')
    .where('rm.roleId', '=', roleId)
    .where('m.permissionName', 'in', ALL)
    .executeTakeFirst();
  return !!row;
}

/** A privileged role is granted only by a caller holding the security administrator's permission. */
export async function assertMayGrant(db: Kysely<DB>, caller: { permissions: Set<string> }, roleId: number) {
  if (!caller.permissions.has(P.Roles) && (await isPrivilegedRole(db, roleId))) throw forbidden(SEPARATION_MSG.privilegedGrant);
}

/** Nobody changes the permissions of a role he holds himself (on any organisation). */
export async function assertNotOwnRole(db: Kysely<DB>, userId: number, roleId: number) {
  const held = await db.selectFrom('userRoles').select('id').where('userId', '=', userId).where('roleId', '=', roleId).executeTakeFirst();
  if (held) throw forbidden(SEPARATION_MSG.selfRole);
}

/** Nobody changes the permission name of a menu one of his roles holds (it would change his own grants). */
export async function assertNotOwnMenu(db: Kysely<DB>, userId: number, menuId: number) {
  const held = await db
    .selectFrom('roleMenus as rm')
    .innerJoin('userRoles as ur', 'ur.roleId', 'rm.roleId')
    .select('rm.menuId')
    .where('ur.userId', '=', userId)
    .where('rm.menuId', '=', menuId)
    .executeTakeFirst();
  if (held) throw forbidden(SEPARATION_MSG.selfRole);
}
