import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

/**
 * A workflow as an entity file declares it (docs/foundations.md): named states from a list of
 * src/contract/status-labels.json and the transitions between them.
 */
export type Actor = 'owner' | 'parentOwner' | 'subtree' | 'organ' | 'above' | { field: string };

export interface TransitionDef {
  title: string;
  from: number[];
  /** one outcome */
  to?: number;
  /** a decision: the input says `approved` */
  approve?: number;
  reject?: number;
  actor: Actor;
  /** besides the action's own permission */
  permission?: string;
  remark?: 'required' | 'onReject' | 'optional';
  /** body fields the step may change */
  fields?: string[];
  /** of those, the ones the step must receive */
  required?: string[];
  /** a named effect (effects.ts) run in the same transaction */
  effect?: string;
  /** a named check (records/checks.ts) of the record and the step's input, before the state changes */
  check?: string;
  /** the step applies only to records whose body fields equal these values */
  when?: Record<string, string | number | boolean>;
}

export interface WorkflowDef {
  statuses: string;
  initial: number;
  transitions: Record<string, TransitionDef>;
  /** every state change (the submission too) writes a site message to the owner, linking to this member route ({id}) */
  notify?: { link: string };
}

export type Executor = Kysely<DB> | Transaction<DB>;

/**
 * What a decision is taken on, whatever its table: a configured record, an upward report, an
 * offline declaration, a member registration.
 */
export interface Subject {
  /** the history's subject type: the entity name for records */
  type: string;
  id: number;
  /** how messages name it: 记录, 申报, 申请, 上报 */
  noun: string;
  state: number | null;
  organId: number;
  organPath: string;
  ownerUserId: number | null;
  /**
   * Whose case it is (own-case.ts): the applicant, the member concerned, the payer. `takeStep`
   * refuses an administrator step when the caller is one of them. Every caller says it; [] only
   * for a subject that is nobody's case (an organisation created at its own level).
   */
  caseUserIds: (number | null)[];
  /** how the own-case refusal names it when `noun` is generic (a configured entity's `service.caseOf.noun`: 申请) */
  caseNoun?: string;
  /**
   * Who entered the record for the case person (an administrator's import): four eyes — he does not
   * decide it either (`takeStep` refuses him as it refuses the case person).
   */
  recorderUserId?: number | null;
  /**
   * Escalation: a case person administers the record's organisation, so the record's `organ` steps
   * go up — administrators of the organisations above may take them too (a branch whose only
   * secretary applied is not stuck).
   */
  escalateAbove?: boolean;
  parentOwnerUserId?: number | null;
  /** organisation paths named by the subject's fields (actor `{field}`) */
  fieldOrganPaths?: Record<string, string | null>;
  /** the body, for steps that apply only to some records (`when`) */
  data?: Record<string, unknown>;
}

/** Whether a step applies to the subject's body (`when`). */
export const applies = (t: TransitionDef, s: Pick<Subject, 'data'>) =>
  !t.when || Object.entries(t.when).every(([k, v]) => s.data?.[k] === v);

export const isDecision = (t: TransitionDef) => t.approve !== undefined && t.reject !== undefined;

/** An administrator's step (not the owner's own withdrawal or evaluation): nobody takes it on his own case (own-case.ts). */
export const isAdministratorStep = (step: TransitionDef) => step.actor !== 'owner' && step.actor !== 'parentOwner';

/** The audit every configured entity with `auditOnCreate` and every built-in audit uses. */
export const AUDIT_STEP: TransitionDef = { title: '审核', from: [0], approve: 1, reject: 2, actor: 'subtree', remark: 'onReject' };
export const AUDIT_WORKFLOW: WorkflowDef = { statuses: 'audit', initial: 0, transitions: { audit: AUDIT_STEP } };
