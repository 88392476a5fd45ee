/**
 * The filters of list and statistics screens (core §5 query cleaning happens at the call): text,
 * number, code table, options, a date range (<field>Start/<field>End, calendar days), the
 * organisation cascader (organPath) and any registered widget (a RemoteSelect of question banks).
 */
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import dayjs from 'dayjs';
import type { BaseCodeItem } from '../../contract/types';
import { useAppState } from '../state/store';
import { getWidget, isRegistered } from '../widgets/registry';
import { DAY_FORMAT } from '../utils/platform-time';
import { fieldSchema } from './fields';
import type { EntityDef, FilterDef } from './types';
import STATUS_LABELS from '../../contract/status-labels.json';

const flatCodes = (items: BaseCodeItem[] = [], depth = 0): { label: string; value: string }[] =>
  items.flatMap((i) => [{ label: `${depth ? '　'.repeat(depth) : ''}${i.label}`, value: i.value }, ...flatCodes(i.children, depth + 1)]);

type Option = { label: string; value: string | number | boolean };

/** A select filter's choices: its own, else the states of its status list, else the entity field's options. */
export function filterOptions(f: FilterDef, entity?: EntityDef): Option[] {
  if (f.options) return f.options;
  if (f.statusList) {
    const labels = (STATUS_LABELS as Record<string, Record<string, { label: string }>>)[f.statusList] ?? {};
    return Object.entries(labels).map(([v, l]) => ({ label: l.label, value: Number.isNaN(Number(v)) ? v : Number(v) }));
  }
  const props = fieldSchema(entity, f.field)?.['x-component-props'];
  return Array.isArray(props?.options) ? (props!.options as Option[]) : [];
}

/** A picked quarter as the server's `quarter` filter takes it: '2026-Q4' (of the wall-clock date picked). */
export const quarterValue = (v: unknown) => {
  if (!v) return undefined;
  const d = dayjs(v as string);
  return `${d.year()}-Q${Math.floor(d.month() / 3) + 1}`;
};

/** Filter values -> query: dateRange as <param>Start/<param>End, quarter as <param>Quarter, organ as organPath. */
export function filterQuery(filters: FilterDef[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of filters) {
    const v = values[f.field];
    if (f.type === 'dateRange') {
      const [a, b] = Array.isArray(v) ? v : [];
      const p = f.param ?? f.field;
      // the days the user picked, as calendar days (no zone conversion)
      out[`${p}Start`] = a ? dayjs(a as string).format(DAY_FORMAT) : undefined;
      out[`${p}End`] = b ? dayjs(b as string).format(DAY_FORMAT) : undefined;
    } else if (f.type === 'quarter') out[`${f.param ?? f.field}Quarter`] = quarterValue(v);
    else if (f.type === 'organ') out[f.param ?? 'organPath'] = v;
    else out[f.param ?? f.field] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/**
 * A filter input that loads with the first list using it (the date picker alone is ≈ 32 KB
 * gzip, and most lists filter by text). Form.Item hands value and onChange to the wrapper, which
 * passes them on; a disabled input holds the place meanwhile.
 */
function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy = lazy(load) as unknown as ComponentType<P>;
  return function DeferredInput(props: P) {
    // the stand-in takes the id, so the filter's label names it too (axe runs while chunks load)
    return (
      <Suspense fallback={<Input disabled id={(props as { id?: string }).id} style={{ width: '100%' }} />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
const InputNumber = deferred<ComponentProps<typeof import('antd').InputNumber>>(() => import('antd/es/input-number'));
const DateRange = deferred<Record<string, unknown>>(() => import('../widgets/basic/platform-picker').then((m) => ({ default: m.default.RangePicker as unknown as ComponentType<Record<string, unknown>> })));
const QuarterPicker = deferred<Record<string, unknown>>(() => import('../widgets/basic/platform-picker').then((m) => ({ default: m.default as unknown as ComponentType<Record<string, unknown>> })));
const OrganCascader = deferred<ComponentProps<typeof import('../widgets/organ-cascader').default>>(() => import('../widgets/organ-cascader'));

/** A registered widget as a filter input (Form.Item gives it value, onChange and id). */
function FilterWidget({ widget, ...rest }: { widget: string; [k: string]: unknown }) {
  const { Edit } = getWidget(widget);
  return (
    <Suspense fallback={<Input disabled id={rest.id as string | undefined} style={{ width: '100%' }} />}>
      <Edit {...rest} />
    </Suspense>
  );
}

export function FilterBar({ filters, onSearch, entity }: { filters: FilterDef[]; onSearch: (v: Record<string, unknown>) => void; entity?: EntityDef }) {
  const codes = useAppState((s) => s.baseCode);
  const [form] = Form.useForm();
  if (!filters.length) return null;
  return (
    <Form form={form} className="dj-filter" data-testid="filter-bar" onFinish={(v) => onSearch(v)}>
      <Row gutter={[24, 0]}>
        {filters.map((f) => {
          const label = f.title ?? fieldSchema(entity, f.field)?.title ?? f.field;
          let input: React.ReactNode;
          switch (f.type) {
            case 'number':
              input = <InputNumber style={{ width: '100%' }} placeholder={f.placeholder ?? '请输入'} />;
              break;
            case 'code':
              input = <Select allowClear placeholder={f.placeholder ?? '请选择'} options={flatCodes(codes?.[f.codeTable ?? ''])} />;
              break;
            case 'select':
              input = <Select allowClear placeholder={f.placeholder ?? '请选择'} options={filterOptions(f, entity) as any} />;
              break;
            case 'dateRange':
              input = <DateRange style={{ width: '100%' }} />;
              break;
            case 'quarter':
              input = <QuarterPicker picker="quarter" format="YYYY年第Q季度" style={{ width: '100%' }} placeholder={f.placeholder ?? '请选择季度'} />;
              break;
            case 'widget':
              input = f.widget && isRegistered(f.widget) ? <FilterWidget widget={f.widget} placeholder={f.placeholder ?? '请选择'} {...(f.props ?? {})} /> : <Input allowClear placeholder={f.placeholder} />;
              break;
            case 'organ':
              input = <OrganCascader valueKey="organPath" placeholder={f.placeholder} style={{ width: '100%' }} />;
              break;
            default:
              input = <Input allowClear placeholder={f.placeholder ?? `请输入${label}`} />;
          }
          return (
            <Col key={f.field} xs={24} md={12} xl={f.type === 'dateRange' ? 8 : 6}>
              <Form.Item name={f.field} label={label}>
                {input}
              </Form.Item>
            </Col>
          );
        })}
        <Col flex="auto" style={{ textAlign: 'right' }}>
          <Form.Item>
            <Space>
              <Button
                onClick={() => {
                  form.resetFields();
                  onSearch({});
                }}
              >
                重置
              </Button>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
