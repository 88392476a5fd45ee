/**
 * A record read-only: label/value sections whose values the engine's renderer shows from the entity
 * schema (code tables, dates in the platform zone, status lists, files, rich text), and optionally the
 * workflow history as a timeline (docs/foundations.md: `history` of a workflow record).
 */
import type { ReactNode } from 'react';
import { Descriptions } from 'antd';
import type { WorkflowHistoryItem } from '../../../contract/types';
import { Value, resolveColumn } from '../../engine/fields';
import { HistoryTimeline as EngineTimeline } from '../../engine/timeline';
import { allHold } from '../../engine/refs';
import type { ColumnDef, EntityDef } from '../../engine/types';
import { useEntity } from './use-entity';
import './kit.css';

export interface DetailSection {
  title?: ReactNode;
  /** entity fields by name, or columns with their own title, valueType, statusList… */
  fields: (string | ColumnDef)[];
  /** columns of this section (default the detail's): 1 for long text beside nothing */
  column?: number;
}

export type HistoryItem = WorkflowHistoryItem;

export interface MemberDetailProps {
  /** the entity (name or definition) whose schema titles and renders the fields */
  entity?: string | EntityDef;
  record: Record<string, unknown>;
  sections: DetailSection[];
  history?: HistoryItem[] | null;
  /** the status list of history states (status-labels.json) */
  statusList?: string;
  historyTitle?: string;
  /** columns of the descriptions (default 2; 1 on a phone) */
  column?: number;
}

const WIDE = new Set(['html', 'widget']);

export function MemberDetail({ entity, record, sections, history, statusList, historyTitle = '办理记录', column = 2 }: MemberDetailProps) {
  const loaded = useEntity(typeof entity === 'string' ? entity : undefined);
  const def = typeof entity === 'string' ? loaded.entity : entity;
  return (
    <div className="dj-member-detail" data-testid="member-detail">
      {sections.map((s, i) => {
        const cols = s.fields.map((f) => resolveColumn(f, def)).filter((c) => allHold(c.visibleWhen, { record }));
        if (!cols.length) return null;
        const n = s.column ?? column;
        // every breakpoint named: one left out falls back to antd's default of 3
        return (
          <Descriptions key={i} title={s.title} bordered size="middle" column={{ xs: 1, sm: 1, md: n, lg: n, xl: n, xxl: n }} labelStyle={{ width: 120 }}>
            {cols.map((c, j) => (
              <Descriptions.Item key={`${c.field}-${j}`} label={c.title} span={WIDE.has(c.valueType ?? '') && c.widget !== 'CodeSelect' && c.widget !== 'OrganCascader' ? n : 1}>
                <Value col={c} record={record} />
              </Descriptions.Item>
            ))}
          </Descriptions>
        );
      })}
      {history ? <HistoryTimeline title={historyTitle} items={history} statusList={statusList} /> : null}
    </div>
  );
}

/** Each step of a record (the engine's timeline, one rendering for both halves) under a heading. */
export function HistoryTimeline({ items, statusList, title = '办理记录' }: { items: HistoryItem[]; statusList?: string; title?: string }) {
  return (
    <div className="dj-member-detail__history" data-testid="history">
      <h3>{title}</h3>
      <EngineTimeline items={items} statusList={statusList} />
    </div>
  );
}
