import type { Transaction } from 'kysely';
import { MSG } from '../../contract/messages';
import type { DB } from '../db/schema';
import type { CurrentUser } from '../http/auth';
import { hasPermission, type Call } from '../http/actions';
import { badRequest, forbidden, invalid } from '../http/errors';
import { isInSubtree } from '../scope';
import { applies, isAdministratorStep, isDecision, type Actor, type Subject, type TransitionDef } from './types';
import { isOwnCase, ownCaseMessage, ownRecordMessage, stepVerb } from './own-case';

/**
 * The one decision helper. Every audit and every other workflow step of the platform goes through
 * `takeStep`: it answers "already decided", "not your step" and "remark required" the same way
 * everywhere, changes the state only if nobody changed it first, and writes the history — all in
 * one transaction with whatever the step must do besides (an effect, a copy).
 */
export const WF_MSG = {
  decided: (noun: string) => `该${noun}已审核`,
  wrongState: (noun: string, title: string) => `该${noun}当前状态不能${title}`,
  notYourStep: (noun: string) => `该${noun}当前不在您的办理环节`,
  fieldLocked: (title: string) => `字段“${title}”不能在此环节修改`,
} as const;

/** Whether the caller is the actor of a step on the subject. Administrator actors act in an administrator role only. */
export function mayAct(user: CurrentUser, actor: Actor, s: Subject): boolean {
  if (actor === 'owner') return s.ownerUserId != null && s.ownerUserId === user.userId;
  if (actor === 'parentOwner') return s.parentOwnerUserId != null && s.parentOwnerUserId === user.userId;
  if (user.isDefaultRole || !user.organPath) return false;
  if (actor === 'subtree') return isInSubtree(s.organPath, user.organPath);
  // the organisation itself, or — when a case person administers it — the organisations above (own-case.ts)
  if (actor === 'organ') return user.organId === s.organId || (!!s.escalateAbove && isInSubtree(s.organPath, user.organPath) && s.organPath !== user.organPath);
  if (actor === 'above') return isInSubtree(s.organPath, user.organPath) && s.organPath !== user.organPath;
  const path = s.fieldOrganPaths?.[actor.field];
  return !!path && isInSubtree(path, user.organPath);
}

/** The caller would be deciding his own case. */
export const ownCase = (user: CurrentUser, step: TransitionDef, s: Subject) => isAdministratorStep(step) && isOwnCase(user, [...s.caseUserIds, s.recorderUserId]);

/** Whether the caller may take this step now (state, actor, not his own case, and the step's own permission). */
export const canTake = (user: CurrentUser, step: TransitionDef, s: Subject) =>
  s.state !== null && step.from.includes(s.state) && applies(step, s) && mayAct(user, step.actor, s) && !ownCase(user, step, s) && (!step.permission || hasPermission(user, step.permission));

/** Of the steps an action may take, the one that starts from the subject's state. */
export function stepFrom<T extends { step: TransitionDef }>(steps: T[], s: Subject): T {
  const hit = steps.find((x) => s.state !== null && x.step.from.includes(s.state) && applies(x.step, s));
  if (hit) return hit;
  const first = steps[0].step;
  throw badRequest(steps.some((x) => isDecision(x.step)) ? WF_MSG.decided(s.noun) : WF_MSG.wrongState(s.noun, first.title));
}

export interface StepInput {
  approved?: boolean;
  remark?: string | null;
}

export interface TakeStep {
  subject: Subject;
  /** the transition's name, written to the history */
  name: string;
  step: TransitionDef;
  input: StepInput;
  /** writes the new state on condition that the state is still `from`; false when it was not */
  apply(trx: Transaction<DB>, to: number, remark: string | null): Promise<boolean>;
  /** whatever else the step does, in the same transaction (effects, copies) */
  after?(trx: Transaction<DB>, to: number, remark: string | null): Promise<void>;
  /** the caller's transaction, when the step is part of a larger write (an edit that resubmits) */
  trx?: Transaction<DB>;
}

/** Checks and takes one step; answers the new state. */
export async function takeStep(call: Call<unknown>, t: TakeStep): Promise<number> {
  const { subject: s, step } = t;
  if (s.state === null || !step.from.includes(s.state) || !applies(step, s)) throw badRequest(isDecision(step) ? WF_MSG.decided(s.noun) : WF_MSG.wrongState(s.noun, step.title));
  if (!mayAct(call.user, step.actor, s)) throw forbidden(WF_MSG.notYourStep(s.noun));
  // nobody decides his own case, whatever roles he holds (own-case.ts)
  if (ownCase(call.user, step, s)) {
    const verb = stepVerb(isDecision(step));
    const noun = s.caseNoun ?? s.noun;
    throw forbidden(isOwnCase(call.user, s.caseUserIds) ? ownCaseMessage(verb, noun) : ownRecordMessage(verb, noun));
  }
  if (step.permission && !hasPermission(call.user, step.permission)) throw forbidden(`${MSG.forbidden}（${step.permission}）`);
  const remark = t.input.remark?.trim() || null;
  const rule = step.remark ?? (isDecision(step) ? 'onReject' : 'optional');
  if (!remark && (rule === 'required' || (rule === 'onReject' && t.input.approved === false))) {
    throw invalid([{ message: MSG.remarkRequired, members: ['remark'] }]);
  }
  let to: number;
  if (isDecision(step)) {
    if (typeof t.input.approved !== 'boolean') throw invalid([{ message: '请选择审核结果', members: ['approved'] }]);
    to = t.input.approved ? step.approve! : step.reject!;
  } else to = step.to!;
  const from = s.state;
  const write = async (trx: Transaction<DB>) => {
    // a simultaneous decision that came first leaves nothing to change
    if (!(await t.apply(trx, to, remark))) throw badRequest(isDecision(step) ? WF_MSG.decided(s.noun) : WF_MSG.wrongState(s.noun, step.title));
    await trx
      .insertInto('workflowHistory')
      .values({ subjectType: s.type, subjectId: s.id, transition: t.name, fromState: from, toState: to, actorUserId: call.user.userId, actorOrganId: call.user.organId, remark, creationTime: call.ctx.now() })
      .execute();
    await t.after?.(trx, to, remark);
  };
  if (t.trx) await write(t.trx);
  else await call.ctx.db.transaction().execute(write);
  return to;
}
