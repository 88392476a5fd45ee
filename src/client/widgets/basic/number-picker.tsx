import { InputNumber } from 'antd';
import { TextRead } from './empty';

export default function NumberPicker(props: React.ComponentProps<typeof InputNumber>) {
  return <InputNumber style={{ width: '100%' }} {...props} />;
}
export const Read = TextRead;
