/**
 * Reading members: the one query of a member with his organisation and account, the loaders by id
 * (inside the caller's subtree or not), and the administrator's view of the identity card and phone
 * (masked unless he holds Pages.PartyMember.ViewSensitive; each full view logged).
 */
import { MSG } from '../../../contract/messages';
import { P } from '../../../contract/permissions';
import { hasPermission, type Call } from '../../http/actions';
import { notFound } from '../../http/errors';
import { recordSensitiveView } from '../../http/audit-log';
import type { Database } from '../../db/database';
import { toProfile, type MemberRow } from './member-profile';

export const PROFILE = '党员档案 {id, name, organId, organName, headImage, userName, phoneNumber, isJoinOneLineSituation, addition{…}, partyMember{…}}';

/** Members (not deleted) with their organisation's name and their account's user name. */
export const memberRows = (db: Database) =>
  db
    .selectFrom('partyMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organId')
    .leftJoin('users as u', 'u.id', 'm.userId')
    .select([
      'm.id', 'm.userId', 'm.organId', 'm.organPath', 'o.organName', 'u.userName', 'm.name', 'm.idCard', 'm.phoneNumber', 'm.sex', 'm.headImage',
      'm.partyDutyCode', 'm.isJoinOneLineSituation', 'm.status', 'm.addition', 'm.partyMember', 'm.creationTime', 'm.auditRemark', 'm.auditTime',
    ])
    .where('m.isDeleted', '=', false);

export type MemberRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof memberRows>['executeTakeFirst']>>>;

export async function loadMember(db: Database, id: number) {
  const row = await memberRows(db).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.memberNotFound);
  return row;
}

/** The one loader of another member by id: beyond the caller's subtree he answers as a missing one (404). */
export async function loadInScope(call: Call<unknown>, id: number, notFoundMessage: string = MSG.memberNotFound) {
  const row = await memberRows(call.ctx.db).where('m.id', '=', id).executeTakeFirst();
  call.requireVisible(row?.organPath, notFoundMessage);
  return row!;
}

/** Who saw whose identity card and phone in full (auditLogs). */
export const logSensitiveView = (call: Call<unknown>, action: string, memberIds: number[], detail?: Record<string, unknown>) =>
  recordSensitiveView(call.ctx, call.req, { service: 'PartyMemberService', action, targetIds: memberIds, detail, module: '党员管理' });

export const canSeeSensitive = (call: Call<unknown>) => hasPermission(call.user, P.PartyMemberViewSensitive);

/** A profile as an administrator's answer: identity card and phone masked unless he holds the right. */
export const adminView = (call: Call<unknown>, row: MemberRow) => toProfile(row, canSeeSensitive(call));
