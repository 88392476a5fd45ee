/** Columns and detail fields: what the screen says, completed from the entity schema. */
import { Suspense } from 'react';
import { DAY_FORMAT, MINUTE_FORMAT, formatPlatform } from '../utils/platform-time';
import { getWidget, isRegistered } from '../widgets/registry';
import { StatusTag } from '../components/status-tag';
import { getPath } from './refs';
import { ImageCell, VideoCell } from './media-cell';
import { formatFen } from '../../contract/money';
import type { ColumnDef, EntityDef, FieldSchema } from './types';

/** Fields every configured record carries (the generic record store), with their titles. */
const RECORD_FIELDS: Record<string, Omit<ColumnDef, 'field'>> = {
  id: { title: '编号', valueType: 'number' },
  organName: { title: '所属组织' },
  fromOrganName: { title: '上报组织' },
  creationTime: { title: '创建时间', valueType: 'dateTime' },
  lastModificationTime: { title: '修改时间', valueType: 'dateTime' },
  auditStatus: { title: '审核状态', valueType: 'auditStatus' },
  auditRemark: { title: '审核意见' },
  reportStatus: { title: '审核状态', valueType: 'auditStatus' },
  reportRemark: { title: '上报备注' },
  reportTime: { title: '上报时间', valueType: 'dateTime' },
  selectRemark: { title: '入库备注' },
  isTop: { title: '置顶', valueType: 'bool' },
  isEnabled: { title: '启用', valueType: 'bool' },
  likeCount: { title: '点赞数', valueType: 'number' },
  replyCount: { title: '回复数', valueType: 'number' },
  ownerName: { title: '发布人' },
  issueStatus: { title: '接收状态', valueType: 'enum', options: [{ label: '未接收', value: 0 }, { label: '已接收', value: 1 }] },
  issueTime: { title: '下发时间', valueType: 'dateTime' },
};

export function fieldSchema(entity: EntityDef | undefined, field: string): FieldSchema | undefined {
  return entity?.schema.properties[field];
}

/** A column or detail field, completed from the entity schema and the record fields. */
export function resolveColumn(def: string | ColumnDef, entity?: EntityDef): ColumnDef {
  const c: ColumnDef = typeof def === 'string' ? { field: def } : { ...def };
  const fs = fieldSchema(entity, c.field);
  const known = RECORD_FIELDS[c.field];
  if (!c.title) c.title = fs?.title ?? known?.title ?? c.field;
  if (!c.valueType && c.statusList) c.valueType = 'status';
  if (!c.valueType) {
    if (fs) {
      const comp = fs['x-component'];
      const props = fs['x-component-props'] ?? {};
      if (fs['x-code-table']) {
        c.valueType = 'code';
        c.codeTable ??= fs['x-code-table'];
      } else if ((comp === 'Select' || comp === 'Radio') && Array.isArray(props.options)) {
        // a choice among options reads as its label, in a cell of its own (not a wide widget)
        c.valueType = 'enum';
        c.options ??= props.options as ColumnDef['options'];
      } else if (fs.contentMediaType === 'text/html') c.valueType = 'html';
      // an address of a video or an image: played or previewed, never shown as its path
      else if (fs.contentMediaType?.startsWith('video/')) c.valueType = 'video';
      else if (fs.contentMediaType?.startsWith('image/')) c.valueType = 'image';
      else if (fs.format === 'date') c.valueType = 'date';
      else if (fs.format === 'date-time') c.valueType = 'dateTime';
      // a picked day, or a day and time (showTime): shown, filtered and exported as such
      else if (comp === 'DatePicker') c.valueType = props.showTime ? 'dateTime' : 'date';
      else if (comp && comp !== 'Input' && comp !== 'Input.TextArea' && comp !== 'NumberPicker' && isRegistered(comp)) {
        c.valueType = 'widget';
        c.widget ??= comp;
        c.props = { ...props, ...(c.props ?? {}) };
      } else {
        const t = Array.isArray(fs.type) ? fs.type.find((x) => x !== 'null') : fs.type;
        c.valueType = t === 'boolean' ? 'bool' : t === 'integer' || t === 'number' ? 'number' : 'text';
      }
    } else if (known) {
      c.valueType = known.valueType ?? 'text';
      c.options ??= known.options;
    } else c.valueType = c.widget ? 'widget' : 'text';
  }
  if (c.valueType === 'code' && !c.codeTable && fs?.['x-code-table']) c.codeTable = fs['x-code-table'];
  return c;
}

const empty = (v: unknown) => v === null || v === undefined || v === '';
const stripHtml = (s: string) => s.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();

/** A registered widget's read-pretty mode, loaded on first use. */
function LazyRead({ widget, value, record, props }: { widget: string; value: unknown; record: Record<string, unknown>; props?: Record<string, unknown> }) {
  const { Read } = getWidget(widget);
  return (
    <Suspense fallback={<span>{empty(value) ? '' : '…'}</span>}>
      <Read value={value} record={record} {...(props ?? {})} />
    </Suspense>
  );
}

/** Renders one value read-only; `inTable` shortens rich text to plain text. */
export function Value({ col, record, inTable }: { col: ColumnDef; record: Record<string, unknown>; inTable?: boolean }) {
  const v = col.field.includes('.') ? getPath(record, col.field) : record?.[col.field];
  switch (col.valueType) {
    case 'date':
    case 'dateTime': {
      if (empty(v)) return <span className="dj-empty-value">-</span>;
      return <span>{formatPlatform(v, col.valueType === 'date' ? DAY_FORMAT : MINUTE_FORMAT)}</span>;
    }
    case 'code':
      return <LazyRead widget="CodeSelect" value={v} record={record} props={{ codeTable: col.codeTable }} />;
    case 'enum': {
      if (empty(v)) return <span className="dj-empty-value">-</span>;
      const hit = (col.options ?? []).find((o) => String(o.value) === String(v));
      return <span>{hit ? hit.label : String(v)}</span>;
    }
    // integer fen as 元, formatted from the integer (no floating point)
    case 'fen':
      return empty(v) ? <span className="dj-empty-value">-</span> : <span className="dj-money">{formatFen(v as number)}</span>;
    case 'bool':
      return empty(v) ? <span className="dj-empty-value">-</span> : <span>{v ? '是' : '否'}</span>;
    // labels from src/contract/status-labels.json; auditStatus is the list `audit`
    case 'auditStatus':
    case 'status':
      return <StatusTag list={col.valueType === 'status' ? col.statusList ?? 'audit' : 'audit'} value={v} />;
    case 'html':
      if (inTable) return <span>{empty(v) ? '-' : stripHtml(String(v)).slice(0, 60)}</span>;
      return <LazyRead widget="RichText" value={v} record={record} />;
    case 'image':
      return <ImageCell value={v} inTable={inTable} />;
    case 'video':
      return <VideoCell value={v} record={record} title={col.title} props={col.props} />;
    case 'widget': {
      if (!col.widget || !isRegistered(col.widget)) return <span>{empty(v) ? '-' : String(v)}</span>;
      return <LazyRead widget={col.widget} value={v} record={record} props={col.props} />;
    }
    default:
      if (empty(v)) return <span className="dj-empty-value">-</span>;
      return <span>{Array.isArray(v) ? v.join('、') : typeof v === 'object' ? JSON.stringify(v) : String(v)}</span>;
  }
}
