/** One mind in a member list: title to its page, 待点评 / 已点评, 公开, the class and the time (platform zone). */
import { Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { Mind } from '../../../contract/training';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { pageLink } from '../kit';
import { MIND } from './paths';

export function MindStatus({ mind }: { mind: Pick<Mind, 'commented' | 'statusText' | 'isPublic'> }) {
  return (
    <>
      <Tag color={mind.commented ? 'green' : 'orange'}>{mind.statusText}</Tag>
      {mind.isPublic ? <Tag color="red">公开</Tag> : null}
    </>
  );
}

/** `author`: show whose mind it is (a class's public minds) */
export function MindItem({ mind, pageIndex, author, from }: { mind: Mind; pageIndex: number; author?: boolean; from?: string }) {
  return (
    <article className="dj-mind-item" data-testid="mind-item">
      <div className="dj-mind-item__head">
        <Link to={pageLink(MIND.info, { id: mind.id, from }, pageIndex)} className="dj-mind-item__title">
          {mind.title}
        </Link>
        <MindStatus mind={mind} />
      </div>
      <div className="dj-mind-item__meta">
        {author ? <span>{mind.memberName}</span> : null}
        {mind.className ? <span>培训班：{mind.className}</span> : null}
        <span>提交时间：{formatPlatform(mind.creationTime, MINUTE_FORMAT)}</span>
        {mind.commentTime ? <span>点评时间：{formatPlatform(mind.commentTime, MINUTE_FORMAT)}</span> : null}
      </div>
    </article>
  );
}
