import { sql } from 'kysely';
import { action, type Call } from '../../http/actions';
import { badRequest, notFound } from '../../http/errors';
import { idInput } from '../../http/paging';
import { actingOrgan, requireApproved } from '../../scope';
import { historyOf } from '../../workflow/history';
import { notifyStateChange } from '../../workflow/notify';
import { runCheck } from '../checks';
import { hasPassed } from '../time-status';
import { assertUnique } from '../unique';
import { cleanBody, storedData } from '../store';
import { assertOnlyFields, bodySchema, loadInScope, loadWithFacts, recordDto, revealSensitive, workflowOf, type Builder, type OpContext } from '../op-kit';
import { historyTitles } from './workflow';

/**
 * The record itself: create (for the caller, an organisation of his subtree or a member on whose
 * behalf he files it), update, get (with the caller's marks and the workflow history) and delete.
 */
/** An input schema that also requires these fields (an action's own `required`). */
function withRequired(input: ReturnType<typeof bodySchema>, required: string[] | undefined) {
  return required?.length ? { ...input, required: [...new Set([...input.required, ...required])] } : input;
}

/** The input of a create: the body, and for a record filed on a member's behalf his user id. */
function createInput(o: OpContext) {
  const input = bodySchema(o.entity, false);
  if (o.config.forOrgan) input.properties = { ...input.properties, organId: { type: ['integer', 'null'], minimum: 1, title: '所在党组织' } };
  if (!o.config.onBehalf) return input;
  return { ...input, properties: { ...input.properties, userId: { type: 'integer', minimum: 1, title: '党员', 'x-required-message': '请选择党员' } }, required: ['userId', ...input.required] };
}

/**
 * The organisation an administrator files a record for (`forOrgan`): an approved one of his managed
 * subtree; another is refused like any target outside it (403), so ids tell nothing beyond it.
 */
async function organTarget(call: Call<unknown>, organId: number) {
  const o = await call.ctx.db.selectFrom('organizations').select(['id', 'organName', 'organPath', 'organLevel', 'auditStatus']).where('id', '=', organId).where('isDeleted', '=', false).executeTakeFirst();
  call.requireScope(o?.organPath);
  requireApproved(o!);
  return { id: o!.id, path: o!.organPath, level: o!.organLevel };
}

/** The member an administrator files a record for: a registered member of his managed subtree (else as missing). */
async function memberOwner(call: Call<unknown>, userId: number) {
  const m = await call.ctx.db
    .selectFrom('partyMembers as m')
    .innerJoin('organizations as mo', 'mo.id', 'm.organId')
    .select(['m.userId', 'mo.id', 'mo.organPath', 'mo.organLevel'])
    .where('m.userId', '=', userId)
    .where('m.isDeleted', '=', false)
    .where('m.status', '=', 1)
    .executeTakeFirst();
  if (!m || !m.userId || !call.user.organPath || call.user.isDefaultRole || !m.organPath.startsWith(call.user.organPath)) throw notFound('党员不存在或不在您的管理范围内');
  return { userId: m.userId, organ: { id: m.id, path: m.organPath, level: m.organLevel } };
}


export const CRUD_OPERATIONS: Record<string, Builder> = {
  create: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: createInput(o), returns: `${o.entity.title}记录`,
      async handler(call) {
        const { userId: forUserId, ...rest } = call.input;
        const { organId: forOrganId, ...body } = o.config.forOrgan ? rest : { ...rest, organId: undefined };
        // a member's application belongs to his own organisation; an administrator's record to the one he manages
        // (or one of its subtree he names), or, filed on a member's behalf, to the member and his organisation
        const owner = o.config.onBehalf
          ? await memberOwner(call, forUserId)
          : { userId: call.user.userId, organ: forOrganId ? await organTarget(call, forOrganId) : actingOrgan(call.user) };
        const { organ } = owner;
        assertOnlyFields(o.entity, body, o.config.fields);
        const cleaned = await cleanBody(call.ctx.db, o.entity, body, { userId: call.user.userId });
        const derived = o.config.check ? await runCheck(o.config.check, { call, entity: o.entity, data: cleaned, owner }) : {};
        const data = { ...cleaned, ...derived, ...(o.config.set ?? {}) };
        const wf = workflowOf(o.entity);
        const once = o.config.once;
        const id = await call.ctx.db.transaction().execute(async (trx) => {
          if (once) {
            // one owner's simultaneous submissions queue here, so only one passes the check
            await sql`select pg_advisory_xact_lock(hashtext(${o.entity.name}), ${owner.userId}::int)`.execute(trx);
            const open = await trx.selectFrom('records').select('id').where('entity', '=', o.entity.name).where('ownerUserId', '=', owner.userId).where('isDeleted', '=', false).where('auditStatus', 'in', once.states).executeTakeFirst();
            if (open) throw badRequest(once.message);
          }
          await assertUnique(trx, o.entity, { parentId: null, ownerUserId: owner.userId, organId: organ.id, data });
          const row = await trx
            .insertInto('records')
            .values({
              entity: o.entity.name, organId: organ.id, organPath: organ.path, organLevel: organ.level, ownerUserId: owner.userId,
              auditStatus: wf ? wf.initial : null, data: storedData(call.ctx.db, o.entity, data), creatorUserId: call.user.userId, creationTime: call.ctx.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (wf) {
            await trx.insertInto('workflowHistory').values({ subjectType: o.entity.name, subjectId: row.id, transition: 'submit', fromState: null, toState: wf.initial, actorUserId: call.user.userId, actorOrganId: call.user.organId ?? organ.id, creationTime: call.ctx.now() }).execute();
            await notifyStateChange(trx, { wf, title: o.entity.title, recordId: row.id, ownerUserId: owner.userId, stepTitle: '提交', to: wf.initial, organId: call.user.organId, organName: call.user.organName });
          }
          return row.id;
        });
        return recordDto(call, o.entity, await loadWithFacts(call, o.entity, id));
      },
    }),

  update: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: withRequired(bodySchema(o.entity, true, o.config.fields), o.config.required), returns: `${o.entity.title}记录`,
      async handler(call) {
        const { id, ...body } = call.input;
        const rec = await loadInScope(call, o, id);
        // a form sending the record back names its own organisation (a forOrgan entity shows organId): no change
        if (body.organId !== undefined && Number(body.organId) === rec.organId) delete body.organId;
        assertOnlyFields(o.entity, body, o.config.fields, undefined, rec.data);
        const locked = o.config.lockedFrom;
        // from its start on a record keeps what was planned; only the `except` fields (minutes, photos) still change
        if (locked && hasPassed(call.ctx, rec.data, locked.field)) assertOnlyFields(o.entity, body, locked.except ?? [], () => locked.message, rec.data);
        let data = { ...rec.data, ...(await cleanBody(call.ctx.db, o.entity, body, { userId: call.user.userId, previous: rec.data })), ...(o.config.set ?? {}) };
        // the create's rules hold for the body as it will be (a check's derived fields are stored again)
        if (o.config.check) data = { ...data, ...(await runCheck(o.config.check, { call, entity: o.entity, data, owner: { userId: rec.ownerUserId ?? call.user.userId, organ: { id: rec.organId, path: rec.organPath, level: rec.organLevel } } })) };
        await call.ctx.db.transaction().execute(async (trx) => {
          // an update changing a unique key (the year of an appraisal) is held to the rule like a create
          await assertUnique(trx, o.entity, { ...rec, data }, { excludeId: rec.id, changed: Object.keys(body).filter((k) => String(body[k]) !== String(rec.data[k])) });
          await trx.updateTable('records').set({ data: storedData(call.ctx.db, o.entity, data), lastModificationTime: call.ctx.now() }).where('id', '=', id).execute();
        });
        return recordDto(call, o.entity, await loadWithFacts(call, o.entity, id));
      },
    }),

  get: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput, returns: `${o.entity.title}记录`,
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const { db } = call.ctx;
        if (o.config.markRead) await db.insertInto('recordReads').values({ recordId: rec.id, userId: call.user.userId }).onConflict((oc) => oc.doNothing()).execute();
        // opening an issued record counts as received by the caller's organisation
        if (call.user.organId) await db.updateTable('recordIssues').set({ status: 1, doneTime: call.ctx.now() }).where('recordId', '=', rec.id).where('organId', '=', call.user.organId).where('status', '=', 0).execute();
        const liked = await db.selectFrom('recordLikes').select('recordId').where('recordId', '=', rec.id).where('userId', '=', call.user.userId).executeTakeFirst();
        const read = await db.selectFrom('recordReads').select('recordId').where('recordId', '=', rec.id).where('userId', '=', call.user.userId).executeTakeFirst();
        const wf = workflowOf(o.entity);
        const history = wf ? { history: await historyOf(db, o.entity.name, rec.id, historyTitles(wf)) } : {};
        return recordDto(call, o.entity, rec, { isLiked: !!liked, isRead: !!read, ...history }, { reveal: await revealSensitive(call, o.entity, rec.id) });
      },
    }),


  delete: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput,
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        if (o.config.lockedFrom && hasPassed(call.ctx, rec.data, o.config.lockedFrom.field)) throw badRequest(o.config.lockedFrom.message);
        // what hangs under it (an appraisal's ratings, a post's replies) goes with it: no orphan is counted in statistics
        await call.ctx.db.updateTable('records').set({ isDeleted: true, lastModificationTime: call.ctx.now() }).where((eb) => eb.or([eb('id', '=', rec.id), eb('parentId', '=', rec.id)])).where('isDeleted', '=', false).execute();
        return true;
      },
    }),

};
