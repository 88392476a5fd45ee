/** A base-code value shown as its label (table cells, details, member pages): no antd input here. */
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

export function Read({ value, codeTable }: { value: unknown; codeTable?: string }) {
  const items = useAppState((s) => (codeTable ? s.baseCode?.[codeTable] : undefined));
  if (isEmpty(value)) return <Empty />;
  const list = Array.isArray(value) ? value : [value];
  return <span>{list.map((v) => codeLabel(items, v)).join('、')}</span>;
}
