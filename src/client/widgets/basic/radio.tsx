import { Radio as AntRadio } from 'antd';
import { Empty, isEmpty } from './empty';
import { labelOf, type Option } from './select';

/** A choice among a few options shown at once (通过 / 不通过). Values keep their type (true/false). */
export default function Radio({ options = [], value, onChange, disabled }: { options?: Option[]; value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean }) {
  return (
    <AntRadio.Group value={value} disabled={disabled} onChange={(e) => onChange?.(e.target.value)}>
      {options.map((o) => (
        <AntRadio key={String(o.value)} value={o.value}>
          {o.label}
        </AntRadio>
      ))}
    </AntRadio.Group>
  );
}

export function Read({ value, options }: { value: unknown; options?: Option[] }) {
  if (isEmpty(value)) return <Empty />;
  return <span>{labelOf(options, value)}</span>;
}
