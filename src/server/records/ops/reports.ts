import { action, type Call } from '../../http/actions';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { idInput, objectInput, pagingProps } from '../../http/paging';
import { subtreePattern, actingOrgan } from '../../scope';
import type { Executor } from '../../workflow/types';
import { notOwnCaseWhere } from '../../workflow/own-case';
import { sql, type SqlBool } from 'kysely';
import { decideReport, submitReport } from '../../workflow/upward-reports';
import { baseQuery, loadRecord, RECORD_NOT_FOUND, type RecordRow } from '../store';
import { applyFilters, filterProps, idProp, loadWithFacts, ownOrganRecord, pageOf, recordDto, remarkProp, requiredRemarkProp, type Builder } from '../op-kit';

/**
 * A library built upward: an organisation reports one of its records to the organisations above,
 * a superior adopts it (a copy joins his library), or selects a record of an organisation directly
 * below into his own.
 */
const decisionInput = objectInput({ id: idProp, approved: { type: 'boolean', title: '审核结果', 'x-required-message': '请选择审核结果' }, remark: remarkProp }, ['id', 'approved']);

async function copyInto(call: Call<unknown>, rec: RecordRow, organ: { id: number; path: string; level: number }, remark: string | null, db: Executor = call.ctx.db) {
  const row = await db
    .insertInto('records')
    .values({
      entity: rec.entity, organId: organ.id, organPath: organ.path, organLevel: organ.level, ownerUserId: call.user.userId, auditStatus: null,
      sourceRecordId: rec.sourceRecordId ?? rec.id, selectRemark: remark, data: JSON.stringify(rec.data), creatorUserId: call.user.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const REPORT_OPERATIONS: Record<string, Builder> = {
  report: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ id: idInput.properties.id, remark: remarkProp }, ['id']),
      async handler(call) {
        const rec = await ownOrganRecord(call, o, call.input.id);
        await submitReport(call, { subjectType: o.entity.name, subjectId: rec.id, fromOrganId: rec.organId, remark: call.input.remark, pending: '该记录已上报，正在等待上级审核' });
        return true;
      },
    }),

  reportAuditPage: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, pending: { title: `${o.entity.title}上报`, input: { status: 0 } },
      input: objectInput({ ...pagingProps, ...filterProps(o.entity, o.config), status: { type: 'integer', enum: [0, 1, 2], default: 0, title: '审核状态' } }),
      returns: `{totalCount, items: ${o.entity.title}记录及 reportId, reportStatus, reportRemark, reportTime, fromOrganName[]}`,
      async handler(call) {
        const organ = actingOrgan(call.user);
        // reports addressed to the caller's organisation or one below it: any superior may take them up
        const reports = baseQuery(call.ctx.db, o.entity.name)
          .innerJoin('upwardReports as rp', (j) => j.onRef('rp.subjectId', '=', 'r.id').on('rp.subjectType', '=', o.entity.name))
          .where('rp.toOrganPath', 'like', subtreePattern(organ.path))
          .where('rp.status', '=', call.input.status ?? 0)
          // a report he made himself waits for another superior (own-case.ts)
          .where((call.input.status ?? 0) === 0 ? notOwnCaseWhere('rp.reporterUserId', call.user) : sql<SqlBool>`true`);
        const q = applyFilters(reports, o.config, call.input);
        return pageOf(call, o.entity, q, ['rp.id as reportId', 'rp.status as reportStatus', 'rp.remark as reportRemark', 'rp.creationTime as reportTime', 'rp.auditRemark as reportAuditRemark', 'o.organName as fromOrganName']);
      },
    }),

  auditReport: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: decisionInput,
      decides: { noun: '上报', caseOf: '上报人（上报该记录的管理员）' },
      async handler(call) {
        const organ = actingOrgan(call.user);
        const { id, approved, remark } = call.input;
        // approved: the reported item joins the library of the organisation that approved it
        await decideReport(call, { subjectType: o.entity.name, id, noun: '记录', approved, remark, async adopt(trx) {
          const rp = await trx.selectFrom('upwardReports').select(['subjectId', 'remark']).where('id', '=', id).executeTakeFirstOrThrow();
          const rec = await trx.selectFrom('records').selectAll().where('id', '=', rp.subjectId).executeTakeFirstOrThrow();
          return copyInto(call, rec as unknown as RecordRow, organ, rp.remark, trx);
        } });
        return true;
      },
    }),

  selectAndUse: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idInput.properties.id, remark: requiredRemarkProp }, ['id', 'remark']),
      async handler(call) {
        const organ = actingOrgan(call.user);
        const rec = await loadRecord(call.ctx.db, o.entity.name, call.input.id);
        if (!rec.organPath.startsWith(organ.path)) throw notFound(RECORD_NOT_FOUND);
        if (rec.organParentId !== organ.id) throw forbidden('只能选用下一级组织的资源');
        const dup = await baseQuery(call.ctx.db, o.entity.name).select('r.id').where('r.organId', '=', organ.id).where('r.sourceRecordId', '=', rec.sourceRecordId ?? rec.id).executeTakeFirst();
        if (dup) throw badRequest('该资源已入库，请勿重复选用');
        const id = await copyInto(call, rec, organ, call.input.remark.trim());
        return recordDto(call, o.entity, await loadWithFacts(call, o.entity, id));
      },
    }),

};
