import { action, type Call } from '../../http/actions';
import type { Database } from '../../db/database';
import { IMPORT_RETURNS, importInput, runImport, schemaCheck, type ImportInput, type ImportSpec } from '../import-kit';
import { templateAction } from '../import-template';
import { workflowOf, type OpContext } from '../op-kit';
import type { Builder } from '../op-kit';
import { actingOrgan } from '../../scope';
import { storedData } from '../store';

/**
 * Import into a configured entity through the one import path (`records/import-kit.ts`): the
 * columns are the action's `fields` (else every field) with the entity's titles, code tables and
 * options; each row is checked against the entity schema; the rows that pass are written in the
 * importer's organisation (a batch a transaction), the others refused with their reasons.
 */
/** The columns of an import: the action's `fields` in order, else every field of the entity. */
const columnsOf = (o: OpContext, entity = o.entity) => (o.config.fields?.length ? o.config.fields : Object.keys(entity.schema.properties)).filter((f) => entity.schema.properties[f]);

/** The import spec of an entity's import action. */
function entitySpec(o: OpContext): ImportSpec {
  const fields = columnsOf(o);
  const props = o.entity.schema.properties;
  const required = new Set(o.entity.schema.required ?? []);
  const columns = fields.map((f) => ({ key: f, title: props[f].title, fs: props[f], required: required.has(f) }));
  return {
    title: o.entity.title,
    columns,
    batch: 500,
    check: schemaCheck(columns),
    async write(call: Call<unknown>, rows) {
      const organ = actingOrgan(call.user);
      const wf = workflowOf(o.entity);
      const now = call.ctx.now();
      await call.ctx.db.transaction().execute(async (trx: Database) => {
        const ids = await trx
          .insertInto('records')
          .values(rows.map((r) => ({ entity: o.entity.name, organId: organ.id, organPath: organ.path, organLevel: organ.level, ownerUserId: call.user.userId, auditStatus: wf ? wf.initial : null, data: storedData(call.ctx.db, o.entity, { ...r.value, ...(o.config.set ?? {}) }), creatorUserId: call.user.userId, creationTime: now })))
          .returning('id')
          .execute();
        if (wf) await trx.insertInto('workflowHistory').values(ids.map((r) => ({ subjectType: o.entity.name, subjectId: r.id, transition: 'submit', fromState: null, toState: wf.initial, actorUserId: call.user.userId, actorOrganId: organ.id, remark: '批量导入', creationTime: now }))).execute();
      });
    },
  };
}

export const IMPORT_OPERATIONS: Record<string, Builder> = {
  import: (o) => {
    const spec = entitySpec(o);
    return action<ImportInput>({
      method: o.config.method, summary: o.summary, access: o.access,
      input: importInput(),
      returns: IMPORT_RETURNS,
      handler: (call) => runImport(call, spec),
    });
  },

  importTemplate: (o) => {
    const spec = entitySpec({ ...o, config: o.entity.service!.actions[o.config.of!] });
    return templateAction(spec, { method: o.config.method, summary: o.summary, access: o.access });
  },
};
