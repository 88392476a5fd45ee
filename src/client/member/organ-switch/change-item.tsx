/** One transfer as a card: where from, where to, when, its state; 撤回 while it is being handled. */
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router-dom';
import type { OrganChange } from '../../api/party-space';
import { Value, resolveColumn } from '../../engine/fields';
import { formatPlatform } from '../../utils/platform-time';
import { StatusTag, useEntity } from '../kit';
import './organ-switch.css';

export function ChangeItem({ r, to, actions }: { r: OrganChange; to: string; actions?: ReactNode }) {
  const { entity } = useEntity('organChange');
  const canEvaluate = r.availableTransitions?.includes('evaluate');
  return (
    <article className="dj-party-space-item" data-testid="organ-change-item">
      <div className="dj-party-space-item__head">
        <Link to={to} className="dj-party-space-item__title">
          <Value col={resolveColumn('changeType', entity)} record={r} />：转入 {r.toOrganName || '—'}
        </Link>
        <StatusTag list="organChange" value={r.auditStatus} />
      </div>
      <div className="dj-party-space-item__meta">
        <span>申请时间：{formatPlatform(r.creationTime)}</span>
        {r.fromOrganName ? <span>转出：{r.fromOrganName}</span> : null}
        <span>
          转接原因：<Value col={resolveColumn('reason', entity)} record={r} />
        </span>
        {r.letterNo ? <span>介绍信编号：{r.letterNo}</span> : null}
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
