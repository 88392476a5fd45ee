import { sql, type Expression, type SqlBool } from 'kysely';
import { action, hasPermission, type ActionInput, type Call } from '../../http/actions';
import type { CurrentUser } from '../../http/auth';
import { objectInput } from '../../http/paging';
import { forbidden, invalid } from '../../http/errors';
import { subtreePattern } from '../../scope';
import { mayAct, ownCase, stepFrom, takeStep, WF_MSG } from '../../workflow/decide';
import { describeCaseOf, ownCaseMessage, stepVerb, type Decides } from '../../workflow/own-case';
import { runEffect } from '../../workflow/effects';
import { runCheck } from '../checks';
import { notifyStateChange } from '../../workflow/notify';
import { historyOf } from '../../workflow/history';
import { isAdministratorStep, isDecision, type Actor, type TransitionDef, type WorkflowDef } from '../../workflow/types';
import { cleanBody, organIdOf, storedData, type LoadedRecord } from '../store';
import { escalatedToWhere, ownCaseWhere } from '../case-facts';
import { assertOnlyFields, idProp, loadInScope, loadWithFacts, recordDto, recordSubject, remarkProp, workflowOf, type OpContext } from '../op-kit';
import type { Builder } from '../op-kit';

/**
 * Workflow operations on configured records: `transition` (any declared step, or `audit`, the
 * one-step audit), `history`, and the `actionable` page filter. The decisions themselves go through
 * the one decision helper (workflow/decide.ts).
 */

/** Transition names → titles, for the history's timeline. */
export const historyTitles = (wf: WorkflowDef): Record<string, string> => ({
  submit: '提交',
  ...Object.fromEntries(Object.entries(wf.transitions).map(([k, t]) => [k, t.title])),
});

/** SQL: the caller is the actor of a step (the same rule as `mayAct`, for lists). */
function actorWhere(entity: OpContext['entity'], actor: Actor, user: CurrentUser): Expression<SqlBool> {
  if (actor === 'owner') return sql<SqlBool>`r.owner_user_id = ${user.userId}`;
  if (actor === 'parentOwner') return sql<SqlBool>`exists (select 1 from records pr where pr.id = r.parent_id and pr.owner_user_id = ${user.userId})`;
  if (user.isDefaultRole || !user.organPath) return sql<SqlBool>`false`;
  const like = subtreePattern(user.organPath);
  if (actor === 'subtree') return sql<SqlBool>`r.organ_path like ${like}`;
  if (actor === 'organ') return sql<SqlBool>`(r.organ_id = ${user.organId} or ${escalatedToWhere(entity, user.organPath)})`;
  if (actor === 'above') return sql<SqlBool>`(r.organ_path like ${like} and r.organ_path <> ${user.organPath})`;
  return sql<SqlBool>`exists (select 1 from organizations fo where fo.id = ${organIdOf(actor.field)} and fo.organ_path like ${like})`;
}

/** SQL: the step applies to the record's body (`when`, the same rule as `applies`). */
const whenWhere = (t: TransitionDef): Expression<SqlBool> =>
  t.when ? sql<SqlBool>`(r.data @> ${JSON.stringify(t.when)}::jsonb)` : sql<SqlBool>`true`;

/** SQL: records on which the caller may take some step now (待我办理). */
export function actionableWhere(entity: OpContext['entity'], user: CurrentUser): Expression<SqlBool> {
  const wf = workflowOf(entity);
  // an administrator's steps only (every actionable list is a 待我审核): the owner's own withdrawal does not put his application there
  const steps = Object.values(wf?.transitions ?? {}).filter((t) => isAdministratorStep(t) && (!t.permission || hasPermission(user, t.permission)));
  if (!steps.length) return sql<SqlBool>`false`;
  // nobody's own case waits for him (own-case.ts)
  return sql<SqlBool>`(not ${ownCaseWhere(entity, user.userId)} and (${sql.join(steps.map((t) => sql`(r.audit_status in (${sql.join(t.from)}) and ${whenWhere(t)} and ${actorWhere(entity, t.actor, user)})`), sql` or `)}))`;
}

/** The steps an action may take, by name; validated at start (configured-services). */
const stepsOf = (o: OpContext) => {
  const wf = workflowOf(o.entity)!;
  const names = o.config.op === 'audit' ? ['audit'] : o.config.transitions ?? Object.keys(wf.transitions);
  return names.map((name) => ({ name, step: wf.transitions[name] }));
};

/** A record is reachable in its scope, or by whoever may act on one of the action's steps. */
const reachable = (call: Call<unknown>, o: OpContext) => (rec: LoadedRecord) => stepsOf(o).some(({ step }) => mayAct(call.user, step.actor, recordSubject(o.entity, rec)));

function transitionInput(o: OpContext) {
  const steps = stepsOf(o);
  const fields = [...new Set(steps.flatMap(({ step }) => step.fields ?? []))];
  const props: Record<string, unknown> = { id: idProp, remark: remarkProp, transition: { type: 'string', maxLength: 50, title: '办理环节' } };
  if (steps.some(({ step }) => isDecision(step))) props.approved = { type: 'boolean', title: '审核结果', 'x-required-message': '请选择审核结果' };
  // every entity field passes validation so that one outside the step's whitelist is refused by name, not dropped
  // (without defaults: a default would put the field into every step's input and refuse it)
  for (const [k, fs] of Object.entries(o.entity.schema.properties)) {
    const { default: _default, ...rest } = fs;
    props[k] = rest;
  }
  return { ...objectInput(props, ['id']), description: fields.length ? `可修改字段：${fields.join(', ')}` : undefined };
}

/** What a transition action decides, for the registry of decisions (own-case.ts); none when only the owner acts in it. */
function decidesOf(o: OpContext): Decides<ActionInput> | undefined {
  const steps = stepsOf(o).filter(({ step }) => isAdministratorStep(step));
  const c = o.entity.service?.caseOf;
  if (!steps.length || !c) return undefined;
  const organ = steps.some(({ step }) => step.actor === 'organ');
  return {
    noun: c.noun,
    verb: steps.some(({ step }) => isDecision(step)) ? stepVerb(true) : stepVerb(false),
    caseOf: `${describeCaseOf(c.user)}（${steps.map(({ step }) => step.title).join('、')}）`,
    instead: organ ? '上级党组织的管理员（本组织的管理员本人是申请人时，该记录的本级环节上移一级）；或本组织的其他管理员' : undefined,
  };
}

const transitionOp: Builder = (o) =>
  action({
    method: o.config.method,
    summary: o.summary,
    access: o.access,
    decides: decidesOf(o),
    input: transitionInput(o),
    returns: `${o.entity.title}记录（含 auditStatus、availableTransitions）`,
    async handler(call) {
      const { id, approved, remark, transition, ...body } = call.input;
      const rec = await loadInScope(call, o, id, o.entity, reachable(call, o));
      const subject = recordSubject(o.entity, rec);
      // the step the client meant, when it says: a repeated click on a step already taken is "already decided", not an attempt at the next
      const steps = transition ? stepsOf(o).filter((x) => x.name === transition) : stepsOf(o);
      if (!steps.length) throw invalid([{ message: '办理环节无效', members: ['transition'] }]);
      const { name, step } = stepFrom(steps, subject);
      assertOnlyFields(o.entity, body, step.fields ?? [], WF_MSG.fieldLocked);
      const missing = (step.required ?? []).filter((f) => body[f] === undefined || body[f] === null || body[f] === '');
      if (missing.length) {
        const fs = o.entity.schema.properties;
        throw invalid(missing.map((f) => ({ message: (fs[f]['x-required-message'] as string) ?? `请填写${fs[f].title}`, members: [f] })));
      }
      const changes = await cleanBody(call.ctx.db, o.entity, body, { userId: call.user.userId, previous: rec.data });
      let data = { ...rec.data, ...changes };
      if (step.check) {
        // the step's own rules (date guards) speak only to whoever may take it
        if (!mayAct(call.user, step.actor, subject)) throw forbidden(WF_MSG.notYourStep(subject.noun));
        if (ownCase(call.user, step, subject)) throw forbidden(ownCaseMessage(stepVerb(isDecision(step)), subject.caseNoun ?? subject.noun));
        const owner = { userId: rec.ownerUserId ?? 0, organ: { id: rec.organId, path: rec.organPath, level: rec.organLevel } };
        data = { ...data, ...(await runCheck(step.check, { call, entity: o.entity, data, owner, step: { name, record: rec } })) };
      }
      const from = rec.auditStatus;
      await takeStep(call, {
        subject,
        name,
        step: step as TransitionDef,
        input: { approved, remark },
        async apply(trx, to, note) {
          const hit = await trx
            .updateTable('records')
            .set({ auditStatus: to, auditRemark: note, auditorUserId: call.user.userId, auditTime: call.ctx.now(), data: storedData(call.ctx.db, o.entity, data), lastModificationTime: call.ctx.now() })
            .where('id', '=', rec.id)
            .where('auditStatus', '=', from!)
            .returning('id')
            .executeTakeFirst();
          return !!hit;
        },
        async after(trx, to, remark) {
          if (step.effect) await runEffect(step.effect, { trx, call, entity: o.entity, entities: o.entities, record: rec, data, from: from!, to });
          await notifyStateChange(trx, {
            wf: workflowOf(o.entity)!, title: o.entity.title, recordId: rec.id, ownerUserId: rec.ownerUserId, stepTitle: step.title, to,
            approved: isDecision(step) ? approved : undefined, remark, organId: call.user.organId, organName: call.user.organName,
          });
        },
      });
      return recordDto(call, o.entity, await loadWithFacts(call, o.entity, rec.id));
    },
  });

export const WORKFLOW_OPERATIONS: Record<string, Builder> = {
  transition: transitionOp,
  /** the one-step audit (pending → approved / rejected, remark required on rejection) */
  audit: transitionOp,
  history: (o) =>
    action({
      method: o.config.method,
      summary: o.summary,
      access: o.access,
      input: objectInput({ id: idProp }, ['id']),
      returns: '{id, transition, title, fromState, toState, actorName, actorOrganName, remark, creationTime}[]',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id, o.entity, reachable(call, o));
        return historyOf(call.ctx.db, o.entity.name, rec.id, historyTitles(workflowOf(o.entity)!));
      },
    }),
};
