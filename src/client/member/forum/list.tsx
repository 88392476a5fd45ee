/**
 * 学习论坛 (/partyMember/iStudy/forum): the posts of the member's organisation and those above it
 * (ForumService/PageList), 置顶 first — title, author, organisation, time, likes and replies — with a
 * title search kept in the query and 发布帖子.
 */
import { Button, Input, Tag } from 'antd';
import { LikeOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { forumService, type ForumPost } from '../../api/public-info';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { MemberList, MemberPage, PAGE_PARAM, pageLink, usePagedList } from '../kit';
import { FORUM } from './index';
import '../public-info/public-info.css';

export default function ForumList() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const title = params.get('title') ?? '';
  const list = usePagedList<ForumPost>((page) => forumService.list({ ...page, title: title || undefined }), { deps: [title] });
  const search = (v: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(PAGE_PARAM);
      if (v.trim()) next.set('title', v.trim());
      else next.delete('title');
      return next;
    });

  return (
    <MemberPage
      className="dj-info-page"
      title="学习论坛"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(FORUM.create)}>
          发布帖子
        </Button>
      }
    >
      <div className="dj-info-filters">
        <Input.Search key={title} defaultValue={title} allowClear placeholder="按标题搜索" aria-label="按标题搜索" enterButton="搜索" onSearch={search} style={{ maxWidth: 360 }} />
      </div>
      <MemberList<ForumPost>
        list={list}
        empty={title ? '没有符合条件的帖子' : '暂无帖子，来发布第一篇吧'}
        renderItem={(p) => (
          <Link className="dj-info-row" to={pageLink(FORUM.info, { id: p.id }, list.pageIndex)} data-testid="forum-row">
            <span className="dj-info-row__main">
              {p.isTop ? <Tag color="red">置顶</Tag> : null}
              <span className="dj-info-row__title">{p.title}</span>
            </span>
            <span className="dj-info-row__meta">
              <span>{p.ownerName ?? '-'}</span>
              <span>{p.organName}</span>
              <span>{formatPlatform(p.creationTime, MINUTE_FORMAT)}</span>
              <span className="dj-forum-row__stats">
                <span aria-label={`点赞 ${p.likeCount}`}>
                  <LikeOutlined /> {p.likeCount}
                </span>
                <span aria-label={`回复 ${p.replyCount}`}>
                  <MessageOutlined /> {p.replyCount}
                </span>
              </span>
            </span>
          </Link>
        )}
      />
    </MemberPage>
  );
}
