/** One help record as a card: what, when, how much, by whom, and whether I have evaluated it. */
import { Button } from 'antd';
import { Link } from 'react-router-dom';
import type { DifficultyHelp } from '../../api/difficulty';
import { Value, resolveColumn } from '../../engine/fields';
import { StatusTag, useEntity } from '../kit';
import './difficulty.css';

export function HelpItem({ help, to }: { help: DifficultyHelp; to: string }) {
  const { entity } = useEntity('difficultyHelp');
  const canEvaluate = help.availableTransitions?.includes('evaluate');
  return (
    <article className="dj-difficulty-item" data-testid="difficulty-help-item">
      <div className="dj-difficulty-item__head">
        <Link to={to} className="dj-difficulty-item__title">
          {help.title}
        </Link>
        <StatusTag list="evaluation" value={help.auditStatus} />
      </div>
      <div className="dj-difficulty-item__meta">
        <span>
          帮扶方式：<Value col={resolveColumn('helpType', entity)} record={help} />
        </span>
        <span>帮扶日期：{help.helpDate}</span>
        {help.helpAmount ? <span>帮扶金额：{help.helpAmount} 元</span> : null}
        {help.organName ? <span>{help.organName}</span> : null}
      </div>
      <div className="dj-difficulty-item__desc">{help.helpDetail}</div>
      <div className="dj-difficulty-item__actions">
        <Link to={to}>
          <Button size="small" type={canEvaluate ? 'primary' : 'default'}>
            {canEvaluate ? '去评价' : '查看详情'}
          </Button>
        </Link>
      </div>
    </article>
  );
}
