/**
 * MemberPicker: a form field choosing party members through the member picker dialog. Single mode
 * (default) holds one value, multiple mode a list; the value is each member's `valueKey` (default id).
 * Read shows the names a sibling field of the record holds (`labelField`), else those picked here.
 */
import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { Empty, isEmpty } from '../basic/empty';
import { useFormRecord } from '../../engine/form-record';
import MemberPickerModal from './picker-modal';
import type { FoundMember } from './search';

export { default as MemberPickerModal } from './picker-modal';
export type { FoundMember } from './search';

/** Names of members picked in this page, by value (an id alone does not carry one). */
const names = new Map<string, string>();
const fallbackName = (v: unknown) => `党员 ${String(v)}`;
const nameOf = (v: unknown) => names.get(String(v)) ?? fallbackName(v);

export interface MemberPickerProps {
  value?: unknown;
  onChange?: (v: unknown) => void;
  multiple?: boolean;
  valueKey?: string;
  title?: string;
  buttonText?: string;
  disabled?: boolean;
  /** a sibling field of the edited record holding the member's name (single mode): the tag shows it, not the bare id */
  labelField?: string;
}

export default function MemberPicker({ value, onChange, multiple = false, valueKey = 'id', title, buttonText = '选择党员', disabled, labelField }: MemberPickerProps) {
  const [open, setOpen] = useState(false);
  const record = useFormRecord();
  const values = isEmpty(value) ? [] : Array.isArray(value) ? value : [value];
  const stored = !multiple && labelField && record && typeof record[labelField] === 'string' ? (record[labelField] as string) : null;
  // the record's own member is named by the record; one picked here by the picker's answer
  const labelOf = (v: unknown) => names.get(String(v)) ?? (stored ? stored : fallbackName(v));
  const emit = (next: unknown[]) => onChange?.(multiple ? next : next[0] ?? null);
  return (
    <Space wrap data-widget="MemberPicker">
      {values.map((v) => (
        <Tag key={String(v)} closable={!disabled} onClose={() => emit(values.filter((x) => x !== v))}>
          {labelOf(v)}
        </Tag>
      ))}
      {disabled ? null : (
        <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
          {buttonText}
        </Button>
      )}
      {open ? (
        <MemberPickerModal
          open
          title={title}
          multiple={multiple}
          valueKey={valueKey}
          initial={multiple ? values.map((v) => ({ id: Number(v), [valueKey]: v, name: labelOf(v) }) as FoundMember) : undefined}
          onCancel={() => setOpen(false)}
          onOk={(vals, members) => {
            members.forEach((m) => names.set(String(m[valueKey]), m.name));
            emit(vals);
            setOpen(false);
          }}
        />
      ) : null}
    </Space>
  );
}

export function Read({ value, record, labelField }: { value: unknown; record?: Record<string, unknown>; labelField?: string }) {
  const label = labelField ? record?.[labelField] : undefined;
  if (!isEmpty(label)) return <span>{Array.isArray(label) ? label.join('、') : String(label)}</span>;
  if (isEmpty(value)) return <Empty />;
  return <span>{(Array.isArray(value) ? value : [value]).map(nameOf).join('、')}</span>;
}
