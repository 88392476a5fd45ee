/**
 * Import of a list screen (docs/foundations.md, "Export and import"): download the template, upload
 * the filled XLSX (FileUpload, class 4), post its file id to the import action; a refusal lists every
 * bad cell (第3行 计划名称：请输入计划名称). The action's `prompt` fields, when it has any, come
 * first and are posted with the file id (试题导入: the bank the questions go into). Loaded when an
 * import opens.
 */
import { Suspense, useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Spin } from 'antd';
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

/** The import dialog of an import action. */
export function ImportDialog({ action, scope, onClose, onDone }: { action: ActionDef; scope: RefScope; onClose: () => void; onDone: (a: ActionDef) => void }) {
  const fetchFile = useFileDownload();
  const [fileId, setFileId] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
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
    setBusy(true);
    setErrors([]);
    try {
      const r = await invoke<{ importedCount?: number } | null>(action.call!, 'action', { ...params, ...chosen, fileId }, { silent: true });
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
