/** Typed calls of the study loop (services §7): resource library, classes, study report, periods, offline declarations. */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { EvidenceFile, MyExamination, OfflineReport, OnlinePeriodItem, Resource, ResourceClassNode, StudyAnswer, SyncPeriodItem } from '../../contract/study';

export type { EvidenceFile, MyExamination, OfflineReport, OnlinePeriodItem, Resource, StudyAnswer, SyncPeriodItem };

const lib = (a: string) => servicePath('ResourceLibaryService', a);
const off = (a: string) => servicePath('OfflinePeriodService', a);
const per = (a: string) => servicePath('PeriodManageService', a);

/** Resource types (services §2). */
export const RESOURCE_TYPE = { video: 1, book: 2, audio: 3, files: 4, special: 5, image: 6, animate: 7 } as const;
export const RESOURCE_TYPE_TEXT: Record<number, string> = { 1: '视频', 2: '图书', 3: '音频', 4: '文件', 5: '专题', 6: '图片', 7: '动画' };

export interface ResourceQuery {
  skipCount?: number;
  maxResultCount?: number;
  name?: string;
  resourceType?: number;
  classId?: number;
}

type Paged<T> = Promise<PagedResult<T>>;
const q = (input: ResourceQuery = {}) => ({ skipCount: 0, maxResultCount: 10, ...input }) as Record<string, unknown>;

export const resourceService = {
  organList: (input?: ResourceQuery): Paged<Resource> => api.get(lib('GetOrganResourceList'), q(input)),
  newest: (input?: ResourceQuery): Paged<Resource> => api.get(lib('GetNewestResourseList'), q(input)),
  topRecommend: (input?: ResourceQuery): Paged<Resource> => api.get(lib('GetTopRecommandResourceList'), q(input)),
  latelyLearn: (input?: ResourceQuery): Paged<Resource> => api.get(lib('GetUserViewResourceList'), q(input)),
  studyRecords: (input?: ResourceQuery): Paged<Resource> => api.get(lib('MyResourceStudyRecordPageList'), q(input)),
  collected: (input?: ResourceQuery): Paged<Resource> => api.get(lib('GetUserCollectResourceList'), q(input)),
  related: (id: number, input?: ResourceQuery): Paged<Resource> => api.get(lib('GetRelationResourceList'), { ...q(input), id }),
  /** opening a resource: +1 view and the start of the study session */
  open: (id: number, opts?: CallOptions) => api.get<Resource>(lib('GetByIdAutoIncr'), { id }, opts),
  get: (id: number, opts?: CallOptions) => api.get<Resource>(lib('GetResourceById'), { id }, opts),
  collect: (id: number) => api.post<{ collectionCount: number; isCollected: boolean }>(lib('CollectResource'), { id }),
  cancelCollect: (id: number) => api.post<{ collectionCount: number; isCollected: boolean }>(lib('CancelCollectResource'), { id }),
  /**
   * The study report (core §4): every 60 s of play, and the tail when the media ends or the page is
   * hidden or closed (keepalive: the request outlives the page). `seconds`: play since the last report.
   */
  study: (resouceId: number, claim?: { seconds: number; keepalive?: boolean }) =>
    api.post<StudyAnswer>(lib('ResrouceStudy'), { periodSource: 1, resouceId, ...(claim ? { seconds: claim.seconds } : {}) }, { silent: true, keepalive: claim?.keepalive }),
  classes: () => api.get<ResourceClassNode[]>(servicePath('ResourceClassService', 'GetAllResourceClassList')),
};

export interface OfflineReportInput {
  title: string;
  studyDate: string;
  hours: number;
  content?: string;
  evidence?: EvidenceFile[];
}

export const offlinePeriodService = {
  create: (input: OfflineReportInput) => api.post<OfflineReport>(off('CreateOfflineReport'), input),
  myList: (input: { skipCount: number; maxResultCount: number; status?: number }): Paged<OfflineReport> => api.get(off('GetMyOffineReportPageList'), input),
  get: (id: number) => api.get<OfflineReport>(off('GetOfflineReport'), { id }),
  remove: (id: number) => api.post<boolean>(off('DelteOfflineReport'), { id }),
};

export const periodService = {
  online: (input: { skipCount: number; maxResultCount: number }): Paged<OnlinePeriodItem> => api.get(per('GetUserOnlinePeriodList'), input),
  /** approved declarations; totalHours sums all of them */
  offline: (input: { skipCount: number; maxResultCount: number }): Promise<PagedResult<OfflineReport> & { totalHours: number }> => api.get(per('GetUserOfflinePeriodList'), input),
  /** online credit by day; totalSeconds sums every day */
  sync: (input: { skipCount: number; maxResultCount: number; year?: number }): Promise<PagedResult<SyncPeriodItem> & { totalSeconds: number }> => api.get(per('GetUserSyncPeriodList'), input),
};

export const examinationService = {
  /** the platform's current year unless one is given */
  mine: (year?: number) => api.get<MyExamination>(servicePath('ExaminationService', 'MyExamination'), year ? { year } : {}),
};

/** Hours with two decimals (core §9). */
export const fmtHours = (h: number | null | undefined) => (Number(h) || 0).toFixed(2);
/** Progress percent with two decimals (services §3); the percent itself comes from seconds (contract/study-progress). */
export const fmtPercent = (p: number | null | undefined) => `${(Number(p) || 0).toFixed(2)}%`;

/** A file-server path (/file/...) as an address the browser can open. */
export const mediaUrl = (u: string | null | undefined) => (u ? u : '');
