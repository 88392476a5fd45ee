/**
 * 学习: the answers of the resource library, the class tree, the study report, the period lists, the
 * offline declarations and the member's assessment — the types the server's handlers return and the
 * member pages read. Hours have two decimals; a percent comes from seconds (study-progress.ts).
 */

/** A time in an answer: a Date on the server, its ISO text on the wire. */
export type StudyTime = Date | string;

/** The Resource entity of services §3 (toResource). */
export interface Resource {
  id: number;
  name: string;
  resourceType: number;
  coverUrl?: string | null;
  flvUrl?: string | null;
  keyWord?: string | null;
  description?: string | null;
  viewCount: number;
  collectionCount: number;
  isIntegrity: boolean;
  createOrgan?: string;
  organName?: string;
  /** the member's credited hours, two decimals */
  period: number;
  /** the resource's total hours */
  resoursePeriod: number;
  percent: number;
  /** the caller's credited seconds and the resource's required seconds (the percent is theirs) */
  studiedSeconds?: number;
  durationSeconds?: number;
  playUrl?: string | null;
  isCollected?: boolean;
  completed?: boolean;
  creationTime?: StudyTime;
}

/** The answer of ResrouceStudy: 1 continue, 2 completed, 3 refused, 4 another device. */
export interface StudyAnswer {
  studyState: number;
  message: string;
  credited: number;
  /** the member's credited hours on this resource, two decimals */
  period: number;
  /** the member's credited seconds on this resource, its required seconds and the percent of them (100: complete) */
  seconds: number;
  durationSeconds: number;
  percent: number;
}

/** A node of the resource class tree (ResourceClassService) */
export interface ResourceClassDto {
  id: number;
  parentId: number | null;
  className: string;
  resourceClassPath: string;
  resClassType: number;
  sort: number;
}

/** GetAllResourceClassList: the tree */
export interface ResourceClassNode extends ResourceClassDto {
  children: ResourceClassNode[];
}

export interface EvidenceFile {
  id: string;
  name: string;
}

/** An offline study-hour declaration (OfflinePeriodService) */
export interface OfflineReport {
  id: number;
  title: string;
  studyDate: string;
  hours: number;
  content?: string | null;
  evidence: EvidenceFile[] | string;
  status: number;
  statusText?: string;
  auditRemark?: string | null;
  auditTime?: StudyTime | null;
  creationTime: StudyTime;
  organName?: string;
}

/** GetUserOnlinePeriodList: a resource's credit */
export interface OnlinePeriodItem {
  resourceId: number;
  name: string;
  resourceType: number;
  seconds: number;
  durationSeconds: number;
  completed: boolean;
  lastStudyTime: StudyTime;
  period: number;
  resoursePeriod: number;
}

/** GetUserSyncPeriodList: a day's online credit */
export interface SyncPeriodItem {
  day: string;
  seconds: number;
  period: number;
  resources: number;
}

/** MyExamination: the member's requirement of the year and his progress, computed by the server. */
export interface MyExamination {
  year: number;
  onlineHours: number;
  offlineHours: number;
  totalHours: number;
  /** null: no organisation on his path has set a requirement for the year */
  rule: { onlinePassPeriodForYear: number | null; offlinePassPeriodForYear: number | null; organName: string } | null;
  requiredHours?: number;
  completionRate?: number;
  isPassed?: boolean;
}
