import type { Database } from '../../db/database';
import { action, defineService } from '../../http/actions';
import { forbidden } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { actingOrgan } from '../../scope';
import { notOwnCaseWhere } from '../../workflow/own-case';
import { decideReport, reportsAddressedTo, submitReport, withdrawReport } from '../../workflow/upward-reports';
import { hours } from './credit';
import { copyResource, loadResource, MANAGE, RES_MSG } from './resources';

/** Resources reported to the organisation above (the shared flow of workflow/upward-reports); approval adopts a copy. */

const reportList = (q: ReturnType<typeof reportsAddressedTo>) =>
  q
    .innerJoin('resources as r', 'r.id', 'rp.subjectId')
    .innerJoin('organizations as o', 'o.id', 'rp.fromOrganId')
    .select([
      'rp.id', 'rp.subjectId as resourceId', 'r.name', 'r.resourceType', 'r.coverUrl', 'r.playUrl', 'r.keyWord', 'r.description', 'r.durationSeconds', 'r.isIntegrity',
      'rp.fromOrganId', 'o.organName as fromOrganName', 'rp.toOrganPath', 'rp.status', 'rp.remark', 'rp.auditRemark', 'rp.auditTime', 'rp.creationTime',
    ]);
/** A report with what the auditor needs to judge the resource: its file to play and its 学时. */
type ReportQuery = ReturnType<typeof reportList>;
type ReportRow = Awaited<ReturnType<ReportQuery['executeTakeFirstOrThrow']>>;
const reportPage = async (q: ReportQuery, input: PagingInput) => {
  const p = await pageQuery<ReportRow>(q, input, (x) => x.orderBy('rp.id', 'desc'));
  return { totalCount: p.totalCount, items: p.items.map((r) => ({ ...r, resoursePeriod: hours(r.durationSeconds) })) };
};
const allReports = (db: Database) => db.selectFrom('upwardReports as rp').where('rp.subjectType', '=', 'resource');

export const resourceReportService = defineService('ResourceReportService', {
  CreateResourceReport: action<{ resourceId: number; remark?: string }>({
    method: 'POST', summary: '上报本组织的资源至上级', access: { permission: MANAGE },
    input: objectInput({ resourceId: { type: 'integer', minimum: 1, title: '资源' }, remark: { type: 'string', maxLength: 500, title: '备注' } }, ['resourceId']),
    async handler(call) {
      const organ = actingOrgan(call.user);
      const r = await loadResource(call, call.input.resourceId, 'manage');
      if (r.organId !== organ.id) throw forbidden(RES_MSG.ownOrgan);
      return { id: await submitReport(call, { subjectType: 'resource', subjectId: r.id, fromOrganId: organ.id, remark: call.input.remark, pending: RES_MSG.reportPending }) };
    },
  }),
  AuditResourceReport: action<{ id: number; approved: boolean; remark?: string }>({
    method: 'POST', summary: '审核下级上报的资源（通过即采用到本组织资源库）', access: { permission: MANAGE },
    decides: { noun: '上报', caseOf: '上报人（上报该资源的管理员）' },
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '上报' }, approved: { type: 'boolean', title: '审核结果' }, remark: { type: 'string', maxLength: 500, title: '备注' } }, ['id', 'approved']),
    async handler(call) {
      const { id, approved, remark } = call.input;
      await decideReport(call, { subjectType: 'resource', id, noun: '上报', approved, remark, adopt: async (trx) => {
        const rp = await trx.selectFrom('upwardReports').select('subjectId').where('id', '=', id).executeTakeFirstOrThrow();
        return copyResource(call, rp.subjectId, trx);
      } });
      return true;
    },
  }),
  DeleteResourceReport: action<{ id: number }>({
    method: 'DELETE', summary: '撤回本组织待审核的上报', access: { permission: MANAGE }, input: idInput,
    async handler(call) {
      await withdrawReport(call, 'resource', call.input.id, RES_MSG.audited);
      return true;
    },
  }),
  GetMyOrganReportList: action<PagingInput & { status?: number }>({
    method: 'GET', summary: '本组织的上报记录', access: { permission: MANAGE }, input: pagedInput({ status: { type: 'integer', enum: [0, 1, 2], title: '状态' } }),
    async handler(call) {
      let q = reportList(allReports(call.ctx.db)).where('rp.fromOrganId', '=', actingOrgan(call.user).id);
      if (call.input.status !== undefined) q = q.where('rp.status', '=', call.input.status);
      return reportPage(q, call.input);
    },
  }),
  GetOranReportAuditList: action<PagingInput & { status?: number }>({
    method: 'GET', summary: '待本级（及下级）审核的资源上报', access: { permission: MANAGE }, pending: { title: '资源上报', input: { status: 0 } }, input: pagedInput({ status: { type: 'integer', enum: [0, 1, 2], default: 0, title: '状态' } }),
    async handler(call) {
      let q = reportList(reportsAddressedTo(call.ctx.db, 'resource', actingOrgan(call.user).path)).where('rp.status', '=', call.input.status ?? 0);
      // a report he made himself waits for another superior (own-case.ts)
      if ((call.input.status ?? 0) === 0) q = q.where(notOwnCaseWhere('rp.reporterUserId', call.user));
      return reportPage(q, call.input);
    },
  }),
});
