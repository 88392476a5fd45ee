/**
 * A paged list drawn as an antd Table (MemberList's frame: the error state with a retry, the spec's
 * pager — never antd Table pagination). In its own module, imported directly (not through the kit's
 * index), so that Table and what it brings (Pagination, Select, Tree, Dropdown… for filters) load
 * only with the pages that draw a table.
 */
import { Empty, Table, type TableColumnsType } from 'antd';
import { Value, resolveColumn } from '../../engine/fields';
import type { ColumnDef, EntityDef } from '../../engine/types';
import { MemberListFrame, keyOf, type MemberListProps } from './member-list';
import type { PagedList } from './use-paged-list';

export interface MemberTableListProps<T> extends Omit<MemberListProps<T>, 'renderItem' | 'itemsClassName'> {
  /** antd columns (see `fieldColumn` for a column from the entity schema) */
  columns: TableColumnsType<T>;
  /** horizontal scroll width on narrow screens */
  scrollX?: number;
}

export function MemberTableList<T>({ list, columns, rowKey = 'id' as keyof T, empty = '暂无数据', scrollX, className }: MemberTableListProps<T>) {
  return (
    <MemberListFrame list={list as PagedList<unknown>} className={className}>
      <Table<T>
        rowKey={(r) => keyOf(rowKey, r, 0)}
        size="middle"
        loading={list.loading}
        dataSource={list.items}
        columns={columns}
        pagination={false}
        scroll={scrollX ? { x: scrollX } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      />
    </MemberListFrame>
  );
}

/**
 * A table column from the entity schema: its title and the engine's read-only rendering (dates in
 * the platform zone, code tables, status lists, files…).
 */
export function fieldColumn<T>(def: string | ColumnDef, entity?: EntityDef): TableColumnsType<T>[number] {
  const col = resolveColumn(def, entity);
  return {
    key: col.field,
    title: col.title,
    width: col.width,
    ellipsis: col.ellipsis,
    render: (_: unknown, record: T) => <Value col={col} record={record as Record<string, unknown>} inTable />,
  };
}
