/**
 * Import of a list screen (docs/foundations.md, "Export and import"): download the template, upload
 * the filled XLSX (FileUpload, class 4), post its file id to the import action with a progress key;
 * while it runs, ImportService/GetImportProgress is polled for the rows done; then the summary: rows
 * added, rows refused each with its reasons (第4行 计划名称：请填写计划名称) and 下载未导入的行. A
 * file refused as a whole lists its errors. The action's `prompt` fields, when it has any, come
 * first and are posted with the file id (试题导入: the bank the questions go into). Loaded when an
 * import opens.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Progress, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ApiError } from '../api/request';
import { toastSuccess } from '../api/toast';
import { servicePath } from '../../contract/paths';
import { cleanQuery } from '../utils/query';
import { getWidget } from '../widgets/registry';
import { invoke, parseCall } from './calls';
import { resolveParams, resolveValue, type RefScope } from './refs';
import { promptControl, promptRules } from './actions';
import { useFileDownload } from './export-import';
import type { ActionDef } from './types';

type Summary = { progressKey?: string; totalCount?: number; importedCount?: number; refusedCount?: number; refused?: { line: number; messages: string[] }[] };
type RunProgress = { totalCount: number; doneCount: number; importedCount: number; refusedCount: number; finished: boolean } | null;

const PROGRESS_CALL = 'ImportService/GetImportProgress';
const REFUSED_PATH = servicePath('ImportService', 'GetRefusedRows');
const POLL_MS = 1000;
const newKey = () => `imp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The rows done of an import while it runs, polled from the server (any process answers it). */
function useRunProgress(key: string | null) {
  const [progress, setProgress] = useState<RunProgress>(null);
  useEffect(() => {
    if (!key) return undefined;
    setProgress(null);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const p = await invoke<RunProgress>(PROGRESS_CALL, 'get', { progressKey: key }, { silent: true });
        if (!stopped) setProgress(p);
      } catch {
        // the import's own answer says what went wrong
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS / 2);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key]);
  return progress;
}

/** The import dialog of an import action. */
export function ImportDialog({ action, scope, onClose, onDone }: { action: ActionDef; scope: RefScope; onClose: () => void; onDone: (a: ActionDef) => void }) {
  const fetchFile = useFileDownload();
  const [fileId, setFileId] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [runKey, setRunKey] = useState<string | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const progress = useRunProgress(busy ? runKey : null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const FileUpload = useRef(getWidget('FileUpload').Edit).current;
  const params = resolveParams(action.params ?? {}, scope);
  const [form] = Form.useForm();
  const fields = action.prompt?.fields ?? [];
  const [initial] = useState(() => Object.fromEntries(fields.filter((f) => f.value !== undefined).map((f) => [f.name, resolveValue(f.value, scope) ?? undefined])));

  const template = async () => {
    if (!action.importTemplate) return;
    const { service, action: name } = parseCall(action.importTemplate, 'get');
    setTemplateBusy(true);
    await fetchFile(servicePath(service, name), cleanQuery(params), `${action.label}模板.xlsx`);
    setTemplateBusy(false);
  };
  const submit = async () => {
    if (!fileId) return;
    let chosen: Record<string, unknown> = {};
    if (fields.length) {
      try {
        chosen = await form.validateFields();
      } catch {
        return;
      }
    }
    const progressKey = newKey();
    setRunKey(progressKey);
    setBusy(true);
    setErrors([]);
    setSummary(null);
    try {
      const r = await invoke<Summary | null>(action.call!, 'action', { ...params, ...chosen, fileId, progressKey }, { silent: true });
      if (r && Number(r.refusedCount ?? 0) > 0) {
        // some rows refused: the summary stays for the user to read and download
        setSummary(r);
        return;
      }
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

  // rows added: the list is read again when the dialog closes
  const close = () => (summary && Number(summary.importedCount ?? 0) > 0 ? onDone(action) : onClose());
  const downloadRefused = () => void fetchFile(REFUSED_PATH, { progressKey: summary?.progressKey }, `${action.label}-未导入的行.xlsx`);
  const percent = progress && progress.totalCount ? Math.floor((progress.doneCount / progress.totalCount) * 100) : 0;

  return (
    <Modal
      open
      title={action.label}
      width={640}
      destroyOnHidden
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          {summary ? '关闭' : '取消'}
        </Button>,
        <Button key="ok" type="primary" disabled={!fileId} loading={busy} onClick={() => void submit()} data-testid="import-submit">
          开始导入
        </Button>,
      ]}
    >
      <ol className="dj-import" data-testid="import-dialog">
        {fields.length ? (
          <li>
            <Form form={form} name="import" layout="vertical" initialValues={initial} className="dj-import__prompt" onValuesChange={() => setErrors([])}>
              {fields.map((f) => (
                <Form.Item key={f.name} name={f.name} label={f.title} rules={promptRules(f)}>
                  {promptControl(f, resolveParams(f.props as Record<string, unknown> | undefined, scope))}
                </Form.Item>
              ))}
            </Form>
          </li>
        ) : null}
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
                setSummary(null);
              }}
            />
          </Suspense>
        </li>
      </ol>
      {busy ? (
        <div className="dj-import-progress" data-testid="import-progress" role="status" aria-live="polite">
          <Progress percent={percent} status="active" />
          <div>{progress ? `正在导入：已处理 ${progress.doneCount} / ${progress.totalCount} 行（已导入 ${progress.importedCount} 行，未导入 ${progress.refusedCount} 行）` : '正在读取文件…'}</div>
        </div>
      ) : null}
      {summary ? (
        <Alert
          type={Number(summary.importedCount ?? 0) > 0 ? 'warning' : 'error'}
          showIcon
          data-testid="import-summary"
          message={`导入完成：共 ${summary.totalCount ?? 0} 行，已导入 ${summary.importedCount ?? 0} 行，未导入 ${summary.refusedCount ?? 0} 行`}
          description={
            <>
              <ul className="dj-import-errors" aria-label="未导入的行" data-testid="import-refused">
                {(summary.refused ?? []).map((r) => (
                  <li key={r.line}>{`第${r.line}行：${r.messages.join('；')}`}</li>
                ))}
              </ul>
              <Button icon={<DownloadOutlined />} onClick={downloadRefused} data-testid="import-refused-download">
                下载未导入的行
              </Button>
            </>
          }
        />
      ) : null}
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
