import type { Domain } from '../../domain';
import { partyMemberService } from './party-member';
import { checkDevelopmentApplicant, checkDevelopmentStage, enrolFullMember } from './development';
import { checkFlowTarget, checkOrganChangeTarget, completeOrganChange, setFlowMember } from './organ-change';

/** 党员管理: the roster, profiles, analysis and import; the member-moving workflows' checks and effects. */
export const members: Domain = {
  name: 'members',
  services: () => [partyMemberService],
  checks: {
    organChangeTarget: checkOrganChangeTarget,
    flowTarget: checkFlowTarget,
    developmentApplicant: checkDevelopmentApplicant,
    developmentStage: checkDevelopmentStage,
  },
  effects: { completeOrganChange, setFlowMember, enrolFullMember },
};
