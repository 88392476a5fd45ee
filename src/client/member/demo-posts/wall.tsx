/**
 * 党员示范岗 / 党员责任区 (/partyMember/iPractice/demoStrationIndex, /responseindex): the cards of the
 * member's district (GetUserDemoList / GetUserResponseList), his own first and marked 我的, each
 * with its first photo, the pledge and a like button — 点赞 once, 取消点赞 takes it back (Like /
 * UnLike answer the count and the member's mark, shown at once). 查看详情 shows every field and photo.
 */
import { useEffect, useState } from 'react';
import { Button, Input, Modal, Tag } from 'antd';
import { EditOutlined, HeartFilled, HeartOutlined, PlusOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Link, useSearchParams } from 'react-router-dom';
import type { LikeMark, PracticePost } from '../../api/practice';
import { useAppState } from '../../state/store';
import { MemberDetail, MemberList, useAction, usePagedList } from '../kit';
import { DEMO_KIND, RESPONSE_KIND, type PracticeKind } from './kinds';
import '../member.css';
import './demo-posts.css';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function Photo({ post, kind }: { post: PracticePost; kind: PracticeKind }) {
  const first = post.photos?.[0];
  return (
    <span className="dj-practice-photo">
      {first ? <img src={first} alt={text(post[kind.titleField])} loading="lazy" /> : <span className="dj-practice-photo__initial" aria-hidden>{(post.ownerName ?? '党').slice(0, 1)}</span>}
    </span>
  );
}

export function PracticeWall({ kind }: { kind: PracticeKind }) {
  const [params, setParams] = useSearchParams();
  const keyword = params.get(kind.searchField) ?? '';
  const [typed, setTyped] = useState(keyword);
  const me = useAppState((s) => s.session?.userId);
  const [marks, setMarks] = useState<Record<number, LikeMark>>({});
  const [open, setOpen] = useState<PracticePost | null>(null);
  const mine = useRequest(() => kind.calls.mine({ silent: true }), { refreshDeps: [kind.entity], onError: () => undefined });
  const list = usePagedList<PracticePost>((page) => kind.calls.list({ ...page, [kind.searchField]: keyword || undefined }), { pageSize: 12, deps: [keyword, kind.entity] });
  // a fresh page carries the server's counts: the marks of the last one are spent
  useEffect(() => setMarks({}), [list.data, mine.data]);

  const toggle = useAction((p: PracticePost, liked: boolean) => (liked ? kind.calls.unlike(p.id) : kind.calls.like(p.id)), {
    success: false,
    onSuccess: (r, p) => setMarks((m) => ({ ...m, [p.id]: r })),
  });
  const markOf = (p: PracticePost): LikeMark => marks[p.id] ?? { likeCount: p.likeCount, isLiked: p.isLiked };
  const search = (v: string) => {
    const next = new URLSearchParams();
    if (v.trim()) next.set(kind.searchField, v.trim());
    setParams(next);
  };

  // his own leads the first page of the whole list (and is not repeated below it)
  const own = mine.data && !keyword && list.pageIndex === 1 ? mine.data : null;
  const items = own ? list.items.filter((p) => p.id !== own.id) : list.items;

  const card = (p: PracticePost) => {
    const mark = markOf(p);
    const isMine = p.ownerUserId != null && p.ownerUserId === me;
    return (
      <article className={`dj-practice-card${isMine ? ' dj-practice-card--mine' : ''}`} data-testid="practice-card" aria-label={`${text(p[kind.titleField])} ${p.ownerName ?? ''}`}>
        <Photo post={p} kind={kind} />
        <div className="dj-practice-card__body">
          <div className="dj-practice-card__title">
            <strong>{text(p[kind.titleField])}</strong>
            {isMine ? <Tag color="red">我的</Tag> : null}
          </div>
          <div className="dj-practice-card__sub">{text(p[kind.subtitleField])}</div>
          <div className="dj-practice-card__who">
            {p.ownerName} · {p.organName}
          </div>
          <p className="dj-practice-card__pledge">“{p.pledge}”</p>
          <div className="dj-practice-card__foot">
            <Button
              type="text"
              className={`dj-practice-like${mark.isLiked ? ' dj-practice-like--on' : ''}`}
              icon={mark.isLiked ? <HeartFilled /> : <HeartOutlined />}
              aria-label={mark.isLiked ? '取消点赞' : '点赞'}
              aria-pressed={mark.isLiked}
              data-testid="practice-like"
              loading={toggle.running?.[0]?.id === p.id}
              onClick={() => void toggle.run(p, mark.isLiked)}
            >
              <span data-testid="practice-like-count">{mark.likeCount}</span>
            </Button>
            <span className="dj-practice-card__links">
              {isMine ? (
                <Link to={kind.editPath}>
                  <Button type="link" size="small" icon={<EditOutlined />}>修改</Button>
                </Link>
              ) : null}
              <Button type="link" size="small" onClick={() => setOpen(p)}>查看详情</Button>
            </span>
          </div>
        </div>
      </article>
    );
  };

  return (
    <div className="dj-practice">
      <div className="dj-banner">
        <h2>{kind.banner.title}</h2>
        <p>{kind.banner.subtitle}</p>
      </div>
      <section className="dj-card dj-practice__panel">
        <div className="dj-practice__head">
          <Input.Search className="dj-practice__search" placeholder={kind.searchPlaceholder} aria-label={kind.searchPlaceholder} allowClear maxLength={50} value={typed} onChange={(e) => setTyped(e.target.value)} onSearch={search} />
          <Link to={kind.editPath}>
            <Button type="primary" icon={mine.data ? <EditOutlined /> : <PlusOutlined />}>{mine.data ? `我的${kind.noun}` : `创建${kind.noun}`}</Button>
          </Link>
        </div>
        {own ? <div className="dj-practice-grid dj-practice-grid--own">{card(own)}</div> : null}
        <MemberList<PracticePost>
          list={{ ...list, items }}
          itemsClassName="dj-practice-grid"
          empty={keyword ? `没有找到相关${kind.noun}` : own ? `本县（区）暂无其他党员${kind.noun}` : `本县（区）暂无党员${kind.noun}`}
          renderItem={card}
        />
      </section>
      <Modal open={!!open} title={open ? text(open[kind.titleField]) : ''} footer={null} width={760} onCancel={() => setOpen(null)} destroyOnHidden>
        {open ? (
          <MemberDetail
            entity={kind.entity}
            record={open}
            column={1}
            sections={[
              { fields: [{ field: 'ownerName', title: '党员' }, { field: 'organName', title: '所在组织' }, ...kind.fields.filter((f) => f !== 'photos' && f !== kind.titleField)] },
              { title: '照片', fields: ['photos'] },
            ]}
          />
        ) : null}
      </Modal>
    </div>
  );
}

export const DemoWall = () => <PracticeWall kind={DEMO_KIND} />;
export const ResponseWall = () => <PracticeWall kind={RESPONSE_KIND} />;
