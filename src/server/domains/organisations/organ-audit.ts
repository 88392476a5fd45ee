/**
 * 组织审核: an organisation or a unit created by an administrator below the province
 * waits (audit_status 0) for the administrators above him — the level above the creator audits,
 * never the creator's own level. Until approved it is not offered to members (pickers, search,
 * registration, transfers) and nothing is created under it. A rejected one keeps the remark; an
 * edit resubmits it, or it is deleted. Decisions go through the one workflow decision helper and
 * its history (subject types `organization` and `unit`).
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { CurrentUser } from '../../http/auth';
import type { Call } from '../../http/actions';
import { mayAct, takeStep } from '../../workflow/decide';
import { hasPermission } from '../../http/actions';
import { P } from '../../../contract/permissions';
import type { TransitionDef } from '../../workflow/types';
import { historyOf } from '../../workflow/history';
import { ORGAN_AUDIT } from '../../scope';
import { objectInput } from '../../http/paging';

export const AUDIT_STATE = ORGAN_AUDIT;

export type AuditSubjectType = 'organization' | 'unit';

const NOUN: Record<AuditSubjectType, string> = { organization: '组织', unit: '单位' };

/** The level above the submitter decides: the subject's path is the submitter's managed organisation. */
const AUDIT: TransitionDef = { title: '审核', from: [0], approve: 1, reject: 2, actor: 'above', remark: 'onReject' };
/** Anyone managing the rejected organisation or unit corrects it and sends it back. */
const RESUBMIT: TransitionDef = { title: '重新提交', from: [2], to: 0, actor: 'subtree', remark: 'optional' };

export const HISTORY_TITLES = { submit: '提交', audit: '审核', resubmit: '重新提交' };

/** What a new organisation or unit starts with: approved when the province creates it, else waiting for the level above. */
export function initialAudit(user: CurrentUser): { auditStatus: number; submitOrganPath: string | null } {
  const isProvince = user.organPath.split('/').filter(Boolean).length <= 1;
  return isProvince ? { auditStatus: AUDIT_STATE.approved, submitOrganPath: null } : { auditStatus: AUDIT_STATE.pending, submitOrganPath: user.organPath };
}

/** The first history line of a subject that waits for audit, written in the creating transaction. */
export async function recordSubmit(trx: Transaction<DB>, call: Call<unknown>, type: AuditSubjectType, id: number) {
  await trx
    .insertInto('workflowHistory')
    .values({ subjectType: type, subjectId: id, transition: 'submit', fromState: null, toState: AUDIT_STATE.pending, actorUserId: call.user.userId, actorOrganId: call.user.organId, remark: null, creationTime: call.ctx.now() })
    .execute();
}

interface Auditable {
  id: number;
  /** a unit's organisation; an organisation is its own */
  organId?: number | null;
  organPath: string;
  auditStatus: number;
  submitOrganPath: string | null;
  /** the administrator who created it: his case (he does not approve it in another role) */
  creatorUserId?: number | null;
}

const tableOf = (type: AuditSubjectType) => (type === 'organization' ? 'organizations' : 'units') as 'organizations' | 'units';

/** 审核: approve or reject (a remark required when rejecting) by an administrator above the submitter. */
export function decide(call: Call<{ approved?: boolean; remark?: string }>, type: AuditSubjectType, row: Auditable) {
  return takeStep(call, {
    subject: { type, id: row.id, noun: NOUN[type], state: row.auditStatus, organId: row.organId ?? row.id, organPath: row.submitOrganPath ?? row.organPath, ownerUserId: null, caseUserIds: [row.creatorUserId ?? null], caseNoun: `新建${NOUN[type]}` },
    name: 'audit',
    // approved at creation (no submitter): nothing to audit, answered as already decided
    step: row.submitOrganPath ? AUDIT : { ...AUDIT, from: [] },
    input: call.input,
    async apply(trx, to, remark) {
      const hit = await trx
        .updateTable(tableOf(type))
        .set({ auditStatus: to, auditRemark: remark, lastModificationTime: call.ctx.now() })
        .where('id', '=', row.id)
        .where('auditStatus', '=', AUDIT_STATE.pending)
        .returning('id')
        .executeTakeFirst();
      return !!hit;
    },
  });
}

/** An edit of a rejected organisation or unit sends it back to the level above, in the edit's transaction. */
export async function resubmitIfRejected(call: Call<unknown>, type: AuditSubjectType, row: Auditable, trx: Transaction<DB>) {
  if (row.auditStatus !== AUDIT_STATE.rejected) return;
  await takeStep(call, {
    trx,
    subject: { type, id: row.id, noun: NOUN[type], state: row.auditStatus, organId: row.organId ?? row.id, organPath: row.organPath, ownerUserId: null, caseUserIds: [] },
    name: 'resubmit',
    step: RESUBMIT,
    input: {},
    async apply(trx, to) {
      const hit = await trx.updateTable(tableOf(type)).set({ auditStatus: to }).where('id', '=', row.id).where('auditStatus', '=', AUDIT_STATE.rejected).returning('id').executeTakeFirst();
      return !!hit;
    },
  });
}

/** Whether the caller may decide it now (the screens' 审核 action): pending, he is above its submitter, and did not create it himself. */
export const mayAudit = (user: CurrentUser, row: Pick<Auditable, 'auditStatus' | 'submitOrganPath' | 'creatorUserId'>) =>
  row.auditStatus === AUDIT_STATE.pending && !!row.submitOrganPath && !user.isDefaultRole && hasPermission(user, P.OrganAudit) && row.creatorUserId !== user.userId &&
  mayAct(user, AUDIT.actor, { type: 'organization', id: 0, noun: '', state: 0, organId: 0, organPath: row.submitOrganPath, ownerUserId: null, caseUserIds: [] });

export const auditHistory = (call: Call<unknown>, type: AuditSubjectType, id: number) => historyOf(call.ctx.db, type, id, HISTORY_TITLES);

/** The input of 审核 (AuditOrganAsync, AuditUnitAsync): the subject, the verdict, the remark. */
export const auditDecisionInput = (type: AuditSubjectType) =>
  objectInput(
    { id: { type: 'integer', minimum: 1, title: NOUN[type] }, approved: { type: 'boolean', title: '审核结果' }, remark: { type: 'string', maxLength: 500, title: '备注' } },
    ['id', 'approved'],
  );

export const auditListProps = {
  auditStatus: { type: 'integer', enum: [0, 1, 2], default: 0, title: '审核状态' },
};
