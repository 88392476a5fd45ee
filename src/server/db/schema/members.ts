import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTs, Json } from './columns';

/** Party members, their sub-records, organisation teams and units. */

export interface PartyMemberTable {
  id: Generated<number>;
  userId: number | null;
  organId: number;
  organPath: string;
  name: string;
  idCard: string | null;
  phoneNumber: string | null;
  sex: number | null;
  headImage: string | null;
  partyDutyCode: string | null;
  partyMemberType: Generated<number>;
  isJoinOneLineSituation: Generated<boolean>;
  /** 0 pending registration, 1 normal, 2 registration rejected */
  status: Generated<number>;
  auditRemark: string | null;
  auditorUserId: number | null;
  auditTime: NullableTs;
  addition: Json;
  partyMember: Json;
  creatorUserId: number | null;
  creationTime: Timestamp;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
}

export interface MemberSubRecordTable { id: Generated<number>; memberId: number; data: Json; creationTime: Timestamp }

export interface OrganTeamMemberTable {
  id: Generated<number>;
  organId: number;
  memberId: number | null;
  userId: number | null;
  name: string;
  dutyCode: string | null;
  dutyName: string | null;
  startDate: ColumnType<string | null, string | null | undefined, string | null>;
  endDate: ColumnType<string | null, string | null | undefined, string | null>;
  sort: Generated<number>;
}

export interface UnitTable {
  id: Generated<number>;
  organId: number | null;
  organPath: string;
  unitName: string;
  unitType: string | null;
  creditCode: string | null;
  address: string | null;
  extra: Json;
  creationTime: Timestamp;
  isDeleted: Generated<boolean>;
  /** 0 待审核, 1 已通过, 2 未通过 (migration 010) */
  auditStatus: Generated<number>;
  auditRemark: string | null;
  submitOrganPath: string | null;
  creatorUserId: number | null;
  lastModificationTime: NullableTs;
}

/** Active members per organisation subtree, kept by a trigger on party_members (migration 037). */
export interface OrganMemberCountTable {
  organId: number;
  members: number;
  formal: number;
  probationary: number;
  male: number;
  female: number;
}

/** 党员分析's counts per organisation subtree, facet (1 birthday … 7 member type) and value ('' 未填写) — migration 043. */
export interface OrganMemberFacetTable {
  organId: number;
  facet: number;
  key: string;
  n: number;
}
