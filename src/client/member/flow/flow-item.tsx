/** One flow registration as a card: where to, when, why, its state. */
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router-dom';
import type { MovingRecord } from '../../api/party-space';
import { Value, resolveColumn } from '../../engine/fields';
import { StatusTag, useEntity } from '../kit';
import '../organ-switch/organ-switch.css';

export function flowPeriod(r: MovingRecord): string {
  const end = r.actualEndDate || r.endDate;
  return `${r.startDate} 至 ${end || '—'}${r.actualEndDate ? '' : r.endDate ? '（预计）' : ''}`;
}

export function FlowItem({ r, to, actions }: { r: MovingRecord; to: string; actions?: ReactNode }) {
  const { entity } = useEntity('movingRecord');
  const canEvaluate = r.availableTransitions?.includes('evaluate');
  return (
    <article className="dj-party-space-item" data-testid="moving-record-item">
      <div className="dj-party-space-item__head">
        <Link to={to} className="dj-party-space-item__title">
          <Value col={resolveColumn('flowType', entity)} record={r} />：{r.flowPlace}
        </Link>
        <StatusTag list="movingRecord" value={r.auditStatus} />
      </div>
      <div className="dj-party-space-item__meta">
        <span>流动期间：{flowPeriod(r)}</span>
        {r.flowInOrganName ? <span>流入党组织：{r.flowInOrganName}</span> : null}
        <span>
          流动原因：<Value col={resolveColumn('flowReason', entity)} record={r} />
        </span>
      </div>
      <div className="dj-party-space-item__actions">
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
