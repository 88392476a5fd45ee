import { sql } from 'kysely';
import { badRequest, invalid } from '../../http/errors';
import type { CheckContext } from '../../records/checks';
import type { EffectContext } from '../../workflow/effects';
import { workflowOf } from '../../records/op-kit';
import { calendarDay } from '../../../contract/platform-time';
import { ORGAN_CHANGE, FLOW } from '../../../contract/party-space';
import { followMembership } from '../../services/roles-follow';

/**
 * 组织关系转接 and 流动党员: what the record store cannot know — the target must be a 党支部 other
 * than the member's own, and a completed transfer moves the member (his organisation, the scope of
 * his member role, his open applications and his study statistics) in the transaction that
 * completes it.
 */

const field = (message: string, member: string) => invalid([{ message, members: [member] }]);

/** An organisation the member may move or anchor to: a branch (organType 5, 党支部) of the province tree, not his own. */
async function targetBranch(c: CheckContext, organId: unknown, member: string, sameMessage: string) {
  if (typeof organId !== 'number') throw field(ORGAN_CHANGE.msg.targetRequired, member);
  const o = await c.call.ctx.db.selectFrom('organizations').select(['id', 'organName', 'organType']).where('id', '=', organId).where('isDeleted', '=', false).executeTakeFirst();
  if (!o) throw field(ORGAN_CHANGE.msg.targetMissing, member);
  if (o.organType !== ORGAN_CHANGE.branchType) throw field(ORGAN_CHANGE.msg.notBranch, member);
  if (o.id === c.owner.organ.id) throw field(sameMessage, member);
  return o;
}

async function organName(c: CheckContext, id: number) {
  const o = await c.call.ctx.db.selectFrom('organizations').select('organName').where('id', '=', id).executeTakeFirst();
  return o?.organName ?? '';
}

/** The transfer's target: a branch of the province (省内), or a receiving organisation named in words (转出省外). */
export async function checkOrganChangeTarget(c: CheckContext) {
  const fromOrganName = await organName(c, c.owner.organ.id);
  if (c.data.changeType === ORGAN_CHANGE.type.outOfProvince) {
    const name = typeof c.data.toOrganName === 'string' ? c.data.toOrganName.trim() : '';
    if (!name) throw field(ORGAN_CHANGE.msg.outNameRequired, 'toOrganName');
    return { toOrganId: null, toOrganName: name, fromOrganId: c.owner.organ.id, fromOrganName };
  }
  const o = await targetBranch(c, c.data.toOrganId, 'toOrganId', ORGAN_CHANGE.msg.sameOrgan);
  return { toOrganName: o.organName, fromOrganId: c.owner.organ.id, fromOrganName };
}

/** A flow anchored to a branch of the province names it; one out of the province names the place and organisation in words. */
export async function checkFlowTarget(c: CheckContext) {
  const outOrganName = await organName(c, c.owner.organ.id);
  if (c.data.flowType === FLOW.type.outOfProvince) {
    const name = typeof c.data.flowInOrganName === 'string' ? c.data.flowInOrganName.trim() : '';
    return { flowInOrganId: null, flowInOrganName: name || null, outOrganId: c.owner.organ.id, outOrganName };
  }
  const o = await targetBranch(c, c.data.flowInOrganId, 'flowInOrganId', FLOW.msg.sameOrgan);
  return { flowInOrganName: o.organName, outOrganId: c.owner.organ.id, outOrganName };
}

/** States of an entity's workflow in which a record still waits for someone: the `from` of any step but the owner's own. */
function openStates(e: EffectContext['entity']) {
  const wf = workflowOf(e);
  return [...new Set(Object.values(wf?.transitions ?? {}).filter((t) => t.actor !== 'owner' && t.actor !== 'parentOwner').flatMap((t) => t.from))];
}

/**
 * The transfer is complete. In the province: the member belongs to the receiving branch from now on —
 * his profile and account, his member role (and the sessions signed in with it), his applications
 * still waiting for an organisation, and his study statistics (totals and declared hours) move with
 * him. Out of the province: the introduction letter gets its number and the member leaves the
 * branch's roster (status 3); his 党员 role stays, so that he still reads his own records and the
 * letter, and his applications stay where they wait. Either way the administrator roles he held on
 * organisations he no longer belongs to end, his sessions are revoked and the audit log says so
 * (services/roles-follow.ts).
 */
export async function completeOrganChange({ trx, call, entities, record, data, to }: EffectContext) {
  if (to !== ORGAN_CHANGE.state.done || !record.ownerUserId) return;
  const userId = record.ownerUserId;
  const now = call.ctx.now();
  const member = await trx.selectFrom('partyMembers').select(['id', 'organId', 'organPath']).where('userId', '=', userId).where('isDeleted', '=', false).executeTakeFirst();
  if (!member) throw badRequest('该党员档案不存在，无法办理转接');

  if (data.changeType === ORGAN_CHANGE.type.outOfProvince) {
    const year = calendarDay(now, call.ctx.config.platformTz).slice(0, 4);
    const letterNo = `川组转〔${year}〕${String(record.id).padStart(6, '0')}号`;
    await trx.updateTable('records').set({ data: sql`data || ${JSON.stringify({ letterNo, letterDate: calendarDay(now, call.ctx.config.platformTz) })}::jsonb` }).where('id', '=', record.id).execute();
    await trx.updateTable('partyMembers').set({ status: ORGAN_CHANGE.memberTransferredOut, lastModificationTime: now }).where('id', '=', member.id).execute();
    await followMembership(trx, call, { userId, from: { id: member.organId, organPath: member.organPath }, to: null, reason: `组织关系转接（转出省外：${String(data.toOrganName ?? '')}）` });
    return;
  }

  const target = await trx.selectFrom('organizations').select(['id', 'organPath', 'organLevel', 'isDeleted']).where('id', '=', Number(data.toOrganId)).executeTakeFirst();
  if (!target || target.isDeleted) throw badRequest(ORGAN_CHANGE.msg.targetMissing);
  const oldId = member.organId;
  const oldPath = member.organPath;

  await trx.updateTable('partyMembers').set({ organId: target.id, organPath: target.organPath, lastModificationTime: now }).where('id', '=', member.id).execute();
  await trx.updateTable('users').set({ organId: target.id }).where('id', '=', userId).execute();

  const defaultRoles = trx.selectFrom('roles').select('id').where('isDefault', '=', true);
  await trx.updateTable('userRoles').set({ organId: target.id }).where('userId', '=', userId).where('organId', '=', oldId).where('roleId', 'in', defaultRoles).execute();
  await trx.updateTable('authSessions').set({ organId: target.id }).where('userId', '=', userId).where('organId', '=', oldId).where('roleId', 'in', defaultRoles).execute();
  // he no longer administers what he no longer belongs to
  await followMembership(trx, call, { userId, from: { id: oldId, organPath: oldPath }, to: { id: target.id, organPath: target.organPath }, reason: `组织关系转接（省内转至${String(data.toOrganName ?? '')}）` });

  // applications still waiting for his old branch wait for the new one: one statement over every entity's open states
  const open = [...entities.values()].filter((e) => e.name !== record.entity).map((e) => [e.name, openStates(e)] as const).filter(([, states]) => states.length);
  if (open.length) {
    await trx
      .updateTable('records')
      .set({ organId: target.id, organPath: target.organPath, organLevel: target.organLevel })
      .where('ownerUserId', '=', userId)
      .where('organId', '=', oldId)
      .where('isDeleted', '=', false)
      .where((eb) => eb.or(open.map(([name, states]) => eb.and([eb('entity', '=', name), eb('auditStatus', 'in', states)]))))
      .execute();
  }

  // his study statistics count for the organisation he belongs to
  await trx.updateTable('studyTotals').set({ organPath: target.organPath }).where('userId', '=', userId).where('organPath', '=', oldPath).execute();
  await trx.updateTable('offlineReports').set({ organId: target.id, organPath: target.organPath }).where('userId', '=', userId).where('organId', '=', oldId).execute();

}

/** An approved flow makes him a 流动党员 (the profile's isFlowMember); ending it makes him one no longer. */
export async function setFlowMember({ trx, call, record, to }: EffectContext) {
  if (!record.ownerUserId) return;
  const isFlowMember = to === FLOW.state.flowing ? true : to === FLOW.state.ended ? false : null;
  if (isFlowMember === null) return;
  const now = call.ctx.now();
  await trx
    .updateTable('partyMembers')
    .set({ partyMember: sql`coalesce(party_member, '{}'::jsonb) || ${JSON.stringify({ isFlowMember })}::jsonb`, lastModificationTime: now })
    .where('userId', '=', record.ownerUserId)
    .where('isDeleted', '=', false)
    .execute();
  if (to === FLOW.state.ended) {
    await trx.updateTable('records').set({ data: sql`data || ${JSON.stringify({ actualEndDate: calendarDay(now, call.ctx.config.platformTz) })}::jsonb` }).where('id', '=', record.id).execute();
  }
}
