import { defineService } from '../http/actions';
import { specialCourseActions, specialTopicActions } from './special-topic';

/**
 * TrainClassService and TrainClassCourseService: one table of classes (migration 020) for 培训班
 * (class_type 1, issue 14) and 专题 (class_type 2, issue 13). Each kind keeps its actions in a
 * module of its own and is spread in here, so the two services stay one each in the contract.
 */
export const trainClassService = defineService('TrainClassService', { ...specialTopicActions });
export const trainClassCourseService = defineService('TrainClassCourseService', { ...specialCourseActions });
