/**
 * Organisation cascader (core §5 and §9): lazy children, change-on-select, clearable, click trigger;
 * value key organId (or organPath). `isChild` starts from the user's own organisation; `parented`
 * disables every node except the user's own root organisation.
 */
import { useEffect, useMemo, useState } from 'react';
import { Cascader } from 'antd';
import type { OrganNode } from '../../../contract/types';
import { organizationService } from '../../api/endpoints';
import { getState } from '../../state/store';

export interface OrganOption {
  label: string;
  value: number | string;
  path: string;
  isLeaf: boolean;
  disabled?: boolean;
  children?: OrganOption[];
  loading?: boolean;
}

export const toOption = (n: OrganNode, valueKey: 'organId' | 'organPath' = 'organId'): OrganOption => ({
  label: n.organName || n.organizationName,
  value: valueKey === 'organPath' ? n.organPath : n.id,
  path: n.organPath,
  isLeaf: !n.hasChild,
});

/** organPath '/1/5/23/' -> [1, 5, 23] */
export const pathIds = (organPath?: string | null) => (organPath ?? '').split('/').filter(Boolean).map(Number);

export interface OrganCascaderProps {
  value?: number | string | null;
  onChange?: (value: number | string | null, option?: OrganOption) => void;
  /** shown while the chosen node's ancestors are not loaded */
  displayName?: string;
  /** the chosen node's organPath, to rebuild the cascade path */
  valuePath?: string;
  valueKey?: 'organId' | 'organPath';
  isChild?: boolean;
  parented?: boolean;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  style?: React.CSSProperties;
  /** given by Form.Item: the input's id, so the field's <label for> names it */
  id?: string;
}

export default function OrganCascader(props: OrganCascaderProps) {
  const { value, onChange, displayName, valuePath, valueKey = 'organId', isChild, parented, placeholder = '请选择党组织', disabled, readOnly, style, id } = props;
  const [options, setOptions] = useState<OrganOption[]>([]);
  // the organPath of the node picked here: a form that keeps only the id (no valuePath) still shows
  // the picked node at its place in the cascade, so a level picked on the way down stays open
  const [picked, setPicked] = useState<{ value: number | string; path: string } | null>(null);
  const session = getState().session;

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        if (isChild && session?.organId) {
          const own: OrganOption = { label: session.organName, value: valueKey === 'organPath' ? session.organPath : session.organId, path: session.organPath, isLeaf: false };
          if (live) setOptions([own]);
        } else {
          const roots = await organizationService.children();
          if (live) setOptions((roots ?? []).map((n) => ({ ...toOption(n, valueKey), disabled: parented ? n.id !== session?.organId : false })));
        }
      } catch {
        /* toast shown by the wrapper */
      }
    })();
    return () => {
      live = false;
    };
  }, [isChild, parented, valueKey, session?.organId, session?.organName, session?.organPath]);

  const loadData = async (selected: OrganOption[]) => {
    const target = selected[selected.length - 1];
    const id = pathIds(target.path).pop() ?? (typeof target.value === 'number' ? target.value : undefined);
    target.loading = true;
    try {
      const kids = await organizationService.children(id);
      target.children = (kids ?? []).map((n) => ({ ...toOption(n, valueKey), disabled: parented ? true : false }));
      if (!target.children.length) target.isLeaf = true;
    } finally {
      target.loading = false;
      setOptions((o) => [...o]);
    }
  };

  const cascadeValue = useMemo(() => {
    if (value === undefined || value === null || value === '') return undefined;
    if (valueKey === 'organPath') return [value];
    const ids = pathIds(valuePath ?? (picked && picked.value === value ? picked.path : undefined));
    return ids.length && ids[ids.length - 1] === Number(value) ? ids : [value];
  }, [value, valuePath, valueKey, picked]);

  // a value whose ancestors are not loaded: the given name, the user's own organisation, or its number
  const fallbackName =
    displayName ??
    (value != null && value !== '' && (value === session?.organId || value === session?.organPath) ? session?.organName : undefined) ??
    (value != null && value !== '' ? `党组织（编号${value}）` : undefined);

  if (readOnly) return <span>{fallbackName ?? ''}</span>;

  return (
    <Cascader
      id={id}
      style={style}
      options={options as any}
      loadData={loadData as any}
      changeOnSelect
      allowClear
      expandTrigger="click"
      placeholder={placeholder}
      disabled={disabled}
      value={cascadeValue as any}
      displayRender={(labels, selected) => {
        const known = (selected ?? []).every(Boolean);
        return known && labels.length ? String(labels[labels.length - 1]) : fallbackName ?? labels.join(' / ');
      }}
      onChange={(vals: any, sel: any) => {
        const last = Array.isArray(vals) && vals.length ? vals[vals.length - 1] : null;
        const option: OrganOption | undefined = sel?.[sel.length - 1];
        setPicked(last !== null && option?.path ? { value: last, path: option.path } : null);
        onChange?.(last, option);
      }}
    />
  );
}
