/**
 * 村官风采墙 (/partyMember/partySpace/villageOfficial): the approved village officials of the member's
 * district (GetUserVillageList), searchable by village; each card likes once and unlikes (Like /
 * UnLike answer the count and the member's mark, shown at once).
 */
import { useEffect, useState } from 'react';
import { Button, Input, Modal, Tag } from 'antd';
import { EnvironmentOutlined, FileSearchOutlined, HeartFilled, HeartOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { villageOfficialService, type VillageOfficial } from '../../api/village-official';
import { MemberList, useAction, useEntity, usePagedList } from '../kit';
import { VILLAGE } from './index';
import { postLabel } from './post-label';
import { OfficialPhoto } from './photo';
import '../member.css';
import './village-official.css';

type Mark = { likeCount: number; isLiked: boolean };

export default function VillageWall() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('villageName') ?? '';
  const [name, setName] = useState(keyword);
  const { entity } = useEntity('villageOfficial');
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  const [open, setOpen] = useState<VillageOfficial | null>(null);
  const list = usePagedList<VillageOfficial>((page) => villageOfficialService.wall({ ...page, villageName: keyword || undefined }), { pageSize: 12, deps: [keyword] });
  // a fresh page carries the server's counts: the marks of the last one are spent
  useEffect(() => setMarks({}), [list.data]);

  const toggle = useAction((o: VillageOfficial, liked: boolean) => (liked ? villageOfficialService.unlike(o.id) : villageOfficialService.like(o.id)), {
    success: false,
    onSuccess: (r, o) => setMarks((m) => ({ ...m, [o.id]: r })),
  });
  const markOf = (o: VillageOfficial): Mark => marks[o.id] ?? { likeCount: o.likeCount, isLiked: o.isLiked };

  const search = (v: string) => {
    const next = new URLSearchParams();
    if (v.trim()) next.set('villageName', v.trim());
    setParams(next);
  };

  return (
    <div className="dj-village">
      <div className="dj-banner">
        <h2>村官风采墙</h2>
        <p>扎根基层、服务群众的村（社区）干部</p>
      </div>
      <section className="dj-card dj-village__panel">
        <div className="dj-village__head">
          <Input.Search className="dj-village__search" placeholder="搜索村（社区）名称" allowClear maxLength={50} value={name} onChange={(e) => setName(e.target.value)} onSearch={search} />
          <div className="dj-village__links">
            <Link to={`${VILLAGE}/create`}>
              <Button type="primary" icon={<PlusOutlined />}>申请上墙</Button>
            </Link>
            <Link to={`${VILLAGE}/history`}>
              <Button icon={<FileSearchOutlined />}>我的申请</Button>
            </Link>
          </div>
        </div>
        <MemberList<VillageOfficial>
          list={list}
          itemsClassName="dj-vo-grid"
          empty={keyword ? '没有找到相关村官' : '本县（区）暂无村官风采'}
          renderItem={(o) => {
            const mark = markOf(o);
            const busy = toggle.running?.[0]?.id === o.id;
            return (
              <article className="dj-vo-card" data-testid="vo-card" aria-label={`${o.ownerName ?? ''} ${o.villageName}`}>
                <OfficialPhoto official={o} className="dj-vo-card__photo" />
                <div className="dj-vo-card__body">
                  <div className="dj-vo-card__name">
                    <strong>{o.ownerName}</strong>
                    <Tag color="red">{postLabel(entity, o.post)}</Tag>
                  </div>
                  <div className="dj-vo-card__village">
                    <EnvironmentOutlined /> {o.villageName}
                    <span className="dj-vo-card__since">任职于 {o.startDate}</span>
                  </div>
                  <p className="dj-vo-card__intro">{o.introduction}</p>
                  <div className="dj-vo-card__foot">
                    <Button
                      type="text"
                      className={`dj-vo-like${mark.isLiked ? ' dj-vo-like--on' : ''}`}
                      icon={mark.isLiked ? <HeartFilled /> : <HeartOutlined />}
                      aria-label={mark.isLiked ? '取消点赞' : '点赞'}
                      aria-pressed={mark.isLiked}
                      data-testid="vo-like"
                      loading={busy}
                      onClick={() => void toggle.run(o, mark.isLiked)}
                    >
                      <span data-testid="vo-like-count">{mark.likeCount}</span>
                    </Button>
                    <Button type="link" size="small" onClick={() => setOpen(o)}>
                      查看详情
                    </Button>
                  </div>
                </div>
              </article>
            );
          }}
        />
      </section>
      <Modal open={!!open} title={open ? `${open.ownerName ?? ''} · ${open.villageName}` : ''} footer={null} onCancel={() => setOpen(null)} destroyOnHidden>
        {open ? (
          <div className="dj-vo-more">
            <OfficialPhoto official={open} className="dj-vo-more__photo" />
            <p><Tag color="red">{postLabel(entity, open.post)}</Tag>任职于 {open.startDate} · {open.organName}</p>
            <h4>个人简介</h4>
            <p className="dj-vo-more__text">{open.introduction}</p>
            {open.achievements ? (
              <>
                <h4>主要事迹</h4>
                <p className="dj-vo-more__text">{open.achievements}</p>
              </>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
