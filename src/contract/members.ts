/**
 * 党员管理 (the members domain): the answers of PartyMemberService as the server builds them
 * (src/server/domains/members) and the client reads them. Spec spellings are kept
 * (partyMemeberType, otherContack…).
 */

/** A member's profile groups: `addition` 基本信息 and `partyMember` 党员信息 (fields: schemas/party-member.json). */
export type ProfileGroup = Record<string, unknown>;

/** 党员档案 as sent by a form (Create, UpdatePartyMemberInfo): a masked number sent back keeps the stored one. */
export interface MemberProfileInput {
  id?: number;
  name: string;
  organId: number;
  phoneNumber: string;
  headImage?: string | null;
  isJoinOneLineSituation?: boolean | null;
  addition?: ProfileGroup;
  partyMember?: ProfileGroup;
}

/** 党员档案 as answered (GetCurrentPartyMemberInfo, Get, Create…): numbers masked unless the reader may see them. */
export interface MemberProfile {
  id: number;
  userId: number | null;
  name: string;
  organId: number;
  organName: string;
  organPath: string;
  headImage: string | null;
  userName: string | null;
  phoneNumber: string | null;
  isJoinOneLineSituation: boolean | null;
  status: number;
  addition: ProfileGroup;
  partyMember: ProfileGroup;
}

/** One row of the member lists (PageList, RegisterAuditPageList). */
export interface MemberListItem {
  id: number;
  userId: number | null;
  name: string;
  sex: number | null;
  organId: number;
  organName: string;
  phoneNumber: string | null;
  idCard: string | null;
  partyDutyCode: string | null;
  partyMemeberType: number | null;
  joinPartyDate: string | null;
  status: number;
  creationTime: Date | string;
  auditRemark: string | null;
  auditTime: Date | string | null;
}

/** GetPartyMemberMovingFloatStatus: the member's latest 组织关系转接 and 流动 records. */
export interface MovingFloatStatus {
  isFlowMember: boolean;
  isLostMember: boolean;
  hasMovingApply: boolean;
  organId: number;
  organName: string;
  organChangeId: number | null;
  organChangeStatus: number | null;
  movingRecordId: number | null;
  flowStatus: number | null;
  flowInOrganName: string | null;
  flowPlace: string | null;
  startDate: string | null;
  endDate: string | null;
}
