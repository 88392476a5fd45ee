import type { Call } from '../../http/actions';
import { getOrgan } from '../../scope';
import { createOrgan, organNodeColumns, toNode, type NewOrgan } from './organs';
import { AUDIT_STATE, initialAudit, recordSubmit } from './organ-audit';

/** 新建下级组织 (the form and each row of the import): the parent inside the caller's subtree; below the province it waits for audit. */
export async function createOrganInScope(call: Call<NewOrgan>) {
  const parent = await getOrgan(call.ctx.db, call.input.parentId);
  call.requireScope(parent.organPath);
  const audit = initialAudit(call.user);
  const { id, organPath } = await createOrgan(call.ctx.db, call.input, call.user.userId, {
    ...audit,
    inTransaction: audit.auditStatus === AUDIT_STATE.pending ? (trx, newId) => recordSubmit(trx, call, 'organization', newId) : undefined,
  });
  const row = await organNodeColumns(call.ctx.db).where('o.id', '=', id).executeTakeFirstOrThrow();
  return { ...toNode(row), organPath };
}

