import { defineService } from '../../http/actions';
import { specialCourseActions, specialTopicActions } from './special-topic';
import { classCoreActions } from './train-class-core';
import { classCourseActions, courseActions } from './train-class-courses';
import { mindActions } from './train-class-minds';
import { cenTrainActions } from './cen-train';

/**
 * TrainClassService and TrainClassCourseService: one table of classes (migration 020) for 培训班
 * (class_type 1) and 专题 (class_type 2). Each part keeps its actions in a
 * module of its own and is spread in here, so the two services stay one each in the contract:
 * topics (special-topic.ts), classes with scope, places and students (train-class-core.ts),
 * courses, sign-in, notes and training records (train-class-courses.ts), 学员心得 / 思想汇报
 * (train-class-minds.ts) and centralised rotation training (cen-train.ts).
 */
export const trainClassService = defineService('TrainClassService', { ...specialTopicActions, ...classCoreActions, ...classCourseActions, ...mindActions, ...cenTrainActions });
export const trainClassCourseService = defineService('TrainClassCourseService', { ...specialCourseActions, ...courseActions });
