/** The banks the caller may compose from (ExamLibaryService/GetPageExamLibaryList), loaded once per page view. */
import { api } from '../../api/request';
import { servicePath } from '../../../contract/paths';

export interface Bank {
  id: number;
  libaryName: string;
  organName?: string;
  questionCount?: number;
  [k: string]: unknown;
}

let banks: Promise<Bank[]> | null = null;

export function loadBanks(): Promise<Bank[]> {
  banks ??= api
    .get<{ items: Bank[] }>(servicePath('ExamLibaryService', 'GetPageExamLibaryList'), { skipCount: 0, maxResultCount: 100 })
    .then((r) => r?.items ?? [])
    .catch((e) => {
      banks = null;
      throw e;
    });
  return banks;
}
