/** A call's answer shown in a dialog when the action says which fields (e.g. 签到码 and 有效期至). */
import { Descriptions, Modal } from 'antd';
import { Value, resolveColumn } from './fields';
import type { ActionDef } from './types';

export interface ResultState {
  action: ActionDef;
  value: unknown;
}

export function ResultDialog({ state, onClose }: { state: ResultState | null; onClose: () => void }) {
  if (!state?.action.result) return null;
  const record = (state.value && typeof state.value === 'object' ? state.value : { value: state.value }) as Record<string, unknown>;
  return (
    <Modal open title={state.action.result.title ?? state.action.label} footer={null} destroyOnHidden onCancel={onClose}>
      <Descriptions column={1} bordered size="middle" data-testid="call-result">
        {state.action.result.fields.map((f) => {
          const c = resolveColumn(f);
          return (
            <Descriptions.Item key={c.field} label={c.title}>
              <span className="dj-call-result__value">
                <Value col={c} record={record} />
              </span>
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Modal>
  );
}
