import { Select as AntSelect } from 'antd';
import { Empty, isEmpty } from './empty';

export interface Option {
  label: string;
  value: string | number | boolean;
}

export default function Select({ options = [], ...props }: React.ComponentProps<typeof AntSelect> & { options?: Option[] }) {
  // antd's Form.Item (a required prompt field) hands `aria-required` to its child, and antd's Select
  // puts it on its wrapper div, where ARIA forbids it (axe: critical); the label's mark and the rule say it
  const { 'aria-required': _required, ...rest } = props as typeof props & { 'aria-required'?: unknown };
  return <AntSelect allowClear placeholder="请选择" options={options as any} {...rest} />;
}

/** Values compare as strings: a code stored as 1 matches the option '1'. */
export function labelOf(options: Option[] | undefined, value: unknown): string {
  const hit = (options ?? []).find((o) => String(o.value) === String(value));
  return hit ? hit.label : String(value);
}

export function Read({ value, options }: { value: unknown; options?: Option[] }) {
  if (isEmpty(value)) return <Empty />;
  const list = Array.isArray(value) ? value : [value];
  return <span>{list.map((v) => labelOf(options, v)).join('、')}</span>;
}
