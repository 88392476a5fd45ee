/** The banks the caller may compose from (ExamLibaryService/GetPageExamLibaryList), loaded once per page view. */
import { api } from '../../api/request';
import { servicePath } from '../../../contract/paths';
import type { ExamLibrary } from '../../../contract/exam';

/** A bank as listed; the composer reads its name and counts by type (a test may give only those). */
export type Bank = Pick<ExamLibrary, 'id' | 'libaryName'> & Partial<ExamLibrary>;

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
