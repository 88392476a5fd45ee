/**
 * 民意收集 (/partyMember/iBranch/opinion): the opinions I sent to my organisation, newest first, with
 * their state (待答复 / 已答复) and the answer's first line; each opens its page.
 */
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { opinionService, type PublicOpinion } from '../../api/practice';
import { Value, resolveColumn } from '../../engine/fields';
import { formatPlatform } from '../../utils/platform-time';
import { MemberList, MemberPage, StatusTag, pageLink, useEntity, usePagedList } from '../kit';
import { OPINION } from './paths';
import './opinion.css';

export default function OpinionList() {
  const { entity } = useEntity('publicOpinion');
  const list = usePagedList((page) => opinionService.myList(page));
  const category = resolveColumn('category', entity);
  return (
    <MemberPage
      title="民意收集"
      className="dj-opinion-page"
      extra={
        <Link to={OPINION.create}>
          <Button type="primary" icon={<PlusOutlined />}>反映民意</Button>
        </Link>
      }
    >
      <p className="dj-opinion__intro">向所在党组织反映您的意见和建议，党组织答复后您会收到站内消息。</p>
      <MemberList<PublicOpinion>
        list={list}
        empty="您还没有反映过民意"
        renderItem={(r) => {
          const to = pageLink(OPINION.info, { id: r.id }, list.pageIndex);
          return (
            <article className="dj-opinion-item" data-testid="opinion-item">
              <div className="dj-opinion-item__head">
                <Link to={to} className="dj-opinion-item__title">{r.title}</Link>
                <StatusTag list="publicOpinion" value={r.auditStatus} />
              </div>
              <div className="dj-opinion-item__meta">
                <span><Value col={category} record={r} /></span>
                <span>提交时间：{formatPlatform(r.creationTime)}</span>
                {r.anonymous ? <span>匿名</span> : null}
              </div>
              {r.replyContent ? <div className="dj-opinion-item__reply">答复：{r.replyContent}</div> : null}
            </article>
          );
        }}
      />
    </MemberPage>
  );
}
