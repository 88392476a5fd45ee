import { sql, type Kysely, type Selectable } from 'kysely';
import { action, defineService } from '../http/actions';
import { badRequest, forbidden, notFound } from '../http/errors';
import { idInput, objectInput, pagedInput } from '../http/paging';
import type { CurrentUser } from '../http/auth';
import type { AppContext } from '../context';
import { MSG } from '../../contract/messages';
import { ORGAN_LEVEL, ORGAN_LEVEL_LABEL, P } from '../../contract/permissions';
import type { DB, RoleTable } from '../db/schema';
import { assignRoleMenus, roleMenuIds } from './menu-tree';
import { assertNotOwnRole, assertSeparated } from '../security/three-admins';
import { grantEvent } from './grant-events';
import { containsPattern, iso, keywordOf } from './query-helpers';

/** A role's level in the words of the code table organLevel (the role form's choices). */
export const ROLE_LEVEL_NAMES: Record<number, string> = ORGAN_LEVEL_LABEL;
const LEVELS = Object.keys(ROLE_LEVEL_NAMES).map(Number);

const M = {
  nameExists: '角色名称已存在',
  namePattern: '角色名称只能包含字母、数字和下划线，且以字母开头',
  defaultUndeletable: '默认角色不能删除',
  staticRename: '系统内置角色不能修改名称',
  aboveOwnLevel: '不能管理高于本级组织层级的角色',
  organOrTypeRequired: '请选择党组织或组织类型',
};
const manage = { permission: P.Roles };

type Role = Selectable<RoleTable>;

/**
 * An administrator sees roles at or below his organisation's level (numerically ≥), plus roles that
 * are bound to no level (such as the party-member role).
 */
export const roleVisible = (user: CurrentUser, role: { level: number | null }) =>
  role.level == null || (user.organLevel != null && role.level >= user.organLevel);

/** Level-free roles apply province-wide, so only a province-level administrator changes them. */
const roleWritable = (user: CurrentUser, role: { level: number | null }) =>
  role.level == null ? user.organLevel === ORGAN_LEVEL.province : roleVisible(user, role);

/**
 * The role, when it exists and the caller may see it: one he may not see answers as missing (404);
 * one he sees but may not change (write) is refused with the reason (403).
 */
export async function findRole(db: Kysely<DB>, user: CurrentUser, id: number, write = false): Promise<Role> {
  const role = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!role || !roleVisible(user, role)) throw notFound(MSG.roleNotFound);
  if (write && !roleWritable(user, role)) throw forbidden(M.aboveOwnLevel);
  return role;
}

const visibleRoles = (db: Kysely<DB>, user: CurrentUser) =>
  db.selectFrom('roles').where((eb) => (user.organLevel == null ? eb('level', 'is', null) : eb.or([eb('level', 'is', null), eb('level', '>=', user.organLevel)])));

const roleOut = (r: Role) => ({
  id: r.id,
  name: r.name,
  displayName: r.displayName,
  description: r.description,
  isDefault: r.isDefault,
  isStatic: r.isStatic,
  level: r.level,
  levelName: r.level != null ? ROLE_LEVEL_NAMES[r.level] ?? '' : '',
  organType: r.organType,
  userType: r.userType,
  creationTime: iso(r.creationTime),
});

const roleFields = {
  displayName: { type: 'string', minLength: 1, maxLength: 64, title: '角色显示名称' },
  description: { type: ['string', 'null'], maxLength: 500, title: '角色描述' },
  level: { type: ['integer', 'null'], enum: [...LEVELS, null], title: '角色层级' },
  organType: { type: ['string', 'null'], maxLength: 64, title: '组织类型' },
  userType: { type: 'integer', enum: [0, 1, 2], title: '用户类型' },
  menuIds: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 5000, title: '菜单' },
};
const roleName = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', title: '角色名称', 'x-message': M.namePattern };

interface RoleInput {
  name?: string;
  displayName: string;
  description?: string | null;
  level?: number | null;
  organType?: string | null;
  userType?: number;
  menuIds?: number[];
}

/** Role writes run in one transaction; the permission cache forgets the roles once it has committed. */
async function changingRoles<T>(ctx: AppContext, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  const out = await ctx.db.transaction().execute(work);
  await ctx.permissions.invalidate();
  return out;
}

async function assertNameFree(db: Kysely<DB>, name: string, exceptId?: number) {
  const clash = await db
    .selectFrom('roles')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(exceptId != null, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  if (clash) throw badRequest(M.nameExists);
}

export const roleService = defineService('RoleService', {
  GetVisiblePageRoleList: action<{ skipCount: number; maxResultCount: number; keyword?: string; level?: number }>({
    method: 'GET',
    summary: '分页查询可见角色（本级及以下层级）',
    access: manage,
    input: pagedInput({ keyword: { type: 'string', maxLength: 64, title: '关键字' }, level: { type: 'integer', enum: LEVELS, title: '角色层级' } }),
    returns: '{ totalCount, items: [{id, name, displayName, description, isDefault, isStatic, level, levelName, organType, userType, userCount, creationTime}] }',
    async handler({ ctx, user, input }) {
      const kw = keywordOf(input.keyword);
      let q = visibleRoles(ctx.db, user);
      if (kw) q = q.where((eb) => eb.or([eb('name', 'ilike', containsPattern(kw)), eb('displayName', 'ilike', containsPattern(kw))]));
      if (input.level != null) q = q.where('level', '=', input.level);
      const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll('roles')
        .select(sql<number>`(select count(distinct ur.user_id) from user_roles ur where ur.role_id = roles.id)::int`.as('userCount'))
        .orderBy('level', (ob) => ob.asc().nullsFirst())
        .orderBy('id')
        .offset(input.skipCount)
        .limit(input.maxResultCount)
        .execute();
      return { totalCount: Number(count), items: rows.map((r) => ({ ...roleOut(r), userCount: r.userCount })) };
    },
  }),

  GetPermissonsName: action<{ id: number }>({
    method: 'GET',
    summary: '获取角色的权限名',
    access: manage,
    input: idInput,
    returns: '权限名数组',
    async handler({ ctx, user, input }) {
      const role = await findRole(ctx.db, user, input.id);
      return [...(await ctx.permissions.forRole(role.id))].sort();
    },
  }),

  GetRoleForEdit: action<{ id: number }>({
    method: 'GET',
    summary: '获取角色及其菜单（编辑用）',
    access: manage,
    input: idInput,
    returns: '{ role, menuIds, grantedPermissionNames }',
    async handler({ ctx, user, input }) {
      const role = await findRole(ctx.db, user, input.id);
      return {
        role: roleOut(role),
        menuIds: await roleMenuIds(ctx.db, role.id),
        grantedPermissionNames: [...(await ctx.permissions.forRole(role.id))].sort(),
      };
    },
  }),

  GetVisibleRoleList: action({
    method: 'GET',
    summary: '获取可见角色列表（下拉选择用）',
    access: manage,
    returns: '[{id, name, displayName, level, levelName, isDefault, ...}]',
    async handler({ ctx, user }) {
      const rows = await visibleRoles(ctx.db, user).selectAll().orderBy('level', (ob) => ob.asc().nullsFirst()).orderBy('id').execute();
      return rows.map(roleOut);
    },
  }),

  GetRoleLevelList: action({
    method: 'GET',
    summary: '获取角色层级列表（组织层级）',
    access: manage,
    returns: '[{value, label}]',
    async handler() {
      return LEVELS.map((value) => ({ value, label: ROLE_LEVEL_NAMES[value] }));
    },
  }),

  GetVisibleRoleListByOrganType: action<{ organId?: number; organType?: string }>({
    method: 'GET',
    summary: '按党组织（层级或组织类型）获取可分配的角色',
    access: manage,
    input: objectInput({ organId: { type: 'integer', minimum: 1, title: '党组织' }, organType: { type: 'string', maxLength: 64, title: '组织类型' } }),
    returns: '层级或组织类型与该组织相符的可见角色，以及不限层级和类型的通用角色',
    async handler({ ctx, user, input, requireScope }) {
      let level: number | null = null;
      let organType = keywordOf(input.organType);
      if (input.organId) {
        const organ = await ctx.db
          .selectFrom('organizations')
          .select(['organPath', 'organLevel', 'organType'])
          .where('id', '=', input.organId)
          .where('isDeleted', '=', false)
          .executeTakeFirst();
        if (!organ) throw notFound(MSG.organNotFound);
        requireScope(organ.organPath);
        level = organ.organLevel;
        organType = organType ?? organ.organType;
      } else if (!organType) {
        throw badRequest(M.organOrTypeRequired);
      }
      const rows = await visibleRoles(ctx.db, user)
        .selectAll()
        .where((eb) =>
          eb.or([
            ...(level != null ? [eb('level', '=', level)] : []),
            ...(organType ? [eb('organType', '=', organType)] : []),
            eb.and([eb('level', 'is', null), eb('organType', 'is', null)]),
          ]),
        )
        .orderBy('level', (ob) => ob.asc().nullsFirst())
        .orderBy('id')
        .execute();
      return rows.map(roleOut);
    },
  }),

  Create: action<RoleInput & { name: string }>({
    method: 'POST',
    summary: '新建角色',
    access: manage,
    input: objectInput({ name: roleName, ...roleFields }, ['name', 'displayName']),
    returns: '新角色',
    async handler({ ctx, user, input, req }) {
      const level = input.level ?? null;
      if (!roleWritable(user, { level })) throw forbidden(M.aboveOwnLevel);
      const role = await changingRoles(ctx, async (trx) => {
        await assertNameFree(trx, input.name);
        const row = await trx
          .insertInto('roles')
          .values({
            name: input.name,
            displayName: input.displayName.trim(),
            description: input.description ?? null,
            level,
            organType: keywordOf(input.organType),
            userType: input.userType ?? 1,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const menuIds = input.menuIds ? await assignRoleMenus(trx, row.id, input.menuIds) : [];
        await assertSeparated(trx);
        await grantEvent(ctx, trx, user, req, 'roleChange', `role:${row.id} ${row.name}`, { action: '新建角色', menuIds });
        return row;
      });
      return roleOut(role);
    },
  }),

  Update: action<RoleInput & { id: number }>({
    method: 'PUT',
    summary: '修改角色（带菜单时同时重设角色菜单）',
    access: manage,
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '角色编号' }, name: roleName, ...roleFields }, ['id', 'displayName']),
    returns: '修改后的角色',
    async handler({ ctx, user, input, req }) {
      const role = await changingRoles(ctx, async (trx) => {
        const current = await findRole(trx, user, input.id, true);
        await assertNotOwnRole(trx, user.userId, current.id);
        const level = input.level === undefined ? current.level : input.level;
        if (!roleWritable(user, { level })) throw forbidden(M.aboveOwnLevel);
        if (input.name && input.name !== current.name) {
          if (current.isStatic) throw badRequest(M.staticRename);
          await assertNameFree(trx, input.name, current.id);
        }
        const row = await trx
          .updateTable('roles')
          .set({
            name: input.name ?? current.name,
            displayName: input.displayName.trim(),
            description: input.description === undefined ? current.description : input.description,
            level,
            organType: input.organType === undefined ? current.organType : keywordOf(input.organType),
            userType: input.userType ?? current.userType,
          })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const menuIds = input.menuIds ? await assignRoleMenus(trx, row.id, input.menuIds) : undefined;
        await assertSeparated(trx);
        await grantEvent(ctx, trx, user, req, 'roleChange', `role:${row.id} ${row.name}`, { action: '修改角色', ...(menuIds ? { menuIds } : {}), level: row.level });
        return row;
      });
      return roleOut(role);
    },
  }),

  SetDefault: action<{ id: number }>({
    method: 'POST',
    summary: '设为默认角色（党员角色；全局只有一个默认角色）',
    access: manage,
    input: idInput,
    async handler({ ctx, user, input, req }) {
      await changingRoles(ctx, async (trx) => {
        const role = await findRole(trx, user, input.id, true);
        await grantEvent(ctx, trx, user, req, 'roleChange', `role:${role.id} ${role.name}`, { action: '设为默认角色' });
        // the default role is the member space of every user, so moving it is a province-level decision
        if (user.organLevel !== ORGAN_LEVEL.province) throw forbidden(M.aboveOwnLevel);
        await trx.updateTable('roles').set({ isDefault: false }).where('isDefault', '=', true).where('id', '!=', role.id).execute();
        await trx.updateTable('roles').set({ isDefault: true }).where('id', '=', role.id).execute();
      });
    },
  }),

  Delete: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除角色（内置角色、默认角色和仍有用户使用的角色不能删除）',
    access: manage,
    input: idInput,
    async handler({ ctx, user, input, req }) {
      await changingRoles(ctx, async (trx) => {
        const role = await findRole(trx, user, input.id, true);
        if (role.isStatic) throw badRequest(MSG.roleStatic);
        await grantEvent(ctx, trx, user, req, 'roleChange', `role:${role.id} ${role.name}`, { action: '删除角色' });
        if (role.isDefault) throw badRequest(M.defaultUndeletable);
        const held = await trx.selectFrom('userRoles').select('id').where('roleId', '=', role.id).limit(1).executeTakeFirst();
        if (held) throw badRequest(MSG.roleInUse);
        await trx.deleteFrom('roles').where('id', '=', role.id).execute();
      });
    },
  }),
});
