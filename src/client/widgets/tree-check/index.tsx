/**
 * TreeCheck: a tree of checkboxes over nodes a call answered (分配菜单: the menus of
 * MenuButtonService/RoleMenusList with their button permissions). The value is the ids of the
 * checked nodes and of the parents of any checked node — what SetRoleMenu stores, parents included.
 *
 * A parent in the value is not shown checked by itself: only leaves are, and a parent follows its
 * children (checked when all are, half-checked when some are). Otherwise a role holding a parent and
 * one child would show every child of that parent checked.
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
  leaves: Set<Key>;
  count: number;
}

function build(list: Node[] | undefined, p: Required<Pick<TreeCheckProps, 'labelField' | 'valueField' | 'childrenField'>> & Pick<TreeCheckProps, 'tags'>): Built {
  const leaves = new Set<Key>();
  let count = 0;
  const walk = (items: Node[]): any[] =>
    items.map((n) => {
      count++;
      const key = n[p.valueField] as Key;
      const kids = (n[p.childrenField] as Node[] | undefined) ?? [];
      if (!kids.length) leaves.add(key);
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
        children: kids.length ? walk(kids) : undefined,
      };
    });
  return { nodes: walk(list ?? []), leaves, count };
}

export default function TreeCheck(props: TreeCheckProps) {
  const { treeData, value, onChange, id, labelField = 'displayName', valueField = 'id', childrenField = 'children', tags, height = 460, disabled } = props;
  const built = useMemo(() => build(treeData, { labelField, valueField, childrenField, tags }), [treeData, labelField, valueField, childrenField, tags]);
  const checked = useMemo(() => (value ?? []).filter((k) => built.leaves.has(k)), [value, built]);
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
        checkedKeys={checked}
        onCheck={(keys, info) => {
          const full = Array.isArray(keys) ? keys : keys.checked;
          onChange?.([...(full as Key[]), ...((info.halfCheckedKeys ?? []) as Key[])]);
        }}
      />
    </div>
  );
}

/** Read mode: how many nodes are chosen. */
export function Read({ value }: { value: unknown }) {
  if (isEmpty(value) || !Array.isArray(value)) return <Empty />;
  return <span>已选 {value.length} 项</span>;
}
