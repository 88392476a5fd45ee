/**
 * The one list of 上级精神, 基层动态 and 党务公开 (the kind follows the route, paths.ts): title,
 * publishing organisation, date and read / unread (the server's `isRead` for the caller), topped
 * first, the spec's pager; a title search kept in the query (`title`), and for 党务公开 the category
 * (`category`, labels from the entity schema). A row opens the article page with the list's page
 * for the back bar.
 */
import { Input, Select, Tag } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { publicInfoService, type PublicInfo } from '../../api/public-info';
import { formatPlatform } from '../../utils/platform-time';
import { MemberList, MemberPage, PAGE_PARAM, pageLink, usePagedList } from '../kit';
import { kindOfPath } from './paths';
import { useCategoryLabels } from './use-category';
import './public-info.css';

export default function PublicInfoList() {
  const { pathname } = useLocation();
  const k = kindOfPath(pathname);
  const [params, setParams] = useSearchParams();
  const title = params.get('title') ?? '';
  const category = k.kind === 'affairs' ? params.get('category') ?? '' : '';
  const labels = useCategoryLabels();
  const list = usePagedList<PublicInfo>((page) => publicInfoService.list(k.kind, { ...page, title: title || undefined, category: category || undefined }), {
    deps: [k.kind, title, category],
  });

  // a new search starts on page 1
  const setFilter = (key: string, value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(PAGE_PARAM);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  const options = Object.entries(labels).map(([value, label]) => ({ value, label }));

  return (
    <MemberPage className="dj-info-page" title={k.title}>
      <div className="dj-info-filters">
        <Input.Search
          key={`${k.kind}-${title}`}
          defaultValue={title}
          allowClear
          placeholder="按标题搜索"
          aria-label="按标题搜索"
          enterButton="搜索"
          onSearch={(v) => setFilter('title', v.trim())}
          style={{ maxWidth: 360 }}
        />
        {k.kind === 'affairs' && options.length ? (
          <Select
            aria-label="公开类别"
            value={category}
            onChange={(v) => setFilter('category', v)}
            options={[{ label: '全部类别', value: '' }, ...options]}
            style={{ width: 160 }}
          />
        ) : null}
      </div>
      <MemberList<PublicInfo>
        list={list}
        empty={title || category ? '没有符合条件的信息' : k.empty}
        renderItem={(r) => (
          <Link className={`dj-info-row${r.isRead ? '' : ' is-unread'}`} to={pageLink(k.info, { id: r.id }, list.pageIndex)} data-testid="info-row">
            <span className="dj-info-row__main">
              {r.isTop ? <Tag color="red">置顶</Tag> : null}
              {r.category && labels[r.category] ? <Tag color="blue">{labels[r.category]}</Tag> : null}
              <span className="dj-info-row__title">{r.title}</span>
              <Tag className="dj-info-row__state" color={r.isRead ? 'default' : 'red'} data-testid="info-read-state">
                {r.isRead ? '已读' : '未读'}
              </Tag>
            </span>
            <span className="dj-info-row__meta">
              <span>{r.organName}</span>
              <span>{r.publishDate ? formatPlatform(r.publishDate) : formatPlatform(r.creationTime)}</span>
              {r.source ? <span>来源：{r.source}</span> : null}
            </span>
          </Link>
        )}
      />
    </MemberPage>
  );
}
