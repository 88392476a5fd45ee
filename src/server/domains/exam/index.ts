import type { Domain } from '../../domain';
import { examLibraryService } from './exam-library';
import { examPaperService } from './exam-paper';
import { examSweepJob } from './sitting';
import { examNoticeJobs } from './exam-notices';

export { PAPER_STATE_LABEL, assignedCount, assignedTo, memberResults, paperResults, paperState, partyMemberOf } from './papers';

/** 考试: the question bank, papers, sittings, scoring and marking. */
export const exam: Domain = {
  name: 'exam',
  services: () => [examLibraryService, examPaperService],
  jobs: (ctx) => [examSweepJob(ctx), ...examNoticeJobs(ctx)],
};
