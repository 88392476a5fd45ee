import type { ColumnType, Generated } from 'kysely';

/** Kysely table types (camelCase; CamelCasePlugin maps them onto the snake_case columns). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTs = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = Record<string, unknown>> = ColumnType<T, T | string | undefined, T | string>;
type Id = ColumnType<number, number | undefined, never>;

export interface OrganizationTable {
  id: Generated<number>;
  parentId: number | null;
  organName: string;
  shortName: string | null;
  organCode: string | null;
  organPath: Generated<string>;
  organLevel: number;
  organType: string | null;
  areaCode: string | null;
  secretaryName: string | null;
  contactPhone: string | null;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  sort: Generated<number>;
  status: Generated<number>;
  extra: Json;
  creatorUserId: number | null;
  creationTime: Timestamp;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
  /** 0 待审核, 1 已通过, 2 未通过 (migration 010) */
  auditStatus: Generated<number>;
  auditRemark: string | null;
  /** the creator's managed organisation when a level below the province created it: the level above audits */
  submitOrganPath: string | null;
}

export interface UserTable {
  id: Generated<number>;
  userName: string;
  name: string;
  passwordHash: string;
  phoneNumber: string | null;
  phoneConfirmed: Generated<boolean>;
  email: string | null;
  organId: number | null;
  userType: Generated<number>;
  isActive: Generated<boolean>;
  needChangePassword: Generated<boolean>;
  failedLoginCount: Generated<number>;
  lockoutEnd: NullableTs;
  lastFailedLoginAt: NullableTs;
  ukeyPublicKey: string | null;
  ssoSubject: string | null;
  creatorUserId: number | null;
  creationTime: Timestamp;
  lastLoginTime: NullableTs;
  isDeleted: Generated<boolean>;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  displayName: string;
  description: string | null;
  isDefault: Generated<boolean>;
  isStatic: Generated<boolean>;
  level: number | null;
  organType: string | null;
  userType: Generated<number>;
  creationTime: Timestamp;
}

export interface MenuTable {
  id: Generated<number>;
  parentId: number | null;
  displayName: string;
  url: Generated<string>;
  iconPath: string | null;
  type: number;
  tags: string | null;
  permissionName: string | null;
  sort: Generated<number>;
  isEnabled: Generated<boolean>;
  creationTime: Timestamp;
}

export interface RoleMenuTable { roleId: number; menuId: number }
export interface TenantMenuTable { menuId: number }

export interface UserRoleTable {
  id: Generated<number>;
  userId: number;
  roleId: number;
  organId: number;
  creationTime: Timestamp;
}

export interface AuthSessionTable {
  id: string;
  userId: number;
  roleId: number | null;
  organId: number | null;
  loginMethod: string;
  expiresAt: Timestamp;
  revokedAt: NullableTs;
  creationTime: Timestamp;
  /** last request seen (at most every 30 s) and its address (migration 012) */
  lastActivityTime: NullableTs;
  clientIp: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CaptchaTable { id: string; answer: string; expiresAt: Timestamp }
export interface RateCounterTable { key: string; count: number; windowStart: Timestamp; expiresAt: Timestamp }
export interface UnknownSignInNameTable { name: string; failedLoginCount: Generated<number>; lockoutEnd: NullableTs; lastFailedLoginAt: Timestamp }
export interface PhoneCodeTable {
  id: Generated<number>;
  phoneNumber: string;
  purpose: string;
  codeHash: string;
  attempts: Generated<number>;
  used: Generated<boolean>;
  expiresAt: Timestamp;
  creationTime: Timestamp;
}
export interface UkeyChallengeTable { id: string; challenge: string; expiresAt: Timestamp; used: Generated<boolean> }
export interface SsoTicketUsedTable { jti: string; expiresAt: Timestamp }

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

export interface BaseCodeTypeTable { id: Generated<number>; name: string; displayName: string; isTree: Generated<boolean>; creationTime: Timestamp }
export interface BaseCodeTable { id: Generated<number>; typeName: string; label: string; value: string; parentValue: string | null; sort: Generated<number> }
export interface SettingTable { key: string; value: string }

export interface ProjectTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  isEnabled: Generated<boolean>;
  creationTime: Timestamp;
  isDeleted: Generated<boolean>;
}

export interface SiteMessageTable {
  id: Generated<number>;
  title: string;
  content: Generated<string>;
  messageType: string;
  senderOrganId: number | null;
  organName: Generated<string>;
  linkUrl: string | null;
  creationTime: Timestamp;
}
export interface SiteMessageReceiverTable {
  id: Generated<number>;
  messageId: number;
  userId: number;
  source: number;
  isRead: Generated<boolean>;
  readTime: NullableTs;
}

export interface AuditLogTable {
  id: Generated<number>;
  userId: number | null;
  service: string;
  action: string;
  targetId: string | null;
  detail: Json<unknown> | null;
  clientIp: string | null;
  creationTime: Timestamp;
  /** the caller's organisation at the time (migration 012) */
  organId: ColumnType<number | null, number | null | undefined, number | null>;
  organPath: ColumnType<string | null, string | null | undefined, string | null>;
}

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

export interface FileTable {
  id: string;
  storageKey: string;
  name: string;
  ext: Generated<string>;
  size: number;
  contentType: string;
  kind: string;
  sha256: string;
  headMd5: string | null;
  project: string;
  attachClass: number;
  uploaderUserId: number | null;
  durationSeconds: number | null;
  hlsStatus: string | null;
  hlsProgress: number | null;
  creationTime: Timestamp;
}

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

export interface ExamLibaryTable {
  id: Generated<number>;
  libaryName: string;
  coverImageUrl: string | null;
  description: string | null;
  organId: number;
  organPath: string;
  creatorUserId: number | null;
  creationTime: Generated<Timestamp>;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
}
/** An option of a choice question, as stored (the scorer's truth). */
export interface ExamOption { content: string; isRight: boolean }
export interface ExamQuestionTable {
  id: Generated<number>;
  libaryId: number;
  type: number;
  title: string;
  analysis: string | null;
  difficulty: Generated<number>;
  tags: Generated<string[]>;
  options: ColumnType<ExamOption[], string | undefined, string>;
  judgeAnswer: boolean | null;
  blankAnswers: ColumnType<string[][] | null, string | null, string | null>;
  referenceAnswer: string | null;
  resources: ColumnType<unknown, string | null, string | null>;
  creatorUserId: number | null;
  creationTime: Generated<Timestamp>;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
}

type Num = ColumnType<number, number | string | undefined, number | string>;
type NullNum = ColumnType<number | null, number | string | null | undefined, number | string | null>;

export interface ExamPaperTable {
  id: Generated<number>;
  paperName: string;
  /** 1 ordinary (fixed questions), 2 random (drawn per member) */
  paperType: Generated<number>;
  trainClassId: number | null;
  description: string | null;
  beginTime: Timestamp;
  endTime: Timestamp;
  /** minutes */
  testTime: Generated<number>;
  /** attempts allowed; 0 unlimited */
  testCount: Generated<number>;
  passScore: Num;
  singleChoiceScore: Num;
  multipleChoiceScore: Num;
  jugeScore: Num;
  blankScore: Num;
  shortScore: Num;
  /** when a member sees answers and 解析: 1 after submitting, 2 after the paper's end, 3 never */
  showAnswer: Generated<number>;
  organId: number;
  organPath: string;
  creatorUserId: number | null;
  creationTime: Generated<Timestamp>;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
}
export interface ExamPaperQuestionTable { paperId: number; questionId: number; sort: Generated<number>; score: NullNum }
export interface ExamPaperRandomSetTable {
  id: Generated<number>;
  paperId: number;
  libaryId: number;
  difficulty: number | null;
  singleChoiceCount: Generated<number>;
  multiChoiceCount: Generated<number>;
  jugeCount: Generated<number>;
  blankCount: Generated<number>;
  shortCount: Generated<number>;
}
export interface ExamPaperOrganTable { paperId: number; organId: number; organPath: string }
export interface ExamPaperUserTable { paperId: number; userId: number; excluded: Generated<boolean>; creationTime: Generated<Timestamp> }
export interface ExamSheetTable { paperId: number; userId: number; questions: ColumnType<unknown, string, string>; creationTime: Generated<Timestamp> }
export interface ExamResultTable {
  id: Generated<number>;
  paperId: number;
  userId: number;
  memberName: string;
  organId: number;
  organPath: string;
  attemptNo: number;
  startTime: Timestamp;
  deadline: Timestamp;
  submitTime: NullableTs;
  /** 1 answering, 2 waiting for a short answer's mark, 3 done */
  status: Generated<number>;
  /** 1 the member submitted, 2 closed at the deadline by the server */
  closedBy: number | null;
  score: NullNum;
  objectiveScore: NullNum;
  passed: boolean | null;
  errorCount: number | null;
}
export interface ExamAnswerTable {
  resultId: number;
  questionId: number;
  answer: ColumnType<unknown, string | null, string | null>;
  marked: Generated<boolean>;
  answeredAt: Timestamp;
  isRight: boolean | null;
  score: NullNum;
}

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

/** 党费 (migration 022): money columns are integer fen */
export interface PartyDuesBaseTable {
  id: Generated<number>;
  memberId: number;
  userId: number | null;
  organId: number;
  organPath: string;
  year: number;
  category: string;
  baseIncome: number | null;
  band: string;
  monthlyAmount: number;
  remark: string | null;
  setByUserId: number | null;
  setByName: string | null;
  creationTime: Timestamp;
  lastModificationTime: NullableTs;
}
export interface PartyDuesBaseChangeTable {
  id: Generated<number>;
  memberId: number;
  organPath: string;
  year: number;
  oldCategory: string | null;
  oldBaseIncome: number | null;
  oldBand: string | null;
  oldMonthlyAmount: number | null;
  newCategory: string;
  newBaseIncome: number | null;
  newBand: string;
  newMonthlyAmount: number;
  remark: string | null;
  changedByUserId: number | null;
  changedByName: string | null;
  creationTime: Timestamp;
}
export interface PartyDuesPaymentTable {
  id: Generated<number>;
  idempotencyKey: string;
  memberId: number;
  userId: number;
  memberName: string;
  organId: number;
  organPath: string;
  year: number;
  /** the months paid, comma-separated in order ("3,4,5") */
  months: string;
  amount: number;
  channel: string;
  /** 0 待确认, 1 已缴 (confirmed), 2 已退回 */
  status: Generated<number>;
  remark: string | null;
  confirmUserId: number | null;
  confirmName: string | null;
  confirmTime: NullableTs;
  creationTime: Timestamp;
}
export interface PartyDuesPaymentMonthTable { paymentId: number; memberId: number; year: number; month: number; amount: number; status: Generated<number> }
export interface PartyDuesPayoutTable {
  id: Generated<number>;
  organId: number;
  organPath: string;
  payDate: ColumnType<string, string, string>;
  amount: number;
  purpose: string;
  handler: string;
  remark: string | null;
  creatorUserId: number | null;
  creationTime: Timestamp;
}
export interface BigScreenRegistCodeTable {
  id: Generated<number>;
  code: string;
  organId: number;
  organPath: string;
  remark: string | null;
  deviceName: string | null;
  registerTime: Date | null;
  lastPullTime: Date | null;
  creatorUserId: number | null;
  creationTime: Timestamp;
  isDeleted: Generated<boolean>;
  deletionTime: Date | null;
}
interface BigScreenOwned {
  id: Generated<number>;
  organId: number;
  organPath: string;
  creatorUserId: number | null;
  creationTime: Timestamp;
  isDeleted: Generated<boolean>;
}
export interface BigScreenInfoTable extends BigScreenOwned {
  screenName: string;
  welcomeText: string | null;
  remark: string | null;
  lastModificationTime: Date | null;
}
export interface BigScreenVideoTable extends BigScreenOwned {
  title: string;
  resourceId: number | null;
  videoUrl: string;
  coverImage: string | null;
}
export interface BigScreenVersionTable extends BigScreenOwned {
  versionName: string;
  modules: ColumnType<string[], string, string>;
  videoId: number | null;
  remark: string | null;
  isCurrent: Generated<boolean>;
  lastModificationTime: Date | null;
}
export interface BigScreenNewsTable extends BigScreenOwned {
  newsType: number;
  title: string;
  content: string | null;
  coverImage: string | null;
}
export interface BigScreenResourceTable extends BigScreenOwned {
  name: string;
  resourceType: number;
  url: string;
}
export interface BigScreenResourceMapTable { versionId: number; resourceId: number; sort: Generated<number> }
export interface BigScreenConcernTable {
  id: Generated<number>;
  organId: number;
  organPath: string;
  codeId: number | null;
  name: string;
  phone: string | null;
  content: string;
  backContent: string | null;
  backTime: Date | null;
  backUserId: number | null;
  creationTime: Timestamp;
  isDeleted: Generated<boolean>;
}
export interface DB {
  trainClasses: TrainClassTable;
  trainClassCourses: TrainClassCourseTable;
  trainClassCourseResources: TrainClassCourseResourceTable;
  trainClassNotes: TrainClassNoteTable;
  trainClassScopes: TrainClassScopeTable;
  trainClassAllocations: TrainClassAllocationTable;
  trainClassStudents: TrainClassStudentTable;
  trainClassSignins: TrainClassSigninTable;
  trainClassMinds: TrainClassMindTable;
  cenTrains: CenTrainTable;
  examLibraries: ExamLibaryTable;
  examQuestions: ExamQuestionTable;
  examPapers: ExamPaperTable;
  examPaperQuestions: ExamPaperQuestionTable;
  examPaperRandomSets: ExamPaperRandomSetTable;
  examPaperOrgans: ExamPaperOrganTable;
  examPaperUsers: ExamPaperUserTable;
  examSheets: ExamSheetTable;
  examResults: ExamResultTable;
  examAnswers: ExamAnswerTable;
  resourceClasses: ResourceClassTable;
  resources: ResourceTable;
  resourceCollections: ResourceCollectionTable;
  studyDays: StudyDayTable;
  studyTotals: StudyTotalTable;
  studySessions: StudySessionTable;
  offlineReports: OfflineReportTable;
  examinationRules: ExaminationRuleTable;
  files: FileTable;
  records: RecordTable;
  recordLikes: RecordUserMarkTable;
  recordReads: RecordUserMarkTable;
  upwardReports: UpwardReportTable;
  workflowHistory: WorkflowHistoryTable;
  recordParticipants: RecordParticipantTable;
  recordSignCodes: RecordSignCodeTable;
  recordIssues: RecordIssueTable;
  organizations: OrganizationTable;
  users: UserTable;
  roles: RoleTable;
  menus: MenuTable;
  roleMenus: RoleMenuTable;
  tenantMenus: TenantMenuTable;
  userRoles: UserRoleTable;
  authSessions: AuthSessionTable;
  captchas: CaptchaTable;
  rateCounters: RateCounterTable;
  unknownSignInNames: UnknownSignInNameTable;
  phoneCodes: PhoneCodeTable;
  ukeyChallenges: UkeyChallengeTable;
  ssoTicketsUsed: SsoTicketUsedTable;
  partyMembers: PartyMemberTable;
  memberBonusPenalties: MemberSubRecordTable;
  memberAbroads: MemberSubRecordTable;
  organTeamMembers: OrganTeamMemberTable;
  units: UnitTable;
  baseCodeTypes: BaseCodeTypeTable;
  baseCodes: BaseCodeTable;
  settings: SettingTable;
  projects: ProjectTable;
  siteMessages: SiteMessageTable;
  siteMessageReceivers: SiteMessageReceiverTable;
  auditLogs: AuditLogTable;
  partyDuesBases: PartyDuesBaseTable;
  partyDuesBaseChanges: PartyDuesBaseChangeTable;
  partyDuesPayments: PartyDuesPaymentTable;
  partyDuesPaymentMonths: PartyDuesPaymentMonthTable;
  partyDuesPayouts: PartyDuesPayoutTable;
  bigScreenRegistCodes: BigScreenRegistCodeTable;
  bigScreenInfos: BigScreenInfoTable;
  bigScreenVideos: BigScreenVideoTable;
  bigScreenVersions: BigScreenVersionTable;
  bigScreenNews: BigScreenNewsTable;
  bigScreenResources: BigScreenResourceTable;
  bigScreenResourceMaps: BigScreenResourceMapTable;
  bigScreenConcerns: BigScreenConcernTable;
}
export type { Id };
