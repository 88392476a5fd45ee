/**
 * Toolbar, row and detail actions: hidden unless the role holds the button permission (type-2
 * menus) and the declared conditions hold; confirm prompt and success message verbatim from the
 * screen; an optional prompt (e.g. the remark of 选用入库) before the call.
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useAppState } from '../state/store';
import { toastSuccess } from '../api/toast';
import { allHold, resolveParams, type RefScope } from './refs';
import { invoke } from './calls';
import type { ActionDef, PromptField } from './types';

export const DEFAULT_SUCCESS = '操作成功';

/** Whether the current role may see the action at all (button permission). */
export function usePermitted() {
  const flags = useAppState((s) => s.permissionButton);
  return (a: { permission?: string }) => !a.permission || !!flags[a.permission];
}

export function useSessionScope(): Record<string, unknown> {
  return (useAppState((s) => s.session) ?? {}) as unknown as Record<string, unknown>;
}

export function visibleActions(actions: ActionDef[] | undefined, permitted: (a: ActionDef) => boolean, scope: RefScope) {
  return (actions ?? []).filter((a) => permitted(a) && allHold(a.visibleWhen, scope));
}

interface PromptState {
  action: ActionDef;
  resolve: (values: Record<string, unknown> | null) => void;
}

function PromptDialog({ state, onDone }: { state: PromptState | null; onDone: () => void }) {
  const [form] = Form.useForm();
  if (!state) return null;
  const { action } = state;
  const finish = (v: Record<string, unknown> | null) => {
    state.resolve(v);
    form.resetFields();
    onDone();
  };
  return (
    <Modal
      open
      title={action.prompt?.title ?? action.label}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      onCancel={() => finish(null)}
      onOk={() => form.validateFields().then((v) => finish(v), () => undefined)}
    >
      <Form form={form} layout="vertical" preserve={false}>
        {action.prompt!.fields.map((f: PromptField) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.title}
            rules={f.required ? [{ required: true, whitespace: true, message: f.message ?? `请输入${f.title}` }] : []}
          >
            {f.widget === 'Input' ? <Input {...(f.props ?? {})} /> : <Input.TextArea autoSize={{ minRows: 3 }} maxLength={500} showCount {...(f.props ?? {})} />}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

export interface ActionHandlers {
  create?: (a: ActionDef, record: Record<string, unknown> | null) => void;
  edit?: (a: ActionDef, record: Record<string, unknown>) => void;
  detail?: (a: ActionDef, record: Record<string, unknown>) => void;
  audit?: (a: ActionDef, record: Record<string, unknown>) => void;
  screen?: (a: ActionDef, record: Record<string, unknown> | null) => void;
  navigate?: (a: ActionDef, record: Record<string, unknown> | null) => void;
  /** a call or delete succeeded */
  changed?: (a: ActionDef) => void;
  /** the delete call of the screen */
  deleteCall?: string;
}

/** Runs actions; render `holder` once in the screen (the prompt dialog lives there). */
export function useActionRunner(handlers: ActionHandlers, scopeBase: RefScope) {
  const { modal } = App.useApp();
  const [prompt, setPrompt] = useState<PromptState | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const confirm = (text: string) =>
    new Promise<boolean>((resolve) =>
      modal.confirm({ title: text, okText: '确定', cancelText: '取消', onOk: () => resolve(true), onCancel: () => resolve(false) }),
    );
  const ask = (action: ActionDef) => new Promise<Record<string, unknown> | null>((resolve) => setPrompt({ action, resolve }));

  async function run(action: ActionDef, record: Record<string, unknown> | null) {
    const scope: RefScope = { ...scopeBase, record };
    switch (action.kind) {
      case 'create':
        return handlers.create?.(action, record);
      case 'edit':
        return record && handlers.edit?.(action, record);
      case 'detail':
        return record && handlers.detail?.(action, record);
      case 'audit':
        return record && handlers.audit?.(action, record);
      case 'screen':
        return handlers.screen?.(action, record);
      case 'navigate':
        return handlers.navigate?.(action, record);
      default:
        break;
    }
    const call = action.kind === 'delete' ? action.call ?? handlers.deleteCall : action.call;
    if (!call) return;
    if (action.confirm && !(await confirm(action.confirm))) return;
    let extra: Record<string, unknown> = {};
    if (action.prompt?.fields.length) {
      const v = await ask(action);
      if (!v) return;
      extra = v;
    }
    const payload = { ...resolveParams(action.params ?? { id: '$record.id' }, scope), ...extra };
    setBusy(action.key);
    try {
      await invoke(call, action.kind === 'delete' ? 'delete' : 'action', payload);
      void toastSuccess(action.success ?? DEFAULT_SUCCESS);
      handlers.changed?.(action);
    } catch {
      /* the request wrapper showed the message */
    } finally {
      setBusy(null);
    }
  }

  const holder: ReactNode = <PromptDialog state={prompt} onDone={() => setPrompt(null)} />;
  return { run, holder, busy };
}

export function ActionBar({ actions, onRun, record, size, link, busy }: { actions: ActionDef[]; onRun: (a: ActionDef, r: Record<string, unknown> | null) => void; record: Record<string, unknown> | null; size?: 'small' | 'middle'; link?: boolean; busy?: string | null }) {
  if (!actions.length) return null;
  return (
    <Space size={link ? 0 : 8} wrap>
      {actions.map((a) => (
        <Button
          key={a.key}
          data-action={a.key}
          size={size}
          type={link ? 'link' : a.primary ? 'primary' : 'default'}
          danger={a.danger}
          loading={busy === a.key}
          onClick={(e) => {
            e.stopPropagation();
            onRun(a, record);
          }}
        >
          {a.label}
        </Button>
      ))}
    </Space>
  );
}
