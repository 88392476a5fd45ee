/**
 * Unused accounts (等保 2.0 level 3, 访问控制: 及时删除或停用多余的、过期的账户; docs/SECURITY.md §17):
 * an account whose last sign-in (or, never signed in, its creation) is older than
 * INACTIVE_DISABLE_ADMIN_DAYS (an account holding any administrator role) or
 * INACTIVE_DISABLE_MEMBER_DAYS (the others) is disabled — at its next sign-in attempt, and by a
 * daily sweep through the job queue, so the rule holds whether or not the job ran. An administrator
 * of the organisation re-enables it (UserService, 启用).
 *
 * The province's own administrators (a role at the root organisation) are never disabled by this:
 * someone must remain who can re-enable the others. Their accounts are reviewed by hand.
 */
import { sql } from 'kysely';
import { MSG } from '../../contract/messages';
import type { AppContext } from '../context';
import type { JobDef } from '../jobs/runner';
import { badRequest } from '../http/errors';

const DAY_MS = 86_400_000;

/** Accounts past their kind's limit, as a filter on users `u` (null: the rule is off). */
function overdue(ctx: AppContext) {
  const { admin, member } = ctx.config.authPolicy.inactiveDays;
  if (!admin && !member) return null;
  const now = ctx.now().getTime();
  const holdsAdmin = sql<boolean>`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and not r.is_default)`;
  const rootAdmin = sql<boolean>`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id join organizations o on o.id = ur.organ_id where ur.user_id = u.id and not r.is_default and o.parent_id is null)`;
  const last = sql`greatest(u.last_login_time, u.enabled_at, u.creation_time)`;
  const parts = [];
  if (admin) parts.push(sql`(${holdsAdmin} and ${last} < ${new Date(now - admin * DAY_MS)})`);
  if (member) parts.push(sql`(not ${holdsAdmin} and ${last} < ${new Date(now - member * DAY_MS)})`);
  return sql<boolean>`(u.is_active and not u.is_deleted and not ${rootAdmin} and (${sql.join(parts, sql` or `)}))`;
}

/** At sign-in (after the credentials were right): an account past its limit is disabled now, and told so. */
export async function disableIfUnused(ctx: AppContext, userId: number) {
  const cond = overdue(ctx);
  if (!cond) return;
  const hit = await ctx.db
    .updateTable('users as u')
    .set({ isActive: false })
    .where('u.id', '=', userId)
    .where(cond)
    .returning('u.id')
    .executeTakeFirst();
  if (hit) throw badRequest(MSG.accountDisabledUnused);
}

/** Disables every account past its limit; answers how many. */
export async function disableUnusedAccounts(ctx: AppContext): Promise<number> {
  const cond = overdue(ctx);
  if (!cond) return 0;
  const rows = await ctx.db.updateTable('users as u').set({ isActive: false }).where(cond).returning('u.id').execute();
  for (const r of rows) await ctx.sessions.invalidateUser(r.id);
  if (rows.length) ctx.log?.info?.({ count: rows.length }, 'unused accounts disabled');
  return rows.length;
}

export const inactiveAccountsJob = (ctx: AppContext): JobDef => ({
  kind: 'accounts.disable-unused',
  everyMs: DAY_MS,
  run: async () => {
    await disableUnusedAccounts(ctx);
  },
});
