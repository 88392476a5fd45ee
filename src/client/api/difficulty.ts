/** Typed calls of hardship help for members (services §7 DifficultyService; schemas/difficulty-apply.json, difficulty-help.json). */
import { api, type CallOptions } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { AttachedFile, DifficultyApply, DifficultyHelp } from '../../contract/practice';
export type { AttachedFile, DifficultyApply, DifficultyHelp } from '../../contract/practice';

const D = (a: string) => servicePath('DifficultyService', a);

type Page = { skipCount: number; maxResultCount: number };

export const difficultyService = {
  /** the form's own errors are shown on its fields: silent */
  apply: (body: Record<string, unknown>) => api.post<DifficultyApply>(D('CreateDifficultyApply'), body, { silent: true }),
  myApplications: (page: Page): Promise<PagedResult<DifficultyApply>> => api.get(D('GetMyPagedDifficultyApplyList'), page),
  /** my latest application, or null */
  mine: () => api.get<DifficultyApply | null>(D('GetMyDifficultyApply')),
  isDifficult: () => api.post<boolean>(D('CurrentUserIsDifficult'), {}),
  application: (id: number | string, opts?: CallOptions) => api.get<DifficultyApply>(D('GetDifficultyApplyById'), { id }, opts),
  /** the step is named: a second click answers 该记录已处理 rather than trying something else */
  withdraw: (id: number) => api.post<DifficultyApply>(D('WithdrawDifficultyApply'), { id, transition: 'withdraw' }),
  myHelps: (page: Page): Promise<PagedResult<DifficultyHelp>> => api.get(D('GetUserPagedDifficultyHelpList'), page),
  help: (id: number | string, opts?: CallOptions) => api.get<DifficultyHelp>(D('GetDifficultyHelpById'), { id }, opts),
  evaluate: (id: number, body: { evaluateLevel: number; evaluateContent?: string }) =>
    api.post<DifficultyHelp>(D('SubmitUserDiffEvaluate'), { id, transition: 'evaluate', ...body }, { silent: true }),
};
