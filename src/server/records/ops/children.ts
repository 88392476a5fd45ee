import { action } from '../../http/actions';
import { badRequest } from '../../http/errors';
import { objectInput, pagingProps } from '../../http/paging';
import type { EntityFile } from '../entities';
import { baseQuery, cleanBody, storedData } from '../store';
import { applyFilters, assertOnlyFields, bodySchema, filterProps, loadInScope, loadWithFacts, pageOf, recordDto, workflowOf, type OpContext } from '../op-kit';
import type { Builder } from '../op-kit';
import { runCheck } from '../checks';
import { assertUnique } from '../unique';

/**
 * Child records (a help record under a hardship case, a course under a class, a note under a
 * course): a child takes its parent's organisation, so whoever reaches the parent in the action's
 * scope reaches its children, and the parent's scope rules cover them.
 */
const parentOf = (o: OpContext): EntityFile => o.entities.get(o.config.parent!.entity)!;
const parentIdProp = { type: 'integer', minimum: 1, title: '所属记录' };

export const CHILD_OPERATIONS: Record<string, Builder> = {
  createChild: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: (() => {
        const body = bodySchema(o.entity, false);
        return { ...body, properties: { ...body.properties, parentId: parentIdProp }, required: ['parentId', ...body.required] };
      })(),
      returns: `${o.entity.title}记录`,
      async handler(call) {
        const { parentId, ...body } = call.input;
        assertOnlyFields(o.entity, body, o.config.fields);
        const parent = await loadInScope(call, o, parentId, parentOf(o));
        const states = o.config.parent!.states;
        if (states && (parent.auditStatus === null || !states.includes(parent.auditStatus))) throw badRequest(`当前状态的${parentOf(o).title}不能添加${o.entity.title}`);
        const cleaned = await cleanBody(call.ctx.db, o.entity, body, { userId: call.user.userId });
        // a named check sees the parent too (a rated member must belong to the appraisal's organisation)
        const derived = o.config.check ? await runCheck(o.config.check, { call, entity: o.entity, data: cleaned, owner: { userId: call.user.userId, organ: { id: parent.organId, path: parent.organPath, level: parent.organLevel } }, parent }) : {};
        const data = { ...cleaned, ...derived, ...(o.config.set ?? {}) };
        const wf = workflowOf(o.entity);
        const id = await call.ctx.db.transaction().execute(async (trx) => {
          await assertUnique(trx, o.entity, { parentId: parent.id, ownerUserId: call.user.userId, organId: parent.organId, data });
          const row = await trx
            .insertInto('records')
            .values({
              entity: o.entity.name, parentId: parent.id, organId: parent.organId, organPath: parent.organPath, organLevel: parent.organLevel, ownerUserId: call.user.userId,
              auditStatus: wf ? wf.initial : null, data: storedData(call.ctx.db, o.entity, data), creatorUserId: call.user.userId, creationTime: call.ctx.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (wf) await trx.insertInto('workflowHistory').values({ subjectType: o.entity.name, subjectId: row.id, transition: 'submit', fromState: null, toState: wf.initial, actorUserId: call.user.userId, actorOrganId: call.user.organId, creationTime: call.ctx.now() }).execute();
          return row.id;
        });
        return recordDto(call, o.entity, await loadWithFacts(call, o.entity, id));
      },
    }),

  childrenPage: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ ...pagingProps, ...filterProps(o.entity, o.config), parentId: parentIdProp }, ['parentId']),
      returns: `{totalCount, items: ${o.entity.title}记录[]}`,
      async handler(call) {
        const parent = await loadInScope(call, o, call.input.parentId, parentOf(o));
        const q = baseQuery(call.ctx.db, o.entity.name).where('r.parentId', '=', parent.id);
        return pageOf(call, o.entity, applyFilters(q, o.config, call.input));
      },
    }),
};
