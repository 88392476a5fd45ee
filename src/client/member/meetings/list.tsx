/**
 * 组织生活 (/partyMember/iBranch/organizationallife): the meetings the member attends
 * (GetMyPagedPartyLifeMeetingList) with their state by the server's clock (未开始 / 进行中 / 已结束),
 * filtered by state in the query (`status`), the page in `num`.
 */
import { Tabs, Tag } from 'antd';
import { ClockCircleOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { meetingService, type PartyMeeting } from '../../api/meetings';
import { MemberList, StatusTag, pageLink, useEntity, usePagedList } from '../kit';
import { optionLabel } from '../volunteer/option-label';
import { MEETINGS } from './index';
import { attendanceText, timeRange } from './meeting-facts';
import '../member.css';
import './meetings.css';

const TABS = [
  { key: 'all', label: '全部' },
  { key: '1', label: '进行中' },
  { key: '0', label: '未开始' },
  { key: '2', label: '已结束' },
];

export default function MeetingList() {
  const [params, setParams] = useSearchParams();
  const status = ['0', '1', '2'].includes(params.get('status') ?? '') ? params.get('status')! : 'all';
  const { entity } = useEntity('partyMeeting');
  const list = usePagedList<PartyMeeting>((page) => meetingService.myList({ ...page, meetingStatus: status === 'all' ? undefined : Number(status) }), { pageSize: 10, deps: [status] });

  return (
    <div className="dj-meetings">
      <div className="dj-banner">
        <h2>组织生活</h2>
        <p>三会一课、主题党日，按时参加、按时签到</p>
      </div>
      <section className="dj-card dj-meetings__panel">
        <Tabs activeKey={status} onChange={(k) => setParams(k === 'all' ? new URLSearchParams() : new URLSearchParams({ status: k }))} items={TABS} />
        <MemberList<PartyMeeting>
          list={list}
          itemsClassName="dj-meeting-list"
          empty={status === 'all' ? '您还没有需要参加的组织生活' : '暂无此类会议'}
          renderItem={(m) => (
            <Link className="dj-meeting-item" data-testid="meeting-item" to={pageLink(`${MEETINGS}/info`, { id: m.id, status: status === 'all' ? undefined : status }, list.pageIndex)}>
              <div className="dj-meeting-item__head">
                <span className="dj-meeting-item__title">{m.title}</span>
                <StatusTag list="meetingStatus" value={m.meetingStatus} />
              </div>
              <div className="dj-meeting-item__meta">
                <Tag>{optionLabel(entity, 'meetingType', m.meetingType)}</Tag>
                <span><ClockCircleOutlined /> {timeRange(m.beginTime, m.endTime)}</span>
                <span><EnvironmentOutlined /> {m.meetingAddress}</span>
                <span className="dj-meeting-item__mine">{attendanceText(m)}</span>
              </div>
            </Link>
          )}
        />
      </section>
    </div>
  );
}
