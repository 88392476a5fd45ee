/**
 * 通知公告 (/partyMember/partySpace/notice): the member's notices (site messages of the member space),
 * newest first, unread marked, 全部 / 未读 tabs (the tab is kept in the query, `tab=unread`), the spec's
 * pager, 全部标为已读. A row opens notice/info with the list's page for the back bar; reading there and
 * marking all here refresh the header's badge and dropdown (state/messages.ts).
 */
import { Button, Tabs, Tag } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { siteMessageService } from '../../api/endpoints';
import type { MessageItem } from '../../../contract/types';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { refreshMessages } from '../../state/messages';
import { useAppState } from '../../state/store';
import { codeLabel } from '../../widgets/code-select/read';
import { MemberList, MemberPage, PAGE_PARAM, SecretaryCard, pageLink, useAction, usePagedList } from '../kit';
import { MEMBER_SOURCE, NOTICE, UNREAD_TAB, noticeQuery } from './paths';
import './notice.css';

export default function NoticeList() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === UNREAD_TAB ? UNREAD_TAB : 'all';
  const unread = useAppState((s) => s.unReadCount);
  const types = useAppState((s) => s.baseCode?.EnumMessageType);
  const list = usePagedList<MessageItem>(
    (page) => siteMessageService.myReceived({ ...page, source: MEMBER_SOURCE, ...(tab === UNREAD_TAB ? { isRead: false } : {}) }),
    { deps: [tab] },
  );
  const allRead = useAction(() => siteMessageService.setAllRead(MEMBER_SOURCE), {
    confirm: '确认将全部通知标为已读？',
    success: '已全部标为已读',
    onSuccess: () => {
      list.refresh();
      void refreshMessages(MEMBER_SOURCE);
    },
  });

  // a new tab starts on page 1
  const switchTab = (key: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(PAGE_PARAM);
      if (key === UNREAD_TAB) next.set('tab', UNREAD_TAB);
      else next.delete('tab');
      return next;
    });

  return (
    <div className="dj-notice-layout">
      <MemberPage
        className="dj-notice-page"
        title="通知公告"
        extra={
          <Button icon={<CheckOutlined />} disabled={!unread} loading={allRead.loading} onClick={() => void allRead.run()} data-testid="notice-all-read">
            全部标为已读
          </Button>
        }
      >
        <Tabs
          className="dj-notice__tabs"
          activeKey={tab}
          onChange={switchTab}
          items={[
            { key: 'all', label: '全部' },
            { key: UNREAD_TAB, label: unread ? `未读（${unread}）` : '未读' },
          ]}
        />
        <MemberList<MessageItem>
          list={list}
          rowKey={(m) => `${m.kind ?? 'message'}-${m.messageId}`}
          empty={tab === UNREAD_TAB ? '暂无未读通知' : '暂无通知'}
          renderItem={(m) => (
            <Link
              className={`dj-notice-row${m.isRead ? '' : ' is-unread'}`}
              to={pageLink(NOTICE.info, { ...noticeQuery(m), tab: tab === UNREAD_TAB ? UNREAD_TAB : undefined }, list.pageIndex)}
              data-testid="notice-row"
            >
              <span className="dj-notice-row__main">
                {m.isRead ? null : <span className="dj-notice-row__dot" aria-hidden />}
                <span className="dj-notice-row__title">{m.title}</span>
                {m.isRead ? null : (
                  <Tag color="red" className="dj-notice-row__state">
                    未读
                  </Tag>
                )}
              </span>
              <span className="dj-notice-row__meta">
                {m.messageType ? <span className="dj-notice-row__type">{codeLabel(types, m.messageType)}</span> : null}
                <span>{m.organName}</span>
                <span>{formatPlatform(m.creationTime, MINUTE_FORMAT)}</span>
              </span>
            </Link>
          )}
        />
      </MemberPage>
      <aside className="dj-notice-layout__side">
        <SecretaryCard />
      </aside>
    </div>
  );
}
