import type { ActionDef } from '../../http/actions';
import { topicAdminActions, topicStudyCheckActions } from './topic-admin';
import { topicExamAdminActions, topicExamMemberActions } from './topic-exams';
import { topicMemberActions } from './topic-member';

export { specialCourseActions } from './topic-courses';
export { EXAM_ROUTE, SPECIAL_MSG, SPECIAL_PERMISSION, SPECIAL_TYPE, managedTopic, requireText, visibleTopic } from './topics';

/**
 * 专题学习: a special topic is a training class of class_type 2 (migration 020), as in the original
 * server's TrainClassService. An administrator's topic belongs to his managed organisation: his
 * subtree manages it (sort, enable, recommend, courses, exams), anything else answers as missing.
 * Members see enabled topics of their own organisation and those above it (published downwards),
 * play the courses' resources in the ordinary players — the ordinary study report credits their
 * 学时 — and find the topic's exams (papers whose `train_class_id` is the topic, ExamPaperService).
 *
 * The actions live by responsibility — topics.ts (reading a topic), topic-admin.ts, topic-exams.ts,
 * topic-member.ts, topic-progress.ts, topic-courses.ts — and are gathered here in the contract's order.
 */
export const specialTopicActions: Record<string, ActionDef> = {
  ...topicAdminActions,
  ...topicExamAdminActions,
  ...topicStudyCheckActions,
  ...topicMemberActions,
  // 学习心得 (SubmitNote, GetNote, StudentNotePageList): one implementation for topics and classes, courses-notes.ts
  ...topicExamMemberActions,
};
