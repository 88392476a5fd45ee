/**
 * CodeSelect: a choice from a base-code table (core §3) kept in state and reloaded by version;
 * `codeTable` names the table. Nested tables are offered as a tree. Values compare as strings.
 */
import { Select, TreeSelect } from 'antd';
import type { BaseCodeItem } from '../../../contract/types';
import { useAppState } from '../../state/store';

// the read side lives apart so that table cells and member pages never load Select and TreeSelect
export { codeLabel, findCode, Read } from './read';

const toTree = (items: BaseCodeItem[]): any[] => items.map((i) => ({ title: i.label, value: i.value, children: i.children?.length ? toTree(i.children) : undefined }));

export interface CodeSelectProps {
  codeTable: string;
  value?: string | string[] | null;
  onChange?: (v: string | string[] | null) => void;
  mode?: 'multiple';
  placeholder?: string;
  [k: string]: unknown;
}

export default function CodeSelect({ codeTable, value, onChange, mode, placeholder = '请选择', ...rest }: CodeSelectProps) {
  const items = useAppState((s) => s.baseCode?.[codeTable]) ?? [];
  const nested = items.some((i) => i.children?.length);
  const v = value === null || value === undefined ? undefined : Array.isArray(value) ? value.map(String) : String(value);
  if (nested) {
    return (
      <TreeSelect
        {...(rest as any)}
        allowClear
        treeDefaultExpandAll={false}
        multiple={mode === 'multiple'}
        placeholder={placeholder}
        treeData={toTree(items)}
        value={v}
        onChange={(x: any) => onChange?.(x ?? null)}
      />
    );
  }
  return (
    <Select
      {...(rest as any)}
      allowClear
      mode={mode}
      placeholder={placeholder}
      options={items.map((i) => ({ label: i.label, value: i.value }))}
      value={v}
      onChange={(x: any) => onChange?.(x ?? null)}
    />
  );
}
