/**
 * A list screen's `tree`: a hierarchy beside the list, loaded one level at a time (the root call,
 * then the children call of a node when it is expanded) — a province holds 300 000 organisations, so
 * the whole tree is never loaded. Choosing a node narrows the list by the tree's `params`, resolved
 * with the node as $record; after a change (a form saved) every loaded level is loaded again.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Card, Spin, Tree } from 'antd';
import { invoke } from './calls';
import { resolveParams, type RefScope } from './refs';
import type { TreeDef } from './types';

type Node = Record<string, unknown>;
const ROOT = '';

export interface TreePanelHandle {
  refresh(): void;
}

interface Props {
  def: TreeDef;
  scope: RefScope;
  selected: Node | null;
  onSelect(node: Node | null): void;
}

export const TreePanel = forwardRef<TreePanelHandle, Props>(function TreePanel({ def, scope, selected, onSelect }, ref) {
  const valueField = def.valueField ?? 'id';
  const labelField = def.labelField ?? 'name';
  const leafWhen = def.hasChildField ?? 'hasChild';
  const [levels, setLevels] = useState<Record<string, Node[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const loaded = useRef<Record<string, Node[]>>({});
  const scopeRef = useRef(scope);
  scopeRef.current = scope;

  const fetchLevel = useCallback(
    async (key: string, node: Node | null) => {
      const call = node ? def.childCall ?? def.call : def.call;
      const params = node ? resolveParams(def.childParams ?? { id: `$record.${valueField}` }, { ...scopeRef.current, record: node }) : resolveParams(def.rootParams, scopeRef.current);
      try {
        const res = await invoke<Node[] | { items?: Node[] }>(call, 'list', params, { silent: true });
        const rows = Array.isArray(res) ? res : res?.items ?? [];
        loaded.current = { ...loaded.current, [key]: rows };
      } catch {
        loaded.current = { ...loaded.current, [key]: [] };
      }
      setLevels(loaded.current);
    },
    [def, valueField],
  );

  useEffect(() => {
    void fetchLevel(ROOT, null);
  }, [fetchLevel]);

  const nodeOf = (key: string): Node | undefined => Object.values(loaded.current).flat().find((n) => String(n[valueField]) === key);

  useImperativeHandle(ref, () => ({
    refresh() {
      for (const key of Object.keys(loaded.current)) void fetchLevel(key, key === ROOT ? null : nodeOf(key) ?? { [valueField]: key });
    },
  }));

  const build = (rows: Node[]): any[] =>
    rows.map((n) => {
      const key = String(n[valueField]);
      const kids = levels[key];
      return {
        key,
        title: String(n[labelField] ?? ''),
        isLeaf: n[leafWhen] === false || (kids !== undefined && kids.length === 0),
        children: kids ? build(kids) : undefined,
      };
    });

  const root = levels[ROOT];
  return (
    <Card size="small" title={def.title ?? '层级'} className="dj-tree-panel" data-tree-panel>
      {root ? (
        <Tree
          blockNode
          treeData={build(root)}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          selectedKeys={selected ? [String(selected[valueField])] : []}
          loadData={async ({ key }) => {
            if (!loaded.current[String(key)]) await fetchLevel(String(key), nodeOf(String(key)) ?? null);
          }}
          onSelect={(keys) => onSelect(keys.length ? nodeOf(String(keys[0])) ?? null : null)}
        />
      ) : (
        <Spin />
      )}
    </Card>
  );
});
