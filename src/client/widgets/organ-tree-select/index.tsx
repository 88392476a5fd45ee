/**
 * OrganTreeSelect: several organisations of the caller's subtree, checked in a tree that loads one
 * level when it is opened (a province has 200 000 organisations). Checking a parent does not check
 * its children: a chosen organisation stands for its whole subtree on the server. The value is the
 * ids joined by commas (ExamPaperService's `teachTarget`); the names of a saved value come from the
 * record's `namesField`: names in the order of the ids, or organisations `{organId, organName}`.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { TreeSelect } from 'antd';
import { organizationService } from '../../api/endpoints';
import { getState } from '../../state/store';
import { useFormRecord } from '../../engine/form-record';
import { Empty, isEmpty } from '../basic/empty';
import type { ReadProps } from '../registry';

interface TreeNode {
  id: number;
  pId: number | null;
  value: number;
  title: string;
  isLeaf: boolean;
}

/** "3,5, 8" -> [3, 5, 8] */
export const idsOf = (v: unknown): number[] =>
  (Array.isArray(v) ? v : String(v ?? '').split(/[,，\s]+/))
    .map((x) => Number(x))
    .filter((n) => Number.isInteger(n) && n > 0);

export default function OrganTreeSelect({ value, onChange, id, disabled, namesField, placeholder = '请选择参考组织' }: { value?: string | null; onChange?: (v: string | null) => void; id?: string; disabled?: boolean; namesField?: string; placeholder?: string }) {
  const session = getState().session;
  const record = useFormRecord();
  const [nodes, setNodes] = useState<TreeNode[]>(() => (session?.organId ? [{ id: session.organId, pId: null, value: session.organId, title: session.organName, isLeaf: false }] : []));
  const names = useRef(new Map<number, string>());
  // names of the saved value, known before their branches are opened
  useMemo(() => {
    const saved = namesField ? record?.[namesField] : undefined;
    if (!Array.isArray(saved)) return;
    // a list of organisations ({organId, organName}: a class's scopeList), or names in the order of teachTarget's ids
    if (saved.some((x) => x && typeof x === 'object')) saved.forEach((o) => o?.organId && names.current.set(Number(o.organId), String(o.organName ?? '')));
    else idsOf(record?.teachTarget).forEach((x, i) => saved[i] && names.current.set(x, String(saved[i])));
  }, [record, namesField]);
  useEffect(() => {
    if (!session?.organId) {
      void organizationService.children().then((roots) => setNodes((roots ?? []).map((n) => ({ id: n.id, pId: null, value: n.id, title: n.organName || n.organizationName, isLeaf: !n.hasChild }))), () => undefined);
    }
  }, [session?.organId]);
  const loadData = async (node: { id?: number; value?: unknown }) => {
    const parent = Number(node.value ?? node.id);
    if (nodes.some((n) => n.pId === parent)) return;
    const kids = await organizationService.children(parent);
    setNodes((cur) => [...cur, ...(kids ?? []).filter((k) => !cur.some((c) => c.id === k.id)).map((k) => ({ id: k.id, pId: parent, value: k.id, title: k.organName || k.organizationName, isLeaf: !k.hasChild }))]);
  };
  nodes.forEach((n) => names.current.set(n.id, n.title));
  const ids = idsOf(value);
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      treeDataSimpleMode
      treeData={nodes}
      loadData={loadData as any}
      treeCheckable
      treeCheckStrictly
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      labelInValue
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      value={ids.map((x) => ({ value: x, label: names.current.get(x) ?? `党组织（编号${x}）` }))}
      onChange={(vals: { value: number; label?: unknown }[]) => {
        vals.forEach((v) => typeof v.label === 'string' && names.current.set(v.value, v.label));
        onChange?.(vals.length ? vals.map((v) => v.value).join(',') : null);
      }}
      treeNodeFilterProp="title"
      showSearch
      dropdownStyle={{ maxHeight: 420, overflow: 'auto' }}
    />
  );
}

export function Read({ value, record, namesField = 'teachTargetNames' }: ReadProps & { namesField?: string }) {
  const saved = record?.[namesField];
  if (Array.isArray(saved) && saved.length) return <span>{saved.join('、')}</span>;
  return isEmpty(value) ? <Empty /> : <span>{String(value)}</span>;
}
