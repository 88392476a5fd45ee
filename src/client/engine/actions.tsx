/**
 * Toolbar, row and detail actions: hidden unless the role holds the button permission (type-2
 * menus) and the declared conditions hold; confirm prompt and success message verbatim from the
 * screen; an optional prompt (e.g. the remark of 选用入库) before the call. The runner also holds
 * the dialogs of workflow steps (transition), the member picker (pickMembers), import, and a
 * call's answer (result).
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Form, Input, Modal, Space, Spin } from 'antd';
import { getWidget } from '../widgets/registry';
import { getState, useAppState } from '../state/store';
import { buildAdminRoutes } from '../routing/admin-routes';
import { toastSuccess } from '../api/toast';
import { allHold, resolveParams, resolveValue, type RefScope } from './refs';
import { cleanQuery } from '../utils/query';
import { invoke } from './calls';
import { TransitionDialog, type TransitionState } from './transition';
import { DEFAULT_SUCCESS } from './success';
import type { ResultState } from './call-result';
import type { ActionDef, EntityDef, PromptField } from './types';
import type { MenuDto } from '../../contract/types';

// dialogs of some actions only load when one opens
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));
const ResultDialog = lazy(() => import('./call-result').then((m) => ({ default: m.ResultDialog })));
const MemberPickerModal = lazy(() => import('../widgets/member-picker/picker-modal'));

/** Whether the current role may see the action at all (button permission). */
export function usePermitted() {
  const flags = useAppState((s) => s.permissionButton);
  const granted = useAppState((s) => s.allPermissions);
  const menus = useAppState((s) => s.permissionMenus);
  // an action's permission is held as a button or as a menu (审核 in a list by the 直播审核 menu's
  // Pages.Live.Audit): the server checks both alike; a navigate action into another menu (`menu`)
  // shows only to roles that have that menu
  const held = useMemo(() => new Set(granted), [granted]);
  return (a: { permission?: string; menu?: string }) => (!a.permission || !!flags[a.permission] || held.has(a.permission)) && (!a.menu || !!menuPath(menus, a.menu));
}

/** The path of a menu of the role by its tag (null when the role lacks it). */
export const menuPath = (menus: MenuDto[], tag: string) => buildAdminRoutes(menus).find((r) => r.tag === tag && !r.sub)?.path ?? null;

export function useSessionScope(): Record<string, unknown> {
  return (useAppState((s) => s.session) ?? {}) as unknown as Record<string, unknown>;
}

/** Where a navigate action goes: the menu's (or the `menu` tag's) child route with its params, resolved, as the query. */
export function navigateTarget(basePath: string, a: ActionDef, scope: RefScope): string {
  const p = cleanQuery(resolveParams(a.params, scope));
  const qs = new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString();
  const base = (a.menu && menuPath(getState().permissionMenus, a.menu)) || basePath;
  return `${base}${a.route ? `/${a.route}` : ''}${qs ? `?${qs}` : ''}`;
}

export function visibleActions(actions: ActionDef[] | undefined, permitted: (a: ActionDef) => boolean, scope: RefScope) {
  return (actions ?? []).filter((a) => permitted(a) && allHold(a.visibleWhen, scope));
}

interface PromptState {
  action: ActionDef;
  /** the fields' first values (`value`, resolved with the row and the load answer) */
  initial: Record<string, unknown>;
  /** each field's widget props, references resolved */
  props: Record<string, Record<string, unknown>>;
  /** makes the call with the values; a refusal keeps the dialog open for another try */
  submit: (values: Record<string, unknown>) => Promise<boolean>;
  /** the dialog is open while its load call runs: a spinner instead of the form, 确定 disabled */
  loading?: boolean;
  /** which opening (the dialog's form is made afresh for each) */
  seq: number;
}

let promptSeq = 0;

const TEXT_WIDGETS = new Set(['Input', 'Input.TextArea']);

/** A registered widget as a form control (Form.Item gives it value, onChange and id). */
function PromptWidget({ widget, ...rest }: { widget: string; [k: string]: unknown }) {
  const { Edit } = getWidget(widget);
  return (
    <Suspense fallback={<Spin size="small" />}>
      <Edit {...rest} />
    </Suspense>
  );
}

/** The rule of a required prompt field: text must hold more than spaces, a choice must be made. */
export const promptRules = (f: PromptField) =>
  f.required ? [TEXT_WIDGETS.has(f.widget ?? 'Input.TextArea') ? { required: true, whitespace: true, message: f.message ?? `请输入${f.title}` } : { required: true, message: f.message ?? `请选择${f.title}` }] : [];

/** A prompt field's control: a text box, or the registered widget it names. */
export function promptControl(f: PromptField, props: Record<string, unknown>) {
  if (f.widget === 'Input') return <Input {...props} />;
  if (!f.widget || f.widget === 'Input.TextArea') return <Input.TextArea autoSize={{ minRows: 3 }} maxLength={500} showCount {...props} />;
  return <PromptWidget widget={f.widget} {...props} />;
}

function PromptDialog({ state, onDone }: { state: PromptState | null; onDone: () => void }) {
  // a fresh form per opening: a kept form store would win over the next opening's first values
  return state ? <PromptForm key={state.seq} state={state} onDone={onDone} /> : null;
}

function PromptForm({ state, onDone }: { state: PromptState; onDone: () => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { action } = state;
  const close = () => {
    if (!state.loading) form.resetFields();
    onDone();
  };
  const ok = async () => {
    if (state.loading) return;
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (await state.submit(values)) close();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={action.prompt?.title ?? action.label}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      width={action.prompt?.width}
      confirmLoading={saving}
      okButtonProps={{ disabled: state.loading }}
      onCancel={close}
      onOk={ok}
    >
      {state.loading ? (
        <div className="dj-loading" role="status" aria-label="加载中">
          <Spin />
        </div>
      ) : (
        <Form form={form} layout="vertical" preserve={false} initialValues={state.initial}>
          {action.prompt!.fields.map((f: PromptField) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={f.title}
              rules={promptRules(f)}
            >
              {promptControl(f, state.props[f.name] ?? {})}
            </Form.Item>
          ))}
        </Form>
      )}
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
  /** export: the list knows its call, params and columns */
  export?: (a: ActionDef) => void;
  /** the screen's entity (the fields a transition may change) */
  entity?: EntityDef;
}

interface PickState {
  action: ActionDef;
  record: Record<string, unknown> | null;
}

/** The member picker of a pickMembers action; the chosen ids are posted with the action's params. */
function PickDialog({ state, scope, onClose, onDone }: { state: PickState | null; scope: RefScope; onClose: () => void; onDone: (a: ActionDef) => void }) {
  const [busy, setBusy] = useState(false);
  if (!state) return null;
  const { action, record } = state;
  const picker = action.picker ?? {};
  const multiple = picker.multiple ?? true;
  return (
    <Suspense fallback={null}>
      <MemberPickerModal
        open
        title={picker.title ?? action.label}
        multiple={multiple}
        valueKey={picker.valueKey ?? 'id'}
        confirmLoading={busy}
        onCancel={onClose}
        onOk={async (values) => {
          const params = resolveParams(action.params ?? { id: '$record.id' }, { ...scope, record });
          setBusy(true);
          try {
            await invoke(action.call!, 'action', { ...params, [picker.param ?? 'userIds']: multiple ? values : values[0] });
            void toastSuccess(action.success ?? DEFAULT_SUCCESS);
            onDone(action);
          } catch {
            /* the request wrapper showed the message; the choice stays for another try */
          } finally {
            setBusy(false);
          }
        }}
      />
    </Suspense>
  );
}

/**
 * A button's spinner while its call runs: the runner reports it to the button that started it,
 * whose own state it is. A prompt's load spins in its dialog instead (see `ask`): a row's button
 * that spun through a load was once left spinning — and unclickable — after the dialog had opened.
 */
export type Spinner = (on: boolean) => void;
const noSpin: Spinner = () => undefined;

/** Runs actions; render `holder` once in the screen (the prompt dialog lives there). */
export function useActionRunner(handlers: ActionHandlers, scopeBase: RefScope) {
  const { modal } = App.useApp();
  const [prompt, setPrompt] = useState<PromptState | null>(null);
  const [transition, setTransition] = useState<TransitionState | null>(null);
  const [pick, setPick] = useState<PickState | null>(null);
  const [importing, setImporting] = useState<{ action: ActionDef; record: Record<string, unknown> | null } | null>(null);
  const [result, setResult] = useState<ResultState | null>(null);

  const confirm = (text: string) =>
    new Promise<boolean>((resolve) =>
      modal.confirm({ title: text, okText: '确定', cancelText: '取消', onOk: () => resolve(true), onCancel: () => resolve(false) }),
    );
  /**
   * Opens the prompt at once; with a load call, the dialog shows a spinner until its answer
   * ($loaded) gives the fields their values. The row's button never waits: a dialog closed
   * meanwhile stays closed, and a failed load closes it (the request wrapper showed the message).
   */
  const ask = async (action: ActionDef, scope: RefScope, submit: PromptState['submit']) => {
    const load = action.prompt?.load;
    const seq = ++promptSeq;
    const fill = (loaded: Record<string, unknown> | null): PromptState => {
      const full: RefScope = { ...scope, loaded };
      const fields = action.prompt?.fields ?? [];
      const initial = Object.fromEntries(fields.filter((f) => f.value !== undefined).map((f) => [f.name, resolveValue(f.value, full) ?? undefined]));
      const props = Object.fromEntries(fields.map((f) => [f.name, resolveParams(f.props as Record<string, unknown> | undefined, full)]));
      return { action, initial, props, submit, seq };
    };
    if (!load) return setPrompt(fill(null));
    setPrompt({ action, initial: {}, props: {}, submit, seq, loading: true });
    let loaded: Record<string, unknown>;
    try {
      loaded = (await invoke<Record<string, unknown>>(load.call, 'get', resolveParams(load.params, scope))) ?? {};
    } catch {
      setPrompt((cur) => (cur?.seq === seq ? null : cur));
      return;
    }
    setPrompt((cur) => (cur?.seq === seq ? fill(loaded) : cur));
  };

  async function run(action: ActionDef, record: Record<string, unknown> | null, spin: Spinner = noSpin) {
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
      case 'transition':
        return setTransition({ action, record });
      case 'pickMembers':
        return setPick({ action, record });
      case 'import':
        return setImporting({ action, record });
      case 'export':
        return handlers.export?.(action);
      default:
        break;
    }
    const call = action.kind === 'delete' ? action.call ?? handlers.deleteCall : action.call;
    if (!call) return;
    if (action.confirm && !(await confirm(action.confirm))) return;
    const send = async (extra: Record<string, unknown>) => {
      const payload = { ...resolveParams(action.params ?? { id: '$record.id' }, scope), ...extra };
      const answer = await invoke(call, action.kind === 'delete' ? 'delete' : 'action', payload);
      // an answer worth reading (a sign-in code) is shown; a toast only when the screen asks for one
      if (action.result) {
        setResult({ action, value: answer });
        if (action.success) void toastSuccess(action.success);
      } else void toastSuccess(action.success ?? DEFAULT_SUCCESS);
      handlers.changed?.(action);
    };
    if (action.prompt?.fields.length) {
      return ask(action, scope, async (values) => {
        try {
          await send(values);
          return true;
        } catch {
          return false; // the request wrapper showed the message; the values stay for another try
        }
      });
    }
    spin(true);
    try {
      await send({});
    } catch {
      /* the request wrapper showed the message */
    } finally {
      spin(false);
    }
  }

  const done = (close: () => void) => (a: ActionDef) => {
    close();
    handlers.changed?.(a);
  };
  const holder: ReactNode = (
    <>
      <PromptDialog state={prompt} onDone={() => setPrompt(null)} />
      <TransitionDialog state={transition} entity={handlers.entity} scope={scopeBase} onClose={() => setTransition(null)} onDone={done(() => setTransition(null))} />
      <PickDialog state={pick} scope={scopeBase} onClose={() => setPick(null)} onDone={done(() => setPick(null))} />
      {importing ? (
        <Suspense fallback={null}>
          <ImportDialog action={importing.action} scope={{ ...scopeBase, record: importing.record }} onClose={() => setImporting(null)} onDone={done(() => setImporting(null))} />
        </Suspense>
      ) : null}
      {result ? (
        <Suspense fallback={null}>
          <ResultDialog state={result} onClose={() => setResult(null)} />
        </Suspense>
      ) : null}
    </>
  );
  return { run, holder };
}

/** `nowrap`: a row's actions stay on one line, so the table cannot squeeze their column under its width (it scrolls instead). */
export function ActionBar({ actions, onRun, record, size, link, nowrap }: { actions: ActionDef[]; onRun: (a: ActionDef, r: Record<string, unknown> | null, spin: Spinner) => unknown; record: Record<string, unknown> | null; size?: 'small' | 'middle'; link?: boolean; nowrap?: boolean }) {
  const [spinning, setSpinning] = useState<string | null>(null);
  if (!actions.length) return null;
  return (
    <Space size={link ? 0 : 8} wrap={!nowrap} className={nowrap ? 'dj-actions-nowrap' : undefined}>
      {actions.map((a) => (
        <Button
          key={a.key}
          data-action={a.key}
          size={size}
          type={link ? 'link' : a.primary ? 'primary' : 'default'}
          danger={a.danger}
          loading={spinning === a.key}
          onClick={(e) => {
            e.stopPropagation();
            void onRun(a, record, (on) => setSpinning(on ? a.key : null));
          }}
        >
          {a.label}
        </Button>
      ))}
    </Space>
  );
}
