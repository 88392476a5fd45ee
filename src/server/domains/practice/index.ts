import type { Domain } from '../../domain';
import { checkAppraisalMember } from './democratic-appraisal';
import { markMemberDifficult } from './difficulty';
import { checkEpidemicReport } from './epidemic';

/**
 * Branch life and practice served by configured entities (schemas/): the named checks and effects
 * their JSON cannot say — 困难帮扶, 民主评议, 疫情防控.
 */
export const practice: Domain = {
  name: 'practice',
  checks: { epidemicReportCounts: checkEpidemicReport, appraisalMember: checkAppraisalMember },
  effects: { markMemberDifficult },
};
