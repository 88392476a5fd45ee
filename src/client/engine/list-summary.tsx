/**
 * A line of figures above a list table (a screen's or tab's `summary`): the answer of its own call
 * — 学时核查's organisation against its target — shown as labelled values. Empty values read "-".
 */
import { Descriptions } from 'antd';
import type { ListSummaryDef } from './types';

const shown = (v: unknown, suffix = '') => (v === null || v === undefined || v === '' ? '-' : `${String(v)}${suffix}`);

export function ListSummary({ def, value }: { def: ListSummaryDef; value: Record<string, unknown> | null }) {
  if (!value) return null;
  const title = [def.title, def.titleField ? shown(value[def.titleField]) : null].filter(Boolean).join('：');
  return (
    <Descriptions
      data-testid="list-summary"
      className="dj-list-summary"
      size="small"
      bordered
      column={{ xs: 1, sm: 2, md: 3, lg: 4 }}
      title={title || undefined}
      style={{ marginBottom: 12 }}
      items={def.items.map((it) => ({ key: it.field, label: it.title, children: <span data-summary={it.field}>{shown(value[it.field], it.suffix)}</span> }))}
    />
  );
}
