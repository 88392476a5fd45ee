/**
 * The engine list's table: a card with the list's title, its toolbar actions and the three options
 * every list has (刷新, 密度, 列设置), the bar of the selected rows with the bulk actions, and antd's
 * Table. It replaced ProTable: ProTable brought every ProField value type and ProForm
 * with it (≈ 123 KB gzip on each list's first load) for these few controls.
 */
import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Dropdown, Popover, Space, Table } from 'antd';
import type { ColumnsType, TableRowSelection } from 'antd/es/table/interface';
import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { moveColumn, settingsOrder, shownColumns, toggleColumn, type ColumnsState } from './list-options';

type Row = Record<string, unknown>;
type Density = 'large' | 'middle' | 'small';

const DENSITIES: { key: Density; label: string }[] = [
  { key: 'large', label: '宽松' },
  { key: 'middle', label: '默认' },
  { key: 'small', label: '紧凑' },
];

export interface ListTableProps {
  title?: string;
  /** the list's columns (key = field); the row actions' column (key `__actions`) stays last and in view */
  columns: ColumnsType<Row>;
  rows: Row[];
  rowKey: string;
  loading: boolean;
  /** the card around it: none inside a dialog */
  bordered?: boolean;
  toolbar?: ReactNode;
  onReload: () => void;
  columnsState: ColumnsState | undefined;
  onColumnsState: (s: ColumnsState | undefined) => void;
  rowSelection?: TableRowSelection<Row>;
  /** the bar above the table while rows are selected */
  selection?: { count: number; actions: ReactNode; onClear: () => void };
  empty: ReactNode;
}

const keyOf = (c: ColumnsType<Row>[number]) => String(c.key ?? '');

export function ListTable(p: ListTableProps) {
  const [density, setDensity] = useState<Density>('middle');
  const actions = p.columns.filter((c) => keyOf(c) === '__actions');
  const settable = p.columns.filter((c) => keyOf(c) !== '__actions').map((c) => ({ field: keyOf(c), title: c.title as ReactNode, col: c }));
  const columns = [...shownColumns(settable, p.columnsState).map((s) => s.col), ...actions];

  return (
    <div className={p.bordered ? 'dj-table dj-table--card' : 'dj-table'}>
      <div className="dj-table__toolbar">
        <div className="dj-table__title">{p.title}</div>
        <Space size={8} wrap className="dj-table__actions">
          {p.toolbar}
          <Space size={4} className="dj-table__options">
            <Button type="text" size="small" icon={<ReloadOutlined />} aria-label="刷新" title="刷新" onClick={p.onReload} />
            <Dropdown
              trigger={['click']}
              menu={{ items: DENSITIES, selectable: true, selectedKeys: [density], onClick: ({ key }) => setDensity(key as Density) }}
            >
              <Button type="text" size="small" icon={<ColumnHeightOutlined />} aria-label="密度" title="密度" />
            </Dropdown>
            <Popover trigger="click" placement="bottomRight" title={null} content={<ColumnSettings columns={settable} state={p.columnsState} onChange={p.onColumnsState} />}>
              <Button type="text" size="small" icon={<SettingOutlined />} aria-label="列设置" title="列设置" />
            </Popover>
          </Space>
        </Space>
      </div>
      {p.selection && p.selection.count > 0 ? (
        <div className="dj-table__selection" role="status">
          <span data-testid="bulk-count">已选择 {p.selection.count} 项</span>
          <Space size={16} className="dj-bulk-bar">
            {p.selection.actions}
            <Button type="link" size="small" onClick={p.selection.onClear}>
              取消选择
            </Button>
          </Space>
        </div>
      ) : null}
      <Table<Row>
        rowKey={p.rowKey}
        columns={columns}
        dataSource={p.rows}
        loading={p.loading}
        size={density}
        pagination={false}
        rowSelection={p.rowSelection}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: p.empty }}
      />
    </div>
  );
}

/** 列设置: show or hide each column and move it up or down; 重置 returns to the screen's own. */
function ColumnSettings({ columns, state, onChange }: { columns: { field: string; title: ReactNode }[]; state: ColumnsState | undefined; onChange: (s: ColumnsState | undefined) => void }) {
  const fields = columns.map((c) => c.field);
  const ordered = settingsOrder(columns, state);
  const shown = ordered.filter((c) => state?.[c.field]?.show !== false).length;
  return (
    <div className="dj-column-settings" data-testid="column-settings">
      <div className="dj-column-settings__head">
        <Checkbox
          checked={shown === columns.length}
          indeterminate={shown > 0 && shown < columns.length}
          onChange={(e) => onChange(Object.fromEntries(ordered.map((c, i) => [c.field, { order: i, show: e.target.checked }])))}
        >
          列展示
        </Checkbox>
        <Button type="link" size="small" onClick={() => onChange(undefined)}>
          重置
        </Button>
      </div>
      <ul className="dj-column-settings__list">
        {ordered.map((c, i) => (
          <li key={c.field}>
            <Checkbox checked={state?.[c.field]?.show !== false} onChange={(e) => onChange(toggleColumn(fields, state, c.field, e.target.checked))}>
              {c.title}
            </Checkbox>
            <span className="dj-column-settings__move">
              <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={`上移 ${String(c.title)}`} disabled={i === 0} onClick={() => onChange(moveColumn(fields, state, c.field, -1))} />
              <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={`下移 ${String(c.title)}`} disabled={i === ordered.length - 1} onClick={() => onChange(moveColumn(fields, state, c.field, 1))} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
