/**
 * A detail section of kind timeline: the record's workflow history (one row of workflow_history per
 * transition) as an antd Timeline — the step, from → to with the labels of the section's status
 * list, who acted and for which organisation, the remark, and the time in the platform zone.
 */
import { Tag, Timeline } from 'antd';
import STATUS_LABELS from '../../contract/status-labels.json';
import { MINUTE_FORMAT, formatPlatform } from '../utils/platform-time';
import type { HistoryItem } from './types';

type Labels = Record<string, { label: string; color: string }>;

const labelsOf = (list?: string): Labels => (STATUS_LABELS as Record<string, Labels>)[list ?? 'audit'] ?? {};
const blank = (v: unknown) => v === null || v === undefined || v === '';

function State({ value, labels }: { value: unknown; labels: Labels }) {
  if (blank(value)) return null;
  const st = labels[String(value)];
  return st ? <Tag color={st.color}>{st.label}</Tag> : <Tag>{String(value)}</Tag>;
}

export function HistoryTimeline({ items, statusList, empty = '暂无办理记录' }: { items: unknown; statusList?: string; empty?: string }) {
  const list = (Array.isArray(items) ? items : []) as HistoryItem[];
  if (!list.length) return <div className="dj-empty-value dj-timeline-empty">{empty}</div>;
  const labels = labelsOf(statusList);
  return (
    <Timeline
      className="dj-timeline"
      items={list.map((h, i) => {
        const color = labels[String(h.toState)]?.color;
        return {
          key: `${h.creationTime ?? ''}-${i}`,
          color: !color || color === 'default' ? 'gray' : color,
          children: (
            <div data-testid="timeline-item">
              <div className="dj-timeline__head">
                <strong>{h.title || h.transition || '办理'}</strong>
                {blank(h.fromState) && blank(h.toState) ? null : (
                  <span className="dj-timeline__states">
                    <State value={h.fromState} labels={labels} />
                    {blank(h.fromState) ? null : <span aria-label="变为">→</span>}
                    <State value={h.toState} labels={labels} />
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
