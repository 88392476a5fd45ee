import { defineService } from '../../http/actions';
import { paperAdminActions } from './paper-admin';
import { paperParticipantActions } from './paper-participants';
import { paperResultActions } from './paper-results';
import { paperMarkingActions } from './paper-marking';
import { memberSittingActions } from './member-sitting';
import { memberReviewActions } from './member-review';

/**
 * 考试管理 and taking a paper (ExamPaperService). Field names follow the original client
 * (`beginTitme`, `jugeScore`, `randomExamPaperSet`, `errorQuestionCout`), spelling included.
 *
 * Administrators manage the papers of their subtree (paper-admin.ts), who sits them
 * (paper-participants.ts), their statistics and marking (paper-results.ts). Members take the papers
 * assigned to them (member-sitting.ts) and review them as far as the paper's `showAnswer` allows
 * (member-review.ts). Answers and 解析 never leave the server before that.
 */
export const examPaperService = defineService('ExamPaperService', {
  ...paperAdminActions,
  ...paperParticipantActions,
  ...paperResultActions,
  ...paperMarkingActions,
  ...memberSittingActions,
  ...memberReviewActions,
});
