/**
 * The rows of a paged list: items of your own (`renderItem`, e.g. cards in a grid via
 * `itemsClassName`), the empty text, an error state with a retry, and always the spec's pager
 * (widgets/pager: the total capped at 101) — never antd Table pagination. A list as a table is
 * MemberTableList (./member-table-list), imported from its own module: antd's Table (with its
 * Pagination, Select, Tree, Dropdown… for filters) then loads only with the pages that draw one
 *.
 */
import { Fragment, lazy, Suspense, type Key, type ReactNode } from 'react';
import { Empty, Spin } from 'antd';
import Pager from '../../widgets/pager';
import type { PagedList } from './use-paged-list';
import './kit.css';

export interface MemberListProps<T> {
  list: PagedList<T>;
  /** one row or card */
  renderItem?: (item: T, index: number) => ReactNode;
  rowKey?: keyof T | ((item: T) => Key);
  /** the text of an empty list */
  empty?: string;
  /** class of the item container, e.g. a card grid */
  itemsClassName?: string;
  className?: string;
}

export const keyOf = <T,>(rowKey: MemberListProps<T>['rowKey'], item: T, i: number): Key =>
  typeof rowKey === 'function' ? rowKey(item) : rowKey ? ((item as Record<string, unknown>)[rowKey as string] as Key) : i;

export function MemberList<T>({ list, renderItem, rowKey = 'id' as keyof T, empty = '暂无数据', itemsClassName, className }: MemberListProps<T>) {
  return (
    <MemberListFrame list={list} className={className}>
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
    </MemberListFrame>
  );
}

/** What every member list draws around its rows: the error state with a retry, or the rows and the pager. */
// the error state (antd Result, with its illustrations) loads only when a list fails
const ListError = lazy(() => import('./list-error'));

export function MemberListFrame({ list, className, children }: { list: PagedList<unknown>; className?: string; children: ReactNode }) {
  const failed = !!list.error && !list.data;
  return (
    <div className={`dj-member-list${className ? ` ${className}` : ''}`} data-testid="member-list">
      {failed ? (
        <Suspense fallback={null}>
          <ListError list={list} />
        </Suspense>
      ) : (
        children
      )}
      {!failed ? <Pager pageIndex={list.pageIndex} total={list.total} pageSize={list.pageSize} onChange={list.setPageIndex} /> : null}
    </div>
  );
}
