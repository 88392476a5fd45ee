/**
 * Administrators (UserService): accounts holding a non-default role, listed, created, changed,
 * disabled and deleted by an administrator whose subtree holds all the organisations they manage;
 * which roles he may grant and where.
 */
import { sql } from 'kysely';
import { MSG } from '../../contract/messages';
import { ORGAN_LEVEL, P } from '../../contract/permissions';
import { PHONE_PATTERN } from '../../contract/validators';
import { action, type Call } from '../http/actions';
import { badRequest, forbidden, notFound } from '../http/errors';
import { cursorPageQuery, cursorPagingProps, idInput, objectInput, pagedInput, pageQuery, type CursorPagingInput, type PagingInput } from '../http/paging';
import { subtreePattern, getOrgan } from '../scope';
import { hashPassword } from '../security/passwords';
import { isReservedAccountName, PHONE_NAME_SQL } from '../security/account-names';
import type { Database } from '../db/database';
import { ROLE_LEVEL_NAMES } from './role';
import { assertStrong, passwordProp, phoneProp } from './user-account';
import { assertMayGrant, assertSeparated, SEPARATION_MSG } from '../security/three-admins';
import { grantEvent } from './grant-events';

/** Administrators: users holding a non-default role, shown with the organisations they manage. */
type AdminRole = { roleId: number; roleName: string; organId: number; organName: string; organPath: string };

const adminRows = (db: Database) =>
  db
    .selectFrom('users as u')
    .select([
      'u.id', 'u.userName', 'u.name', 'u.phoneNumber', 'u.isActive', 'u.userType', 'u.creationTime', 'u.lastLoginTime',
      sql<AdminRole[]>`(select coalesce(json_agg(json_build_object('roleId', r.id, 'roleName', r.display_name, 'organId', o.id, 'organName', o.organ_name, 'organPath', o.organ_path) order by ur.id), '[]'::json)
        from user_roles ur join roles r on r.id = ur.role_id join organizations o on o.id = ur.organ_id where ur.user_id = u.id and not r.is_default)`.as('roles'),
      // the roles as one line for the list (省级管理员（中共四川省委员会）)
      sql<string>`(select coalesce(string_agg(r.display_name || '（' || o.organ_name || '）', '、' order by ur.id), '')
        from user_roles ur join roles r on r.id = ur.role_id join organizations o on o.id = ur.organ_id where ur.user_id = u.id and not r.is_default)`.as('roleSummary'),
    ])
    .where('u.isDeleted', '=', false);

/**
 * An administrator may manage another administrator only when all that one's managed organisations
 * lie in his subtree; any other answers as a missing user (404), so ids reveal nothing.
 */
async function loadAdminInScope(call: Call<unknown>, id: number) {
  const row = await adminRows(call.ctx.db).where('u.id', '=', id).executeTakeFirst();
  const roles = row?.roles ?? [];
  if (!roles.length) throw notFound(MSG.userNotFound);
  for (const r of roles) call.requireVisible(r.organPath, MSG.userNotFound);
  return row;
}

/**
 * Whether the caller may grant the role: never the member role (it follows membership); a role of a
 * level at or below his own organisation's; a role bound to no level (教师) only at province level,
 * as only the province changes such roles (role.ts).
 */
export function roleGrantable(user: { organLevel?: number | null }, role: { isDefault: boolean; level: number | null }) {
  if (role.isDefault) return false;
  if (role.level == null) return user.organLevel === ORGAN_LEVEL.province;
  return user.organLevel != null && role.level >= user.organLevel;
}

/**
 * A role bound to a level manages organisations of that level only: a 县（市、区）级 role granted on a 支部
 * would give a branch's administrator the district's menus (and the reverse a district's
 * administrator a branch's). Level-free roles (教师, custom roles without a level) fit anywhere.
 * The message when the role does not fit the organisation, else null.
 */
export function roleLevelMisfit(role: { displayName: string; level: number | null }, organ: { organName: string; organLevel: number | null }): string | null {
  if (role.level == null || role.level === organ.organLevel) return null;
  // 基层党组织 reads 基层 before 角色 / 党组织
  const word = (level: number) => (ROLE_LEVEL_NAMES[level] ?? `第${level}级`).replace(/党组织$/, '');
  const roleLevel = word(role.level);
  const organLevel = organ.organLevel != null ? word(organ.organLevel) : '未定层级';
  return `角色“${role.displayName}”为${roleLevel}角色，只能在${roleLevel}党组织授予，“${organ.organName}”为${organLevel}党组织`;
}

/**
 * The organisation must lie in the caller's subtree (403 otherwise) and the role must be one he may
 * grant (403 for a role above him); the client's choices are never trusted.
 */
async function checkGrant(call: Call<unknown>, roleId: number, organId: number) {
  const organ = await getOrgan(call.ctx.db, organId);
  call.requireScope(organ.organPath);
  const role = await call.ctx.db.selectFrom('roles').selectAll().where('id', '=', roleId).executeTakeFirst();
  if (!role) throw badRequest(MSG.roleNotFound, { validationErrors: [{ message: MSG.roleNotFound, members: ['roleId'] }] });
  if (role.isDefault) throw badRequest('党员角色随党员身份自动授予，不能作为管理角色');
  if (!roleGrantable(call.user, role)) throw forbidden('不能授予高于本级的管理角色');
  await assertMayGrant(call.ctx.db, call.user, role.id);
  const misfit = roleLevelMisfit(role, organ);
  if (misfit) throw badRequest(misfit, { validationErrors: [{ message: misfit, members: ['organId'] }] });
  return { organ, role };
}

const adminProps = {
  userName: { type: 'string', minLength: 2, maxLength: 32, pattern: '^[A-Za-z0-9_.@-]+$', title: '用户名', 'x-message': '用户名为2至32位字母、数字或 _ . @ -' },
  name: { type: 'string', minLength: 1, maxLength: 50, title: '姓名', 'x-required-message': MSG.nameRequired },
  phoneNumber: phoneProp,
  password: passwordProp('密码'),
  roleId: { type: 'integer', minimum: 1, title: '角色', 'x-required-message': '请选择角色' },
  organId: { type: 'integer', minimum: 1, title: '管理组织', 'x-required-message': MSG.organRequired },
};

export const adminActions = {
  AdminPageList: action<CursorPagingInput & { keyword?: string; roleId?: number; isActive?: boolean }>({
    method: 'GET',
    summary: '管理员分页列表（管理组织在本人管理范围内）',
    access: { permission: P.Users },
    returns: '{totalCount, lastId, items: {id, userName, name, phoneNumber, isActive, roles:[{roleId, roleName, organId, organName}]}[]}',
    input: pagedInput({
      keyword: { type: 'string', maxLength: 50, title: '关键字' },
      roleId: { type: 'integer', minimum: 1, title: '角色' },
      isActive: { type: 'boolean', title: '是否启用' },
      ...cursorPagingProps,
    }),
    async handler({ ctx, input, user }) {
      // the administrators' roles by id: the planner then starts from their few user_roles rows
      // (index by role) instead of walking every member account (a million at province scale)
      const adminRoles = (await ctx.db.selectFrom('roles').select('id').where('isDefault', '=', false).execute()).map((r) => r.id).filter((id) => !input.roleId || id === input.roleId);
      if (!adminRoles.length) return { totalCount: 0, lastId: null, items: [] };
      let q = adminRows(ctx.db).where((eb) =>
        eb.exists(
          eb.selectFrom('userRoles as ur').innerJoin('organizations as o', 'o.id', 'ur.organId')
            .select('ur.id').whereRef('ur.userId', '=', 'u.id').where('ur.roleId', 'in', adminRoles)
            .where('o.organPath', 'like', subtreePattern(user.organPath)),
        ),
      );
      if (input.keyword) q = q.where((eb) => eb.or([eb('u.userName', 'like', `%${input.keyword}%`), eb('u.name', 'like', `%${input.keyword}%`), eb('u.phoneNumber', '=', input.keyword!.trim())]));
      if (input.isActive !== undefined) q = q.where('u.isActive', '=', input.isActive);
      return cursorPageQuery(q, input, async (list, lastId) => list.where('u.id', '>', lastId), (x) => x.orderBy('u.id'));
    },
  }),

  GetGrantableRoles: action({
    method: 'GET',
    summary: '本人可授予的管理角色（本级及以下层级；不限层级的角色仅省级可授予），新建管理员时选择',
    access: { permission: P.Users },
    returns: '[{id, name, displayName, level}]',
    async handler({ ctx, user }) {
      const rows = await ctx.db.selectFrom('roles').select(['id', 'name', 'displayName', 'level', 'isDefault']).orderBy('level', (ob) => ob.asc().nullsLast()).orderBy('id').execute();
      return rows.filter((r) => roleGrantable(user, r)).map(({ isDefault: _d, ...r }) => r);
    },
  }),

  GetAdminAsync: action<{ id: number }>({
    method: 'GET',
    summary: '管理员详情（管理范围内）',
    access: { permission: P.Users },
    input: idInput,
    async handler(call) {
      return loadAdminInScope(call, call.input.id);
    },
  }),

  CreateAdminAsync: action<{ userName: string; name: string; phoneNumber?: string; password: string; roleId: number; organId: number }>({
    method: 'POST',
    summary: '新建管理员并授予管理角色（管理组织须在本人管理范围内）',
    access: { permission: P.Users },
    input: objectInput(adminProps, ['userName', 'name', 'password', 'roleId', 'organId']),
    async handler(call) {
      const { ctx, input } = call;
      // a phone number as a name would sit in plain text beside the sealed one (docs/SECURITY.md §19)
      if (isReservedAccountName(input.userName) || new RegExp(PHONE_NAME_SQL).test(input.userName)) throw badRequest(MSG.userNameReserved, { validationErrors: [{ message: MSG.userNameReserved, members: ['userName'] }] });
      const { organ, role } = await checkGrant(call, input.roleId, input.organId);
      assertStrong(input.password);
      const exists = await ctx.db.selectFrom('users').select('id').where(sql`lower(user_name)`, '=', input.userName.toLowerCase()).where('isDeleted', '=', false).executeTakeFirst();
      if (exists) throw badRequest(MSG.userNameExists, { validationErrors: [{ message: MSG.userNameExists, members: ['userName'] }] });
      if (input.phoneNumber) {
        const phone = await ctx.db.selectFrom('users').select('id').where('phoneNumber', '=', input.phoneNumber).where('isDeleted', '=', false).executeTakeFirst();
        if (phone) throw badRequest(MSG.phoneExists, { validationErrors: [{ message: MSG.phoneExists, members: ['phoneNumber'] }] });
      }
      const passwordHash = await hashPassword(input.password);
      const id = await ctx.db.transaction().execute(async (trx) => {
        const u = await trx
          .insertInto('users')
          .values({ userName: input.userName, name: input.name, passwordHash, phoneNumber: input.phoneNumber ?? null, organId: organ.id, userType: role.userType || 1, needChangePassword: true, creatorUserId: call.user.userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('userRoles').values({ userId: u.id, roleId: role.id, organId: organ.id }).execute();
        await assertSeparated(trx);
        await grantEvent(ctx, trx, call.user, call.req, 'grant', `user:${u.id} ${input.userName}`, { action: '新建管理员并授予角色', role: role.name, organId: organ.id });
        return u.id;
      });
      return loadAdminInScope(call, id);
    },
  }),

  UpdateAdminAsync: action<{ id: number; name: string; phoneNumber?: string; roleId?: number; organId?: number }>({
    method: 'PUT',
    summary: '修改管理员信息；给出 roleId 与 organId 时增加（或保留）该管理角色',
    access: { permission: P.Users },
    input: objectInput(
      { id: { type: 'integer', minimum: 1, title: '用户' }, name: adminProps.name, phoneNumber: { ...phoneProp, type: ['string', 'null'], pattern: `^$|${PHONE_PATTERN.source}` }, roleId: adminProps.roleId, organId: adminProps.organId },
      ['id', 'name'],
    ),
    async handler(call) {
      const { ctx, input } = call;
      await loadAdminInScope(call, input.id);
      const grants = !!(input.roleId && input.organId);
      if (grants && input.id === call.user.userId) throw forbidden(SEPARATION_MSG.selfGrant);
      // a refused grant changes nothing, not even the name
      if (grants) await checkGrant(call, input.roleId!, input.organId!);
      if (input.phoneNumber) {
        const phone = await ctx.db.selectFrom('users').select('id').where('phoneNumber', '=', input.phoneNumber).where('id', '!=', input.id).where('isDeleted', '=', false).executeTakeFirst();
        if (phone) throw badRequest(MSG.phoneExists, { validationErrors: [{ message: MSG.phoneExists, members: ['phoneNumber'] }] });
      }
      await ctx.db.transaction().execute(async (trx) => {
        // an emptied phone field clears the number
        await trx.updateTable('users').set({ name: input.name, phoneNumber: input.phoneNumber || null }).where('id', '=', input.id).execute();
        if (grants) {
          const added = await trx.insertInto('userRoles').values({ userId: input.id, roleId: input.roleId!, organId: input.organId! }).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
          await assertSeparated(trx);
          if (added) await grantEvent(ctx, trx, call.user, call.req, 'grant', `user:${input.id}`, { action: '授予管理角色', roleId: input.roleId, organId: input.organId });
        }
      });
      // his open sessions show the new role at their next request (in every process)
      if (grants) await ctx.sessions.invalidateUser(input.id);
      return loadAdminInScope(call, input.id);
    },
  }),

  SetAdminActiveAsync: action<{ id: number; isActive: boolean }>({
    method: 'POST',
    summary: '启用或停用管理员账号（停用后其令牌立即失效）',
    access: { permission: P.Users },
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '用户' }, isActive: { type: 'boolean', title: '是否启用' } }, ['id', 'isActive']),
    async handler(call) {
      if (call.input.id === call.user.userId) throw badRequest('不能停用当前登录的账号');
      await loadAdminInScope(call, call.input.id);
      await call.ctx.db.transaction().execute(async (trx) => {
        // enabling counts as a fresh start for the unused-account rule (services/account-policy.ts)
        await trx.updateTable('users').set({ isActive: call.input.isActive, ...(call.input.isActive ? { enabledAt: call.ctx.now() } : {}) }).where('id', '=', call.input.id).execute();
        await grantEvent(call.ctx, trx, call.user, call.req, 'accountChange', `user:${call.input.id}`, { action: call.input.isActive ? '启用账号' : '停用账号' });
      });
      await call.ctx.sessions.invalidateUser(call.input.id);
      return true;
    },
  }),

  Delete: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除管理员：收回其在本人管理范围内的全部管理角色；没有其他身份的账号一并注销',
    access: { permission: P.Users },
    input: idInput,
    async handler(call) {
      const { ctx, input, user } = call;
      if (input.id === user.userId) throw badRequest(MSG.cannotDeleteSelf);
      await loadAdminInScope(call, input.id);
      await ctx.db.transaction().execute(async (trx) => {
        const inScope = await trx
          .selectFrom('userRoles as ur').innerJoin('roles as r', 'r.id', 'ur.roleId').innerJoin('organizations as o', 'o.id', 'ur.organId')
          .select('ur.id').where('ur.userId', '=', input.id).where('r.isDefault', '=', false).where('o.organPath', 'like', subtreePattern(user.organPath))
          .execute();
        if (inScope.length) await trx.deleteFrom('userRoles').where('id', 'in', inScope.map((r) => r.id)).execute();
        await grantEvent(ctx, trx, user, call.req, 'grant', `user:${input.id}`, { action: '删除管理员，收回管理角色', removed: inScope.length });
        const left = await trx.selectFrom('userRoles').select('id').where('userId', '=', input.id).executeTakeFirst();
        const member = await trx.selectFrom('partyMembers').select('id').where('userId', '=', input.id).where('isDeleted', '=', false).executeTakeFirst();
        if (!left && !member) await trx.updateTable('users').set({ isDeleted: true, isActive: false }).where('id', '=', input.id).execute();
      });
      await ctx.sessions.invalidateUser(input.id);
      return true;
    },
  }),
};
