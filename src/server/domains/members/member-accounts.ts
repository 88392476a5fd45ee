/**
 * Writing members: a member and his login account (named `dy<id>`; he signs in with his phone number) are made together —
 * by an administrator (Create, SimpleCreate, the Excel import, 转为正式党员) or by the member's own
 * registration — and an administrator's change may move him (and his member role) to another
 * organisation of his subtree.
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { MSG } from '../../../contract/messages';
import type { Call } from '../../http/actions';
import { badRequest } from '../../http/errors';
import { requireApproved, getOrgan } from '../../scope';
import { hashPassword } from '../../security/passwords';
import { memberAccountName, nextUserId } from '../../security/account-names';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { MemberRow } from './member-profile';
import { followMembership } from '../../services/roles-follow';
import { assertUnique, checkForm, toColumns, type FormOptions, type MemberColumns, type Profile } from './member-form';

type NewMember = { cols: MemberColumns; organ: { id: number; organPath: string }; passwordHash: string };

/** Phone numbers already taken by a member or an account (older accounts may still be named by a number). */
export async function takenPhones(db: Database, phones: string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const [m, u] = await Promise.all([
    db.selectFrom('partyMembers').select('phoneNumber').where('phoneNumber', 'in', phones).where('isDeleted', '=', false).execute(),
    db.selectFrom('users').select(['phoneNumber', 'userName']).where((eb) => eb.or([eb('phoneNumber', 'in', phones), eb('userName', 'in', phones)])).where('isDeleted', '=', false).execute(),
  ]);
  return new Set([...m.map((r) => r.phoneNumber!), ...u.flatMap((r) => [r.phoneNumber ?? '', r.userName])].filter((x) => phones.includes(x)));
}

/** Identity cards already on a member's record. */
export async function takenIdCards(db: Database, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('partyMembers').select('idCard').where('idCard', 'in', ids).where('isDeleted', '=', false).execute();
  return new Set(rows.map((r) => r.idCard!));
}

/**
 * Writes members and their login accounts (a generated name, never the phone number) inside the caller's
 * transaction: the one path of Create, SimpleCreate, registration and the Excel import.
 */
export async function insertMembers(trx: Database, call: Call<unknown>, news: NewMember[], opts: { status: number; needChangePassword: boolean }) {
  const defaultRole = await trx.selectFrom('roles').select('id').where('isDefault', '=', true).executeTakeFirst();
  const ids: number[] = [];
  for (const n of news) {
    const { cols, organ, passwordHash } = n;
    const userId = await nextUserId(trx);
    const u = await trx
      .insertInto('users')
      .values({ id: userId, userName: memberAccountName(userId), name: cols.name, passwordHash, phoneNumber: cols.phoneNumber, phoneConfirmed: opts.status === 0, organId: organ.id, userType: 0, needChangePassword: opts.needChangePassword, creatorUserId: call.user?.userId ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const m = await trx
      .insertInto('partyMembers')
      .values({ ...cols, userId: u.id, organId: organ.id, organPath: organ.organPath, status: opts.status, creatorUserId: call.user?.userId ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    // a pending registration gets the member role only once approved
    if (opts.status === 1 && defaultRole) await trx.insertInto('userRoles').values({ userId: u.id, roleId: defaultRole.id, organId: organ.id }).execute();
    ids.push(m.id);
  }
  return ids;
}

/**
 * Creates the member and his login account in one transaction — or in the caller's (`trx`: a
 * workflow step that makes a member, e.g. 转为正式党员).
 */
export async function createMember(
  call: Call<unknown>,
  p: Profile,
  opts: { status: number; password: string; needChangePassword: boolean } & FormOptions,
  trx?: Transaction<DB>,
) {
  const db: Database = trx ?? call.ctx.db;
  checkForm(p, undefined, { checksum: opts.checksum, idCardMember: opts.idCardMember });
  const organ = await getOrgan(db, p.organId);
  // registration and administrators alike: never into an organisation waiting for audit
  requireApproved(organ);
  const cols = toColumns(p);
  await assertUnique(db, 'idCard', cols.idCard);
  await assertUnique(db, 'phoneNumber', cols.phoneNumber);
  if ((await takenPhones(db, [cols.phoneNumber!])).size) throw badRequest(MSG.phoneExists, { validationErrors: [{ message: MSG.phoneExists, members: ['phoneNumber'] }] });
  const passwordHash = await hashPassword(opts.password);
  const write = (t: Transaction<DB>) => insertMembers(t as unknown as Database, call, [{ cols, organ, passwordHash }], opts);
  const [id] = await (trx ? write(trx) : call.ctx.db.transaction().execute(write));
  return id;
}

/**
 * Moves the member when an administrator changes his organisation: his account, his default-role
 * binding and the sessions signed in with it go with him; administrator roles on organisations he
 * no longer belongs to end (services/roles-follow.ts).
 */
export async function updateMember(call: Call<unknown>, stored: MemberRow, p: Profile, allowOrganChange: boolean) {
  const { ctx } = call;
  checkForm(p, stored, allowOrganChange ? { checksum: true, idCardMember: 'addition.idCard' } : undefined);
  const cols = toColumns(p, stored);
  await assertUnique(ctx.db, 'idCard', cols.idCard, stored.id);
  await assertUnique(ctx.db, 'phoneNumber', cols.phoneNumber, stored.id);
  let organ = { id: stored.organId, organPath: stored.organPath };
  if (allowOrganChange && p.organId !== stored.organId) {
    const target = await getOrgan(ctx.db, p.organId);
    call.requireScope(target.organPath);
    requireApproved(target);
    organ = { id: target.id, organPath: target.organPath };
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('partyMembers').set({ ...cols, organId: organ.id, organPath: organ.organPath, lastModificationTime: ctx.now() }).where('id', '=', stored.id).execute();
    if (stored.userId) {
      await trx.updateTable('users').set({ name: cols.name, organId: organ.id }).where('id', '=', stored.userId).execute();
      if (organ.id !== stored.organId) {
        const def = await trx.selectFrom('roles').select('id').where('isDefault', '=', true).executeTakeFirst();
        if (def) {
          await trx.updateTable('userRoles').set({ organId: organ.id }).where('userId', '=', stored.userId).where('roleId', '=', def.id).execute();
          await trx.updateTable('authSessions').set({ organId: organ.id }).where('userId', '=', stored.userId).where('organId', '=', stored.organId).where('roleId', '=', def.id).execute();
        }
        await followMembership(trx as unknown as Database, call, {
          userId: stored.userId,
          from: { id: stored.organId, organPath: stored.organPath },
          to: organ,
          reason: '管理员调整其所在党组织',
        });
      }
    }
  });
}

export const initialPassword = () => `Dj${randomBytes(6).toString('base64url')}9`;
/** The SMS of an account an administrator opened (Create, SimpleCreate, import). */
export const sendInitialPassword = (call: Call<unknown>, phone: string, password: string) =>
  call.ctx.sms.send(phone, `【党建学习平台】已为您开通党员账号，请用本手机号登录，初始密码${password}，首次登录请修改密码。`);

/**
 * An administrator's new member of his subtree, with an account whose initial password goes out by
 * SMS; in the caller's transaction when given (a member made by 转为正式党员). Answers the member id.
 */
export async function openMember(call: Call<unknown>, profile: Profile, trx?: Transaction<DB>, idCardMember = 'addition.idCard') {
  const organ = await getOrgan(trx ?? call.ctx.db, profile.organId);
  call.requireScope(organ.organPath);
  const password = initialPassword();
  const id = await createMember(call, profile, { status: 1, password, needChangePassword: true, checksum: true, idCardMember }, trx);
  // inside a caller's transaction the account exists only once it commits: the SMS waits for that
  if (trx) call.afterSuccess(() => sendInitialPassword(call, profile.phoneNumber, password));
  else await sendInitialPassword(call, profile.phoneNumber, password);
  return id;
}
