/**
 * Header message preview (core §2, §4): six messages, unread first, and the unread count, badge
 * overflowing at 999. Source 2 is the member's, source 1 the administrator's; list and count use the
 * same source so that the badge and the dots agree. userType 0 never asks for the administrator's
 * count (it sees its member messages). The data is the store's, loaded by state/messages.ts, which the
 * notice pages call after reading too — so the badge drops at once.
 */
import { useEffect } from 'react';
import { Badge, Empty } from 'antd';
import { LazyDropdown } from './lazy-dropdown';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { formatPlatform } from '../utils/platform-time';
import { useAppState } from '../state/store';
import { showMessages } from '../state/messages';
import type { MessageItem } from '../../contract/types';
import { noticeInfoPath } from '../member/notice/paths';

export const BADGE_OVERFLOW = 999;

export function MessageBell({ source, label = '重要通知', dark = false }: { source: 1 | 2; label?: string; dark?: boolean }) {
  const navigate = useNavigate();
  const list = useAppState((s) => s.messageList);
  const unread = useAppState((s) => s.unReadCount);
  const userType = useAppState((s) => s.session?.userType ?? 0);
  const from: 1 | 2 = source === 1 && userType === 0 ? 2 : source;
  useEffect(() => {
    void showMessages(from);
  }, [from]);
  const open = (m: MessageItem) => navigate(noticeInfoPath(m));
  return (
    <LazyDropdown
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => (
        <div className="dj-msg-panel" data-testid="message-panel">
          <div className="dj-msg-head">{label}{unread ? <span className="dj-msg-unread">未读 {unread} 条</span> : null}</div>
          {list.length ? (
            list.slice(0, 6).map((m) => (
              <a key={`${m.kind ?? 'message'}-${m.messageId}`} className="dj-msg-item" onClick={() => open(m)}>
                <Badge dot={!m.isRead} offset={[4, 2]}><span className="dj-msg-title">{m.title}</span></Badge>
                <span className="dj-msg-meta">{m.organName} · {formatPlatform(m.creationTime)}</span>
              </a>
            ))
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />
          )}
          <a className="dj-msg-more" onClick={() => navigate('/partyMember/partySpace/notice')}>查看全部</a>
        </div>
      )}
    >
      <a className={`dj-head-action ${dark ? 'is-dark' : ''}`} aria-label={label} data-testid="message-bell">
        <Badge count={unread} overflowCount={BADGE_OVERFLOW} size="small" offset={[2, -2]}>
          <BellOutlined className="dj-head-icon" />
        </Badge>
        <span className="dj-head-label">{label}</span>
      </a>
    </LazyDropdown>
  );
}
