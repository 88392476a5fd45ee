/**
 * 培训 (TrainClassService, TrainClassCourseService): the answers members' pages read — classes,
 * rotation programmes, courses and notes, special topics, minds. The server's handlers return
 * these types and the client's pages read them, so a field is named once.
 *
 * Times travel as ISO strings; the server builds them as `Date`. A DTO with times takes the time
 * type as its parameter: `string` (the default) in the browser, `Date` in the server's handlers.
 */

/** A class as members see it (ClassMineList, MyClassPageList; docs/training.md "Member items"). */
export interface MemberClass<T = string> {
  id: number;
  className: string;
  classType: number;
  coverPicture: string | null;
  createOrganName: string;
  applyStartTime: T | null;
  applyEndTime: T | null;
  startTime: T | null;
  endTime: T | null;
  /** 0 草稿, 1 未开始报名, 2 报名中, 3 待开班, 4 进行中, 5 已结束 */
  state: number;
  statusText: string;
  serverTime: T;
  trainNumbers: number;
  studentCount: number;
  /** null: not applied; 0 待审核, 1 已通过, 2 未通过, 3 已移出 */
  studentStatus: number | null;
  studentStatusText: string | null;
  canApply: boolean;
}

/** Member item of a class + introduction, address, teachingObjects (GetMyClass). */
export interface MemberClassDetail<T = string> extends MemberClass<T> {
  introduction?: string | null;
  address?: string | null;
  teachingObjects?: string | null;
}

/** What the mind picker needs of the member's classes (MyClassPageList). */
export type StudyingClass = Pick<MemberClass, 'id' | 'className' | 'studentStatus'>;

/** The member's batch of a rotation programme (MyCenTrainPageList). */
export interface MyBatch<T = string> {
  /** the batch's class id */
  id: number;
  className: string;
  startTime: T | null;
  endTime: T | null;
  address: string | null;
  /** 3 待开班, 4 进行中, 5 已结束 */
  state: number;
  statusText: string;
}

/** A rotation programme the member studies in, with his batch (MyCenTrainPageList). */
export interface MyCenTrain<T = string> {
  id: number;
  name: string;
  year: number;
  coverPhoto: string | null;
  startTime: T;
  endTime: T;
  createOrganName: string;
  batch: MyBatch<T>;
}

/** Course DTO (CourseList); isSigned and signTime for a student. */
export interface ClassCourse<T = string> {
  id: number;
  trainClassId: number;
  courseName: string;
  /** 1 线下, 2 线上 */
  courseType: number;
  period: number;
  startTime: T | null;
  endTime: T | null;
  description: string | null;
  teacherName: string | null;
  baseName: string | null;
  address: string | null;
  resourceCount: number;
  signedCount: number;
  studentCount: number;
  isSigned?: boolean;
  signTime?: T | null;
}

/** The member's own note on a class's course (GetNote with a courseId). */
export interface ClassNote<T = string> {
  id: number;
  trainClassId: number;
  courseId: number;
  title: string;
  content: string;
  creationTime: T;
  lastModificationTime: T | null;
}

/** A topic card: the reference client's id, name, coverPhoto, resourceCount, plus the member's progress. */
export interface SpecialCard {
  id: number;
  name: string;
  coverPhoto: string | null;
  organName?: string;
  resourceCount: number;
  finishedCount: number;
  /** credited hours on the topic's resources, and the topic's hours */
  period: number;
  totalPeriod: number;
  percent: number;
}

/** A topic as a member opens it (GetSpecialAndResourceById); `R` is the study domain's resource DTO. */
export interface SpecialDetail<R = unknown> extends SpecialCard {
  introduction: string | null;
  courses: { id: number; courseName: string; introduction: string | null; resources: R[] }[];
}

/** The member's topics summed up (GetUserSpecialSum). */
export interface SpecialSum {
  specialCount: number;
  studyingCount: number;
  finishedCount: number;
  period: number;
  totalPeriod: number;
}

/** A paper of a topic or class assigned to the member (UserExamPageList). */
export interface SpecialExam<T = string> {
  id: number;
  paperId: number;
  paperName: string;
  /** the reference client's spelling */
  beginTitme: T;
  endTime: T;
  testTime: number;
  testCount: number;
  passScore: number;
  /** 1 未开始, 2 进行中, 3 已结束 */
  status: number;
  statusText: string;
  attempts: number;
  bestScore: number | null;
  passed: boolean;
  examUrl: string;
}

/** The member's own note on a topic (GetNote without a courseId). */
export interface SpecialNote<T = string> {
  id: number;
  trainClassId: number;
  title: string;
  content: string;
  creationTime: T;
  lastModificationTime: T | null;
}

/** The Mind DTO of docs/training.md, with what the server works out for the caller. */
export interface Mind<T = string> {
  id: number;
  trainClassId: number | null;
  className: string | null;
  userId: number;
  memberName: string;
  organName: string | null;
  title: string;
  /** sanitised rich text */
  content: string;
  comment: string | null;
  commenterName: string | null;
  commentTime: T | null;
  isPublic: boolean;
  creationTime: T;
  lastModificationTime: T | null;
  commented: boolean;
  /** 待点评 / 已点评 */
  statusText: string;
  /** the owner, before a comment */
  canEdit: boolean;
  canComment: boolean;
}

/** SubmitMind's body. */
export interface MindInput {
  id?: number;
  trainClassId?: number | null;
  title: string;
  content: string;
}
