import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTs, Json } from './columns';

/** The resource library, study time and offline reports, and the examination rules. */

export interface ResourceClassTable {
  id: Generated<number>;
  parentId: number | null;
  className: string;
  classPath: Generated<string>;
  resClassType: Generated<number>;
  sort: Generated<number>;
  creationTime: Timestamp;
  isDeleted: Generated<boolean>;
}
export interface ResourceTable {
  id: Generated<number>;
  organId: number;
  organPath: string;
  classId: number | null;
  name: string;
  resourceType: number;
  coverUrl: string | null;
  flvUrl: string | null;
  keyWord: string | null;
  description: string | null;
  fileId: string | null;
  playUrl: string | null;
  contentSha256: string | null;
  isIntegrity: Generated<boolean>;
  integrityCheckedAt: NullableTs;
  durationSeconds: Generated<number>;
  viewCount: Generated<number>;
  collectionCount: Generated<number>;
  isRecommend: Generated<boolean>;
  isEnabled: Generated<boolean>;
  sourceResourceId: number | null;
  creatorUserId: number | null;
  creationTime: Timestamp;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
}
export interface ResourceCollectionTable { resourceId: number; userId: number; creationTime: Timestamp }
export interface StudyDayTable { userId: number; resourceId: number; day: ColumnType<string, string, string>; seconds: Generated<number>; reports: Generated<number> }
export interface StudyTotalTable {
  userId: number;
  resourceId: number;
  seconds: Generated<number>;
  completed: Generated<boolean>;
  completedAt: NullableTs;
  firstStudyTime: Timestamp;
  lastStudyTime: Timestamp;
  organPath: string;
}
export interface StudySessionTable { userId: number; authSessionId: string; resourceId: number; openedAt: Timestamp; lastReportAt: NullableTs; prevActivity: NullableTs; state: Generated<string> }
export interface OfflineReportTable {
  id: Generated<number>;
  userId: number;
  organId: number;
  organPath: string;
  title: string;
  studyDate: ColumnType<string, string, string>;
  hours: number;
  content: string | null;
  evidence: Json<unknown[]>;
  status: Generated<number>;
  auditRemark: string | null;
  auditorUserId: number | null;
  auditTime: NullableTs;
  creationTime: Timestamp;
  isDeleted: Generated<boolean>;
  /** the administrator who recorded it for the member by import (migration 050); null: the member declared it */
  recorderUserId: Generated<number | null>;
}

/** 考核设置: one rule per organisation, year and kind (assessType 1 党员, 2 党组织); migration 009 */
export interface ExaminationRuleTable {
  id: Generated<number>;
  organId: number;
  organPath: string;
  year: number;
  assessType: number;
  onlinePassPeriodForYear: number | null;
  offlinePassPeriodForYear: number | null;
  passRate: number | null;
  avgPeriodForYear: number | null;
  creatorUserId: number | null;
  creationTime: Timestamp;
  lastModifierUserId: number | null;
  lastModificationTime: NullableTs;
}

/** A member's 学时 of a platform year, kept by the study_days and offline_reports writes — migration 044. */
export interface MemberStudyYearTable {
  userId: number;
  year: number;
  onlineSeconds: ColumnType<string, string | number, string | number>;
  offlineHours: ColumnType<string, string | number, string | number>;
}

/** A wide subtree's (province, city) progress against its targets in a year, rewritten by the job `study.progress` — migration 044. */
export interface OrganStudyProgressTable {
  year: number;
  organId: number;
  members: number;
  ruled: number;
  passed: number;
  seconds: ColumnType<string, string | number, string | number>;
  refreshedAt: Date;
}
