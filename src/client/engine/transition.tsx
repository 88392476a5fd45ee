/**
 * Workflow steps in screens. A transition action opens a dialog: 通过 / 不通过 when the step is a
 * decision, the remark (required when rejecting — 请输入备注 — or always when the screen says
 * `remark: "required"`), and the entity fields the step may change, rendered by the engine's form
 * from the entity schema; it posts {id, approved?, remark?, ...fields} to the action's call. The
 * audit screens' decision is the same form.
 */
import { lazy, Suspense, useMemo } from 'react';
import { Modal, Spin } from 'antd';
import { toastSuccess } from '../api/toast';
import { invoke } from './calls';
import { pickBody } from './entity-body';
import { DEFAULT_SUCCESS } from './success';
import { resolveParams, type RefScope } from './refs';
import type { ActionDef, EntityDef, FieldSchema } from './types';

// the form (Formily) loads when a decision is first asked, not with the screens that offer one
const EntityForm = lazy(() => import('./entity-form').then((m) => ({ default: m.EntityForm })));

export const REMARK_REQUIRED = '请输入备注';

export interface DecisionSpec {
  decision?: boolean;
  /** none: the step's own fields say it all (延长预备期's 延长原因), no 备注 box */
  remark?: 'required' | 'onReject' | 'optional' | 'none';
  fields?: string[];
  /** of `fields`, the ones the step must receive (the transition's `required`) */
  required?: string[];
  approveLabel?: string;
  rejectLabel?: string;
  remarkTitle?: string;
  remarkMessage?: string;
}

/**
 * The dialog's fields as an entity schema, so that the one entity form renders and validates them:
 * the remark's rule is a declarative reaction on `approved`, never code from the screen.
 */
export function decisionEntity(spec: DecisionSpec, entity?: EntityDef): { entity: EntityDef; names: string[] } {
  const properties: Record<string, FieldSchema> = {};
  const required: string[] = [];
  const message = spec.remarkMessage ?? REMARK_REQUIRED;
  const rule = spec.remark ?? (spec.decision ? 'onReject' : 'optional');
  if (spec.decision) {
    properties.approved = {
      type: 'boolean',
      title: '审核结果',
      'x-component': 'Radio',
      'x-component-props': { options: [{ label: spec.approveLabel ?? '通过', value: true }, { label: spec.rejectLabel ?? '不通过', value: false }] },
      'x-required-message': '请选择审核结果',
    };
    required.push('approved');
  }
  if (rule !== 'none') properties.remark = {
    type: ['string', 'null'],
    title: spec.remarkTitle ?? '备注',
    maxLength: 500,
    // blank text is no remark
    pattern: '\\S',
    'x-message': message,
    'x-required-message': message,
    'x-component': 'Input.TextArea',
    'x-component-props': { showCount: true, maxLength: 500, placeholder: rule === 'optional' ? '选填' : rule === 'onReject' ? '不通过时请填写备注' : '请填写备注' },
    ...(rule === 'onReject' && spec.decision
      ? { 'x-reactions': [{ dependencies: ['approved'], when: { field: 'approved', equals: false }, fulfill: { state: { required: true } } }] }
      : {}),
  };
  if (rule === 'required') required.push('remark');
  const own = entity?.schema.properties ?? {};
  const extra = (spec.fields ?? []).filter((f) => own[f] && !properties[f]);
  for (const f of extra) {
    properties[f] = own[f];
    if (entity?.schema.required?.includes(f) || spec.required?.includes(f)) required.push(f);
  }
  const names = [...(spec.decision ? ['approved'] : []), ...extra, ...(rule === 'none' ? [] : ['remark'])];
  return { entity: { name: entity?.name ?? 'decision', title: '', schema: { type: 'object', properties, required } }, names };
}

/** The values posted: remark trimmed (blank dropped), everything else as entered. */
export function decisionBody(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  const remark = typeof values.remark === 'string' ? values.remark.trim() : values.remark;
  if (remark === '' || remark === null || remark === undefined) delete out.remark;
  else out.remark = remark;
  return out;
}

export function DecisionForm({ spec, entity, record, submitText = '提交', submitTestId, onSubmit, onCancel }: { spec: DecisionSpec; entity?: EntityDef; record: Record<string, unknown> | null; submitText?: string; submitTestId?: string; onSubmit: (body: Record<string, unknown>) => Promise<unknown>; onCancel?: () => void }) {
  const { entity: form, names } = decisionEntity(spec, entity);
  // one form per record: a re-render of the screen behind must not reset what the user entered
  const initial = useMemo(() => {
    const v: Record<string, unknown> = pickBody(form, record);
    delete v.remark;
    if (spec.decision) v.approved = true;
    else delete v.approved;
    return v;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);
  return (
    <div className="dj-decision" data-testid="decision-form">
      <Suspense fallback={<Spin />}>
        <EntityForm entity={form} fields={names} initialValues={initial} submitText={submitText} submitTestId={submitTestId} onSubmit={(v) => onSubmit(decisionBody(v))} onCancel={onCancel} />
      </Suspense>
    </div>
  );
}

export interface TransitionState {
  action: ActionDef;
  record: Record<string, unknown> | null;
}

/** The dialog of a transition action; `onDone` after the server took the step. */
export function TransitionDialog({ state, entity, scope, onClose, onDone }: { state: TransitionState | null; entity?: EntityDef; scope: RefScope; onClose: () => void; onDone: (a: ActionDef) => void }) {
  if (!state) return null;
  const { action, record } = state;
  return (
    <Modal open title={action.label} width={640} footer={null} destroyOnHidden onCancel={onClose}>
      <DecisionForm
        spec={action}
        entity={entity}
        record={record}
        submitTestId="transition-submit"
        onCancel={onClose}
        onSubmit={async (body) => {
          const params = resolveParams(action.params ?? { id: '$record.id' }, { ...scope, record });
          await invoke(action.call!, 'action', { ...params, ...body }, { silent: true });
          void toastSuccess(action.success ?? DEFAULT_SUCCESS);
          onDone(action);
        }}
      />
    </Modal>
  );
}
