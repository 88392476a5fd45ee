/**
 * TreeCheck: a tree of checkboxes over nodes a call answered (分配菜单: the menus of
 * MenuButtonService/RoleMenusList with their button permissions). The value is the ids of the
 * checked nodes and of the parents of any checked node — what SetRoleMenu stores, parents included.
 *
 * A stored parent is a grant of its own (a page without its buttons is a view-only page), so the
 * tree checks each node strictly (AntD `checkStrictly`) and shows what is stored: a node checked
 * when it and everything below it are stored, half-checked when it is stored without all of its
 * children — or with none of them — (or, not stored, has a stored child). Ticking a node stores it
 * with everything below it and the parents above it; unticking drops it and everything below it
 * and keeps the parents, which then show half-checked (untick the parent to drop it too).
 */
import { useMemo } from 'react';
import { Tag, Tree } from 'antd';
import { Empty, isEmpty } from '../basic/empty';

type Node = Record<string, unknown>;
type Key = string | number;

export interface TreeCheckProps {
  treeData?: Node[];
  value?: Key[];
  onChange?: (v: Key[]) => void;
  id?: string;
  labelField?: string;
  valueField?: string;
  childrenField?: string;
  /** a node field shown as a tag by value, e.g. {"type": {"2": "按钮"}} marks button permissions */
  tags?: Record<string, Record<string, string>>;
  /** the box's height in pixels (the tree scrolls within; not virtual, so every node is in the page and found by the browser's search) */
  height?: number;
  disabled?: boolean;
}

interface Built {
  nodes: any[];
  /** every node's descendants and ancestors, by key */
  below: Map<Key, Key[]>;
  above: Map<Key, Key[]>;
  count: number;
}

function build(list: Node[] | undefined, p: Required<Pick<TreeCheckProps, 'labelField' | 'valueField' | 'childrenField'>> & Pick<TreeCheckProps, 'tags'>): Built {
  const below = new Map<Key, Key[]>();
  const above = new Map<Key, Key[]>();
  let count = 0;
  const walk = (items: Node[], parents: Key[]): { nodes: any[]; keys: Key[] } => {
    const keys: Key[] = [];
    const nodes = items.map((n) => {
      count++;
      const key = n[p.valueField] as Key;
      const kids = (n[p.childrenField] as Node[] | undefined) ?? [];
      const sub = walk(kids, [...parents, key]);
      below.set(key, sub.keys);
      above.set(key, parents);
      keys.push(key, ...sub.keys);
      const marks = Object.entries(p.tags ?? {})
        .map(([field, labels]) => labels[String(n[field])])
        .filter(Boolean);
      return {
        key,
        title: (
          <span>
            {String(n[p.labelField] ?? '')}
            {marks.map((m) => (
              <Tag key={m} bordered={false} style={{ marginInlineStart: 6 }}>
                {m}
              </Tag>
            ))}
          </span>
        ),
        children: kids.length ? sub.nodes : undefined,
      };
    });
    return { nodes, keys };
  };
  return { nodes: walk(list ?? [], []).nodes, below, above, count };
}

/** What the tree shows for the stored ids: fully stored nodes checked, partly stored ones half-checked. */
export function checkState(built: Pick<Built, 'below'>, value: readonly Key[]) {
  const stored = new Set(value);
  const checked: Key[] = [];
  const halfChecked: Key[] = [];
  for (const [key, kids] of built.below) {
    const storedKids = kids.filter((k) => stored.has(k)).length;
    if (stored.has(key) && storedKids === kids.length) checked.push(key);
    else if (stored.has(key) || storedKids > 0) halfChecked.push(key);
  }
  return { checked, halfChecked };
}

/** The stored ids after ticking (`on`) or unticking a node. */
export function toggle(built: Pick<Built, 'below' | 'above'>, value: readonly Key[], key: Key, on: boolean): Key[] {
  const stored = new Set(value);
  const subtree = [key, ...(built.below.get(key) ?? [])];
  if (on) for (const k of [...subtree, ...(built.above.get(key) ?? [])]) stored.add(k);
  else for (const k of subtree) stored.delete(k);
  return [...stored];
}

export default function TreeCheck(props: TreeCheckProps) {
  const { treeData, value, onChange, id, labelField = 'displayName', valueField = 'id', childrenField = 'children', tags, height = 460, disabled } = props;
  const built = useMemo(() => build(treeData, { labelField, valueField, childrenField, tags }), [treeData, labelField, valueField, childrenField, tags]);
  const state = useMemo(() => checkState(built, value ?? []), [value, built]);
  if (!built.count) return <Empty />;
  return (
    <div id={id} role="group" className="dj-tree-check" style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, maxHeight: height, overflowY: 'auto' }}>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        virtual={false}
        disabled={disabled}
        treeData={built.nodes}
        checkStrictly
        checkedKeys={state}
        onCheck={(_keys, info) => onChange?.(toggle(built, value ?? [], info.node.key as Key, info.checked))}
      />
    </div>
  );
}

/** Read mode: how many nodes are chosen. */
export function Read({ value }: { value: unknown }) {
  if (isEmpty(value) || !Array.isArray(value)) return <Empty />;
  return <span>已选 {value.length} 项</span>;
}
