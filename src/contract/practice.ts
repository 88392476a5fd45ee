/**
 * The record DTOs of branch life (practice posts, meetings, volunteering, public information, the
 * forum, 困难帮扶, village officials, the party map) as the configured services answer them and the
 * pages read them.
 */
import type { WorkflowHistoryItem } from './types';


export type LikeMark = { likeCount: number; isLiked: boolean };

/** A 示范岗 or a 责任区: the body fields of its entity beside the record's columns. */
export interface PracticePost extends LikeMark {
  id: number;
  ownerUserId: number | null;
  ownerName?: string | null;
  organName: string;
  photos?: string[] | null;
  pledge: string;
  creationTime: string;
  lastModificationTime?: string | null;
  [field: string]: unknown;
}

export interface PublicOpinion {
  id: number;
  title: string;
  category: string;
  content: string;
  anonymous?: boolean | null;
  replyContent?: string | null;
  /** 0 待答复, 1 已答复 (status list `publicOpinion`) */
  auditStatus: number;
  organName: string;
  creationTime: string;
  history?: WorkflowHistoryItem[];
  [field: string]: unknown;
}

export interface OrganOnMap {
  id: number;
  organName: string;
  organLevel: number;
  /** 行政区划代码 (GB/T 2260, 6 digits for a district, more below): the map fits the member's area by it */
  areaCode: string | null;
  address: string | null;
  longitude: number;
  latitude: number;
  secretaryName: string | null;
  contactPhone: string | null;
}

export interface VillageOfficial {
  id: number;
  villageName: string;
  post: string;
  startDate: string;
  photo?: string | null;
  introduction: string;
  achievements?: string | null;
  ownerName?: string | null;
  organName: string;
  /** 0 待审核, 1 已通过, 2 未通过 (status list `audit`) */
  auditStatus: number;
  auditRemark?: string | null;
  auditTime?: string | null;
  likeCount: number;
  isLiked: boolean;
  creationTime: string;
  history?: WorkflowHistoryItem[];
}

export interface PublicInfo {
  id: number;
  title: string;
  infoType: string;
  category?: string | null;
  source?: string | null;
  summary?: string | null;
  /** sanitised rich text */
  content?: string;
  publishDate?: string | null;
  organName: string;
  isTop: boolean;
  isRead: boolean;
  creationTime: string;
}

export interface InfoReport {
  id: number;
  parentId: number;
  /** the article's title */
  parentTitle: string | null;
  title: string;
  content: string;
  creationTime: string;
  lastModificationTime: string | null;
}

export interface ForumPost {
  id: number;
  title: string;
  content: string;
  organName: string;
  ownerUserId: number | null;
  ownerName: string | null;
  isTop: boolean;
  isLiked: boolean;
  likeCount: number;
  replyCount: number;
  creationTime: string;
}

export interface ForumReply {
  id: number;
  content: string;
  ownerUserId: number | null;
  ownerName: string | null;
  creationTime: string;
}

export interface AttachedFile {
  id: string;
  name?: string;
}

/** A hardship application (auditStatus: status list difficultyApply). */
export interface DifficultyApply {
  id: number;
  auditStatus: number;
  helpType: string;
  difficultType: string[];
  difficulInstruction: string;
  healthSituation?: string | null;
  yearIncome?: number | null;
  familySize?: number | null;
  isLowAllowance?: boolean | null;
  isNoWorkOldMember?: boolean | null;
  isPensionBenefits?: boolean | null;
  attachs?: AttachedFile[] | null;
  organName?: string;
  ownerName?: string | null;
  creationTime: string;
  availableTransitions: string[];
  history?: WorkflowHistoryItem[];
  [k: string]: unknown;
}

/** A help record under an approved application (auditStatus: status list evaluation). */
export interface DifficultyHelp {
  id: number;
  parentId: number;
  auditStatus: number;
  title: string;
  helpType: string;
  helpDate: string;
  helpAmount?: number | null;
  helpDetail: string;
  attachs?: AttachedFile[] | null;
  evaluateLevel?: number | null;
  evaluateContent?: string | null;
  organName?: string;
  creationTime: string;
  availableTransitions: string[];
  history?: WorkflowHistoryItem[];
  [k: string]: unknown;
}

/** A meeting as the server answers it: body fields beside the record's own and the caller's facts. */
export interface PartyMeeting {
  id: number;
  title: string;
  meetingType: number;
  meetingClass?: number | null;
  /** wall-clock times of the platform zone, 'YYYY-MM-DD HH:mm' */
  beginTime: string;
  endTime: string;
  meetingAddress: string;
  hostName?: string | null;
  recorderName?: string | null;
  linkPhone?: string | null;
  agendaContents?: string | null;
  meetingRecord?: string | null;
  meetingAttachs?: string[] | null;
  organName: string;
  participantCount: number;
  /** derived by the server's clock: 0 未开始, 1 进行中, 2 已结束 */
  meetingStatus: 0 | 1 | 2;
  isJoined: boolean;
  isSigned: boolean;
  /** the caller's leave: null none, 0 pending, 1 approved, -1 rejected */
  offWorkStatus: number | null;
  leaveReason: string | null;
}

/** A volunteer activity as the server answers it: the body fields beside the record's own. */
export interface VolActivity {
  id: number;
  title: string;
  type: string;
  coverPicture?: string | null;
  /** wall-clock times of the platform zone, 'YYYY-MM-DD HH:mm' */
  startTime: string;
  endTime: string;
  lastApplyTime: string;
  /** places; empty or 0: unlimited */
  needUserCount?: number | null;
  contacts?: string | null;
  contactsPhone?: string | null;
  address: string;
  description?: string | null;
  attention?: string | null;
  summary?: string | null;
  publishMark?: boolean | null;
  organName: string;
  participantCount: number;
  isJoined: boolean;
  isSigned: boolean;
  creationTime: string;
}
