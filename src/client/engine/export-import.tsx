/**
 * Export and import of list screens (docs/foundations.md, "Export and import").
 *
 * Export: ExportService/Export runs the list's own call page by page on the server (its permission
 * and scope apply) and streams XLSX; the client names the call, the visible columns, the file name
 * and the list's current params, shows the bytes received, and saves the file under the name of
 * Content-Disposition. `X-Export-Truncated: 1` means only the first rows (EXPORT_MAX_ROWS) came.
 *
 * Import: a dialog — download the template, upload the filled XLSX (FileUpload, class 4), post its
 * file id to the import action; a refusal lists every bad cell (第3行 计划名称：请输入计划名称).
 */
import { Suspense, useRef, useState } from 'react';
import { Alert, App, Button, Modal, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { api, ApiError, type Downloaded } from '../api/request';
import { toastError, toastSuccess } from '../api/toast';
import { servicePath } from '../../contract/paths';
import { cleanQuery } from '../utils/query';
import { saveBlob } from '../widgets/download/download';
import { isIOS, UPLOAD_MSG } from '../widgets/upload-core/limits';
import { getWidget } from '../widgets/registry';
import { invoke, parseCall } from './calls';
import { resolveParams, type RefScope } from './refs';
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

/** The import dialog of an import action. */
export function ImportDialog({ action, scope, onClose, onDone }: { action: ActionDef; scope: RefScope; onClose: () => void; onDone: (a: ActionDef) => void }) {
  const fetchFile = useFileDownload();
  const [fileId, setFileId] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);
  const FileUpload = useRef(getWidget('FileUpload').Edit).current;
  const params = resolveParams(action.params ?? {}, scope);

  const template = async () => {
    if (!action.importTemplate) return;
    const { service, action: name } = parseCall(action.importTemplate, 'get');
    setTemplateBusy(true);
    await fetchFile(servicePath(service, name), cleanQuery(params), `${action.label}模板.xlsx`);
    setTemplateBusy(false);
  };
  const submit = async () => {
    if (!fileId) return;
    setBusy(true);
    setErrors([]);
    try {
      const r = await invoke<{ importedCount?: number } | null>(action.call!, 'action', { ...params, fileId }, { silent: true });
      void toastSuccess(`导入成功，共${Number(r?.importedCount ?? 0)}条`);
      onDone(action);
    } catch (e) {
      // one message per bad cell; anything else (a refused file, no permission) as one line
      const list = e instanceof ApiError && e.validationErrors?.length ? e.validationErrors.map((v) => v.message) : [(e as Error)?.message || '导入失败'];
      if (!(e instanceof ApiError && e.status === 401)) setErrors(list);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={action.label}
      width={640}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!fileId} loading={busy} onClick={() => void submit()} data-testid="import-submit">
          开始导入
        </Button>,
      ]}
    >
      <ol className="dj-import" data-testid="import-dialog">
        <li>
          <div>下载导入模板，按模板的列填写数据（第一行为表头，不要修改）。</div>
          <Button icon={<DownloadOutlined />} loading={templateBusy} onClick={() => void template()}>
            下载模板
          </Button>
        </li>
        <li>
          <div>选择填写好的文件（.xlsx，不超过 5 MB）。</div>
          <Suspense fallback={<Spin size="small" />}>
            <FileUpload
              attachClass={4}
              accept=".xlsx"
              max={1}
              buttonText="选择文件"
              value={fileId}
              onChange={(v: string | string[] | null) => {
                setFileId((Array.isArray(v) ? v[0] : v) || null);
                setErrors([]);
              }}
            />
          </Suspense>
        </li>
      </ol>
      {errors.length ? (
        <Alert
          type="error"
          showIcon
          message={errors.length > 1 ? `导入失败，共 ${errors.length} 处错误，请修改后重新导入` : '导入失败'}
          description={
            <ul className="dj-import-errors" aria-label="导入错误" data-testid="import-errors">
              {errors.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Modal>
  );
}
