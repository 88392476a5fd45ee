/**
 * 通知详情 (/partyMember/partySpace/notice/info?id=&isRead=): one notice — title, sender, time in the
 * platform zone, type, content, and 查看详情 when it links inside the member area. Opening it marks it
 * read on the server (GetMessageInfo); the header's badge and dropdown are reloaded at once.
 */
import { Button, Empty, Result, Skeleton } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { siteMessageService } from '../../api/endpoints';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { refreshMessages } from '../../state/messages';
import { useAppState } from '../../state/store';
import { codeLabel } from '../../widgets/code-select/read';
import { Value } from '../../engine/fields';
import { MemberPage } from '../kit';
import { ANNOUNCE_KIND, MEMBER_SOURCE, NOTICE, UNREAD_TAB, memberLink } from './paths';
import './notice.css';

export default function NoticeInfo() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? raw : null;
  const types = useAppState((s) => s.baseCode?.EnumMessageType);
  const announce = params.get('kind') === ANNOUNCE_KIND;
  const req = useRequest(() => siteMessageService.info(id!, MEMBER_SOURCE, announce ? ANNOUNCE_KIND : undefined), {
    ready: !!id,
    refreshDeps: [id, announce],
    // the server has marked it read: the badge and the dropdown follow now (an already-read one changes nothing)
    onSuccess: () => {
      if (params.get('isRead') !== 'true') void refreshMessages(MEMBER_SOURCE);
    },
    onError: () => undefined,
  });
  const m = req.data;
  const link = memberLink(m?.linkUrl);
  // back to the tab the member came from (the page number is added by the back bar)
  const back = params.get('tab') === UNREAD_TAB ? `${NOTICE.list}?tab=${UNREAD_TAB}` : NOTICE.list;

  let body;
  if (!id) body = <Empty description="未找到该通知" />;
  else if (!m && req.loading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!m) {
    const missing = (req.error as { status?: number } | undefined)?.status === 404;
    body = missing ? (
      <Result status="404" title="通知不存在或已删除" />
    ) : (
      <Result status="warning" title="通知加载失败" extra={<Button onClick={req.refresh}>重新加载</Button>} />
    );
  } else
    body = (
      <article className="dj-notice-info" data-testid="notice-info">
        <h3 className="dj-notice-info__title">{m.title}</h3>
        <div className="dj-notice-info__meta">
          {m.organName ? <span>发布单位：{m.organName}</span> : null}
          <span>发布时间：{formatPlatform(m.creationTime, MINUTE_FORMAT)}</span>
          {m.messageType ? <span>类型：{codeLabel(types, m.messageType)}</span> : null}
        </div>
        {m.kind === ANNOUNCE_KIND ? (
          <div className="dj-notice-info__content is-rich">
            <Value col={{ field: 'content', valueType: 'html' }} record={m as unknown as Record<string, unknown>} />
          </div>
        ) : (
          <div className="dj-notice-info__content">{m.content}</div>
        )}
        {link ? (
          <div className="dj-notice-info__actions">
            <Button type="primary" onClick={() => navigate(link)}>
              查看详情 <RightOutlined />
            </Button>
          </div>
        ) : null}
      </article>
    );

  return (
    <MemberPage className="dj-notice-page" title="通知详情" back={back}>
      {body}
    </MemberPage>
  );
}
