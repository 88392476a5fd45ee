/** /partyMember/partySpace: the member space home with notices and shortcuts. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, Empty, Skeleton } from 'antd';
import {
  BellOutlined, FileSearchOutlined, HeartOutlined, IdcardOutlined, PlayCircleOutlined, SwapOutlined, TeamOutlined, UserOutlined, NodeIndexOutlined,
} from '@ant-design/icons';
import { formatPlatform } from '../utils/platform-time';
import type { MessageItem } from '../../contract/types';
import { siteMessageService } from '../api/endpoints';
import { useAppState } from '../state/store';
import { AreaBanner } from './entry-grid';
import { noticeInfoPath } from './notice/paths';
import './member.css';

const S = '/partyMember/partySpace';
export const SHORTCUTS = [
  { title: '通知公告', to: `${S}/notice`, icon: <BellOutlined /> },
  { title: '困难帮扶', to: `${S}/difficultInfo`, icon: <HeartOutlined /> },
  { title: '帮扶申请', to: `${S}/difficultHistory`, icon: <FileSearchOutlined /> },
  { title: '关系转接', to: `${S}/organswitchapply`, icon: <SwapOutlined /> },
  { title: '流动党员', to: `${S}/flowanchoredapply`, icon: <NodeIndexOutlined /> },
  { title: '村官申请', to: `${S}/villageOfficial/create`, icon: <IdcardOutlined /> },
  { title: '村官风采', to: `${S}/villageOfficial`, icon: <TeamOutlined /> },
  { title: '直播大厅', to: `${S}/live`, icon: <PlayCircleOutlined /> },
  { title: '个人信息', to: '/partyMember/personal', icon: <UserOutlined /> },
];

export default function PartySpaceHome() {
  const session = useAppState((s) => s.session);
  const [notices, setNotices] = useState<MessageItem[] | null>(null);
  useEffect(() => {
    siteMessageService
      .preview(2)
      .then((r) => setNotices(r?.items ?? []))
      .catch(() => setNotices([]));
  }, []);
  return (
    <div className="dj-home">
      <div className="dj-home__welcome">
        <AreaBanner title={`欢迎您，${session?.nickName || session?.userName || ''}同志`} subtitle={session?.organName || '党员空间'} />
      </div>
      <Card title="通知公告" extra={<Link to={`${S}/notice`}>更多</Link>} data-testid="home-notices">
        {notices === null ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : notices.length ? (
          notices.map((n) => (
            <Link key={`${n.kind ?? 'message'}-${n.messageId}`} className="dj-notice-item" to={noticeInfoPath(n)} data-testid="home-notice">
              <span className="dj-notice-title">{n.isRead ? null : <span style={{ color: '#c8161d' }}>● </span>}{n.title}</span>
              <span className="dj-notice-date">{formatPlatform(n.creationTime)}</span>
            </Link>
          ))
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" />
        )}
      </Card>
      <Card title="党员服务">
        <div className="dj-shortcuts">
          {SHORTCUTS.map((s) => (
            <Link key={s.to} to={s.to} className="dj-shortcut">
              {s.icon}
              <span>{s.title}</span>
            </Link>
          ))}
        </div>
      </Card>
    </div>
  );
}
