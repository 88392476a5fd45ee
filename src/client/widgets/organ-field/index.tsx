/**
 * OrganCascader as a schema widget: the shell's lazy organisation cascader (widgets/organ-cascader)
 * with a read-pretty mode that shows the organisation's name (the record's `labelField`, by default
 * organName) instead of its number.
 */
import OrganCascader, { type OrganCascaderProps } from '../organ-cascader';
import { Empty, isEmpty } from '../basic/empty';

export default function OrganCascaderField(props: OrganCascaderProps & { style?: React.CSSProperties }) {
  return <OrganCascader style={{ width: '100%', ...(props.style ?? {}) }} {...props} />;
}

export function Read({ value, record, labelField = 'organName' }: { value: unknown; record?: Record<string, unknown>; labelField?: string }) {
  if (isEmpty(value)) return <Empty />;
  const name = record?.[labelField as string];
  return <span>{name ? String(name) : String(value)}</span>;
}
