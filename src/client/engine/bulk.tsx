/**
 * Bulk actions of a list's selection bar (list-options.ts says which): 批量删除 confirms with the
 * count, 批量审核 asks 通过/不通过 and the remark once; then the same per-record call as the row
 * action, one record after another (each checked by the server as if made alone), and a Chinese
 * report naming every record that failed and why.
 */
import { cloneElement, isValidElement, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { App, Button, Modal, Space } from 'antd';
import { toastSuccess } from '../api/toast';
import { invoke } from './calls';
import { resolveParams, type RefScope } from './refs';
import { DecisionForm, type DecisionSpec } from './transition';
import { BULK_MSG, bulkActionFor, bulkReport, recordName, type BulkDef, type BulkOutcome } from './list-options';
import type { ColumnDef, DecisionDef, EntityDef } from './types';

interface BulkEnv {
  scope: RefScope;
  columns: ColumnDef[];
  deleteCall?: string;
  decision?: DecisionDef;
  entity?: EntityDef;
  /** after a run (some records changed): clear the selection and reload */
  done: () => void;
}

/** One record's call, as its row action would make it. */
async function runOne(def: BulkDef, record: Record<string, unknown>, env: BulkEnv, body: Record<string, unknown>) {
  const scope = { ...env.scope, record };
  const a = bulkActionFor(def, scope);
  if (!a) throw new Error(BULK_MSG.notApplicable(def));
  if (def.type === 'delete') {
    const call = a.call ?? env.deleteCall;
    if (!call) throw new Error(BULK_MSG.notApplicable(def));
    return invoke(call, 'delete', resolveParams(a.params ?? { id: '$record.id' }, scope), { silent: true });
  }
  if (a.kind === 'audit' && env.decision) {
    return invoke(env.decision.call, 'action', { id: record[env.decision.idField ?? 'id'], approved: body.approved, remark: body.remark }, { silent: true });
  }
  return invoke(a.call!, 'action', { ...resolveParams(a.params ?? { id: '$record.id' }, scope), ...body }, { silent: true });
}

export function useBulkRunner(env: BulkEnv) {
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ def: BulkDef; records: Record<string, unknown>[] } | null>(null);

  const runAll = async (def: BulkDef, records: Record<string, unknown>[], body: Record<string, unknown> = {}) => {
    const outcomes: BulkOutcome[] = [];
    setBusy(def.key);
    try {
      for (const r of records) {
        const name = recordName(r, env.columns);
        try {
          await runOne(def, r, env, body);
          outcomes.push({ name });
        } catch (e) {
          outcomes.push({ name, error: (e as Error)?.message || '操作失败' });
        }
      }
    } finally {
      setBusy(null);
    }
    const report = bulkReport(outcomes);
    if (report.ok) void toastSuccess(report.text);
    else modal.warning({ title: `${def.label}未全部完成`, content: <div data-testid="bulk-report">{report.text}</div>, okText: '知道了' });
    env.done();
  };

  const start = (def: BulkDef, records: Record<string, unknown>[]) => {
    if (!records.length) return;
    if (def.type === 'delete') {
      modal.confirm({ title: BULK_MSG.confirmDelete(records.length), okText: '确定', cancelText: '取消', okButtonProps: { danger: true }, onOk: () => void runAll(def, records) });
    } else setDeciding({ def, records });
  };

  const first = deciding?.def.actions[0];
  const spec: DecisionSpec | null = !first
    ? null
    : first.kind === 'audit'
      ? { decision: true, remark: 'onReject', approveLabel: env.decision?.approveLabel, rejectLabel: env.decision?.rejectLabel, remarkTitle: env.decision?.remarkTitle ?? '审核意见', remarkMessage: env.decision?.remarkMessage }
      : first;
  const holder: ReactNode = (
    <Modal open={!!deciding} title={deciding ? BULK_MSG.decisionTitle(deciding.def.label, deciding.records.length) : ''} width={640} footer={null} destroyOnHidden onCancel={() => setDeciding(null)}>
      {deciding && spec ? (
        <DecisionForm
          spec={spec}
          record={null}
          submitText="提交审核"
          submitTestId="bulk-decision-submit"
          onCancel={() => setDeciding(null)}
          onSubmit={async (body) => {
            const { def, records } = deciding;
            setDeciding(null);
            await runAll(def, records, body);
          }}
        />
      ) : null}
    </Modal>
  );
  return { start, holder, busy };
}

/** The selection bar's buttons. */
export function BulkButtons({ defs, busy, onRun }: { defs: BulkDef[]; busy: string | null; onRun: (d: BulkDef) => void }) {
  return (
    <Space size={8}>
      {defs.map((d) => (
        <Button key={d.key} size="small" data-action={d.key} danger={d.type === 'delete'} loading={busy === d.key} disabled={!!busy && busy !== d.key} onClick={() => onRun(d)}>
          {d.label}
        </Button>
      ))}
    </Space>
  );
}

/**
 * The select-all box of the selection column, in Chinese and in the header only: the table's hidden
 * measure row copies column titles, and a checkbox there would be focusable inside aria-hidden.
 */
export function selectAllTitle(checkbox: ReactNode): ReactNode {
  return <HeaderOnly>{isValidElement(checkbox) ? cloneElement(checkbox as React.ReactElement<Record<string, unknown>>, { 'aria-label': '全选本页' }) : checkbox}</HeaderOnly>;
}

function HeaderOnly({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [measuring, setMeasuring] = useState(false);
  useLayoutEffect(() => {
    if (ref.current?.closest('.ant-table-measure-row')) setMeasuring(true);
  }, []);
  return <span ref={ref}>{measuring ? null : children}</span>;
}
