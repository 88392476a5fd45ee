/**
 * 直播大厅 (/partyMember/partySpace/live): the rooms of the member's scope in three tabs — 正在直播,
 * 即将开始, 往期回顾 (GetUserLiveLists type 1, 2, 3) — as cards; the tab lives in the query (`tab`),
 * the page in `num`. A card opens the room; an upcoming one too (its time and 主讲人), a past one plays
 * its recording when it has one.
 */
import { Tabs, Tag } from 'antd';
import { ClockCircleOutlined, EyeOutlined, UserOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { liveService } from '../../api/live';
import type { LiveListType, LiveRoom } from '../../../contract/live';
import { MemberList, StatusTag, pageLink, usePagedList } from '../kit';
import { LIVE_ROOM } from './index';
import '../member.css';
import './live.css';

const PAGE_SIZE = 12;
const TABS: { key: string; type: LiveListType; label: string; empty: string }[] = [
  { key: 'live', type: 1, label: '正在直播', empty: '当前没有正在进行的直播' },
  { key: 'upcoming', type: 2, label: '即将开始', empty: '暂无即将开始的直播' },
  { key: 'past', type: 3, label: '往期回顾', empty: '暂无往期直播' },
];

export const timeRange = (start: string, end: string) => {
  const s = start.replace('T', ' ').slice(0, 16);
  const e = end.replace('T', ' ').slice(0, 16);
  return s.slice(0, 10) === e.slice(0, 10) ? `${s} - ${e.slice(11)}` : `${s} - ${e}`;
};

function RoomCard({ room: r, to }: { room: LiveRoom; to: string }) {
  return (
    <Link to={to} className="dj-live-card" data-testid="live-card" aria-label={r.title}>
      <span className="dj-live-card__cover">
        {r.coverImage ? <img src={r.coverImage} alt="" loading="lazy" /> : <VideoCameraOutlined className="dj-live-card__icon" />}
        <span className="dj-live-card__status"><StatusTag list="liveStatus" value={r.liveStatus} /></span>
        {r.liveStatus === 2 && r.resourceId ? <Tag className="dj-live-card__replay" color="gold">回放</Tag> : null}
      </span>
      <span className="dj-live-card__body">
        <span className="dj-live-card__title" title={r.title}>{r.title}</span>
        <span className="dj-live-card__meta"><ClockCircleOutlined /> {timeRange(r.startTime, r.endTime)}</span>
        <span className="dj-live-card__meta"><UserOutlined /> 主讲人：{r.uname}</span>
        <span className="dj-live-card__foot">
          <span>{r.organName}</span>
          <span><EyeOutlined /> {r.watchUserCount} 人观看</span>
        </span>
      </span>
    </Link>
  );
}

export default function LiveHall() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.key === params.get('tab')) ?? TABS[0];
  const list = usePagedList<LiveRoom>((page) => liveService.list({ ...page, type: tab.type }), { pageSize: PAGE_SIZE, deps: [tab.type] });
  return (
    <div className="dj-live">
      <div className="dj-banner">
        <h2>直播大厅</h2>
        <p>党课直播、专题宣讲，在线收看</p>
      </div>
      <section className="dj-card dj-live__panel">
        <Tabs
          activeKey={tab.key}
          onChange={(k) => setParams(k === 'live' ? new URLSearchParams() : new URLSearchParams({ tab: k }))}
          items={TABS.map((t) => ({ key: t.key, label: t.label }))}
        />
        <MemberList<LiveRoom>
          list={list}
          itemsClassName="dj-live-grid"
          empty={tab.empty}
          renderItem={(r) => <RoomCard room={r} to={pageLink(LIVE_ROOM, { id: r.id, tab: tab.key === 'live' ? undefined : tab.key }, list.pageIndex)} />}
        />
      </section>
    </div>
  );
}
