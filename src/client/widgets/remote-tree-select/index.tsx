/**
 * RemoteTreeSelect: a choice from a tree that a GET call answers (e.g. the resource class tree of
 * ResourceClassService/GetAllResourceClassList): `call` is "Service/Action", `labelField` and
 * `valueField` name the node's fields, `childrenField` its children. The edit mode loads the tree
 * afresh; read-only cells share one load per call and show the label path (党史学习 / 专题).
 */
import { useEffect, useState } from 'react';
import { TreeSelect } from 'antd';
import { api } from '../../api/request';
import { servicePath } from '../../../contract/paths';
import { Empty, isEmpty } from '../basic/empty';

type Node = Record<string, unknown>;

export interface RemoteTreeSelectProps {
  call: string;
  /** the input's id (a form's <label for>) */
  id?: string;
  labelField?: string;
  valueField?: string;
  childrenField?: string;
  value?: string | number | (string | number)[] | null;
  onChange?: (v: string | number | (string | number)[] | null) => void;
  /** several values (an array), e.g. a course's resources from a flat list */
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** a value the user may not choose (the node being edited, for its own parent) */
  excludeValue?: string | number;
  [k: string]: unknown;
}

const cache = new Map<string, Promise<Node[]>>();

function load(call: string, fresh: boolean): Promise<Node[]> {
  const hit = cache.get(call);
  if (hit && !fresh) return hit;
  const m = /^([A-Z][A-Za-z0-9]*)\/([A-Z][A-Za-z0-9]*)$/.exec(call.trim());
  if (!m) return Promise.reject(new Error(`调用配置有误：${call}`));
  const p = api.get<Node[] | { items?: Node[] }>(servicePath(m[1], m[2]), {}, { silent: true }).then((r) => (Array.isArray(r) ? r : r?.items ?? []));
  cache.set(call, p);
  p.catch(() => cache.delete(call));
  return p;
}

interface Opts {
  labelField: string;
  valueField: string;
  childrenField: string;
}

const toTree = (nodes: Node[], o: Opts, exclude?: unknown): any[] =>
  nodes
    .filter((n) => exclude === undefined || String(n[o.valueField]) !== String(exclude))
    .map((n) => {
      const kids = (n[o.childrenField] as Node[] | undefined) ?? [];
      return { title: String(n[o.labelField] ?? ''), value: n[o.valueField] as string | number, children: kids.length ? toTree(kids, o, exclude) : undefined };
    });

/** The labels from the root to the node holding `value`. */
export function labelPath(nodes: Node[], value: unknown, o: Opts): string[] | null {
  for (const n of nodes) {
    if (String(n[o.valueField]) === String(value)) return [String(n[o.labelField] ?? '')];
    const below = labelPath((n[o.childrenField] as Node[] | undefined) ?? [], value, o);
    if (below) return [String(n[o.labelField] ?? ''), ...below];
  }
  return null;
}

const optsOf = (p: { labelField?: string; valueField?: string; childrenField?: string }): Opts => ({
  labelField: p.labelField ?? 'name',
  valueField: p.valueField ?? 'id',
  childrenField: p.childrenField ?? 'children',
});

export default function RemoteTreeSelect(props: RemoteTreeSelectProps) {
  const { call, value, onChange, placeholder = '请选择', disabled, excludeValue, multiple } = props;
  const o = optsOf(props);
  const [nodes, setNodes] = useState<Node[] | null>(null);
  useEffect(() => {
    let live = true;
    load(call, true).then(
      (n) => live && setNodes(n),
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
  }, [call]);
  return (
    <TreeSelect
      id={props.id}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      multiple={multiple}
      loading={!nodes}
      disabled={disabled}
      placeholder={placeholder}
      treeData={toTree(nodes ?? [], o, excludeValue)}
      value={value === null || value === undefined || value === '' ? undefined : (value as any)}
      onChange={(v) => onChange?.(v ?? (multiple ? [] : null))}
      style={{ width: '100%' }}
    />
  );
}

export function Read(props: { value: unknown; call?: string; labelField?: string; valueField?: string; childrenField?: string }) {
  const { value, call } = props;
  const [text, setText] = useState<string | null>(null);
  const o = optsOf(props);
  useEffect(() => {
    if (isEmpty(value) || !call) return;
    let live = true;
    load(call, false).then(
      (n) => live && setText((Array.isArray(value) ? value : [value]).map((v) => labelPath(n, v, o)?.join(' / ') ?? String(v)).join('、')),
      () => live && setText(String(value)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, call]);
  if (isEmpty(value)) return <Empty />;
  return <span>{text ?? '…'}</span>;
}
