/**
 * CodeSelect: a choice from a base-code table (core §3) kept in state and reloaded by version;
 * `codeTable` names the table. Nested tables are offered as a tree. Values compare as strings.
 */
import { Select, TreeSelect } from 'antd';
import type { BaseCodeItem } from '../../../contract/types';
import { useAppState } from '../../state/store';
import { Empty, isEmpty } from '../basic/empty';

export function findCode(items: BaseCodeItem[] | undefined, value: unknown): BaseCodeItem | undefined {
  for (const it of items ?? []) {
    if (String(it.value) === String(value)) return it;
    const hit = findCode(it.children, value);
    if (hit) return hit;
  }
  return undefined;
}

export function codeLabel(items: BaseCodeItem[] | undefined, value: unknown): string {
  return findCode(items, value)?.label ?? String(value);
}

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

export function Read({ value, codeTable }: { value: unknown; codeTable?: string }) {
  const items = useAppState((s) => (codeTable ? s.baseCode?.[codeTable] : undefined));
  if (isEmpty(value)) return <Empty />;
  const list = Array.isArray(value) ? value : [value];
  return <span>{list.map((v) => codeLabel(items, v)).join('、')}</span>;
}
