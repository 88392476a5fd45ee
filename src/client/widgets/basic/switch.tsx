import { Switch as AntSwitch } from 'antd';
import { Empty } from './empty';

export default function Switch({ value, onChange, ...props }: { value?: boolean; onChange?: (v: boolean) => void; [k: string]: unknown }) {
  return <AntSwitch checkedChildren="是" unCheckedChildren="否" {...(props as any)} checked={!!value} onChange={(v) => onChange?.(v)} />;
}
export function Read({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Empty />;
  return <span>{value ? '是' : '否'}</span>;
}
