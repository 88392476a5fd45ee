import { Input } from 'antd';
import { Empty, isEmpty } from './empty';

export default function TextArea(props: React.ComponentProps<typeof Input.TextArea>) {
  return <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} {...props} />;
}
export function Read({ value }: { value: unknown }) {
  if (isEmpty(value)) return <Empty />;
  return <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
}
