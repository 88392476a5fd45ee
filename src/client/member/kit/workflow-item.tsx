/**
 * One workflow record as a card of a member list: its title linking to the detail, its state, a line
 * of facts, an optional description, the row's step buttons and 查看详情 — 去评价 while the record
 * waits for the member's evaluation.
 */
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { Value, resolveColumn } from '../../engine/fields';
import { StatusTag } from '../../components/status-tag';
import type { WorkflowRecordDto } from '../../../contract/types';
import { useEntity } from './use-entity';
import './workflow.css';

/** A record of a workflow entity as the member's calls answer it. */
export type WorkflowRecord = WorkflowRecordDto;

/** An entity field of the record as the engine renders it (code tables, dates in the platform zone…). */
export type FieldValue = (field: string) => ReactNode;

export interface WorkflowItemContent {
  title: ReactNode;
  /** the facts, each its own span; false, null and '' are left out */
  meta: ReactNode[];
  /** a two-line description under the facts */
  desc?: ReactNode;
}

export interface WorkflowItemProps<T extends WorkflowRecord> {
  entity: string;
  /** the status list of the state (default the entity's name) */
  statusList?: string;
  record: T;
  to: string;
  content: (record: T, field: FieldValue) => WorkflowItemContent;
  actions?: ReactNode;
}

/** `difficultyApply` → difficulty-apply-item */
const testId = (entity: string) => `${entity.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-item`;

export function WorkflowItem<T extends WorkflowRecord>({ entity, statusList = entity, record: r, to, content, actions }: WorkflowItemProps<T>) {
  const { entity: def } = useEntity(entity);
  const canEvaluate = r.availableTransitions?.includes('evaluate');
  const { title, meta, desc } = content(r, (field) => <Value col={resolveColumn(field, def)} record={r} />);
  return (
    <article className="dj-workflow-item" data-testid={testId(entity)}>
      <div className="dj-workflow-item__head">
        <Link to={to} className="dj-workflow-item__title">
          {title}
        </Link>
        <StatusTag list={statusList} value={r.auditStatus} />
      </div>
      <div className="dj-workflow-item__meta">
        {meta.map((m, i) => (m || m === 0 ? <span key={i}>{m}</span> : null))}
      </div>
      {desc !== undefined ? <div className="dj-workflow-item__desc">{desc}</div> : null}
      <div className="dj-workflow-item__actions">
        {actions}
        <Link to={to}>
          <Button size="small" type={canEvaluate ? 'primary' : 'default'}>
            {canEvaluate ? '去评价' : '查看详情'}
          </Button>
        </Link>
      </div>
    </article>
  );
}
