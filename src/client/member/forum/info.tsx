/**
 * 帖子详情 (/partyMember/iStudy/forum/info?id=): the post (rich text sanitised by the server and the
 * reader), 点赞 / 取消点赞 (one like per member, counted by the server), 删除 of one's own post, the
 * replies a page at a time (the spec's pager, kept in state so the back bar's page stays the list's)
 * with 删除 of one's own, and a reply box. Deletions ask first.
 */
import { useState } from 'react';
import { useRequest } from 'ahooks';
import { Button, Input, Result, Skeleton, Tag } from 'antd';
import { DeleteOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { forumService, type ForumReply } from '../../api/public-info';
import { toastSuccess, toastWarning } from '../../api/toast';
import { Value } from '../../engine/fields';
import { useAppState } from '../../state/store';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { MemberList, MemberPage, useAction, usePagedList } from '../kit';
import { idOf } from '../public-info/paths';
import { FORUM } from './index';
import '../public-info/public-info.css';

const REPLY_MAX = 5000;

function Replies({ id, me, onChange }: { id: number; me: number | undefined; onChange: () => void }) {
  const [text, setText] = useState('');
  const list = usePagedList<ForumReply>((page) => forumService.replies(id, page), { deps: [id], inUrl: false });
  const send = useAction((content: string) => forumService.reply(id, content), {
    success: '回复成功',
    onSuccess: () => {
      setText('');
      list.refresh();
      onChange();
    },
  });
  const remove = useAction((replyId: number) => forumService.removeReply(replyId), {
    confirm: '确认删除这条回复？',
    danger: true,
    onSuccess: () => {
      list.refresh();
      onChange();
    },
  });
  const submit = () => {
    if (!text.trim()) return void toastWarning('请输入回复内容');
    void send.run(text.trim());
  };
  return (
    <section className="dj-forum-replies" aria-labelledby="forum-replies">
      <h3 id="forum-replies">全部回复{list.data ? `（${list.total}）` : ''}</h3>
      <MemberList<ForumReply>
        list={list}
        empty="暂无回复"
        renderItem={(r) => (
          <div className="dj-forum-reply" data-testid="forum-reply">
            <div className="dj-forum-reply__head">
              <strong>{r.ownerName ?? '-'}</strong>
              <span>{formatPlatform(r.creationTime, MINUTE_FORMAT)}</span>
              {me && r.ownerUserId === me ? (
                <Button className="dj-forum-reply__delete" size="small" type="link" danger icon={<DeleteOutlined />} loading={remove.running?.[0] === r.id} onClick={() => void remove.run(r.id)}>
                  删除
                </Button>
              ) : null}
            </div>
            <div className="dj-forum-reply__body">
              <Value col={{ field: 'content', valueType: 'html' }} record={r as unknown as Record<string, unknown>} />
            </div>
          </div>
        )}
      />
      <div className="dj-forum-reply-form">
        <Input.TextArea
          aria-label="回复内容"
          placeholder="写下你的回复"
          value={text}
          maxLength={REPLY_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="primary" loading={send.loading} onClick={submit}>
          回复
        </Button>
      </div>
    </section>
  );
}

export default function ForumInfo() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const me = useAppState((s) => s.session?.userId);
  const req = useRequest(() => forumService.get(id), { ready: id > 0, refreshDeps: [id], onError: () => undefined });
  const p = req.data;
  const like = useAction((liked: boolean) => (liked ? forumService.unlike(id) : forumService.like(id)), {
    success: false,
    onSuccess: (r) => req.mutate((old) => (old ? { ...old, likeCount: r.likeCount, isLiked: r.isLiked } : old)),
  });
  const remove = useAction(() => forumService.removePost(id), {
    confirm: '确认删除这篇帖子？删除后回复一并删除。',
    danger: true,
    success: false,
    onSuccess: () => {
      void toastSuccess('帖子已删除');
      navigate(FORUM.list, { replace: true });
    },
  });

  let body;
  if (!id || (!p && req.error)) {
    const missing = !id || (req.error as { status?: number } | undefined)?.status === 404;
    body = missing ? <Result status="404" title="帖子不存在或已删除" /> : <Result status="warning" title="加载失败" extra={<Button onClick={req.refresh}>重新加载</Button>} />;
  } else if (!p) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else
    body = (
      <>
        <article className="dj-info-article" data-testid="forum-post">
          <h3 className="dj-info-article__title">
            {p.isTop ? <Tag color="red">置顶</Tag> : null}
            {p.title}
          </h3>
          <div className="dj-info-article__meta">
            <span>发帖人：{p.ownerName ?? '-'}</span>
            <span>{p.organName}</span>
            <span>{formatPlatform(p.creationTime, MINUTE_FORMAT)}</span>
          </div>
          <div className="dj-info-article__content">
            <Value col={{ field: 'content', valueType: 'html' }} record={p as unknown as Record<string, unknown>} />
          </div>
        </article>
        <div className="dj-forum-post__foot">
          <Button
            icon={p.isLiked ? <LikeFilled /> : <LikeOutlined />}
            type={p.isLiked ? 'primary' : 'default'}
            aria-pressed={p.isLiked}
            loading={like.loading}
            onClick={() => void like.run(p.isLiked)}
            data-testid="forum-like"
          >
            {p.isLiked ? '已赞' : '点赞'} {p.likeCount}
          </Button>
          {me && p.ownerUserId === me ? (
            <Button danger icon={<DeleteOutlined />} loading={remove.loading} onClick={() => void remove.run()}>
              删除帖子
            </Button>
          ) : null}
        </div>
        <Replies id={p.id} me={me} onChange={() => void req.refresh()} />
      </>
    );

  return (
    <MemberPage className="dj-info-page" title="帖子详情" back={FORUM.list}>
      {body}
    </MemberPage>
  );
}
