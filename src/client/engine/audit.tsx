/** Audit: the record read-only plus a decision (通过 / 不通过 with a remark) posted to the audit call. */
import { useState } from 'react';
import { Button, Form, Input, Radio } from 'antd';
import { toastSuccess } from '../api/toast';
import { invoke } from './calls';
import { DetailView } from './detail';
import { DEFAULT_SUCCESS } from './actions';
import type { DecisionDef, DetailDef, EntityDef } from './types';

export const REMARK_REQUIRED = '请输入备注';

export function AuditPanel({ decision, detail, entity, record, onDone }: { decision: DecisionDef; detail?: DetailDef; entity?: EntityDef; record: Record<string, unknown>; onDone: () => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const approved = Form.useWatch('approved', form);
  const submit = async () => {
    let v: { approved: boolean; remark?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await invoke(decision.call, 'action', { id: record[decision.idField ?? 'id'], approved: v.approved, remark: v.remark?.trim() || undefined });
      void toastSuccess(decision.success ?? DEFAULT_SUCCESS);
      onDone();
    } catch {
      /* shown by the request wrapper */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="audit-panel">
      <DetailView detail={detail} entity={entity} record={record} />
      <Form form={form} layout="vertical" initialValues={{ approved: true }} className="dj-decision">
        <Form.Item name="approved" label="审核结果" rules={[{ required: true, message: '请选择审核结果' }]}>
          <Radio.Group>
            <Radio value={true}>{decision.approveLabel ?? '通过'}</Radio>
            <Radio value={false}>{decision.rejectLabel ?? '不通过'}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="remark"
          label={decision.remarkTitle ?? '审核意见'}
          rules={[{ required: approved === false, whitespace: true, message: decision.remarkMessage ?? REMARK_REQUIRED }]}
        >
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={500} showCount placeholder={approved === false ? '不通过时请填写备注' : '选填'} />
        </Form.Item>
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="audit-submit">
          提交审核
        </Button>
      </Form>
    </div>
  );
}
