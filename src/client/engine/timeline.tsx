/**
 * A detail section of kind timeline: the record's workflow history (one row of workflow_history per
 * transition) as an antd Timeline — the step, from → to with the labels of the section's status
 * list, who acted and for which organisation, the remark, and the time in the platform zone.
 */
import { Timeline } from 'antd';
import { StatusTag, statusOf } from '../components/status-tag';
import { MINUTE_FORMAT, formatPlatform } from '../utils/platform-time';
import type { HistoryItem } from './types';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** A state with the labels of the one list (src/contract/status-labels.json). */
function State({ value, list }: { value: unknown; list: string }) {
  return blank(value) ? null : <StatusTag list={list} value={value} />;
}

export function HistoryTimeline({ items, statusList = 'audit', empty = '暂无办理记录' }: { items: unknown; statusList?: string; empty?: string }) {
  const list = (Array.isArray(items) ? items : []) as HistoryItem[];
  if (!list.length) return <div className="dj-empty-value dj-timeline-empty">{empty}</div>;
  return (
    <Timeline
      className="dj-timeline"
      items={list.map((h, i) => {
        const color = statusOf(statusList, h.toState)?.color;
        return {
          key: `${h.creationTime ?? ''}-${i}`,
          color: !color || color === 'default' ? 'gray' : color,
          children: (
            <div data-testid="timeline-item">
              <div className="dj-timeline__head">
                <strong>{h.title || h.transition || '办理'}</strong>
                {blank(h.fromState) && blank(h.toState) ? null : (
                  <span className="dj-timeline__states">
                    <State value={h.fromState} list={statusList} />
                    {blank(h.fromState) ? null : <span aria-label="变为">→</span>}
                    <State value={h.toState} list={statusList} />
                  </span>
                )}
              </div>
              <div className="dj-timeline__meta">
                {[h.actorName, h.actorOrganName ? `（${h.actorOrganName}）` : ''].join('')}
                {h.creationTime ? <time dateTime={String(h.creationTime)}>{formatPlatform(h.creationTime, MINUTE_FORMAT)}</time> : null}
              </div>
              {blank(h.remark) ? null : <div className="dj-timeline__remark">备注：{h.remark}</div>}
            </div>
          ),
        };
      })}
    />
  );
}
