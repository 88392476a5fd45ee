/** A resource card (services §2): opens the info page by resourceType; progress percent with two decimals; 数据被篡改 when tampered. */
import { Tag } from 'antd';
import { toastWarning } from '../../api/toast';
import { CustomerServiceOutlined, EyeOutlined, FileTextOutlined, PictureOutlined, PlayCircleOutlined, ReadOutlined, StarOutlined } from '@ant-design/icons';
import type { NavigateFunction } from 'react-router-dom';
import { RESOURCE_TYPE_TEXT, fmtHours, fmtPercent, type Resource } from '../../api/study';
import './study.css';

const BOOK = '/partyMember/iStudy/partybook';

/** Where a card leads (services §2): a route, an external address, or a message. */
export function resourceTarget(r: Pick<Resource, 'id' | 'resourceType' | 'flvUrl'>): { route: string } | { external: string } | { message: string } {
  switch (r.resourceType) {
    case 1:
    case 7: // animate plays in the video player
      return { route: `${BOOK}/video/info?id=${r.id}` };
    case 3:
      return { route: `${BOOK}/audio/info?id=${r.id}` };
    case 2:
    case 4:
    case 6: // an image opens on the files page (shown as an image)
      return { route: `${BOOK}/files/info?id=${r.id}` };
    case 5:
      return r.flvUrl ? { external: r.flvUrl } : { message: '请返回flvUrl字段' };
    default:
      return { message: '暂不支持该资源类型' };
  }
}

export function openResource(r: Resource, navigate: NavigateFunction) {
  const t = resourceTarget(r);
  if ('route' in t) navigate(t.route);
  else if ('external' in t) window.open(t.external, '_blank', 'noopener');
  else void toastWarning(t.message);
}

const ICON: Record<number, JSX.Element> = {
  1: <PlayCircleOutlined />, 2: <ReadOutlined />, 3: <CustomerServiceOutlined />, 4: <FileTextOutlined />, 5: <ReadOutlined />, 6: <PictureOutlined />, 7: <PlayCircleOutlined />,
};
const COLOR: Record<number, string> = { 1: '#c8161d', 2: '#d48806', 3: '#722ed1', 4: '#1677ff', 5: '#d4561e', 6: '#13a8a8', 7: '#eb2f96' };

export function TamperedTag({ resource }: { resource: Pick<Resource, 'isIntegrity'> }) {
  return resource.isIntegrity === false ? <Tag color="error" className="dj-tampered">数据被篡改</Tag> : null;
}

export function ResourceCard({ resource: r, onOpen }: { resource: Resource; onOpen: (r: Resource) => void }) {
  const timed = r.resoursePeriod > 0;
  return (
    <button type="button" className="dj-res-card" onClick={() => onOpen(r)} data-testid="resource-card" aria-label={r.name}>
      <span className="dj-res-card__cover" style={{ background: r.coverUrl ? undefined : `linear-gradient(135deg, ${COLOR[r.resourceType] ?? '#c8161d'}, #f5a25d)` }}>
        {r.coverUrl ? <img src={r.coverUrl} alt="" loading="lazy" /> : <span className="dj-res-card__icon">{ICON[r.resourceType] ?? <FileTextOutlined />}</span>}
        <span className="dj-res-card__type">{RESOURCE_TYPE_TEXT[r.resourceType] ?? '资源'}</span>
      </span>
      <span className="dj-res-card__body">
        <span className="dj-res-card__title" title={r.name}>{r.name}</span>
        <span className="dj-res-card__meta">
          <span><EyeOutlined /> {r.viewCount}</span>
          <span><StarOutlined /> {r.collectionCount}</span>
          <span>学时 {fmtHours(r.period)}/{fmtHours(r.resoursePeriod)}</span>
        </span>
        <span className="dj-res-card__organ">{r.organName ?? r.createOrgan}<TamperedTag resource={r} /></span>
        {timed && (
          <span className="dj-res-card__progress">
            <StudyBar percent={Math.min(100, Number(r.percent) || 0)} />
            <span className="dj-res-card__percent">{fmtPercent(r.percent)}</span>
          </span>
        )}
      </span>
    </button>
  );
}

/** antd's small line Progress as drawn here (no text, party red), without its 6 KB; study.css. */
function StudyBar({ percent }: { percent: number }) {
  return (
    <div className="dj-bar" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label="学习进度">
      <div className="dj-bar__outer">
        <div className="dj-bar__inner">
          <div className="dj-bar__bg" style={{ width: `${percent}%` }} />
        </div>
      </div>
    </div>
  );
}
