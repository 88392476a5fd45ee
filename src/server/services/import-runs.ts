import { action, defineService } from '../http/actions';
import { notFound } from '../http/errors';
import { objectInput } from '../http/paging';
import { platformDay } from '../platform-day';
import { readRun, RUN_KEY } from '../records/import-runs';
import { xlsxBuffer, type Cell } from '../xlsx/xlsx';
import { attachment } from './export';

/**
 * The progress of an import the caller started (the import dialog polls it while the file is being
 * imported) and its refused rows as a workbook: the sheet's own columns, each row as it was, with
 * its line and every reason in front — to correct and import again. Only the caller's own runs.
 */
const IMPORT_RUN_MSG = { notFound: '导入记录不存在或已过期' } as const;
const keyInput = objectInput({ progressKey: RUN_KEY }, ['progressKey']);

export const importRunService = defineService('ImportService', {
  GetImportProgress: action<{ progressKey: string }>({
    method: 'GET',
    summary: '导入进度（扩展接口）：本人发起的导入已处理的行数、已导入与未导入的行数',
    access: 'self',
    input: keyInput,
    returns: '{totalCount, doneCount, importedCount, refusedCount, finished}；尚未开始时 null',
    async handler(call) {
      const run = await readRun(call, call.input.progressKey);
      if (!run) return null;
      return { totalCount: run.total, doneCount: run.done, importedCount: run.added, refusedCount: run.refused, finished: run.finished };
    },
  }),

  GetRefusedRows: action<{ progressKey: string }>({
    method: 'GET',
    summary: '下载未导入的行（扩展接口）：本人发起的导入中未导入的行及原因（Excel，可修改后重新导入）',
    access: 'self',
    raw: true,
    input: keyInput,
    returns: 'XLSX：行号、未导入原因，然后是原文件的各列',
    async handler(call) {
      const run = await readRun(call, call.input.progressKey);
      if (!run?.finished) throw notFound(IMPORT_RUN_MSG.notFound);
      const header = run.header as string[];
      const rows: Cell[][] = (run.refusedRows ?? []).map((r) => [r.line, r.messages.join('；'), ...header.map((_, i) => r.cells[i] ?? '')]);
      const bytes = await xlsxBuffer([
        { sheetName: '未导入的行', header: ['原行号', '未导入原因', ...header], widths: [8, 50, ...header.map((h) => Math.min(30, Math.max(12, h.length * 2 + 4)))], autoFilter: true, batches: [rows] },
      ]);
      const name = `${run.title}-未导入的行-${platformDay(call.ctx)}.xlsx`;
      return call.reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', attachment(name)).header('cache-control', 'no-store').send(bytes);
    },
  }),
});
