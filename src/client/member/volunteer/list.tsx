/**
 * 志愿活动 (/partyMember/iPractice/volunteer): 可报名活动 — published by the member's organisation and
 * those above it (PublicPageList) — and 我的活动 (MyVolActPageList), as cards; the tab and the title
 * search live in the query (`tab=mine`, `title`), the page in `num`.
 */
import { useState } from 'react';
import { Input, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { volunteerService, type VolActivity } from '../../api/volunteer';
import { MemberList, pageLink, useEntity, usePagedList } from '../kit';
import { ActivityCard } from './activity-card';
import { VOLUNTEER } from './index';
import { optionLabel } from './option-label';
import { useNow } from './use-now';
import '../member.css';
import './volunteer.css';

const PAGE_SIZE = 12;

export default function VolunteerList() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mine' ? 'mine' : 'open';
  const keyword = params.get('title') ?? '';
  const [title, setTitle] = useState(keyword);
  const now = useNow();
  const { entity } = useEntity('volActivity');
  const list = usePagedList<VolActivity>(
    (page) => (tab === 'mine' ? volunteerService.myList : volunteerService.publicList)({ ...page, title: keyword || undefined }),
    { pageSize: PAGE_SIZE, deps: [tab, keyword] },
  );

  // a new tab or search starts on page 1 (no num)
  const go = (nextTab: string, nextTitle: string) => {
    const next = new URLSearchParams();
    if (nextTab === 'mine') next.set('tab', 'mine');
    if (nextTitle.trim()) next.set('title', nextTitle.trim());
    setParams(next);
  };

  return (
    <div className="dj-volunteer">
      <div className="dj-banner">
        <h2>志愿活动</h2>
        <p>亮身份、作表率，就近参加志愿服务</p>
      </div>
      <section className="dj-card dj-volunteer__panel">
        <div className="dj-volunteer__head">
          <Tabs
            activeKey={tab}
            onChange={(k) => {
              setTitle('');
              go(k, '');
            }}
            items={[
              { key: 'open', label: '可报名活动' },
              { key: 'mine', label: '我的活动' },
            ]}
          />
          <Input.Search
            className="dj-volunteer__search"
            placeholder="搜索活动名称"
            allowClear
            value={title}
            maxLength={100}
            onChange={(e) => setTitle(e.target.value)}
            onSearch={(v) => go(tab, v)}
          />
        </div>
        <MemberList<VolActivity>
          list={list}
          itemsClassName="dj-vol-grid"
          empty={keyword ? '没有找到相关活动' : tab === 'mine' ? '您还没有报名志愿活动' : '暂无可报名的志愿活动'}
          renderItem={(a) => (
            <ActivityCard
              activity={a}
              now={now}
              typeLabel={optionLabel(entity, 'type', a.type)}
              to={pageLink(`${VOLUNTEER}/info`, { id: a.id, tab: tab === 'mine' ? 'mine' : undefined }, list.pageIndex)}
            />
          )}
        />
      </section>
    </div>
  );
}
