/** What WorkbenchService/Get answers: the 工作台 of the caller's managed organisation. */
export interface WorkbenchDto {
  organId: number;
  organName: string;
  /** the platform day, 'YYYY-MM-DD' */
  day: string;
  /** one entry per 待办 list the caller holds the permission of (its `call` names the list) */
  pending: { call: string; title: string; count: number; capped: boolean }[];
  figures: {
    memberCount: number;
    organCount: number;
    /** members of the subtree with online study this platform year */
    yearLearners: number;
    /** 本年学时达标率 in percent (考核设置's member rule, as its 实际达标率); null when no rule applies */
    studyPassRate: number | null;
    /** members who reached this year's required hours */
    studyPassedMembers: number;
    /** exams of the subtree open now */
    openExams: number;
    /** members with unpaid months this year (欠缴名单's own count, capped like it) */
    arrearsMembers: number;
    arrearsCapped: boolean;
  };
  /** online study hours of the subtree's members, per month, the last 12 platform months (oldest first) */
  studyTrend: { month: string; hours: number }[];
  todayMeetings: { id: number; title: string; beginTime: string; organName: string }[];
  todayExams: { id: number; paperName: string; beginTime: string; endTime: string }[];
}
