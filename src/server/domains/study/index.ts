import type { Domain } from '../../domain';
import { examinationService } from './examination';
import { resourceLibraryService } from './resource-library';
import { resourceClassService } from './resource-classes';
import { resourceReportService } from './resource-reports';
import { resourceHoldsFileFor } from './resources';
import { progressJobs } from './study-progress';
import { declarationHoldsFileFor, offlinePeriodService, periodManageService } from './study-period';

export { hours } from './credit';
export { currentYear, organTargetAt } from './examination';
export { baseSelect, RESOURCE, toResource } from './resources';

/** 学习: the resource library, study credit, offline declarations and the study-hour assessment. */
export const study: Domain = {
  name: 'study',
  services: () => [resourceLibraryService, resourceClassService, resourceReportService, offlinePeriodService, periodManageService, examinationService],
  jobs: (ctx) => progressJobs(ctx),
  fileHolders: [
    declarationHoldsFileFor, // offline declarations: the declarant and the auditors over his organisation
    resourceHoldsFileFor, // resources: their readers
  ],
};
