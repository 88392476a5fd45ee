/**
 * Status labels of src/contract/status-labels.json (docs/foundations.md "Status labels"): the one list
 * both the engine's `status` value type and the member kit's StatusTag read.
 */
import { Tag } from 'antd';
import LABELS from '../../contract/status-labels.json';

export type StatusListName = keyof typeof LABELS;
export interface StatusLabel {
  label: string;
  color: string;
}

const lists = LABELS as unknown as Record<string, Record<string, StatusLabel>>;

/** The label of a code in a list, or undefined for an unknown list or code. */
export function statusOf(list: string, value: unknown): StatusLabel | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return lists[list]?.[String(value)];
}

/** `<StatusTag list="audit" value={0} />` → 待审核; an unknown code shows as it is, an empty one as '-'. */
export function StatusTag({ list, value }: { list: StatusListName | (string & {}); value: unknown }) {
  const s = statusOf(list, value);
  if (s) return <Tag color={s.color} data-status={String(value)}>{s.label}</Tag>;
  if (value === null || value === undefined || value === '') return <span className="dj-empty-value">-</span>;
  return <span>{String(value)}</span>;
}
