import { action, defineService } from '../http/actions';
import { notFound } from '../http/errors';
import { objectInput } from '../http/paging';
import { MSG } from '../../contract/messages';
import { P } from '../../contract/permissions';
import type { MenuDto, PermissionEntry } from '../../contract/types';
import { buildMenuTree, loadMenus, shownMenuIds, type MenuRow } from './menu-tree';

export interface PermissionNode {
  name: string;
  displayName: string;
  children: PermissionNode[];
}

/** The menu tree reduced to the menus that carry a permission name; nameless menus pass their children up. */
function permissionTree(menus: MenuDto[]): PermissionNode[] {
  const out: PermissionNode[] = [];
  const seen = new Set<string>();
  const walk = (list: MenuDto[], into: PermissionNode[]) => {
    for (const m of list) {
      if (m.permissionName && !seen.has(m.permissionName)) {
        seen.add(m.permissionName);
        const node: PermissionNode = { name: m.permissionName, displayName: m.displayName, children: [] };
        into.push(node);
        walk(m.children, node.children);
      } else {
        walk(m.children, into);
      }
    }
  };
  walk(menus, out);
  return out;
}

export const roleIdInput = objectInput({ roleId: { type: 'integer', minimum: 1, title: '角色编号' } }, ['roleId']);

export const permissionService = defineService('PermissionService', {
  GetAllPermission: action({
    method: 'GET',
    summary: '获取全部权限（来自菜单的权限名，树形）',
    access: { permission: P.Roles },
    returns: '[{name, displayName, children}]',
    async handler({ ctx }) {
      return permissionTree(buildMenuTree(await loadMenus(ctx.db)));
    },
  }),

  GetCurrentUserPermission: action({
    method: 'GET',
    summary: '获取当前用户的全部角色及各角色的菜单（默认角色在前）',
    access: 'self',
    returns: '[{roleId, roleName, roleDisplayName, organId, organName, isDefault, menus}]',
    async handler({ ctx, user }) {
      const held = await ctx.db
        .selectFrom('userRoles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.roleId')
        .leftJoin('organizations as o', 'o.id', 'ur.organId')
        .select(['ur.roleId', 'r.name as roleName', 'r.displayName as roleDisplayName', 'ur.organId', 'o.organName', 'r.isDefault'])
        .where('ur.userId', '=', user.userId)
        .orderBy('r.isDefault', 'desc')
        .orderBy('ur.id')
        .execute();
      if (!held.length) return [];
      const roleIds = [...new Set(held.map((h) => h.roleId))];
      const [rows, assignments] = await Promise.all([
        loadMenus(ctx.db),
        ctx.db.selectFrom('roleMenus').select(['roleId', 'menuId']).where('roleId', 'in', roleIds).execute(),
      ]);
      const shown = shownMenuIds(rows);
      const treeOf = new Map<number, MenuDto[]>();
      for (const roleId of roleIds) {
        const assigned = new Set(assignments.filter((a) => a.roleId === roleId).map((a) => a.menuId));
        treeOf.set(roleId, buildMenuTree(rows, (r: MenuRow) => shown.has(r.id) && assigned.has(r.id)));
      }
      return held.map(
        (h): PermissionEntry => ({
          roleId: h.roleId,
          roleName: h.roleName,
          roleDisplayName: h.roleDisplayName,
          organId: h.organId,
          organName: h.organName ?? '',
          isDefault: h.isDefault,
          // each entry gets its own copy: two organisations of one role must not share objects
          menus: structuredClone(treeOf.get(h.roleId)!),
        }),
      );
    },
  }),

  GetRolePermission: action<{ roleId: number }>({
    method: 'GET',
    summary: '获取角色的权限名',
    access: { permission: P.Roles },
    input: roleIdInput,
    returns: '权限名数组',
    async handler({ ctx, input }) {
      const role = await ctx.db.selectFrom('roles').select('id').where('id', '=', input.roleId).executeTakeFirst();
      if (!role) throw notFound(MSG.roleNotFound);
      return [...(await ctx.permissions.forRole(role.id))].sort();
    },
  }),

  GetCurrentUserPermissionNames: action({
    method: 'GET',
    summary: '获取当前角色的权限名',
    access: 'self',
    returns: '权限名数组',
    async handler({ user }) {
      return [...user.permissions].sort();
    },
  }),
});
