import { Input } from 'antd';
import { TextRead } from './empty';

export default Input;
export const Read = TextRead;
