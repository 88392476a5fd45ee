/**
 * Typed calls of a 培训班 for members (docs/training.md): the class (GetMyClass, Apply — the core
 * part's calls, used by contract), its courses, sign-in, course resources and notes.
 */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { Resource } from './study';
import type { ClassCourse, ClassNote, MemberClassDetail } from '../../contract/training';

const tc = (a: string) => servicePath('TrainClassService', a);
const cc = (a: string) => servicePath('TrainClassCourseService', a);

export const STUDENT_APPROVED = 1;
/** The sign-in window opens this long before a course's start (the server decides; the page only says when). */
export const SIGN_OPEN_BEFORE_MS = 30 * 60_000;

export const trainCourseService = {
  myClass: (id: number, opts?: CallOptions) => api.get<MemberClassDetail>(tc('GetMyClass'), { id }, opts),
  apply: (classId: number) => api.post<{ id: number; status: number }>(tc('Apply'), { classId }),
  courses: (trainClassId: number, opts?: CallOptions) => api.get<{ items: ClassCourse[] }>(cc('CourseList'), { trainClassId }, opts),
  resources: (trainClassCourseId: number) => api.get<{ items: Resource[] }>(cc('GetCourseResource'), { trainClassCourseId }),
  signIn: (courseId: number, code: string) => api.post<{ signTime: string }>(cc('Signin'), { courseId, code }),
  /** 签到 by the QR code's signed token (no code typed) */
  signInByToken: (courseId: number, token: string) => api.post<{ signTime: string }>(cc('Signin'), { courseId, token }),
  note: (trainClassId: number, courseId: number) => api.get<ClassNote | null>(tc('GetNote'), { trainClassId, courseId }),
  submitNote: (input: { trainClassId: number; courseId: number; title: string; content: string }) => api.post<{ id: number }>(tc('SubmitNote'), input),
};
