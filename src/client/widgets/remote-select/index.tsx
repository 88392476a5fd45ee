/**
 * RemoteSelect: a choice among the items a GET list call answers (e.g. the question banks of
 * ExamLibaryService/GetPageExamLibaryList): `call` is "Service/Action", `params` its query (a paged
 * call is asked for up to `max` items, default 200), `labelField` and `valueField` name the item's
 * fields. The edit mode loads afresh and filters by the typed text; the read mode shows the record's
 * own label when `recordLabel` names it (no call), else the label found in one shared load.
 */
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { api } from '../../api/request';
import { servicePath } from '../../../contract/paths';
import { Empty, isEmpty } from '../basic/empty';

type Item = Record<string, unknown>;

export interface RemoteSelectProps {
  call: string;
  params?: Record<string, unknown>;
  labelField?: string;
  valueField?: string;
  max?: number;
  /** the input's id (a form's <label for>) */
  id?: string;
  value?: string | number | null;
  onChange?: (v: string | number | null) => void;
  placeholder?: string;
  disabled?: boolean;
  [k: string]: unknown;
}

const cache = new Map<string, Promise<Item[]>>();

/** "Service/Action" -> its path; anything else is refused (a screen never names a URL). */
export function callPath(call: string): string {
  const m = /^([A-Z][A-Za-z0-9]*)\/([A-Z][A-Za-z0-9]*)$/.exec(call.trim());
  if (!m) throw new Error(`调用配置有误：${call}`);
  return servicePath(m[1], m[2]);
}

function load(call: string, params: Record<string, unknown> | undefined, max: number, fresh: boolean): Promise<Item[]> {
  const key = `${call}?${JSON.stringify(params ?? {})}&${max}`;
  const hit = cache.get(key);
  if (hit && !fresh) return hit;
  let path: string;
  try {
    path = callPath(call);
  } catch (e) {
    return Promise.reject(e);
  }
  const p = api
    .get<Item[] | { items?: Item[] }>(path, { ...(params ?? {}), SkipCount: 0, MaxResultCount: max }, { silent: true })
    .then((r) => (Array.isArray(r) ? r : r?.items ?? []));
  cache.set(key, p);
  p.catch(() => cache.delete(key));
  return p;
}

/** The options of the answer's items. */
export const toOptions = (items: Item[], labelField = 'name', valueField = 'id') =>
  items.filter((i) => i[valueField] !== undefined && i[valueField] !== null).map((i) => ({ label: String(i[labelField] ?? i[valueField]), value: i[valueField] as string | number }));

export default function RemoteSelect(props: RemoteSelectProps) {
  const { call, params, labelField = 'name', valueField = 'id', max = 200, value, onChange, placeholder = '请选择', disabled, id } = props;
  const [items, setItems] = useState<Item[] | null>(null);
  const paramsKey = JSON.stringify(params ?? {});
  useEffect(() => {
    let live = true;
    load(call, params, max, true).then(
      (n) => live && setItems(n),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, paramsKey, max]);
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={!items}
      disabled={disabled}
      placeholder={placeholder}
      options={toOptions(items ?? [], labelField, valueField)}
      value={isEmpty(value) ? undefined : value}
      onChange={(v) => onChange?.(v ?? null)}
      style={{ width: '100%' }}
    />
  );
}

export function Read(props: { value: unknown; record?: Item; recordLabel?: string; call?: string; params?: Record<string, unknown>; labelField?: string; valueField?: string; max?: number }) {
  const { value, record, recordLabel, call, params, labelField = 'name', valueField = 'id', max = 200 } = props;
  const own = recordLabel ? record?.[recordLabel] : undefined;
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (isEmpty(value) || !isEmpty(own) || !call) return;
    let live = true;
    load(call, params, max, false).then(
      (n) => live && setText(toOptions(n, labelField, valueField).find((o) => String(o.value) === String(value))?.label ?? String(value)),
      () => live && setText(String(value)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, own, call]);
  if (isEmpty(value)) return <Empty />;
  if (!isEmpty(own)) return <span>{String(own)}</span>;
  return <span>{text ?? '…'}</span>;
}
