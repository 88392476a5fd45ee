/**
 * The form view of 界面配置: the common changes — columns (add, remove, reorder, title, value type,
 * code table), filters, row and toolbar actions, the form's fields; an entity's field labels, help
 * and order — written into the same JSON the text editor shows. It never writes a key the
 * meta-schema does not know; the checks of the JSON view apply to what it writes.
 */
import { Button, Input, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

type Obj = Record<string, any>;
type FieldKind = { key: string; label: string; options?: string[]; width?: number };

const VALUE_TYPES = ['text', 'date', 'dateTime', 'number', 'code', 'enum', 'bool', 'auditStatus', 'status', 'html', 'fen'];
const FILTER_TYPES = ['text', 'number', 'code', 'select', 'dateRange', 'quarter', 'organ'];

const move = <T,>(list: T[], i: number, d: number) => {
  const j = i + d;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
};

function clean(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined));
}

interface RowsProps {
  title: string;
  noun: string;
  rows: Obj[];
  fields: FieldKind[];
  blank: Obj;
  onChange(rows: Obj[]): void;
}

/** One array of objects: each row's chosen keys, 上移 / 下移 / 删除, and 添加. */
function Rows({ title, noun, rows, fields, blank, onChange }: RowsProps) {
  const set = (i: number, key: string, value: unknown) => onChange(rows.map((r, k) => (k === i ? clean({ ...r, [key]: value === '' ? undefined : value }) : r)));
  return (
    <section className="dj-config-rows" aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {rows.map((r, i) => (
        <div key={i} className="dj-config-row" data-testid={`${noun}-${i}`}>
          <span className="dj-config-row__no">{i + 1}</span>
          {fields.map((f) =>
            f.options ? (
              <Select key={f.key} aria-label={`${noun}${i + 1}${f.label}`} placeholder={f.label} allowClear style={{ width: f.width ?? 110 }} size="small" value={r[f.key]} options={f.options.map((o) => ({ label: o, value: o }))} onChange={(v) => set(i, f.key, v)} />
            ) : (
              <Input key={f.key} aria-label={`${noun}${i + 1}${f.label}`} placeholder={f.label} style={{ width: f.width ?? 120 }} size="small" value={r[f.key] ?? ''} onChange={(e) => set(i, f.key, e.target.value)} />
            ),
          )}
          <Button size="small" title="上移" aria-label={`${noun}${i + 1}上移`} disabled={i === 0} onClick={() => onChange(move(rows, i, -1))}>↑</Button>
          <Button size="small" title="下移" aria-label={`${noun}${i + 1}下移`} disabled={i === rows.length - 1} onClick={() => onChange(move(rows, i, 1))}>↓</Button>
          <Button size="small" title="删除" danger aria-label={`删除${noun}${i + 1}`} onClick={() => onChange(rows.filter((_, k) => k !== i))}>✕</Button>
        </div>
      ))}
      <Button size="small" type="dashed" onClick={() => onChange([...rows, { ...blank }])}>添加{noun}</Button>
    </section>
  );
}

function StringRows({ title, noun, rows, onChange }: { title: string; noun: string; rows: string[]; onChange(rows: string[]): void }) {
  return (
    <Rows title={title} noun={noun} rows={rows.map((v) => ({ v }))} fields={[{ key: 'v', label: '字段' }]} blank={{ v: '' }} onChange={(r) => onChange(r.map((x) => x.v ?? ''))} />
  );
}

export function ScreenFormView({ json, onChange }: { json: Obj; onChange(json: Obj): void }) {
  const put = (key: string, value: unknown) => onChange(clean({ ...json, [key]: Array.isArray(value) && !value.length ? undefined : value }));
  const parts: ReactNode[] = [];
  parts.push(
    <section key="title" className="dj-config-rows">
      <Typography.Title level={5}>标题</Typography.Title>
      <Input aria-label="界面标题" value={json.title ?? ''} onChange={(e) => onChange({ ...json, title: e.target.value })} style={{ maxWidth: 320 }} />
    </section>,
  );
  if (Array.isArray(json.columns) || json.kind === 'list' || json.kind === 'audit') {
    parts.push(
      <Rows key="columns" title="列" noun="列" rows={json.columns ?? []} blank={{ field: '', title: '' }} onChange={(r) => put('columns', r)}
        fields={[{ key: 'field', label: '字段' }, { key: 'title', label: '标题' }, { key: 'valueType', label: '值类型', options: VALUE_TYPES }, { key: 'codeTable', label: '代码表', width: 110 }]} />,
      <Rows key="filters" title="查询条件" noun="查询条件" rows={json.filters ?? []} blank={{ field: '', type: 'text', title: '' }} onChange={(r) => put('filters', r)}
        fields={[{ key: 'field', label: '字段' }, { key: 'title', label: '标题' }, { key: 'type', label: '类型', options: FILTER_TYPES }, { key: 'codeTable', label: '代码表', width: 110 }]} />,
    );
  }
  if (Array.isArray(json.toolbar)) parts.push(<Rows key="toolbar" title="工具栏按钮" noun="工具栏按钮" rows={json.toolbar} blank={{}} onChange={(r) => put('toolbar', r)} fields={[{ key: 'label', label: '按钮文字' }, { key: 'confirm', label: '确认提示', width: 200 }]} />);
  if (Array.isArray(json.rowActions)) parts.push(<Rows key="rowActions" title="行操作" noun="行操作" rows={json.rowActions} blank={{}} onChange={(r) => put('rowActions', r)} fields={[{ key: 'label', label: '按钮文字' }, { key: 'confirm', label: '确认提示', width: 200 }]} />);
  if (json.form && Array.isArray(json.form.fields)) parts.push(<StringRows key="form" title="表单字段" noun="表单字段" rows={json.form.fields} onChange={(r) => onChange({ ...json, form: { ...json.form, fields: r } })} />);
  return <div className="dj-config-form">{parts}</div>;
}

/** An entity: each field's label and help, and their order (the only changes besides stricter limits). */
export function EntityFormView({ json, onChange }: { json: Obj; onChange(json: Obj): void }) {
  const props: Obj = json.schema?.properties ?? {};
  const rows = Object.entries(props).map(([name, f]) => ({ name, title: f.title ?? '', description: f.description ?? '' }));
  const write = (next: { name: string; title?: string; description?: string }[]) => {
    const properties = Object.fromEntries(next.map((r) => [r.name, clean({ ...props[r.name], title: r.title, description: r.description })]));
    onChange({ ...json, schema: { ...json.schema, properties } });
  };
  return (
    <div className="dj-config-form">
      <section className="dj-config-rows" aria-label="字段">
        <Typography.Title level={5}>字段（标签、说明、顺序）</Typography.Title>
        {rows.map((r, i) => (
          <Space key={r.name} wrap className="dj-config-row">
            <code>{r.name}</code>
            <Input aria-label={`${r.name}标签`} value={r.title} onChange={(e) => write(rows.map((x, k) => (k === i ? { ...x, title: e.target.value } : x)))} style={{ width: 160 }} />
            <Input aria-label={`${r.name}说明`} placeholder="说明" value={r.description} onChange={(e) => write(rows.map((x, k) => (k === i ? { ...x, description: e.target.value } : x)))} style={{ width: 220 }} />
            <Button size="small" disabled={i === 0} onClick={() => write(move(rows, i, -1))}>上移</Button>
            <Button size="small" disabled={i === rows.length - 1} onClick={() => write(move(rows, i, 1))}>下移</Button>
          </Space>
        ))}
      </section>
    </div>
  );
}
