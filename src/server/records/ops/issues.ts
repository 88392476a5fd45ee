import { sql } from 'kysely';
import { action } from '../../http/actions';
import { badRequest } from '../../http/errors';
import { idInput, objectInput, pagingProps } from '../../http/paging';
import { actingOrgan } from '../../scope';
import { baseQuery } from '../store';
import { applyFilters, filterProps, loadInScope, ownOrganRecord, pageOf, type Builder } from '../op-kit';

/** Issued downward: an organisation sends one of its records to the organisations directly below, which receive it. */
export const ISSUE_OPERATIONS: Record<string, Builder> = {
  issue: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idInput.properties.id, organIds: { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1 }, title: '下发组织' } }, ['id']),
      returns: '{issuedCount}：下发到的下级组织数',
      async handler(call) {
        const rec = await ownOrganRecord(call, o, call.input.id);
        let children = call.ctx.db.selectFrom('organizations').select(['id', 'organPath']).where('parentId', '=', rec.organId).where('isDeleted', '=', false);
        if (call.input.organIds?.length) children = children.where('id', 'in', call.input.organIds);
        const targets = await children.execute();
        if (!targets.length) throw badRequest('没有可下发的下级组织');
        await call.ctx.db
          .insertInto('recordIssues')
          .values(targets.map((t) => ({ recordId: rec.id, organId: t.id, organPath: t.organPath })))
          .onConflict((oc) => oc.columns(['recordId', 'organId']).doNothing())
          .execute();
        const n = await call.ctx.db.selectFrom('recordIssues').select(sql<number>`count(*)`.as('n')).where('recordId', '=', rec.id).executeTakeFirstOrThrow();
        return { issuedCount: Number(n.n) };
      },
    }),

  issuedPage: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ ...pagingProps, ...filterProps(o.entity, o.config) }),
      returns: `{totalCount, items: 上级下发的${o.entity.title}记录及 issueStatus[]}`,
      async handler(call) {
        const organ = actingOrgan(call.user);
        const q = applyFilters(baseQuery(call.ctx.db, o.entity.name).innerJoin('recordIssues as ri', 'ri.recordId', 'r.id').where('ri.organId', '=', organ.id), o.config, call.input);
        return pageOf(call, o.entity, q, ['ri.status as issueStatus', 'ri.creationTime as issueTime']);
      },
    }),

  issueTargets: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ ...pagingProps, id: idInput.properties.id, status: { type: 'integer', enum: [0, 1], default: 0, title: '状态' } }, ['id']),
      returns: '{totalCount, items: {organId, organName, status, doneTime}[]}：status 0 未接收，1 已接收',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const q = call.ctx.db
          .selectFrom('recordIssues as ri')
          .innerJoin('organizations as og', 'og.id', 'ri.organId')
          .where('ri.recordId', '=', rec.id)
          .where('ri.status', '=', call.input.status ?? 0);
        const total = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
        const items = await q.select(['ri.organId', 'og.organName', 'ri.status', 'ri.doneTime']).orderBy('og.sort').orderBy('ri.organId').offset(call.input.skipCount).limit(call.input.maxResultCount).execute();
        return { totalCount: Number(total.n), items };
      },
    }),

};
