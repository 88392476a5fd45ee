/**
 * usePagedList + MemberList: the page index is the URL's `num` (so a back bar returns to it), the
 * call gets skipCount/maxResultCount, and the pager is always the spec's — its total capped at 101,
 * growing as pages advance — never antd Table pagination.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { MemberList, MemberPage, pageLink, usePagedList, type PageArgs } from '../../../src/client/member/kit';
import { MemberTableList } from '../../../src/client/member/kit/member-table-list';

afterEach(cleanup);

type Row = { id: number; name: string };
const rows = (page: PageArgs, total: number): { totalCount: number; items: Row[] } => ({
  totalCount: total,
  items: Array.from({ length: Math.max(0, Math.min(page.maxResultCount, total - page.skipCount)) }, (_, i) => ({ id: page.skipCount + i + 1, name: `第${page.skipCount + i + 1}条` })),
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function Page({ fetcher, table }: { fetcher: (p: PageArgs) => Promise<{ totalCount: number; items: Row[] }>; table?: boolean }) {
  const list = usePagedList(fetcher);
  return (
    <MemberPage title="列表">
      {table ? (
        <MemberTableList<Row> list={list} empty="暂无记录" columns={[{ title: '名称', dataIndex: 'name' }]} />
      ) : (
        <MemberList<Row> list={list} empty="暂无记录" renderItem={(r) => <a href={pageLink('/x/info', { id: r.id }, list.pageIndex)}>{r.name}</a>} />
      )}
      <Where />
    </MemberPage>
  );
}

const mount = (url: string, fetcher: (p: PageArgs) => Promise<any>, table = false) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/x/list" element={<Page fetcher={fetcher} table={table} />} />
      </Routes>
    </MemoryRouter>,
  );

describe('usePagedList', () => {
  it('reads the page from num, asks for that page, and writes num when the pager moves', async () => {
    const fetcher = vi.fn(async (p: PageArgs) => rows(p, 5000));
    mount('/x/list?num=3', fetcher);
    await screen.findByText('第21条');
    expect(fetcher).toHaveBeenLastCalledWith({ skipCount: 20, maxResultCount: 10 }, 3);
    // links from a row carry the page for the back bar
    expect(screen.getByText('第21条').getAttribute('href')).toBe('/x/info?id=21&num=3');
    fireEvent.click(screen.getByRole('button', { name: '4' }));
    await screen.findByText('第31条');
    expect(screen.getByTestId('where').textContent).toBe('/x/list?num=4');
    expect(fetcher).toHaveBeenLastCalledWith({ skipCount: 30, maxResultCount: 10 }, 4);
  });

  it('shows the spec’s pager with the total capped at 101, growing as pages advance; no antd pagination', async () => {
    const fetcher = vi.fn(async (p: PageArgs) => rows(p, 5000));
    const view = mount('/x/list?num=10', fetcher, true);
    await screen.findByText('第91条');
    expect(screen.getByTestId('pager').textContent).toContain('共 101 条');
    expect(view.container.querySelector('.ant-pagination')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('第101条');
    expect(screen.getByTestId('pager').textContent).toContain('共 111 条');
    expect(screen.getByTestId('where').textContent).toBe('/x/list?num=11');
  });

  it('a small total is shown exactly; an empty list shows its text and no pager', async () => {
    mount('/x/list', async (p: PageArgs) => rows(p, 7));
    await screen.findByText('第7条');
    expect(screen.getByTestId('pager').textContent).toContain('共 7 条');
    cleanup();
    mount('/x/list', async (p: PageArgs) => rows(p, 0));
    await screen.findByText('暂无记录');
    expect(screen.queryByTestId('pager')).toBeNull();
  });

  it('a page emptied (its last row deleted elsewhere) steps back to the last page with rows', async () => {
    const fetcher = vi.fn(async (p: PageArgs) => rows(p, 20));
    mount('/x/list?num=5', fetcher);
    await screen.findByText('第11条');
    expect(screen.getByTestId('where').textContent).toBe('/x/list?num=2');
  });

  it('a failed call shows the error state with a retry', async () => {
    let fail = true;
    mount('/x/list', async (p: PageArgs) => {
      if (fail) throw new Error('网络异常');
      return rows(p, 3);
    });
    const retry = await screen.findByRole('button', { name: /重新加载/ });
    fail = false;
    fireEvent.click(retry);
    await screen.findByText('第1条');
  });
});

describe('MemberPage', () => {
  it('a back bar returns to the list path with num set to the page it came from', async () => {
    render(
      <MemoryRouter initialEntries={['/x/list/info?id=21&num=3']}>
        <Routes>
          <Route path="/x/list/info" element={<MemberPage title="详情" back />} />
          <Route path="/x/list" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: '详情' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('back-bar'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/x/list?num=3'));
  });
});
