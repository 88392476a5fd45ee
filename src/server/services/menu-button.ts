import type { Kysely } from 'kysely';
import { action, defineService } from '../http/actions';
import { badRequest, notFound } from '../http/errors';
import { idInput, objectInput } from '../http/paging';
import { MSG } from '../../contract/messages';
import { P } from '../../contract/permissions';
import type { MenuDto } from '../../contract/types';
import type { DB } from '../db/schema';
import { assertNotOwnMenu, assertNotOwnRole, assertSeparated } from '../security/three-admins';
import { grantEvent } from './grant-events';
import { assignRoleMenus, buildMenuTree, loadMenus, MENU_TYPES, roleMenuIds, roleMenuTree, subtreeIds, tenantMenuIds, withAncestors, type MenuRow } from './menu-tree';
import { roleIdInput } from './permission';
import { findRole } from './role';

const M = {
  parentMissing: '上级菜单不存在',
  parentInSubtree: '上级菜单不能是该菜单本身或其下级菜单',
  copySuffix: '（副本）',
};
const menus = { permission: P.Menus };
const roles = { permission: P.Roles };

const menuFields = {
  parentId: { type: ['integer', 'null'], minimum: 1, title: '上级菜单' },
  displayName: { type: 'string', minLength: 1, maxLength: 64, title: '菜单名称' },
  url: { type: 'string', maxLength: 500, title: '路由地址' },
  iconPath: { type: ['string', 'null'], maxLength: 500, title: '图标' },
  type: { type: 'integer', enum: [...MENU_TYPES], title: '菜单类型', 'x-message': '菜单类型只能是1（菜单）、2（按钮权限）或6（可导航菜单）' },
  tags: { type: ['string', 'null'], maxLength: 200, title: '页面标签' },
  permissionName: { type: ['string', 'null'], maxLength: 200, pattern: '^[A-Za-z][A-Za-z0-9_.]*$', title: '权限名', 'x-message': '权限名只能包含字母、数字、下划线和点' },
  sort: { type: 'integer', minimum: -100000, maximum: 100000, title: '排序' },
  isEnabled: { type: 'boolean', title: '是否启用' },
};
const menuIdsField = { type: 'array', items: { type: 'integer', minimum: 1, title: '菜单编号' }, maxItems: 5000, title: '菜单' };

interface MenuInput {
  parentId?: number | null;
  displayName: string;
  url?: string;
  iconPath?: string | null;
  type: number;
  tags?: string | null;
  permissionName?: string | null;
  sort?: number;
  isEnabled?: boolean;
}

const blankToNull = (s: string | null | undefined) => (s == null || s.trim() === '' ? null : s.trim());

async function assertParent(trx: Kysely<DB>, parentId: number | null | undefined) {
  if (parentId == null) return;
  const parent = await trx.selectFrom('menus').select('id').where('id', '=', parentId).executeTakeFirst();
  if (!parent) throw badRequest(M.parentMissing);
}

/** A new menu is offered to the tenant too once the tenant list is restricted (else it would be unusable). */
async function offerToTenant(trx: Kysely<DB>, ids: number[]) {
  const restricted = await trx.selectFrom('tenantMenus').select('menuId').limit(1).executeTakeFirst();
  if (restricted && ids.length) await trx.insertInto('tenantMenus').values(ids.map((menuId) => ({ menuId }))).onConflict((oc) => oc.doNothing()).execute();
}

/** Type-2 menus of a tree, as permission flags (the client's permissionButton). */
function buttonFlags(tree: MenuDto[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  const walk = (list: MenuDto[]) =>
    list.forEach((m) => {
      if (m.type === 2 && m.permissionName) out[m.permissionName] = true;
      walk(m.children);
    });
  walk(tree);
  return out;
}

export const menuButtonService = defineService('MenuButtonService', {
  List: action({
    method: 'GET',
    summary: '获取全部菜单（树形，含停用菜单）',
    access: menus,
    returns: '[{id, url, displayName, iconPath, type, parentId, tags, permissionName, sort, isEnabled, children}]',
    async handler({ ctx }) {
      return buildMenuTree(await loadMenus(ctx.db), undefined, true);
    },
  }),

  RoleMenusList: action<{ roleId: number }>({
    method: 'GET',
    summary: '获取角色已分配的菜单编号及可分配的菜单树',
    access: roles,
    input: roleIdInput,
    returns: '{ menuIds, items: 对本平台开放的菜单树 }',
    async handler({ ctx, user, input }) {
      const role = await findRole(ctx.db, user, input.roleId);
      const rows = await loadMenus(ctx.db);
      const tenant = await tenantMenuIds(ctx.db, rows);
      return { menuIds: await roleMenuIds(ctx.db, role.id), items: buildMenuTree(rows, (r) => tenant.has(r.id), true) };
    },
  }),

  TenantMenusList: action({
    method: 'GET',
    summary: '获取全部菜单树及对本平台开放的菜单编号',
    access: menus,
    returns: '{ menuIds, items: 全部菜单树 }',
    async handler({ ctx }) {
      const rows = await loadMenus(ctx.db);
      const tenant = await tenantMenuIds(ctx.db, rows);
      return { menuIds: [...tenant].sort((a, b) => a - b), items: buildMenuTree(rows, undefined, true) };
    },
  }),

  TenantMenusIdList: action({
    method: 'GET',
    summary: '获取对本平台开放的菜单编号',
    access: menus,
    returns: '菜单编号数组',
    async handler({ ctx }) {
      const rows = await loadMenus(ctx.db);
      return [...(await tenantMenuIds(ctx.db, rows))].sort((a, b) => a - b);
    },
  }),

  GetCurrentUserMenuButton: action({
    method: 'GET',
    summary: '获取当前角色的按钮权限（{权限名: true}）',
    access: 'self',
    returns: '{ [权限名]: true }',
    async handler({ ctx, user }) {
      if (user.roleId == null) return {};
      return buttonFlags(await roleMenuTree(ctx.db, user.roleId));
    },
  }),

  GetCurrentUserRoleMenuButton: action({
    method: 'GET',
    summary: '获取当前角色的菜单树（含按钮）',
    access: 'self',
    returns: 'MenuDto 树',
    async handler({ ctx, user }) {
      if (user.roleId == null) return [];
      return roleMenuTree(ctx.db, user.roleId);
    },
  }),

  SetRoleMenu: action<{ roleId: number; menuIds: number[] }>({
    method: 'POST',
    summary: '设置角色菜单（上级菜单随之分配；只能分配对本平台开放的菜单）',
    access: roles,
    input: objectInput({ roleId: { type: 'integer', minimum: 1, title: '角色编号' }, menuIds: menuIdsField }, ['roleId', 'menuIds']),
    returns: '实际分配的菜单编号',
    async handler({ ctx, user, input, req }) {
      const ids = await ctx.db.transaction().execute(async (trx) => {
        const role = await findRole(trx, user, input.roleId, true);
        await assertNotOwnRole(trx, user.userId, role.id);
        const ids = await assignRoleMenus(trx, role.id, input.menuIds);
        await assertSeparated(trx);
        await grantEvent(ctx, trx, user, req, 'roleChange', `role:${role.id} ${role.name}`, { action: '设置角色菜单', menuIds: ids });
        return ids;
      });
      await ctx.permissions.invalidate();
      return ids;
    },
  }),

  SetTenantMenu: action<{ menuIds: number[] }>({
    method: 'POST',
    summary: '设置对本平台开放的菜单（角色随之失去未开放的菜单）',
    access: menus,
    input: objectInput({ menuIds: { ...menuIdsField, minItems: 1, 'x-message': '请至少选择一个菜单' } }, ['menuIds']),
    returns: '开放的菜单编号',
    async handler({ ctx, input }) {
      const ids = await ctx.db.transaction().execute(async (trx) => {
        const rows = await loadMenus(trx);
        const known = new Set(rows.map((r) => r.id));
        if (input.menuIds.some((id) => !known.has(id))) throw badRequest(MSG.menuNotFound);
        const ids = [...withAncestors(rows, input.menuIds)].sort((a, b) => a - b);
        await trx.deleteFrom('tenantMenus').execute();
        await trx.insertInto('tenantMenus').values(ids.map((menuId) => ({ menuId }))).execute();
        await trx.deleteFrom('roleMenus').where('menuId', 'not in', ids).execute();
        return ids;
      });
      await ctx.permissions.invalidate();
      return ids;
    },
  }),

  Create: action<MenuInput>({
    method: 'POST',
    summary: '新建菜单或按钮权限',
    access: menus,
    input: objectInput(menuFields, ['displayName', 'type']),
    returns: '新菜单',
    async handler({ ctx, input }) {
      const row = await ctx.db.transaction().execute(async (trx) => {
        await assertParent(trx, input.parentId);
        const row = await trx
          .insertInto('menus')
          .values({
            parentId: input.parentId ?? null,
            displayName: input.displayName.trim(),
            url: input.url?.trim() ?? '',
            iconPath: blankToNull(input.iconPath),
            type: input.type,
            tags: blankToNull(input.tags),
            permissionName: blankToNull(input.permissionName),
            sort: input.sort ?? 0,
            isEnabled: input.isEnabled ?? true,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await offerToTenant(trx, [row.id]);
        return row;
      });
      await ctx.permissions.invalidate();
      return buildMenuTree([row], undefined, true)[0];
    },
  }),

  Clone: action<{ id: number; parentId?: number | null }>({
    method: 'POST',
    summary: '复制菜单及其全部下级菜单',
    access: menus,
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '菜单编号' }, parentId: menuFields.parentId }, ['id']),
    returns: '复制出的菜单（含下级）',
    async handler({ ctx, input }) {
      const copyRootId = await ctx.db.transaction().execute(async (trx) => {
        const rows = await loadMenus(trx);
        const source = rows.find((r) => r.id === input.id);
        if (!source) throw notFound(MSG.menuNotFound);
        const targetParent = input.parentId === undefined ? source.parentId : input.parentId;
        await assertParent(trx, targetParent);
        const subtree = subtreeIds(rows, source.id);
        if (targetParent != null && subtree.has(targetParent)) throw badRequest(M.parentInSubtree);
        // copy parents before children: walk breadth-first from the source
        const newId = new Map<number, number>();
        let level: MenuRow[] = [source];
        while (level.length) {
          const next: MenuRow[] = [];
          for (const r of level) {
            const isRoot = r.id === source.id;
            const { id } = await trx
              .insertInto('menus')
              .values({
                parentId: isRoot ? targetParent : newId.get(r.parentId!)!,
                displayName: isRoot ? `${r.displayName}${M.copySuffix}` : r.displayName,
                url: r.url,
                iconPath: r.iconPath,
                type: r.type,
                tags: r.tags,
                permissionName: r.permissionName,
                sort: r.sort,
                isEnabled: r.isEnabled,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            newId.set(r.id, id);
            next.push(...rows.filter((c) => c.parentId === r.id));
          }
          level = next;
        }
        await offerToTenant(trx, [...newId.values()]);
        return newId.get(source.id)!;
      });
      await ctx.permissions.invalidate();
      const rows = await loadMenus(ctx.db);
      const copy = subtreeIds(rows, copyRootId);
      return buildMenuTree(rows, (r) => copy.has(r.id), true)[0];
    },
  }),

  Update: action<MenuInput & { id: number }>({
    method: 'PUT',
    summary: '修改菜单',
    access: menus,
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '菜单编号' }, ...menuFields }, ['id', 'displayName', 'type']),
    returns: '修改后的菜单',
    async handler({ ctx, input, user, req }) {
      const row = await ctx.db.transaction().execute(async (trx) => {
        const rows = await loadMenus(trx);
        const current = rows.find((r) => r.id === input.id);
        if (!current) throw notFound(MSG.menuNotFound);
        const parentId = input.parentId === undefined ? current.parentId : input.parentId;
        await assertParent(trx, parentId);
        if (parentId != null && subtreeIds(rows, current.id).has(parentId)) throw badRequest(M.parentInSubtree);
        const permissionName = input.permissionName === undefined ? current.permissionName : blankToNull(input.permissionName);
        // a menu's permission name is a grant to every role holding the menu
        const regrants = permissionName !== current.permissionName;
        if (regrants) await assertNotOwnMenu(trx, user.userId, current.id);
        const updated = await trx
          .updateTable('menus')
          .set({
            parentId,
            displayName: input.displayName.trim(),
            url: input.url === undefined ? current.url : input.url.trim(),
            iconPath: input.iconPath === undefined ? current.iconPath : blankToNull(input.iconPath),
            type: input.type,
            tags: input.tags === undefined ? current.tags : blankToNull(input.tags),
            permissionName,
            sort: input.sort ?? current.sort,
            isEnabled: input.isEnabled ?? current.isEnabled,
          })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (regrants) {
          await assertSeparated(trx);
          await grantEvent(ctx, trx, user, req, 'roleChange', `menu:${current.id}`, { action: '修改菜单权限名', from: current.permissionName, to: permissionName });
        }
        return updated;
      });
      await ctx.permissions.invalidate();
      return buildMenuTree([row], undefined, true)[0];
    },
  }),

  Delete: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除菜单（有下级菜单时不能删除）',
    access: menus,
    input: idInput,
    async handler({ ctx, input }) {
      await ctx.db.transaction().execute(async (trx) => {
        const menu = await trx.selectFrom('menus').select('id').where('id', '=', input.id).executeTakeFirst();
        if (!menu) throw notFound(MSG.menuNotFound);
        const child = await trx.selectFrom('menus').select('id').where('parentId', '=', menu.id).limit(1).executeTakeFirst();
        if (child) throw badRequest(MSG.menuHasChildren);
        await trx.deleteFrom('menus').where('id', '=', menu.id).execute();
      });
      await ctx.permissions.invalidate();
    },
  }),
});
