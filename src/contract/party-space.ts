import type { WorkflowRecordDto } from './types';

/**
 * 组织关系转接 and 流动党员: codes and messages shared by the server's checks and effects and the
 * member pages (states are labelled in status-labels.json, lists organChange and movingRecord).
 */
export const ORGAN_CHANGE = {
  type: { inProvince: 1, outOfProvince: 2 },
  state: { sending: 1, receiving: 2, done: 3, rejected: 4, withdrawn: 5, evaluated: 6 },
  /** states of an application still being handled: one at a time */
  open: [1, 2],
  /** organType of a 党支部 (code table organType) */
  branchType: '5',
  /** partyMembers.status of a member transferred out of the province (not in the rosters any more) */
  memberTransferredOut: 3,
  msg: {
    targetRequired: '请选择转入党组织',
    targetMissing: '转入党组织不存在',
    notBranch: '转入党组织须为党支部，请选择具体的党支部',
    sameOrgan: '您已在该党组织，无需转接',
    outNameRequired: '请填写转入党组织名称',
    pending: '您已有一条正在办理的组织关系转接申请',
  },
} as const;

export const FLOW = {
  type: { inProvince: 1, outOfProvince: 2 },
  state: { pending: 0, flowing: 1, rejected: 2, ended: 3, withdrawn: 4, evaluated: 5 },
  open: [0, 1],
  msg: {
    sameOrgan: '流入党组织不能是您所在的党组织',
    pending: '您已有正在办理或进行中的流动登记，请先结束当前流动',
  },
} as const;

/** A transfer (auditStatus: status list organChange). */
export interface OrganChange extends WorkflowRecordDto {
  changeType: 1 | 2;
  toOrganId?: number | null;
  toOrganName?: string | null;
  fromOrganId?: number | null;
  fromOrganName?: string | null;
  reason: string;
  contactPhone: string;
  explain?: string | null;
  /** 介绍信 of a transfer out of the province, once the sending organisation approved it */
  letterNo?: string | null;
  letterDate?: string | null;
}

/** A flow registration (auditStatus: status list movingRecord). */
export interface MovingRecord extends WorkflowRecordDto {
  flowType: 1 | 2;
  flowInOrganId?: number | null;
  flowInOrganName?: string | null;
  outOrganId?: number | null;
  outOrganName?: string | null;
  flowPlace: string;
  flowReason: string;
  startDate: string;
  endDate?: string | null;
  contactPhone: string;
  explain?: string | null;
  endReason?: string | null;
  actualEndDate?: string | null;
}

export interface Evaluation {
  evaluateLevel: number;
  evaluateContent?: string;
}
