/**
 * 汇报详情 (/partyMember/iStudy/mindReport/info?id=): a mind — the member's own, or a classmate's
 * public one — with the organiser's comment; 修改 / 删除 while it is not commented (canEdit). The
 * comment's site message links here. `from` (a member path, e.g. the class page) is where the back
 * bar returns; else the list.
 */
import { useState } from 'react';
import { useRequest } from 'ahooks';
import { Button, Result, Skeleton } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { mindService } from '../../api/mind';
import { Value } from '../../engine/fields';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { MemberPage, useAction } from '../kit';
import { MindEditor } from './mind-editor';
import { MindStatus } from './mind-item';
import { MIND } from './paths';
import './mind.css';

/** only a path of the member area is a place to go back to */
const memberPathOf = (from: string | null) => (from && /^\/partyMember\/[^/\\]/.test(from) ? from : null);

export default function MindInfo() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const back = memberPathOf(params.get('from')) ?? MIND.list;
  const [editing, setEditing] = useState(false);
  const mind = useRequest(() => mindService.get(id), { ready: id > 0, refreshDeps: [id] });
  const remove = useAction(() => mindService.remove(id), {
    confirm: '确认删除该思想汇报？删除后不能恢复。',
    danger: true,
    success: '思想汇报已删除',
    onSuccess: () => navigate(back),
  });

  if (!id || mind.error)
    return (
      <MemberPage title="汇报详情" back={back}>
        <Result status="404" title="思想汇报不存在或已删除" />
      </MemberPage>
    );
  const m = mind.data;
  if (!m)
    return (
      <MemberPage title="汇报详情" back={back}>
        <Skeleton active />
      </MemberPage>
    );
  return (
    <MemberPage title="汇报详情" back={back}>
      <div className="dj-mind__head">
        <h3 data-testid="mind-title">{m.title}</h3>
        <MindStatus mind={m} />
      </div>
      <div className="dj-mind__meta">
        <span>{m.memberName}</span>
        {m.organName ? <span>{m.organName}</span> : null}
        {m.className ? <span>培训班：{m.className}</span> : null}
        <span>提交时间：{formatPlatform(m.creationTime, MINUTE_FORMAT)}</span>
        {m.lastModificationTime ? <span>修改时间：{formatPlatform(m.lastModificationTime, MINUTE_FORMAT)}</span> : null}
      </div>
      <div className="dj-mind__content" data-testid="mind-content">
        <Value col={{ field: 'content', valueType: 'html' }} record={m as unknown as Record<string, unknown>} />
      </div>
      {m.commented ? (
        <div className="dj-mind__comment" data-testid="mind-comment">
          <strong>点评</strong>
          <p className="dj-mind__comment-text">{m.comment}</p>
          <div className="dj-mind__comment-meta">
            {m.commenterName} · {formatPlatform(m.commentTime, MINUTE_FORMAT)}
          </div>
        </div>
      ) : (
        <p className="dj-mind__pending">{m.className ? '等待培训班组织者点评' : '等待所在党组织点评'}</p>
      )}
      {m.canEdit ? (
        <div className="dj-mind__actions">
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="mind-edit">
            修改
          </Button>
          <Button danger icon={<DeleteOutlined />} loading={remove.loading} onClick={() => void remove.run()} data-testid="mind-delete">
            删除
          </Button>
        </div>
      ) : null}
      <MindEditor
        open={editing}
        mind={m}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          mind.refresh();
        }}
      />
    </MemberPage>
  );
}
