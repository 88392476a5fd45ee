import type { Domain } from '../../domain';
import { trainClassCourseService, trainClassService } from './train-class';

export { syncBatch } from './rotation';

/** 培训: special topics, training classes (places, enrolment, courses, sign-in, minds) and 集中轮训. */
export const training: Domain = {
  name: 'training',
  services: () => [trainClassService, trainClassCourseService],
};
