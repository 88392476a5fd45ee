/**
 * The rows of a paged list: a table (`columns`) or items of your own (`renderItem`, e.g. cards in a
 * grid via `itemsClassName`), the empty text, an error state with a retry, and always the spec's pager
 * (widgets/pager: the total capped at 101) — never antd Table pagination.
 */
import { Fragment, type Key, type ReactNode } from 'react';
import { Button, Empty, Result, Spin, Table, type TableColumnsType } from 'antd';
import Pager from '../../widgets/pager';
import { Value, resolveColumn } from '../../engine/fields';
import type { ColumnDef, EntityDef } from '../../engine/types';
import type { PagedList } from './use-paged-list';
import './kit.css';

export interface MemberListProps<T> {
  list: PagedList<T>;
  /** table mode: antd columns (see `fieldColumn` for a column from the entity schema) */
  columns?: TableColumnsType<T>;
  /** item mode: one row or card */
  renderItem?: (item: T, index: number) => ReactNode;
  rowKey?: keyof T | ((item: T) => Key);
  /** the text of an empty list */
  empty?: string;
  /** class of the item container (item mode), e.g. a card grid */
  itemsClassName?: string;
  /** table mode: horizontal scroll width on narrow screens */
  scrollX?: number;
  className?: string;
}

const keyOf = <T,>(rowKey: MemberListProps<T>['rowKey'], item: T, i: number): Key =>
  typeof rowKey === 'function' ? rowKey(item) : rowKey ? ((item as Record<string, unknown>)[rowKey as string] as Key) : i;

export function MemberList<T>({ list, columns, renderItem, rowKey = 'id' as keyof T, empty = '暂无数据', itemsClassName, scrollX, className }: MemberListProps<T>) {
  const failed = !!list.error && !list.data;
  let body: ReactNode;
  if (failed) {
    body = (
      <Result
        status="warning"
        title="加载失败"
        extra={
          <Button onClick={list.refresh} loading={list.loading}>
            重新加载
          </Button>
        }
      />
    );
  } else if (columns) {
    body = (
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
    );
  } else {
    body = (
      <Spin spinning={list.loading}>
        {list.data && list.items.length === 0 ? (
          <Empty className="dj-member-list__empty" description={empty} />
        ) : (
          <div className={itemsClassName ?? 'dj-member-list__items'}>
            {list.items.map((item, i) => (
              <Fragment key={keyOf(rowKey, item, i)}>{renderItem?.(item, i)}</Fragment>
            ))}
          </div>
        )}
        {!list.data && list.loading ? <div style={{ minHeight: 160 }} /> : null}
      </Spin>
    );
  }
  return (
    <div className={`dj-member-list${className ? ` ${className}` : ''}`} data-testid="member-list">
      {body}
      {!failed ? <Pager pageIndex={list.pageIndex} total={list.total} pageSize={list.pageSize} onChange={list.setPageIndex} /> : null}
    </div>
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
