/**
 * FenInput: an amount of money typed in 元 (at most two decimals) whose value is integer fen (分) —
 * what the server stores and computes with. The text is read digit by digit (contract/money.ts), so
 * "0.29" is 29 fen, never 28.999…; text that is no amount gives null and says so under the box.
 */
import { useEffect, useState } from 'react';
import { Input } from 'antd';
import { formatFen, parseYuan } from '../../../contract/money';
import { Empty, isEmpty } from '../basic/empty';

interface Props {
  value?: number | null;
  onChange?: (fen: number | null) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
}

export default function FenInput({ value, onChange, id, placeholder, disabled }: Props) {
  const [text, setText] = useState(() => (isEmpty(value) ? '' : formatFen(value)));
  // a value set from outside (a loaded record, a reset) replaces the text unless it already says so
  useEffect(() => {
    if (isEmpty(value)) {
      if (parseYuan(text) !== null) setText('');
    } else if (parseYuan(text) !== value) setText(formatFen(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const bad = text.trim() !== '' && parseYuan(text) === null;
  return (
    <div className="dj-fen-input">
      <Input
        id={id}
        value={text}
        inputMode="decimal"
        suffix="元"
        status={bad ? 'error' : undefined}
        placeholder={placeholder ?? '0.00'}
        disabled={disabled}
        aria-invalid={bad || undefined}
        onChange={(e) => {
          setText(e.target.value);
          onChange?.(e.target.value.trim() === '' ? null : parseYuan(e.target.value));
        }}
      />
      {bad && <div style={{ color: 'var(--dj-text-error)', fontSize: 12, marginTop: 4 }} role="alert">请输入金额，如 35 或 35.50（至多两位小数）</div>}
    </div>
  );
}

export function Read({ value }: { value: unknown }) {
  if (isEmpty(value)) return <Empty />;
  return <span>{formatFen(value as number)} 元</span>;
}
