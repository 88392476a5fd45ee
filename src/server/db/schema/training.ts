import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTs } from './columns';

/** Training classes and special topics, their courses, students, sign-ins and notes; centralised training. */

/** A training class (class_type 1 培训班) or a special topic (2 专题), migration 020. */
export interface TrainClassTable {
  id: Generated<number>;
  classType: number;
  name: string;
  coverPhoto: string | null;
  /** sanitised rich text */
  introduction: string | null;
  organId: number;
  organPath: string;
  sort: Generated<number>;
  isEnabled: Generated<boolean>;
  isRecommend: Generated<boolean>;
  creatorUserId: number | null;
  creationTime: Generated<Timestamp>;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
  // migration 021 (培训班)
  groupName: string | null;
  teachingObjects: string | null;
  teachingPlanId: number | null;
  applyStartTime: NullableTs;
  applyEndTime: NullableTs;
  startTime: NullableTs;
  endTime: NullableTs;
  address: string | null;
  /** total places, 0 = unlimited */
  trainNumbers: Generated<number>;
  needAudit: Generated<boolean>;
  /** 0 draft, 1 published */
  status: Generated<number>;
  /** a batch of a centralised rotation programme */
  cenTrainId: number | null;
}
export interface TrainClassScopeTable { trainClassId: number; organId: number; organPath: string; excluded: Generated<boolean> }
export interface TrainClassAllocationTable {
  id: Generated<number>;
  trainClassId: number;
  organId: number;
  organPath: string;
  numbers: number;
  creatorUserId: number | null;
  creationTime: Timestamp;
  lastModificationTime: NullableTs;
}
/** 0 pending, 1 approved, 2 rejected, 3 removed; source 1 applied, 2 added, 3 assigned (rotation batch) */
export interface TrainClassStudentTable {
  id: Generated<number>;
  trainClassId: number;
  userId: number;
  memberName: string;
  organId: number | null;
  organPath: string;
  status: Generated<number>;
  source: Generated<number>;
  auditRemark: string | null;
  auditorUserId: number | null;
  auditTime: NullableTs;
  addedByUserId: number | null;
  creationTime: Timestamp;
}
export interface TrainClassSigninTable { courseId: number; userId: number; trainClassId: number; signTime: Timestamp; signedByUserId: number | null }
export interface TrainClassMindTable {
  id: Generated<number>;
  trainClassId: number | null;
  userId: number;
  memberName: string;
  organId: number | null;
  organPath: string;
  title: string;
  /** sanitised rich text */
  content: string;
  comment: string | null;
  commenterUserId: number | null;
  commenterName: string | null;
  commentTime: NullableTs;
  isPublic: Generated<boolean>;
  creationTime: Timestamp;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
}
export interface CenTrainTable {
  id: Generated<number>;
  name: string;
  year: number;
  coverPhoto: string | null;
  introduction: string | null;
  startTime: Timestamp;
  endTime: Timestamp;
  organId: number;
  organPath: string;
  creatorUserId: number | null;
  creationTime: Timestamp;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
}
export interface TrainClassCourseTable {
  id: Generated<number>;
  trainClassId: number;
  courseName: string;
  introduction: string | null;
  sort: Generated<number>;
  creationTime: Generated<Timestamp>;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
  // migration 021: 1 offline (线下), 2 online (线上)
  courseType: Generated<number>;
  period: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  startTime: NullableTs;
  endTime: NullableTs;
  description: string | null;
  baseLibraryId: number | null;
  teacherLibraryId: number | null;
  teacherName: string | null;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  signCode: string | null;
  signCodeTime: NullableTs;
}
export interface TrainClassCourseResourceTable { courseId: number; resourceId: number; sort: Generated<number> }
/** A member's 学习心得 on a class or topic (SubmitNote): one per member and class. */
export interface TrainClassNoteTable {
  id: Generated<number>;
  trainClassId: number;
  userId: number;
  memberName: string;
  organId: number | null;
  organPath: string;
  title: string;
  /** sanitised rich text */
  content: string;
  creationTime: Timestamp;
  lastModificationTime: NullableTs;
  /** 0: on the class as a whole */
  courseId: Generated<number>;
}
