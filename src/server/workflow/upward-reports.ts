import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Database } from '../db/database';
import type { Call } from '../http/actions';
import { badRequest, notFound } from '../http/errors';
import { isInSubtree, subtreePattern, actingOrgan } from '../scope';
import { takeStep } from './decide';
import { AUDIT_STEP } from './types';

/**
 * Reports upward (上报), for configured records and resources alike: an organisation reports one
 * of its items to the organisation above; any superior takes it up (approval copies the item into
 * the approver's library). One table, one decision path.
 */
export const REPORT_MSG = { notFound: '上报记录不存在', topOrgan: '已是最高一级组织，无法上报' } as const;

/** Reports an item of `fromOrganId` to its parent organisation; `pending` is the message when one already waits. */
export async function submitReport(call: Call<unknown>, r: { subjectType: string; subjectId: number; fromOrganId: number; remark?: string | null; pending: string }) {
  const { db } = call.ctx;
  const parent = await db.selectFrom('organizations as o').innerJoin('organizations as p', 'p.id', 'o.parentId').select('p.organPath').where('o.id', '=', r.fromOrganId).executeTakeFirst();
  if (!parent) throw badRequest(REPORT_MSG.topOrgan);
  const waiting = await db.selectFrom('upwardReports').select('id').where('subjectType', '=', r.subjectType).where('subjectId', '=', r.subjectId).where('status', '=', 0).executeTakeFirst();
  if (waiting) throw badRequest(r.pending);
  const row = await db
    .insertInto('upwardReports')
    .values({ subjectType: r.subjectType, subjectId: r.subjectId, fromOrganId: r.fromOrganId, toOrganPath: parent.organPath, remark: r.remark?.trim() || null, reporterUserId: call.user.userId, creationTime: call.ctx.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Reports addressed to the caller's organisation or one below it: any superior may take them up. */
export const reportsAddressedTo = (db: Database, subjectType: string, organPath: string) =>
  db.selectFrom('upwardReports as rp').where('rp.subjectType', '=', subjectType).where('rp.toOrganPath', 'like', subtreePattern(organPath));

async function loadAddressed(call: Call<unknown>, subjectType: string, id: number) {
  const rp = await call.ctx.db.selectFrom('upwardReports').selectAll().where('id', '=', id).where('subjectType', '=', subjectType).executeTakeFirst();
  // a report addressed beyond the caller's subtree answers as a missing one
  if (!rp || !isInSubtree(rp.toOrganPath, actingOrgan(call.user).path)) throw notFound(REPORT_MSG.notFound);
  return rp;
}

/** Approves (then `adopt` copies the item and answers the copy's id) or rejects a report. */
export async function decideReport(
  call: Call<unknown>,
  d: { subjectType: string; id: number; noun: string; approved: boolean; remark?: string | null; adopt(trx: Transaction<DB>): Promise<number | null> },
) {
  const rp = await loadAddressed(call, d.subjectType, d.id);
  await takeStep(call, {
    subject: { type: 'report', id: rp.id, noun: d.noun, state: rp.status, organId: rp.fromOrganId, organPath: rp.toOrganPath, ownerUserId: rp.reporterUserId, caseUserIds: [rp.reporterUserId], caseNoun: '上报' },
    name: 'audit',
    step: AUDIT_STEP,
    input: { approved: d.approved, remark: d.remark },
    async apply(trx, to, remark) {
      const hit = await trx
        .updateTable('upwardReports')
        .set({ status: to, auditRemark: remark, auditorUserId: call.user.userId, auditTime: call.ctx.now() })
        .where('id', '=', rp.id)
        .where('status', '=', 0)
        .returning('id')
        .executeTakeFirst();
      return !!hit;
    },
    async after(trx, to) {
      if (to !== AUDIT_STEP.approve) return;
      const resultId = await d.adopt(trx);
      await trx.updateTable('upwardReports').set({ resultId }).where('id', '=', rp.id).execute();
    },
  });
}

/** Withdraws a pending report of the caller's own organisation. */
export async function withdrawReport(call: Call<unknown>, subjectType: string, id: number, decidedMessage: string) {
  const rp = await call.ctx.db.selectFrom('upwardReports').select(['id', 'fromOrganId', 'status']).where('id', '=', id).where('subjectType', '=', subjectType).executeTakeFirst();
  if (!rp || rp.fromOrganId !== actingOrgan(call.user).id) throw notFound(REPORT_MSG.notFound);
  if (rp.status !== 0) throw badRequest(decidedMessage);
  await call.ctx.db.deleteFrom('upwardReports').where('id', '=', rp.id).where('status', '=', 0).execute();
}
