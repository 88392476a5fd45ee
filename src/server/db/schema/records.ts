import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTs, Json } from './columns';

/** The generic record store (migration 002 on) and the workflow, report, participant and issue tables around it. */

export interface RecordTable {
  id: Generated<number>;
  entity: string;
  parentId: number | null;
  organId: number;
  organPath: string;
  organLevel: number;
  ownerUserId: number | null;
  /** null: no audit workflow; 0 pending, 1 approved, 2 rejected */
  auditStatus: number | null;
  auditRemark: string | null;
  auditorUserId: number | null;
  auditTime: NullableTs;
  isTop: Generated<boolean>;
  topTime: NullableTs;
  isEnabled: Generated<boolean>;
  sort: Generated<number>;
  likeCount: Generated<number>;
  replyCount: Generated<number>;
  participantCount: Generated<number>;
  sourceRecordId: number | null;
  selectRemark: string | null;
  data: Json;
  creatorUserId: number | null;
  creationTime: Timestamp;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
}
export interface RecordUserMarkTable { recordId: number; userId: number; creationTime: Timestamp }
/** A report upward (a configured record or a resource) awaiting, or decided by, a superior organisation. */
export interface UpwardReportTable {
  id: Generated<number>;
  /** the record's entity name, or 'resource' */
  subjectType: string;
  subjectId: number;
  fromOrganId: number;
  toOrganPath: string;
  status: Generated<number>;
  remark: string | null;
  reporterUserId: number | null;
  auditorUserId: number | null;
  auditRemark: string | null;
  auditTime: NullableTs;
  /** the copy an approval made in the approver's library */
  resultId: number | null;
  creationTime: Timestamp;
}
/** One transition of a workflow (any audited thing): who moved what from which state to which. */
export interface WorkflowHistoryTable {
  id: Generated<number>;
  subjectType: string;
  subjectId: number;
  transition: string;
  fromState: number | null;
  toState: number;
  actorUserId: number | null;
  actorOrganId: number | null;
  remark: string | null;
  creationTime: Timestamp;
}
export interface RecordParticipantTable {
  recordId: number;
  userId: number;
  organId: number | null;
  organPath: string;
  /** 1 joined, 2 cancelled */
  status: Generated<number>;
  signInTime: NullableTs;
  signInByUserId: number | null;
  addedByUserId: number | null;
  creationTime: Timestamp;
  cancelTime: NullableTs;
  /** leave before the record starts (migration 023): null none, 0 pending, 1 approved, -1 rejected */
  leaveReason: ColumnType<string | null, string | null | undefined, string | null>;
  leaveStatus: ColumnType<number | null, number | null | undefined, number | null>;
  leaveTime: NullableTs;
  leaveAuditUserId: ColumnType<number | null, number | null | undefined, number | null>;
  leaveAuditTime: NullableTs;
  leaveAuditRemark: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface RecordSignCodeTable { recordId: number; code: string; createdByUserId: number | null; creationTime: Timestamp }
export interface RecordIssueTable {
  id: Generated<number>;
  recordId: number;
  organId: number;
  organPath: string;
  status: Generated<number>;
  doneTime: NullableTs;
  creationTime: Timestamp;
}
