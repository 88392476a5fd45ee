/**
 * Paging control of core §9: page size 10, 10 page numbers at once, and the displayed total capped
 * at 101 until further pages are reached (utils/paging `displayedTotal`), so a huge table never
 * needs an exact count up front.
 */
import { Button, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { displayedTotal, PAGER_PAGE_SIZE, PAGER_VISIBLE_PAGES } from '../../utils/paging';

export interface PagerProps {
  pageIndex: number;
  total: number;
  pageSize?: number;
  onChange: (pageIndex: number) => void;
}

/** The page numbers shown: a window of 10 around the current page. */
export function pageWindow(pageIndex: number, pageCount: number, visible = PAGER_VISIBLE_PAGES): number[] {
  if (pageCount <= 0) return [];
  const half = Math.floor(visible / 2);
  let start = Math.max(1, pageIndex - half);
  const end = Math.min(pageCount, start + visible - 1);
  start = Math.max(1, end - visible + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export default function Pager({ pageIndex, total, pageSize = PAGER_PAGE_SIZE, onChange }: PagerProps) {
  const shown = displayedTotal(total, pageIndex, pageSize);
  const pageCount = Math.max(1, Math.ceil(shown / pageSize));
  if (total <= 0) return null;
  const pages = pageWindow(pageIndex, pageCount);
  return (
    <nav className="dj-pager" aria-label="分页" data-testid="pager">
      <span className="dj-pager__total">共 {shown} 条</span>
      <Space size={4} wrap>
        <Button size="small" icon={<LeftOutlined />} aria-label="上一页" disabled={pageIndex <= 1} onClick={() => onChange(pageIndex - 1)} />
        {pages.map((p) => (
          <Button key={p} size="small" type={p === pageIndex ? 'primary' : 'default'} aria-current={p === pageIndex ? 'page' : undefined} onClick={() => p !== pageIndex && onChange(p)}>
            {p}
          </Button>
        ))}
        <Button size="small" icon={<RightOutlined />} aria-label="下一页" disabled={pageIndex >= pageCount} onClick={() => onChange(pageIndex + 1)} />
      </Space>
    </nav>
  );
}
