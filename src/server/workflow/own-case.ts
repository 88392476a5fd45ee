import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CurrentUser } from '../http/auth';
import { forbidden } from '../http/errors';

/**
 * Nobody decides his own case (docs/SECURITY.md "separation of duties"). Every decision of the
 * platform — a configured transition taken by an administrator, a hand-written audit, a dues
 * confirmation, a marking — declares whose case it is; the kernel refuses it, whatever roles the
 * caller holds, when he is that person. Two places apply the rule:
 * - `takeStep` (decide.ts), for every decision taken through the decision helper: its `Subject`
 *   carries `caseUserIds`;
 * - `registerService` (http/actions.ts), for a hand-written action that declares `decides` with a
 *   `subject`: the subject is resolved before the handler runs.
 * Both register here, so that the decisions can be enumerated (the API test walks them all, the
 * docs list them).
 */

/** The message naming the case: 不能审核本人的申请, 不能确认本人的党费, 不能批阅本人的试卷. */
export const ownCaseMessage = (verb: string, noun: string) => `不能${verb}本人的${noun}`;

/** The refusal of whoever entered the record for the case person: 不能审核本人导入的学时申报，须由其他管理员审核. */
export const ownRecordMessage = (verb: string, noun: string) => `不能${verb}本人导入的${noun}，须由其他管理员${verb}`;

/** The verb of a configured step: 审核 for a decision, 办理 for any other step an administrator takes. */
export const stepVerb = (decision: boolean) => (decision ? '审核' : '办理');

/**
 * Whose case a configured record is (an entity's `service.caseOf`):
 * - `owner`: the record's owner (the applicant who submitted it);
 * - `{ field }`: the user whose id a body field holds (the member a transfer is about);
 * - `{ idCardField }`: the member whose ID card number a body field holds (a candidate who is already on the roster).
 */
export type CaseOf = 'owner' | { field: string } | { idCardField: string };

export const describeCaseOf = (c: CaseOf) =>
  c === 'owner' ? '记录的提交人（申请人）' : 'field' in c ? `字段 ${c.field} 所指的用户` : `身份证号字段 ${c.idCardField} 所指的党员`;

/** What a hand-written action declares when it decides something (`action({ decides })`). */
export interface Decides<I = unknown> {
  /** the case, as the message names it: 申请, 党费, 试卷, 学时申报 */
  noun: string;
  /** 审核 (default), 确认, 核定, 批阅, 审批 */
  verb?: string;
  /** whose case it is, in words (the docs' list): 申请人, 缴费党员 */
  caseOf: string;
  /**
   * The user(s) the case is about, from the input (a query of the subject by its id); null when the
   * subject does not exist (the handler answers its 404). Absent: the action decides through
   * `takeStep`, which refuses by the subject's `caseUserIds`.
   */
  subject?(call: { input: I; user: CurrentUser; ctx: import('../context').AppContext }): Promise<number | null | (number | null)[]>;
  /** who decides instead when the usual administrator is the case person (the docs' list) */
  instead?: string;
}

export interface DecisionEntry {
  /** Service/Action */
  route: string;
  verb: string;
  noun: string;
  caseOf: string;
  instead: string;
  /** `action`: refused before the handler; `step`: refused by takeStep */
  by: 'action' | 'step';
}

const decisions = new Map<string, DecisionEntry>();

/** The default answer to "who decides then": the subtree rule already gives it to the administrators above. */
export const INSTEAD_ABOVE = '同级其他管理员，或上级党组织的管理员（上级管理范围包含该记录）';

export function registerDecision(route: string, d: Decides<never>) {
  decisions.set(route, { route, verb: d.verb ?? '审核', noun: d.noun, caseOf: d.caseOf, instead: d.instead ?? INSTEAD_ABOVE, by: d.subject ? 'action' : 'step' });
}

/** Every decision the running server knows, by route. */
export const listDecisions = (): DecisionEntry[] => [...decisions.values()].sort((a, b) => a.route.localeCompare(b.route));

/** Throws the 403 naming the case when the caller is one of the case's persons. */
export function refuseOwnCase(user: CurrentUser, caseUserIds: readonly (number | null | undefined)[], verb: string, noun: string) {
  if (isOwnCase(user, caseUserIds)) throw forbidden(ownCaseMessage(verb, noun));
}

export const isOwnCase = (user: CurrentUser | null, caseUserIds: readonly (number | null | undefined)[] | undefined) =>
  !!user && !!caseUserIds?.some((id) => id != null && Number(id) === user.userId);

/**
 * SQL for a hand-written 待办 list (pending: status 0): the case person's user id in `column` is not
 * the caller — nobody's own case waits for him, as `actionableWhere` leaves it out of the configured
 * lists, and the 工作台 counts these lists as they are.
 */
export const notOwnCaseWhere = (column: string, user: CurrentUser): RawBuilder<SqlBool> =>
  sql<SqlBool>`coalesce(${sql.ref(column)} <> ${user.userId}, true)`;
