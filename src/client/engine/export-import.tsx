/**
 * Export and import of list screens (docs/foundations.md, "Export and import").
 *
 * Export: ExportService/Export runs the list's own call page by page on the server (its permission
 * and scope apply) and streams XLSX; the client names the call, the visible columns, the file name
 * and the list's current params, shows the bytes received, and saves the file under the name of
 * Content-Disposition. `X-Export-Truncated: 1` means only the first rows (EXPORT_MAX_ROWS) came.
 *
 * Import: import-dialog.tsx.
 */
import { App } from 'antd';
import { api, type Downloaded } from '../api/request';
import { toastError, toastSuccess } from '../api/toast';
import { servicePath } from '../../contract/paths';
import { cleanQuery } from '../utils/query';
import { saveBlob } from '../widgets/download/download';
import { isIOS, UPLOAD_MSG } from '../widgets/upload-core/limits';
import { parseCall } from './calls';
import type { ActionDef, CallRef, ColumnDef } from './types';

export const EXPORT_CALL = servicePath('ExportService', 'Export');
const PAGING = new Set(['skipcount', 'maxresultcount']);

/** What ExportService/Export is told of a column (widgets render what the server cannot: left out). */
export function exportColumns(columns: ColumnDef[]) {
  return columns
    .filter((c) => c.valueType !== 'widget')
    .map((c) => cleanQuery({ field: c.field, title: c.title, codeTable: c.codeTable, statusList: c.statusList, options: c.options, valueType: c.valueType }));
}

/** The export's query: the list's call (without a method), its visible columns, the file name, then the list's own params. */
export function exportQuery(list: { call: CallRef; columns: ColumnDef[]; fileName: string; params: Record<string, unknown> }): Record<string, unknown> {
  const { service, action } = parseCall(list.call, 'list');
  const own = Object.fromEntries(Object.entries(cleanQuery(list.params)).filter(([k]) => !PAGING.has(k.toLowerCase()) && !['call', 'columns', 'filename'].includes(k.toLowerCase())));
  return { call: `${service}/${action}`, columns: JSON.stringify(exportColumns(list.columns)), fileName: list.fileName, ...own };
}

export const formatSize = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

let seq = 0;

/** A file answer through the one request wrapper, with the bytes received shown while it comes, then saved. */
export function useFileDownload() {
  const { message } = App.useApp();
  return async (url: string, params: Record<string, unknown>, fallbackName: string, what = '下载'): Promise<Downloaded | null> => {
    if (isIOS()) {
      void toastError(UPLOAD_MSG.iosDownload);
      return null;
    }
    const key = `dj-download-${++seq}`;
    const show = (content: string) => void message.open({ key, type: 'loading', content, duration: 0 });
    show(`正在${what}…`);
    try {
      const r = await api.download(url, params, { onProgress: (n) => show(`正在${what}，已接收 ${formatSize(n)}`) });
      message.destroy(key);
      saveBlob(r.blob, r.fileName || fallbackName);
      return r;
    } catch {
      // the wrapper showed the server's message
      message.destroy(key);
      return null;
    }
  };
}

export const TRUNCATED_TITLE = '导出数据已达上限';
export const TRUNCATED_TEXT = '符合条件的记录超过导出上限，文件中只有前面的记录（文件末行有说明）。请缩小查询范围后分批导出。';

/** Runs an export of a list's current state. */
export function useExport() {
  const fetchFile = useFileDownload();
  const { modal } = App.useApp();
  return async (action: ActionDef, list: { call?: CallRef; columns: ColumnDef[]; title: string; params: Record<string, unknown> }) => {
    if (!list.call) return;
    const fileName = action.fileName ?? list.title;
    const r = await fetchFile(EXPORT_CALL, exportQuery({ call: list.call, columns: list.columns, fileName, params: list.params }), `${fileName}.xlsx`, '导出');
    if (!r) return;
    if (r.header('X-Export-Truncated') === '1') modal.warning({ title: TRUNCATED_TITLE, content: TRUNCATED_TEXT, okText: '知道了' });
    else void toastSuccess(action.success ?? '导出成功');
  };
}
